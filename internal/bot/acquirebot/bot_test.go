package acquirebot_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"hotels/internal/bot"
	"hotels/internal/bot/acquirebot"
	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
)

// tinyHard is a hard bot cheap enough for unit tests under -race.
var tinyHard = acquirebot.HardOptions{Iterations: 24}

// newBot returns a bot of the level with this id, seeded, the hard one
// capped by tinyHard.
func newBot(id string, seed uint64) bot.Bot {
	rng := rand.New(rand.NewPCG(seed, 0xb07))
	if id == "hard" {
		return acquirebot.NewHard(rng, tinyHard)
	}
	for _, l := range acquirebot.Levels {
		if l.ID == id {
			return l.New(rng)
		}
	}
	panic("no level " + id)
}

// game deals a game for seats named p0, p1, … clockwise, from seed.
func game(tb testing.TB, r *acquire.Rules, opts acquire.Options, seats int, seed uint64) *acquire.Game {
	tb.Helper()
	names := make([]string, seats)
	for i := range names {
		names[i] = fmt.Sprintf("p%d", i)
	}
	g, err := acquire.New(acquire.Deal(r, opts, names, rand.New(rand.NewPCG(seed, seed))))
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// playOut plays g to the end, the seat named p<i> played by bots[i], and
// checks each decision as a room would: Choose leaves the game alone, and
// the action's text reads back as a legal action.
func playOut(tb testing.TB, g *acquire.Game, bots []bot.Bot) {
	tb.Helper()
	for steps := 0; !g.Over(); steps++ {
		if steps > 5000 {
			tb.Fatal("the game does not end")
		}
		seat, _ := g.ToMove()
		var who int
		fmt.Sscanf(g.Name(int(seat)), "p%d", &who)
		before := *g
		a := bots[who].Choose(g, seat)
		if *g != before {
			tb.Fatalf("%T.Choose changed the game", bots[who])
		}
		if a == nil {
			tb.Fatalf("%T.Choose returned nil for the seat to move", bots[who])
		}
		parsed, err := g.ParseAction(seat, a.String())
		if err != nil {
			tb.Fatalf("%T chose %q, which does not parse: %v", bots[who], a, err)
		}
		if err := g.Apply(seat, parsed); err != nil {
			tb.Fatalf("%T chose %q: %v", bots[who], a, err)
		}
	}
	if n := bot.Faults(); n > 0 {
		tb.Fatalf("bots failed %d times", n)
	}
}

func TestLevels(t *testing.T) {
	ids := map[string]bool{}
	for _, l := range acquirebot.Levels {
		if ids[l.ID] || l.How == "" {
			t.Errorf("level %q: duplicate id or no name", l.ID)
		}
		ids[l.ID] = true
		b, err := bot.ByLevel(acquirebot.Levels, l.ID, nil)
		if err != nil || b == nil {
			t.Errorf("ByLevel(%q) = %v, %v", l.ID, b, err)
		}
	}
	for _, id := range []string{"easy", "normal", "hard"} {
		if !ids[id] {
			t.Errorf("no level %q", id)
		}
	}
	if _, err := bot.ByLevel(acquirebot.Levels, "expert", nil); err == nil {
		t.Error(`ByLevel("expert") = nil error, want one`)
	}
}

// TestWholeGames: every level makes only legal moves through whole games in
// both rule sets, with every option, from two to six seats.
func TestWholeGames(t *testing.T) {
	cases := []struct {
		rules *acquire.Rules
		opts  acquire.Options
		seats int
	}{
		{acquire.Modern, acquire.Options{}, 4},
		{acquire.Modern, acquire.Options{Holdings: acquire.HoldingsHidden}, 3},
		{acquire.Modern, acquire.Options{Hand: acquire.HandRedraw}, 2},
		{acquire.Classic, acquire.Options{}, 2},
		{acquire.Classic, acquire.Options{Holdings: acquire.HoldingsHidden}, 4},
		{acquire.Modern, acquire.Options{}, 6},
	}
	for i, c := range cases {
		name := fmt.Sprintf("%s/%v/%d seats", c.rules.Key, c.opts.List(), c.seats)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ids := []string{"hard", "normal", "easy"}
			bots := make([]bot.Bot, c.seats)
			for s := range bots {
				bots[s] = newBot(ids[(s+i)%len(ids)], uint64(10*i+s))
			}
			g := game(t, c.rules, c.opts, c.seats, uint64(i))
			playOut(t, g, bots)
			if g.Standings() == nil {
				t.Error("no standings at the end")
			}
		})
	}
}

// TestReproducible: the same seed gives the same game.
func TestReproducible(t *testing.T) {
	var lines [2][]string
	for run := range lines {
		g := game(t, acquire.Modern, acquire.Options{Holdings: acquire.HoldingsHidden}, 3, 5)
		bots := []bot.Bot{newBot("hard", 1), newBot("normal", 2), newBot("easy", 3)}
		for !g.Over() {
			seat, _ := g.ToMove()
			var who int
			fmt.Sscanf(g.Name(int(seat)), "p%d", &who)
			a := bots[who].Choose(g, seat)
			lines[run] = append(lines[run], g.Name(int(seat))+" "+a.String())
			if err := g.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if fmt.Sprint(lines[0]) != fmt.Sprint(lines[1]) {
		t.Error("two games from the same seeds differ")
	}
}

// TestNoPeeking: a bot's choice is the same in two games that differ only
// in what its seat may not see (other racks, the bag, hidden holdings), so
// it cannot be using any of it (A27).
func TestNoPeeking(t *testing.T) {
	for _, opts := range []acquire.Options{{}, {Holdings: acquire.HoldingsHidden}} {
		g := game(t, acquire.Modern, opts, 4, 8)
		rng := rand.New(rand.NewPCG(1, 1))
		for step := 0; !g.Over(); step++ {
			seat, _ := g.ToMove()
			if step%5 == 0 {
				other := g.Determinize(int(seat), rng)
				for _, id := range []string{"easy", "normal", "hard"} {
					a := newBot(id, uint64(step)).Choose(g, seat)
					b := newBot(id, uint64(step)).Choose(other, seat)
					if a.String() != b.String() {
						t.Fatalf("%v step %d: %s chose %q, but %q when only hidden information differs", opts.List(), step, id, a, b)
					}
				}
			}
			a, _ := g.RandomAction(int(seat), rng)
			if err := g.Do(int(seat), a); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestNotDue: a bot asked for a seat whose decision is not due returns nil.
func TestNotDue(t *testing.T) {
	g := game(t, acquire.Modern, acquire.Options{}, 3, 1)
	seat, _ := g.ToMove()
	other := (seat + 1) % 3
	for _, l := range acquirebot.Levels {
		if a := l.New(rand.New(rand.NewPCG(1, 2))).Choose(g, other); a != nil {
			t.Errorf("%s chose %q for a seat not to move", l.ID, a)
		}
	}
}

// TestHardBudget: the time budget bounds a decision.
func TestHardBudget(t *testing.T) {
	g := game(t, acquire.Modern, acquire.Options{}, 4, 3)
	h := acquirebot.NewHard(rand.New(rand.NewPCG(1, 2)), acquirebot.HardOptions{Budget: 50 * time.Millisecond})
	seat, _ := g.ToMove()
	start := time.Now()
	h.Choose(g, seat)
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("a 50 ms decision took %v", d)
	}
}

var _ engine.Game = (*acquire.Game)(nil)
