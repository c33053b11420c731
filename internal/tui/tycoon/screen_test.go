package tycoon_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/engine/tycoon"
	"hotels/internal/tui/layout"
	"hotels/internal/tui/room"
	"hotels/internal/tui/theme"
	"hotels/internal/tui/tuitest"
	tycoonscreen "hotels/internal/tui/tycoon"
)

// find plays eager games of three seats, seed after seed, until stop holds.
func find(t *testing.T, name string, stop func(*tycoon.Game) bool) *tycoon.Game {
	t.Helper()
	for seed := uint64(1); seed <= 50; seed++ {
		if g := play(t, seed, stop); g != nil {
			return g
		}
	}
	t.Fatalf("%s: no game of 50 reached it", name)
	return nil
}

// play plays an eager game of three seats from seed until stop holds; nil
// if the game ends first.
func play(t *testing.T, seed uint64, stop func(*tycoon.Game) bool) *tycoon.Game {
	t.Helper()
	g, err := tycoon.New(tycoon.Setup{Seats: []string{"alice", "bob", "carol"}})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	var buf []tycoon.Action
	for n := 0; n < 100000; n++ {
		if stop(g) {
			return g
		}
		seat, _ := g.ToMove()
		a, ok := g.Eager(&buf, int(seat), rng)
		if !ok {
			break
		}
		if err := g.Do(int(seat), a); err != nil {
			t.Fatal(err)
		}
	}
	return nil
}

// positions are the moments the goldens show, each found by playing.
var positions = map[string]func(*tycoon.Game) bool{
	// a space's decision with a plot to buy
	"decision": func(g *tycoon.Game) bool {
		return g.Phase() == tycoon.PhaseSpace && g.Round() >= 2 && legalHas(g, "buy")
	},
	"auction": func(g *tycoon.Game) bool {
		_, high, _, _ := g.Auction()
		return g.Phase() == tycoon.PhaseBid && high > 0
	},
	"permit": func(g *tycoon.Game) bool {
		return g.Phase() == tycoon.PhaseDouble
	},
	"townhall": func(g *tycoon.Game) bool {
		return g.Phase() == tycoon.PhaseTownHall && g.Round() >= 2
	},
	"final": func(g *tycoon.Game) bool { return g.Over() },
}

func legalHas(g *tycoon.Game, verb string) bool {
	seat, _ := g.ToMove()
	for _, a := range g.Legal(seat) {
		if strings.HasPrefix(a.String(), verb+" ") {
			return true
		}
	}
	return false
}

// draw is the game's part of the room screen at w×h as the room lays it
// out: the screen's lines, then the two decision lines.
func draw(s room.Screen, w, h int, at room.At) string {
	lines := s.Draw(w, h, at)
	if at.Mine {
		lines = append(lines, s.Decision(w, at)...)
	} else {
		lines = append(lines, s.Facts().Due)
	}
	return tuitest.Plain(layout.Screen(lines, w, len(lines)))
}

// The goldens: the player to move with a decision, another player's turn
// (the same position seen by the next seat), a watcher, an auction for the
// bidder and for another player, the permission die's double, a Town Hall
// crossing and the final table, at 80×24 and 120×40.
func TestGolden(t *testing.T) {
	for name, stop := range positions {
		g := find(t, name, stop)
		s, ok := tycoonscreen.New(theme.DefaultStyles()).Show(g.View(0))
		if !ok {
			t.Fatal("Show refused a Tycoon view")
		}
		mover, _ := g.ToMove()
		other := (mover + 1) % engine.Seat(g.SeatCount())
		views := map[string]room.At{
			"mover":   {You: mover, Mine: true},
			"other":   {You: other},
			"watcher": {You: engine.Watcher},
		}
		if name == "final" {
			t.Run(name, func(t *testing.T) {
				lines, width := s.Final()
				tuitest.Golden(t, "final", tuitest.Plain(layout.Screen(lines, width, len(lines))))
				if f := s.Facts(); !f.Over || len(f.Standings) != 3 || f.Unit != engine.Dollars {
					t.Errorf("Facts() = %+v; want over with three standings in dollars", f)
				}
			})
			continue
		}
		for who, at := range views {
			t.Run(name+"/"+who, func(t *testing.T) {
				for _, size := range tuitest.Sizes {
					w, h := size[0], size[1]
					got := draw(s, w, h, at)
					tuitest.Fits(t, got, w, h)
					if n := strings.Count(got, "\n") + 1; n > h-5 {
						t.Errorf("%dx%d: %d lines leave the room screen too few", w, h, n)
					}
					tuitest.Golden(t, fmt.Sprintf("%dx%d", w, h), got)
				}
			})
		}
	}
}

