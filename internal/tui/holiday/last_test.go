package holiday_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/engine/holiday"
	holidayscreen "hotels/internal/tui/holiday"
	"hotels/internal/tui/room"
	"hotels/internal/tui/tuitest"
)

// The card played last is marked on its company's track, and no other;
// none before the first is played.
func TestLastCardMarked(t *testing.T) {
	g := game(t, 1, func(g *holiday.Game) bool { return due(0, holiday.PhasePlay)(g) && g.StockLeft() < 50 })
	v := g.ViewFor(0)
	last := v.Discard[len(v.Discard)-1]
	if !last.IsDestination() {
		t.Fatalf("the card played last is %s: want a destination for this test", last)
	}
	m, _ := open(t, snapshot(g, 0), 80, 24)
	lines := strings.Split(tuitest.Plain(m.View()), "\n")
	marks := 0
	for _, l := range lines[2:7] { // the tracks (› marks the newest event too)
		marks += strings.Count(l, "›")
	}
	row := lines[2+int(last.Company())]
	if marks != 1 || !strings.Contains(row, "›"+last.Company().String()[:1]) {
		t.Errorf("want %s marked alone, in its row %q:\n%s", last, row, strings.Join(lines, "\n"))
	}
	// The cards turned up at the start were played by no one.
	start := game(t, 1, due(0, holiday.PhaseTake))
	m, _ = open(t, snapshot(start, 0), 80, 24)
	if lines := strings.Split(tuitest.Plain(m.View()), "\n"); strings.Contains(strings.Join(lines[2:7], "\n"), "›") {
		t.Errorf("the first turn marks a card as played:\n%s", strings.Join(lines, "\n"))
	}
}

// recapped is alice's screen, w×h, once her turn has come back after the
// others' moves.
func recapped(t *testing.T, w, h int) room.Model {
	g := game(t, 3, due(1, holiday.PhaseTake))
	before := snapshot(g, 0)
	rng := rand.New(rand.NewPCG(3, 9))
	log := tuitest.PlayUntil(g, 0, func(seat engine.Seat) engine.Action {
		a, _ := g.RandomAction(int(seat), rng)
		return a
	})
	after := snapshot(g, 0)
	after.Log = log
	m, _ := open(t, before, w, h)
	m, _ = m.Update(room.SnapshotMsg{Snapshot: after})
	return m
}

// When alice's turn comes back, what the others did since is on her
// screen; L shows the whole log.
func TestRecapView(t *testing.T) {
	tuitest.GoldenSizes(t, func(w, h int) string { return tuitest.Plain(recapped(t, w, h).View()) })
}

func TestLogView(t *testing.T) {
	tuitest.GoldenSizes(t, func(w, h int) string { return tuitest.Plain(press(recapped(t, w, h), "L").View()) })
}

// The recap never covers the game nor the decision: at 80×24 every line
// from the header to the hand's last, and the decision, are the same with
// it as without.
func TestRecapKeepsTheHand(t *testing.T) {
	m := recapped(t, 80, 24)
	with := tuitest.Plain(m.View())
	without := tuitest.Plain(press(m, "? ?").View()) // the key list, opened and closed, hides the recap
	game := without[:strings.Index(without, "Your turn")]
	game = strings.TrimRight(game, "\n")
	decision := without[strings.Index(without, "Your turn"):]
	decision = decision[:strings.Index(decision, "\n\n")] // above the status line
	if !strings.Contains(with, "Since your last move") || !strings.HasPrefix(with, game) || !strings.Contains(with, decision) {
		t.Errorf("the recap covers the game or the decision:\n%s\nwant:\n%s\nand:\n%s", with, game, decision)
	}
}

// The cards played are listed oldest first, and a card played is added at
// the end: those already listed keep their cells, but for the few times
// the line is full and starts again from a later card.
func TestPlayedKeepsCells(t *testing.T) {
	g := game(t, 1, func(g *holiday.Game) bool { return due(0, holiday.PhasePlay)(g) && g.StockLeft() < 30 })
	discard := g.ViewFor(0).Discard
	restarts := 0
	for n := 2; n <= len(discard); n++ {
		before, after := holidayscreen.Played(discard[:n-1], 80), holidayscreen.Played(discard[:n], 80)
		if len(after) > 80 {
			t.Fatalf("%d cards: %q is wider than 80 cells", n, after)
		}
		if !strings.HasPrefix(after, before+" ") {
			restarts++
		}
	}
	if restarts > len(discard)/8 {
		t.Errorf("the line of %d cards started again %d times: want the cards listed to stay put", len(discard), restarts)
	}
}
