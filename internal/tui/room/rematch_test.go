package room_test

import (
	"errors"

	tea "charm.land/bubbletea/v2"

	"slices"
	"strings"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/rooms"
	"hotels/internal/tui/room"
	"hotels/internal/tui/tuitest"
)

// offered is the finished four-seat game as viewer sees it once alice has
// asked for a rematch and dave declined it.
func offered(t testing.TB, viewer engine.Seat) *rooms.Snapshot {
	s := tuitest.FourSeat(t, "over").Snapshot(viewer)
	s.Rematch = &rooms.Rematch{By: "alice", Room: "m4pz", Accepted: []string{"alice", "bob"}, Declined: []string{"dave"}}
	return s
}

// The rematch offer as carol, who has not answered, sees it.
func TestRematchOfferView(t *testing.T) {
	goldenSizes(t, func() *rooms.Snapshot { return offered(t, 2) }, "")
}

// r asks for a rematch and takes the player to its room; y joins one
// offered, n declines it; a watcher is told only the players may ask.
func TestRematchKeys(t *testing.T) {
	tests := []struct {
		snap   *rooms.Snapshot
		key    string
		calls  []string
		moves  bool   // the screen hands the parent the rematch's room
		status string // what the screen says instead
	}{
		{tuitest.FourSeat(t, "over").Snapshot(0), "r", []string{"Rematch"}, true, ""},
		{offered(t, 2), "y", []string{"Rematch"}, true, ""},
		{offered(t, 2), "r", []string{"Rematch"}, true, ""},
		{offered(t, 2), "n", []string{"DeclineRematch"}, false, "You decline the rematch."},
		{tuitest.FourSeat(t, "over").Snapshot(0), "y", nil, false, ""},
		{tuitest.FourSeat(t, "over").Snapshot(engine.Watcher), "r", nil, false, "Only the players at the table can ask for a rematch."},
	}
	for _, tt := range tests {
		m, table := open(t, tt.snap, 80, 24)
		m, cmd := m.Update(tuitest.Key(tt.key))
		moved := false
		if cmd != nil {
			msg := cmd()
			_, moved = msg.(room.RematchMsg)
			m = run(m, func() tea.Msg { return msg })
		}
		calls := slices.DeleteFunc(table.Calls(), func(c string) bool { return c == "Subscribe" })
		if !slices.Equal(calls, tt.calls) || moved != tt.moves {
			t.Errorf("%s (offer %v, seat %d): calls %q, moved %v; want %q, %v", tt.key, tt.snap.Rematch != nil, tt.snap.You, calls, moved, tt.calls, tt.moves)
		}
		if view := tuitest.Plain(m.View()); tt.status != "" && !strings.Contains(view, tt.status) {
			t.Errorf("%s: the screen does not say %q:\n%s", tt.key, tt.status, view)
		}
	}
}

// A refused rematch stays on the standings and says why.
func TestRematchRefused(t *testing.T) {
	m, table := open(t, tuitest.FourSeat(t, "over").Snapshot(0), 80, 24)
	table.Fail("Rematch", errors.New("the server could not save that"))
	m = press(m, "r")
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "could not save that") || !strings.Contains(view, "final standings") {
		t.Errorf("a refused rematch:\n%s", view)
	}
}

// Each seat reads the offer in its own words: a player who declined may
// still join; a watcher is told of it, not asked.
func TestRematchWords(t *testing.T) {
	for viewer, want := range map[engine.Seat]string{
		2:              "alice offers a rematch in room m4pz — y to join, n to decline.",
		3:              "You declined alice's rematch in room m4pz: y joins it after all.",
		engine.Watcher: "alice offers the players a rematch in room m4pz.",
	} {
		m, _ := open(t, offered(t, viewer), 120, 40)
		view := tuitest.Plain(m.View())
		if !strings.Contains(view, want) || !strings.Contains(view, "Joined: alice, bob · declined: dave") {
			t.Errorf("seat %d reads no %q and who answered:\n%s", viewer, want, view)
		}
	}
}

// The rematch's waiting room, as its host sees it: bob is invited and has
// not come yet.
func TestRematchWaitingView(t *testing.T) {
	goldenSizes(t, func() *rooms.Snapshot {
		s := tuitest.Waiting(0)
		s.Seats[1].State = rooms.SeatInvited
		s.Log = tuitest.Events(engine.Watcher, "a rematch of room k3vq: each player moves one seat earlier, and who played first plays last")
		return s
	}, "")
}
