package tycoon_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"hotels/internal/bot"
	bottycoon "hotels/internal/bot/tycoon"
	"hotels/internal/engine"
	game "hotels/internal/engine/tycoon"
)

// TestLevelsPlayLegally plays games with every option among the three
// levels: each action a bot returns applies, and a bot asked out of turn
// (or for the dice) returns nil.
func TestLevelsPlayLegally(t *testing.T) {
	options := [][]string{
		nil,
		{"h=free", "landbuy=half", "six=again", "deeds=european"},
		{"claim=manual", "permit=GDDR", "rounds=12"},
	}
	for i, opts := range options {
		rng := rand.New(rand.NewPCG(uint64(i), 2))
		seats := []string{"ann", "bob", "cat"}
		eg, _, err := game.Kind.Deal("", opts, seats, 0)
		if err != nil {
			t.Fatal(err)
		}
		g := eg.(*game.Game)
		var bots []interface {
			Choose(engine.Game, engine.Seat) engine.Action
		}
		for _, level := range []string{"easy", "normal", "hard"} {
			b, err := bot.ByLevel(bottycoon.Levels, level, rand.New(rand.NewPCG(uint64(i), 3)))
			if err != nil {
				t.Fatal(err)
			}
			if level == "hard" {
				b = bottycoon.NewHard(rng, bottycoon.HardOptions{Playouts: 60, Horizon: 40})
			}
			bots = append(bots, b)
		}
		for n := 0; !g.Over() && n < 5000; n++ {
			to, _ := g.ToMove()
			for s, b := range bots {
				if engine.Seat(s) != to && b.Choose(g, engine.Seat(s)) != nil {
					t.Fatalf("%s chose out of turn", seats[s])
				}
			}
			if to == engine.Chance {
				if bots[0].Choose(g, to) != nil {
					t.Fatal("a bot chose for the dice")
				}
				legal := g.Legal(to)
				if err := g.Apply(to, legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
				continue
			}
			a := bots[to].Choose(g, to)
			if err := g.Apply(to, a); err != nil {
				t.Fatalf("options %v: %s %v: %v", opts, seats[to], a, err)
			}
		}
		if !g.Over() {
			t.Errorf("options %v: not over after 5000 actions: %s", opts, g.Due())
		}
	}
	if _, err := bot.ByLevel(bottycoon.Levels, "expert", nil); err == nil {
		t.Error(`ByLevel("expert") accepted`)
	}
}

// TestHardDecidesWithinASecond gives the default hard bot a decision with
// several choices.
func TestHardDecidesWithinASecond(t *testing.T) {
	g, err := game.New(game.Setup{Seats: []string{"ann", "bob"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Do(int(engine.Chance), game.Action{Verb: game.Roll, N: 2}); err != nil { // ann on 2: buy the Boomerang or pass
		t.Fatal(err)
	}
	b, _ := bot.ByLevel(bottycoon.Levels, "hard", rand.New(rand.NewPCG(1, 1)))
	start := time.Now()
	a := b.Choose(g, 0)
	if d := time.Since(start); d > time.Second {
		t.Errorf("hard took %v", d)
	}
	if err := g.Apply(0, a); err != nil {
		t.Error(err)
	}
}
