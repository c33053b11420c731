package holiday_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hotels/internal/engine"
	"hotels/internal/engine/holiday"
	"hotels/internal/rooms"
	holidayscreen "hotels/internal/tui/holiday"
	"hotels/internal/tui/room"
	"hotels/internal/tui/screens"
	"hotels/internal/tui/theme"
	"hotels/internal/tui/tuitest"
)

var seats = []string{"alice", "bob", "carol", "dave"}

// game deals a four-seat game from seed, alice first, and plays random
// legal actions (drawn from the same seed) until stop holds; it fails if
// the game ends first.
func game(t testing.TB, seed uint64, stop func(g *holiday.Game) bool) *holiday.Game {
	t.Helper()
	g, ok := tryGame(seed, stop)
	if !ok {
		t.Fatalf("seed %d: the game ended before the position looked for", seed)
	}
	return g
}

func tryGame(seed uint64, stop func(g *holiday.Game) bool) (*holiday.Game, bool) {
	rng := rand.New(rand.NewPCG(seed, 1))
	deck := holiday.FullDeck()
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	g, err := holiday.New(holiday.Setup{Seats: seats, Deck: deck})
	if err != nil {
		panic(err)
	}
	for !stop(g) {
		if g.Over() {
			return g, false
		}
		seat, _ := g.ToMove()
		a, _ := g.RandomAction(int(seat), rng)
		if err := g.Do(int(seat), a); err != nil {
			panic(err)
		}
	}
	return g, true
}

// find returns the first seed's game that reaches stop.
func find(t testing.TB, stop func(g *holiday.Game) bool) *holiday.Game {
	t.Helper()
	for seed := range uint64(500) {
		if g, ok := tryGame(seed, stop); ok {
			return g
		}
	}
	t.Fatal("no seed reaches the position looked for")
	return nil
}

// due reports whether seat's decision of phase is due.
func due(seat int, phase holiday.Phase) func(g *holiday.Game) bool {
	return func(g *holiday.Game) bool {
		to, _ := g.ToMove()
		return int(to) == seat && g.Phase() == phase
	}
}

// holds reports whether seat holds card k.
func holds(g *holiday.Game, seat int, k holiday.Card) bool {
	h, n := g.Hand(seat)
	return slices.Contains(h[:n], k)
}

// snapshot is the room holding g as viewer sees it: alice hosts, dave is a
// bot and bob is away.
func snapshot(g *holiday.Game, viewer engine.Seat) *rooms.Snapshot {
	info := rooms.Info{ID: "h4ag", Name: "alice's table", Host: "alice", Game: "Holiday AG", Kind: holiday.GameName,
		Seats: len(seats), Taken: len(seats), Status: rooms.Playing}
	if g.Over() {
		info.Status = rooms.Over
	}
	s := &rooms.Snapshot{Version: 5, Room: info, You: viewer, Host: viewer == 0, Game: g.View(viewer),
		Turn: engine.Watcher, Log: tuitest.Events(engine.Watcher, g.Log(viewer)...)}
	if t, ok := g.ToMove(); ok {
		s.Turn = t
	}
	for i, name := range seats {
		st := rooms.SeatInfo{Name: name, State: rooms.SeatReady, Host: i == 0}
		switch name {
		case "bob":
			st.State = rooms.SeatAway
		case "dave":
			st.State = rooms.SeatBot
		}
		s.Seats = append(s.Seats, st)
	}
	return s
}

// open returns the room screen showing snap in w×h cells.
func open(t testing.TB, snap *rooms.Snapshot, w, h int) (room.Model, *tuitest.Table) {
	t.Helper()
	table := tuitest.NewTable(nil)
	m := room.New(context.Background(), table, "h4ag", rooms.Player{ID: 1, Name: seats[max(0, int(snap.You))]}, theme.DefaultStyles(), screens.New)
	m.SetSize(w, h)
	m, _ = m.Update(room.SnapshotMsg{Snapshot: snap})
	return m, table
}

