package room_test

import (
	"strings"
	"testing"

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
