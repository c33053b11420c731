package tycoon_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
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
func find(t testing.TB, name string, stop func(*tycoon.Game) bool) *tycoon.Game {
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
func play(t testing.TB, seed uint64, stop func(*tycoon.Game) bool) *tycoon.Game {
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

// hotelsOffered counts the hotels the Town Hall offers entrances of.
func hotelsOffered(g *tycoon.Game) int {
	seat, _ := g.ToMove()
	seen := map[tycoon.Hotel]bool{}
	for _, a := range g.AppendLegal(nil, int(seat)) {
		if a.Verb == tycoon.Entrance {
			seen[a.Ents[0].Hotel] = true
		}
	}
	return len(seen)
}

// At the Town Hall space picks entrances of several hotels and enter buys
// them in one action, which the engine accepts whole; a second entrance of
// a hotel picked, or pass, cannot be picked, and space again drops one.
func TestTownHallBuysSeveral(t *testing.T) {
	g := find(t, "town hall with two hotels", func(g *tycoon.Game) bool {
		seat, _ := g.ToMove()
		return g.Phase() == tycoon.PhaseTownHall && hotelsOffered(g) >= 2 && g.Cash(int(seat)) >= 1000
	})
	mover, _ := g.ToMove()
	at := room.At{You: mover, Mine: true}
	v := g.ViewFor(mover)
	s, _ := tycoonscreen.New(theme.DefaultStyles()).Show(v)
	key := func(k string) room.Reply {
		t.Helper()
		var r room.Reply
		s, r = s.Key(tuitest.Key(k), at)
		return r
	}
	hotelOf := func(i int) tycoon.Hotel {
		a, err := tycoon.ParseAction(v.Legal[i])
		if err != nil || a.Verb != tycoon.Entrance {
			return tycoon.NoHotel
		}
		return a.Ents[0].Hotel
	}
	// The first entrance offered, then the first of another hotel.
	first := hotelOf(0)
	if r := key("space"); r.Problem || r.Act != "" {
		t.Fatalf("space on %q: %+v", v.Legal[0], r)
	}
	i := 1
	for ; hotelOf(i) == first; i++ {
		if r := key("down"); r.Act != "" {
			t.Fatal(r)
		}
		if r := key("space"); !r.Problem || !strings.Contains(r.Say, "One entrance per hotel") {
			t.Errorf("a second entrance of the %s: %+v, want refused", first.Title(), r)
		}
	}
	key("down")
	if r := key("space"); r.Problem {
		t.Fatalf("space on %q: %+v", v.Legal[i], r)
	}
	tuitest.Golden(t, "80x24", draw(s, 80, 24, at))
	tuitest.Golden(t, "120x40", draw(s, 120, 40, at))
	want := tycoon.Action{Verb: tycoon.Entrance, N: 2}
	a0, _ := tycoon.ParseAction(v.Legal[0])
	ai, _ := tycoon.ParseAction(v.Legal[i])
	want.Ents[0], want.Ents[1] = a0.Ents[0], ai.Ents[0]
	if ai.Ents[0].Hotel < a0.Ents[0].Hotel {
		want.Ents[0], want.Ents[1] = ai.Ents[0], a0.Ents[0]
	}
	r := key("enter")
	if r.Act != want.String() {
		t.Fatalf("enter sent %q, want %q", r.Act, want.String())
	}
	played := g.Clone().(*tycoon.Game)
	if err := played.Apply(mover, mustParse(t, played, mover, r.Act)); err != nil {
		t.Fatalf("the engine refused %q: %v", r.Act, err)
	}
	for _, p := range want.Ents[:2] {
		if played.EntranceAt(int(p.Space)) != p.Hotel {
			t.Errorf("after %q space %d has %v, want the %s's entrance", r.Act, p.Space, played.EntranceAt(int(p.Space)), p.Hotel.Title())
		}
	}

	// space again drops one: enter then buys the other alone.
	s, _ = tycoonscreen.New(theme.DefaultStyles()).Show(v)
	key("space")
	key("space")
	if r := key("enter"); r.Act != v.Legal[0] {
		t.Errorf("picked and dropped, enter sent %q, want the entrance under the cursor %q", r.Act, v.Legal[0])
	}
	if last := v.Legal[len(v.Legal)-1]; last == "pass" {
		key("up") // round to pass
		if r := key("space"); !r.Problem {
			t.Errorf("space on pass: %+v, want refused", r)
		}
	}
}

func mustParse(t *testing.T, g engine.Game, seat engine.Seat, text string) engine.Action {
	t.Helper()
	a, err := g.ParseAction(seat, text)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// A screen keeps the parts it drew (the hotel table, the road's fixed
// rows) to draw them again only when what they show changes: shown every
// view of a game in turn, it draws each as a new screen does.
func TestKeptPartsFollowTheGame(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		var kept room.Screen = tycoonscreen.New(theme.DefaultStyles())
		g, err := tycoon.New(tycoon.Setup{Seats: []string{"alice", "bob", "carol"}})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(7, 7))
		var buf []tycoon.Action
		for i := 0; g.Phase() != tycoon.PhaseOver && i < 400; i++ {
			v := g.View(0)
			kept = tuitest.ShowKept(t, kept, func() room.Screen { return tycoonscreen.New(theme.DefaultStyles()) }, v, i, size[0], size[1])
			seat, _ := g.ToMove()
			a, _ := g.Eager(&buf, int(seat), rng)
			if err := g.Do(int(seat), a); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// A screen keeps each player's row and the decision's lines by what they
// show: drawn for each seat in turn, with tags and clocks that come and
// go, the cursor moved and the countdown running, it draws what a new
// screen draws.
func TestKeptRowsFollowTheSeats(t *testing.T) {
	tags := []string{"", "bot", "away", ""}
	times := []string{"", "1:00", "0:59", theme.DefaultStyles().Error.Render("0:09")}
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		g, err := tycoon.New(tycoon.Setup{Seats: []string{"alice", "bob", "carol"}})
		if err != nil {
			t.Fatal(err)
		}
		var kept room.Screen = tycoonscreen.New(theme.DefaultStyles())
		rng := rand.New(rand.NewPCG(9, 9))
		var buf []tycoon.Action
		for i := 0; g.Phase() != tycoon.PhaseOver && i < 300; i++ {
			v := g.ViewFor(0)
			seat, _ := g.ToMove()
			you := (seat + engine.Seat(i%2)) % 3 // the player to move every other move
			at := room.At{You: you, Mine: seat == you,
				Tags: []string{tags[i%4], tags[(i/2)%4], tags[(i/3)%4]}, Times: []string{times[(i/2)%4], "", times[i%4]}}
			kept, _ = kept.Show(v)
			for k := range 3 { // the cursor moved on, a key a time
				fresh := func() room.Screen { // a screen that drew nothing, the cursor as kept's
					anew, _ := tycoonscreen.New(theme.DefaultStyles()).Show(v)
					for range k {
						anew, _ = anew.Key(tuitest.Key("down"), at)
					}
					return anew
				}
				if got, want := kept.Draw(size[0], size[1], at), fresh().Draw(size[0], size[1], at); !slices.Equal(got, want) {
					t.Fatalf("move %d at %v: drawn by the screen that drew the seats before\n%s\nwant\n%s", i, size, strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
				for _, at.Countdown = range []string{"0:29", "", "0:30", "0:29"} { // the clock runs on
					if got, want := kept.Decision(size[0], at), fresh().Decision(size[0], at); at.Mine && !slices.Equal(got, want) {
						t.Fatalf("move %d at %v, key %d: decision %q, want %q", i, size, k, got, want)
					}
				}
				kept, _ = kept.Key(tuitest.Key("down"), at)
			}
			a, _ := g.Eager(&buf, int(seat), rng)
			if err := g.Do(int(seat), a); err != nil {
				t.Fatal(err)
			}
		}
	}
}
