package tycoon_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/engine/tycoon"
	"hotels/internal/rooms"
	"hotels/internal/tui/room"
	"hotels/internal/tui/theme"
	"hotels/internal/tui/tuitest"
	tycoonscreen "hotels/internal/tui/tycoon"
)

// snapshot is the room holding g as alice sees it; carol is a bot.
func snapshot(g *tycoon.Game, log []rooms.Event) *rooms.Snapshot {
	s := &rooms.Snapshot{
		Version: 9, You: 0, Host: true, Game: g.View(0), Turn: engine.Watcher, Log: log,
		Room: rooms.Info{ID: "t9cn", Name: "alice's table", Host: "alice", Game: "Hotel Tycoon", Kind: "tycoon",
			Seats: 3, Taken: 3, Status: rooms.Playing},
	}
	if t, ok := g.ToMove(); ok {
		s.Turn = t
	}
	for i, name := range g.Seats() {
		st := rooms.SeatInfo{Name: name, State: rooms.SeatReady, Host: i == 0}
		if name == "carol" {
			st.State = rooms.SeatBot
		}
		s.Seats = append(s.Seats, st)
	}
	return s
}

// recapped is alice's room screen, w×h, once her decision is due again
// after bob's and carol's turns.
func recapped(t *testing.T, w, h int) room.Model {
	g := find(t, "bob's turn", func(g *tycoon.Game) bool {
		return g.Round() >= 2 && g.ViewFor(0).Turn == 1 && g.Phase() == tycoon.PhaseRoll
	})
	before := snapshot(g, nil)
	rng := rand.New(rand.NewPCG(5, 5))
	var buf []tycoon.Action
	log := tuitest.PlayUntil(g, 0, func(seat engine.Seat) engine.Action {
		a, _ := g.Eager(&buf, int(seat), rng)
		return a
	})
	screens := func(string, *theme.Styles) (room.Screen, bool) { return tycoonscreen.New(theme.DefaultStyles()), true }
	m := room.New(context.Background(), tuitest.NewTable(nil), "t9cn", rooms.Player{ID: 1, Name: "alice"}, theme.DefaultStyles(), screens)
	m.SetSize(w, h)
	m, _ = m.Update(room.SnapshotMsg{Snapshot: before})
	m, _ = m.Update(room.SnapshotMsg{Snapshot: snapshot(g, log)})
	return m
}

// When alice's decision comes back, what bob and carol did since is on
// her screen, the dice's throws too; L shows the whole log.
func TestRecapView(t *testing.T) {
	tuitest.GoldenSizes(t, func(w, h int) string { return tuitest.Plain(recapped(t, w, h).View()) })
}

func TestLogView(t *testing.T) {
	tuitest.GoldenSizes(t, func(w, h int) string {
		m, _ := recapped(t, w, h).Update(tuitest.Key("L"))
		return tuitest.Plain(m.View())
	})
}

// Hotel Tycoon's key list is taller than 80×24: it opens at its top and
// scrolls, its last line in reach, and any other key closes it.
func TestHelpView(t *testing.T) {
	tuitest.GoldenSizes(t, func(w, h int) string {
		m, _ := recapped(t, w, h).Update(tuitest.Key("?"))
		return tuitest.Plain(m.View())
	})
}

func TestHelpScrolls(t *testing.T) {
	m, _ := recapped(t, 80, 24).Update(tuitest.Key("?"))
	top := tuitest.Plain(m.View())
	last := "vote asks first." // the help's last line
	if !strings.Contains(top, "Keys") || strings.Contains(top, last) || !strings.Contains(top, "↑↓ scroll") {
		t.Fatalf("80×24: the key list opens at its top, saying it scrolls:\n%s", top)
	}
	m, _ = m.Update(tuitest.Key("end"))
	if view := tuitest.Plain(m.View()); !strings.Contains(view, last) {
		t.Errorf("end shows the key list's last line %q:\n%s", last, view)
	}
	m, _ = m.Update(tuitest.Key("x"))
	if view := tuitest.Plain(m.View()); strings.Contains(view, "any other key: back") {
		t.Errorf("another key closes the key list:\n%s", view)
	}
}

