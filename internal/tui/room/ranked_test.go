package room_test

import (
	"strings"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/rooms"
	"hotels/internal/tui/tuitest"
)

// ranked is the final snapshot of the four-seat game played ranked: the
// three players' rating changes (dave is a bot, never rated).
func ranked(t *testing.T) *rooms.Snapshot {
	snap := tuitest.FourSeat(t, "over").Snapshot(0)
	snap.Room.Ranked, snap.Room.Name = true, "ranked table"
	snap.Ratings = []rooms.RatingChange{
		{Name: "carol", Before: 1175, After: 1210},
		{Name: "alice", Before: 1012, After: 1047},
		{Name: "bob", Before: 1020, After: 988},
	}
	return snap
}

func TestRankedFinalView(t *testing.T) {
	goldenSizes(t, func() *rooms.Snapshot { return ranked(t) }, "")
}

// A ranked room says so in its header, in play as at the end.
func TestRankedHeader(t *testing.T) {
	snap := tuitest.FourSeat(t, "play").Snapshot(0)
	snap.Room.Ranked = true
	m, _ := open(t, snap, 80, 24)
	if first := strings.Split(tuitest.Plain(m.View()), "\n")[0]; !strings.Contains(first, "Acquire modern · ranked") {
		t.Errorf("header %q does not say ranked", first)
	}
}

// rankedLeaver is ranked with carol, who made the most money, gone: the
// autopilot finished her seat, so she is placed last and the standings say
// why.
func rankedLeaver(t *testing.T) *rooms.Snapshot {
	snap := ranked(t)
	seat := map[string]engine.Seat{}
	for i, st := range snap.Seats {
		seat[st.Name] = engine.Seat(i)
	}
	snap.Places = []rooms.Place{
		{Seat: seat["alice"], Place: 1}, {Seat: seat["dave"], Place: 2}, {Seat: seat["bob"], Place: 3},
		{Seat: seat["carol"], Place: 4, Why: "left"},
	}
	snap.Ratings[0].After = 1138
	return snap
}

func TestRankedLeaverFinalView(t *testing.T) {
	goldenSizes(t, func() *rooms.Snapshot { return rankedLeaver(t) }, "")
}