// press sends keys, space separated, running the commands they return.
func press(m room.Model, keys string) room.Model {
	for _, k := range strings.Fields(keys) {
		var cmd tea.Cmd
		m, cmd = m.Update(tuitest.Key(k))
		for cmd != nil {
			msg := cmd()
			if msg == nil {
				break
			}
			if batch, ok := msg.(tea.BatchMsg); ok {
				for _, c := range batch {
					if c != nil {
						m, _ = m.Update(c())
					}
				}
				break
			}
			m, cmd = m.Update(msg)
		}
	}
	return m
}

// golden draws g as viewer sees it at both sizes after keys.
func golden(t *testing.T, g *holiday.Game, viewer engine.Seat, keys string) {
	t.Helper()
	tuitest.GoldenSizes(t, func(w, h int) string {
		m, _ := open(t, snapshot(g, viewer), w, h)
		return tuitest.Plain(press(m, keys).View())
	})
}

func TestTakeView(t *testing.T) {
	golden(t, game(t, 1, due(0, holiday.PhaseTake)), 0, "a")
}

func TestPlayView(t *testing.T) {
	g := game(t, 1, func(g *holiday.Game) bool { return due(0, holiday.PhasePlay)(g) && g.StockLeft() < 50 })
	golden(t, g, 0, "down down")
}

func TestOthersTurnView(t *testing.T) {
	golden(t, game(t, 2, due(2, holiday.PhasePlay)), 0, "")
}

func TestWatcherView(t *testing.T) {
	golden(t, game(t, 2, due(2, holiday.PhasePlay)), engine.Watcher, "")
}

func TestExchangeView(t *testing.T) {
	g := find(t, func(g *holiday.Game) bool {
		return due(0, holiday.PhasePlay)(g) && holds(g, 0, holiday.Exchange) && g.Shares(0, holiday.Alps) > 0
	})
	// The Exchange card is last but for Raise cards: up from the first.
	keys := "up"
	if holds(g, 0, holiday.Raise) {
		keys = "up up"
	}
	golden(t, g, 0, keys+" enter a")
}

func TestCoupView(t *testing.T) {
	golden(t, find(t, func(g *holiday.Game) bool { return g.Coup() >= 0 && g.Phase() == holiday.PhaseSpecial }), 0, "")
}

func TestFinalRoundView(t *testing.T) {
	golden(t, find(t, due(0, holiday.PhaseFinal)), 0, "")
}

// The grand coup names a bot account with its mark (issue 24).
func TestBotAccountCoupView(t *testing.T) {
	g := find(t, due(0, holiday.PhaseFinal))
	tuitest.GoldenSizes(t, func(w, h int) string {
		snap := snapshot(g, 2)
		snap.Seats[0].Account = true // alice's is a bot account
		m, _ := open(t, snap, w, h)
		return tuitest.Plain(m.View())
	})
}

func TestFinalTableView(t *testing.T) {
	golden(t, find(t, func(g *holiday.Game) bool { return g.Over() && g.Coup() >= 0 }), 0, "")
}

func TestHelpView(t *testing.T) {
	golden(t, game(t, 1, due(0, holiday.PhaseTake)), 0, "?")
}

// The screen shows Holiday AG's views only and reads its facts from them.
func TestScreen(t *testing.T) {
	s := holidayscreen.New(theme.DefaultStyles())
	if _, ok := s.Show(struct{}{}); ok {
		t.Error("Show(a view of another game) = ok, want refused")
	}
	g := game(t, 1, due(0, holiday.PhaseTake))
	shown, ok := s.Show(g.ViewFor(0))
	if !ok {
		t.Fatal("Show(a Holiday AG view) refused")
	}
	f := shown.Facts()
	// The stock is counted under the tracks, and only there: the header
	// names the special and the final round.
	if f.ToMove != 0 || f.Over || len(f.Names) != 4 || f.Unit != engine.Points || f.Header != "" {
		t.Errorf("Facts() = %+v; want alice to move, four seats, points, nothing in the header", f)
	}
}