// Keys choose among exactly the legal actions: enter after n downs sends
// the n-th legal action's text, and pass is offered only when legal.
func TestKeysSendLegalActions(t *testing.T) {
	for _, name := range []string{"decision", "townhall", "permit"} {
		g := find(t, name, positions[name])
		v := g.ViewFor(engine.Watcher)
		mover, _ := g.ToMove()
		at := room.At{You: mover, Mine: true}
		var want []string
		for _, a := range g.Legal(mover) {
			want = append(want, a.String())
		}
		s, _ := tycoonscreen.New(theme.DefaultStyles()).Show(v)
		for i := range want {
			var r room.Reply
			s, r = s.Key(tuitest.Key("enter"), at)
			if r.Act != want[i] {
				t.Errorf("%s: enter on choice %d sent %q, want %q", name, i, r.Act, want[i])
			}
			s, _ = s.Key(tuitest.Key("down"), at)
		}
		_, r := s.Key(tuitest.Key("p"), at)
		if hasPass := want[len(want)-1] == "pass"; hasPass != (r.Act == "pass") || !hasPass && !r.Problem {
			t.Errorf("%s: p answered %+v; legal %v", name, r, want)
		}
	}
}

// The auction's keys bid the minimum, $500 more, a typed amount, or pass;
// the panel shows the lot, the highest bid and the bidder's cash.
func TestAuction(t *testing.T) {
	g := find(t, "auction", positions["auction"])
	lot, high, leader, minBid := g.Auction()
	bidder, _ := g.ToMove()
	at := room.At{You: bidder, Mine: true}
	s, _ := tycoonscreen.New(theme.DefaultStyles()).Show(g.ViewFor(bidder))
	steps := []struct{ key, act string }{
		{"b", fmt.Sprintf("bid %d", minBid)},
		{"B", fmt.Sprintf("bid %d", minBid+500)},
		{"3", ""}, {"1", ""}, {"0", ""}, {"backspace", ""}, {"5", ""}, {"0", ""}, {"enter", "bid 3150"},
		{"p", "pass"},
	}
	for _, st := range steps {
		var r room.Reply
		s, r = s.Key(tuitest.Key(st.key), at)
		if !r.Handled || r.Act != st.act {
			t.Errorf("key %q: reply %+v, want action %q", st.key, r, st.act)
		}
	}
	panel := tuitest.Plain(strings.Join(append(s.Draw(80, 24, at), s.Decision(80, at)...), "\n"))
	cash := engine.Dollars.Format(g.Cash(int(bidder)))
	for _, want := range []string{lot.Title(), engine.Dollars.Format(high), g.Seats()[leader], cash, engine.Dollars.Format(minBid)} {
		if !strings.Contains(panel, want) {
			t.Errorf("the auction panel lacks %q:\n%s", want, panel)
		}
	}
	// Another player sees the auction go on, but has no keys in it.
	other := room.At{You: (bidder + 1) % 3}
	watch, _ := tycoonscreen.New(theme.DefaultStyles()).Show(g.ViewFor(other.You))
	if !strings.Contains(tuitest.Plain(strings.Join(watch.Draw(80, 24, other), "\n")), "Auction: the "+lot.Title()) {
		t.Error("another player's screen does not show the auction")
	}
}
