package room_test

import (
	"slices"
	"strings"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/rooms"
	"hotels/internal/tui/tuitest"
)

// waitingFor is the waiting room of tuitest.Waiting made a room of the
// game kind, with its rule set and options.
func waitingFor(kind, title, rules string, options ...string) func() *rooms.Snapshot {
	return func() *rooms.Snapshot {
		s := tuitest.Waiting(0)
		s.Room.Kind, s.Room.Game, s.Room.Rules, s.Room.Options = kind, title, rules, options
		return s
	}
}

// The rules page of each game: its rules for a newcomer from the top, R
// pressed in the waiting room.
func TestRulesView(t *testing.T) {
	goldenSizes(t, waitingFor("acquire", "Acquire", "classic", "holdings=hidden"), "R")
}

func TestRulesViewHoliday(t *testing.T) {
	goldenSizes(t, waitingFor("holiday", "Holiday AG", ""), "R")
}

func TestRulesViewTycoon(t *testing.T) {
	goldenSizes(t, waitingFor("tycoon", "Hotel Tycoon", "", "h=free", "rounds=20"), "R")
}

// The end of the page lists the room's own options in words, defaults
// included; esc goes back to the room.
func TestRulesOptions(t *testing.T) {
	tests := []struct {
		snap func() *rooms.Snapshot
		want []string
	}{
		{waitingFor("acquire", "Acquire", "classic", "holdings=hidden"),
			[]string{"THIS ROOM'S OPTIONS", "rules classic", "holdings hidden", "hand per-tile", "4 players", "private: players join with the invite code"}},
		{waitingFor("tycoon", "Hotel Tycoon", "", "h=free", "rounds=20"),
			[]string{"h free: builds free", "landbuy full", "rounds 20: then the richest wins", "permit GGGRHD: 3 green, 1 red, 1 H, 1 double", "0 plays until one player is left"}},
		{waitingFor("holiday", "Holiday AG", ""), []string{"THIS ROOM'S OPTIONS", "4 players"}},
	}
	for _, tt := range tests {
		snap := tt.snap()
		m, _ := open(t, snap, 80, 24)
		m = press(m, "R end")
		view := tuitest.Plain(m.View())
		for _, w := range tt.want {
			if !strings.Contains(view, w) {
				t.Errorf("%s rules page at its end lacks %q:\n%s", snap.Room.Kind, w, view)
			}
		}
		if strings.Contains(view, "GOAL") {
			t.Errorf("%s rules page did not scroll to its end:\n%s", snap.Room.Kind, view)
		}
		m = press(m, "home")
		if view := tuitest.Plain(m.View()); !strings.Contains(view, "GOAL") {
			t.Errorf("home did not go back to the top:\n%s", view)
		}
		m = press(m, "esc")
		if view := tuitest.Plain(m.View()); !strings.Contains(view, "Waiting for players") {
			t.Errorf("esc did not close the rules page:\n%s", view)
		}
	}
}

// R opens the rules while the player's own decision is due, without
// touching the decision, and for a watcher; pgdown scrolls by a page.
func TestRulesInGame(t *testing.T) {
	m, table := open(t, tuitest.FourSeat(t, "buy").Snapshot(0), 80, 24)
	m = press(m, "R pgdown")
	view := tuitest.Plain(m.View())
	if !strings.Contains(view, "Acquire: the rules") || strings.Contains(view, "GOAL") {
		t.Errorf("R then pgdown at the buy step does not show the rules' second page:\n%s", view)
	}
	if calls := table.Calls(); len(calls) != 0 {
		t.Errorf("reading the rules sent %v", calls)
	}
	m = press(m, "esc")
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "Your turn: buy") {
		t.Errorf("esc did not go back to the buy step:\n%s", view)
	}
	w, _ := open(t, tuitest.FourSeat(t, "play").Snapshot(engine.Watcher), 80, 24)
	if view := tuitest.Plain(press(w, "R").View()); !strings.Contains(view, "GOAL") {
		t.Errorf("a watcher's R does not open the rules:\n%s", view)
	}
}

// P at the buy step shows the price table in place of the board, the
// chains on the board lit at their size's row; the shares chosen stay.
func TestPricesView(t *testing.T) {
	goldenSizes(t, func() *rooms.Snapshot { return tuitest.FourSeat(t, "buy").Snapshot(0) }, "t P")
}

func TestPricesKeys(t *testing.T) {
	m, table := open(t, tuitest.FourSeat(t, "buy").Snapshot(0), 80, 24)
	m = press(m, "t P")
	view := tuitest.Plain(m.View())
	for _, want := range []string{"W S cheap", "F I A medium", "C T expensive", "$1,000 10,000/5,000 T", "$300  3,000/1,500 WS", "Buying Tower"} {
		if !strings.Contains(view, want) {
			t.Errorf("the price table lacks %q:\n%s", want, view)
		}
	}
	m = press(m, "esc")
	view = tuitest.Plain(m.View())
	if strings.Contains(view, "W S cheap") || !strings.Contains(view, "Continental") || strings.Contains(view, "Leave the table?") {
		t.Errorf("esc does not go back from the prices to the board:\n%s", view)
	}
	m = press(m, "P P enter")
	if calls := table.Calls(); !slices.Contains(calls, "Act buy Tower") {
		t.Errorf("the buy after looking at the prices sent %q, want buy Tower", calls)
	}
}
