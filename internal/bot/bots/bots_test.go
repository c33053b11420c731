package bots_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"hotels/internal/bot"
	"hotels/internal/bot/bots"
	"hotels/internal/engine"
	"hotels/internal/games"
)

// Every game's bots of each level play legal actions, an unknown level is
// refused, and a game the registry lacks has no bots.
func TestEveryGame(t *testing.T) {
	for _, g := range games.All {
		t.Run(g.Name, func(t *testing.T) {
			names := make([]string, g.MinSeats)
			for i := range names {
				names[i] = fmt.Sprintf("p%d", i)
			}
			rules, err := g.RuleSet("")
			if err != nil {
				t.Fatal(err)
			}
			for _, level := range bots.Levels(g.Name) {
				if bots.How(g.Name, level) == "" {
					t.Errorf("How(%q, %q) is empty: the room screen shows it to players", g.Name, level)
				}
				game, _, err := g.Deal(rules, nil, names, 7)
				if err != nil {
					t.Fatalf("Deal: %v", err)
				}
				seats := make([]bot.Bot, len(names))
				for i := range seats {
					if seats[i], err = bots.New(g.Name, level, rand.New(rand.NewPCG(uint64(i), 1))); err != nil {
						t.Fatalf("New(%q, %q): %v", g.Name, level, err)
					}
				}
				play(t, game, seats, level)
			}
			if _, err := bots.New(g.Name, "no such level", nil); err == nil {
				t.Error(`New("no such level") = nil error`)
			}
		})
	}
	if _, err := bots.New("no such game", "easy", nil); err == nil {
		t.Error(`New("no such game", "easy") = nil error`)
	}
}

// decisions is how many decisions play lets the bots make: enough to meet
// every kind of decision early in a game, few enough for the hard bots'
// time budget.
const decisions = 8

// play lets bots, seat i's bots[i], make the first decisions of g; the
// room's throws are the first outcome.
func play(t *testing.T, g engine.Game, bots []bot.Bot, level string) {
	t.Helper()
	for range decisions {
		seat, ok := g.ToMove()
		if !ok {
			return
		}
		var a engine.Action
		if seat == engine.Chance {
			a = g.Legal(engine.Chance)[0]
		} else if a = bots[seat].Choose(g.Clone(), seat); a == nil {
			t.Fatalf("%s bot of seat %d chose nothing", level, seat)
		}
		if err := g.Apply(seat, a); err != nil {
			t.Fatalf("%s bot of seat %d: %v", level, seat, err)
		}
	}
}