// A replay shows the tracks and the players beside the step panel, and no
// hand: the history viewer adds what happened below.
func TestReplayView(t *testing.T) {
	g := game(t, 2, due(2, holiday.PhasePlay))
	step := []string{"Move 23 of 80", "carol takes 1 Alps and 1", "Tropics", "", "carol is to play a first card"}
	tuitest.GoldenSizes(t, func(w, h int) string {
		s, _ := holidayscreen.New(theme.DefaultStyles()).Show(g.ViewFor(0))
		if sw := s.StepWidth(); sw > 40 {
			t.Errorf("StepWidth() = %d: wider than the players leave room for", sw)
		}
		lines := s.Replay(w, h, room.At{You: 0, Tags: []string{"", "", "", "bot"}}, step)
		if len(lines) > h-6 {
			t.Errorf("%dx%d: the replay takes %d lines, leaving the viewer too few", w, h, len(lines))
		}
		return tuitest.Plain(strings.Join(lines, "\n"))
	})
}

// A Raise card turned up at the start lies on the pile, not to come (H7).
func TestTurnedUpRaise(t *testing.T) {
	g := find(t, func(g *holiday.Game) bool {
		return g.StockLeft() == 56 && slices.Contains(g.ViewFor(0).Discard, holiday.Raise)
	})
	m, _ := open(t, snapshot(g, 0), 80, 24)
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "Raise: 1 to come") {
		t.Errorf("want one Raise card to come:\n%s", view)
	}
}

// The decisions the views above do not reach: a Raise card's company, an
// option card's shares, the special round's shares, and an Exchange card
// under the cursor, whose line says what it does in 80 columns.
func TestRaiseView(t *testing.T) {
	g := find(t, func(g *holiday.Game) bool { return due(0, holiday.PhasePlay)(g) && holds(g, 0, holiday.Raise) })
	golden(t, g, 0, "up enter") // the Raise card is last in the hand
}

func TestOptionView(t *testing.T) {
	g := find(t, func(g *holiday.Game) bool { return due(0, holiday.PhaseTake)(g) && g.Options(0) > 0 })
	golden(t, g, 0, "o a")
}

func TestSpecialRoundView(t *testing.T) {
	g := find(t, func(g *holiday.Game) bool { return g.Phase() == holiday.PhaseSpecial })
	seat, _ := g.ToMove()
	golden(t, g, seat, "")
}

func TestExchangeCardView(t *testing.T) {
	g := find(t, func(g *holiday.Game) bool {
		return due(0, holiday.PhasePlay)(g) && holds(g, 0, holiday.Exchange) && !holds(g, 0, holiday.Raise)
	})
	golden(t, g, 0, "up")
}

// A screen keeps the rows it drew (the tracks', the players' heading) to
// draw them again only when what they show changes: shown every view of a
// game in turn, at both sizes, it draws each as a new screen does.
func TestKeptRowsFollowTheGame(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		var kept room.Screen = holidayscreen.New(theme.DefaultStyles())
		rng := rand.New(rand.NewPCG(5, 1))
		deck := holiday.FullDeck()
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		g, err := holiday.New(holiday.Setup{Seats: seats, Deck: deck})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; !g.Over() && i < 300; i++ {
			v := g.ViewFor(0)
			kept = tuitest.ShowKept(t, kept, func() room.Screen { return holidayscreen.New(theme.DefaultStyles()) }, v, i, size[0], size[1])
			seat, _ := g.ToMove()
			a, _ := g.RandomAction(int(seat), rng)
			if err := g.Do(int(seat), a); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// The hand panel is kept by what its cards would do: a card that would
// make the grand coup says so until someone makes it, though its chain
// stays as long (H17).
func TestKeptHandFollowsTheCoup(t *testing.T) {
	g, err := holiday.New(holiday.Setup{Seats: seats, Deck: holiday.FullDeck()})
	if err != nil {
		t.Fatal(err)
	}
	before := g.ViewFor(0)
	k := before.Hand[0]
	if k == holiday.Raise || k == holiday.Exchange {
		t.Fatalf("the first card is %v, not a destination", k)
	}
	for n := range holiday.Destinations { // every destination of its company taken but its own
		before.Suitcases[k.Company()][n] = n != k.Number()-1
	}
	after := *before
	after.Coup = 1
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		var kept room.Screen = holidayscreen.New(theme.DefaultStyles())
		fresh := func() room.Screen { return holidayscreen.New(theme.DefaultStyles()) }
		kept = tuitest.ShowKept(t, kept, fresh, before, 0, size[0], size[1])
		tuitest.ShowKept(t, kept, fresh, &after, 1, size[0], size[1])
	}
}