// A room with the European edition's options says so in its header, and
// its other options one by one.
func TestHeaderNamesThePreset(t *testing.T) {
	g := find(t, "bob's turn", func(g *tycoon.Game) bool { return g.ViewFor(0).Turn == 1 })
	snap := snapshot(g, nil)
	snap.Room.Options = []string{"h=free", "landbuy=half", "six=again", "deeds=european", "rounds=30"}
	screens := func(string, *theme.Styles) (room.Screen, bool) { return tycoonscreen.New(theme.DefaultStyles()), true }
	m := room.New(context.Background(), tuitest.NewTable(nil), "t9cn", rooms.Player{ID: 1, Name: "alice"}, theme.DefaultStyles(), screens)
	m.SetSize(120, 40)
	m, _ = m.Update(room.SnapshotMsg{Snapshot: snap})
	header := strings.Split(tuitest.Plain(m.View()), "\n")[0]
	if !strings.Contains(header, "Hotel Tycoon · round 1 · European edition · rounds 30") || strings.Contains(header, "six") {
		t.Errorf("header %q: want the European edition named, then rounds 30", header)
	}
}

// findAlice plays eager games of alice, bob and carol with options, seed
// after seed, until alice's decision of phase is due and more holds.
func findAlice(t *testing.T, options []string, phase tycoon.Phase, more func(*tycoon.Game) bool) *tycoon.Game {
	t.Helper()
	for seed := uint64(1); seed <= 200; seed++ {
		var o tycoon.Options
		for _, kv := range options {
			if err := o.Set(kv); err != nil {
				t.Fatal(err)
			}
		}
		g, err := tycoon.New(tycoon.Setup{Options: o, Seats: []string{"alice", "bob", "carol"}})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 11))
		var buf []tycoon.Action
		for n := 0; n < 100000 && !g.Over(); n++ {
			if seat, _ := g.ToMove(); seat == 0 && g.Phase() == phase && more(g) {
				return g
			}
			seat, _ := g.ToMove()
			a, ok := g.Eager(&buf, int(seat), rng)
			if !ok || g.Do(int(seat), a) != nil {
				break
			}
		}
	}
	t.Fatalf("no game of 200 reached alice's %s decision", phase)
	return nil
}

// Every decision of Hotel Tycoon as alice's whole room screen shows it at
// 80×24 and 120×40: the prompt, the choices and the footer.
func TestDecisionViews(t *testing.T) {
	any := func(*tycoon.Game) bool { return true }
	for _, c := range []struct {
		name    string
		options []string
		phase   tycoon.Phase
		more    func(*tycoon.Game) bool
		keys    string
	}{
		{"buy", nil, tycoon.PhaseSpace, func(g *tycoon.Game) bool { return legalHas(g, "buy") }, ""},
		{"build", nil, tycoon.PhaseSpace, func(g *tycoon.Game) bool { return legalHas(g, "build") }, "down"},
		{"double", nil, tycoon.PhaseDouble, any, ""},
		{"townhall", nil, tycoon.PhaseTownHall, any, "space"},
		{"bid", nil, tycoon.PhaseBid, any, ""},
		{"bidtyped", nil, tycoon.PhaseBid, any, "3 0 0 0"},
		{"pick", nil, tycoon.PhasePick, any, ""},
		{"claim", []string{"claim=manual"}, tycoon.PhaseClaim, any, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := findAlice(t, c.options, c.phase, c.more)
			tuitest.GoldenSizes(t, func(w, h int) string {
				screens := func(string, *theme.Styles) (room.Screen, bool) { return tycoonscreen.New(theme.DefaultStyles()), true }
				m := room.New(context.Background(), tuitest.NewTable(nil), "t9cn", rooms.Player{ID: 1, Name: "alice"}, theme.DefaultStyles(), screens)
				m.SetSize(w, h)
				m, _ = m.Update(room.SnapshotMsg{Snapshot: snapshot(g, nil)})
				for _, k := range strings.Fields(c.keys) {
					m, _ = m.Update(tuitest.Key(k))
				}
				return tuitest.Plain(m.View())
			})
		})
	}
}

// A timed decision shows its countdown on its first line, as the other
// games' do: a bid's and a space's.
func TestDecisionCountdown(t *testing.T) {
	for _, phase := range []tycoon.Phase{tycoon.PhaseSpace, tycoon.PhaseBid} {
		g := findAlice(t, nil, phase, func(*tycoon.Game) bool { return true })
		s, _ := tycoonscreen.New(theme.DefaultStyles()).Show(g.View(0))
		lines := s.Decision(80, room.At{You: 0, Mine: true, Countdown: "0:28 left"})
		if !strings.HasSuffix(lines[0], "0:28 left") {
			t.Errorf("%s: the decision's first line lacks the countdown: %q", phase, lines[0])
		}
	}
}
