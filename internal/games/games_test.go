package games_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"hotels/internal/bot"
	"hotels/internal/engine"
	"hotels/internal/games"
	"hotels/internal/tui/theme"
)

// Every registered game is whole: a distinct name, seats; bots of each
// level that play legal actions; a screen that shows the game's views; and
// the lookups find it.
func TestEveryGame(t *testing.T) {
	seen := map[string]bool{}
	for _, g := range games.All {
		t.Run(g.Name, func(t *testing.T) {
			if g.Name == "" || g.Title == "" || seen[g.Name] || g.MinSeats < 1 || g.MaxSeats < g.MinSeats {
				t.Fatalf("kind %q: want a distinct name, a title and a seat range", g.Name)
			}
			seen[g.Name] = true
			if got, ok := games.ByName(g.Name); !ok || got.Title != g.Title {
				t.Errorf("ByName(%q) = %v, %v", g.Name, got.Title, ok)
			}
			names := make([]string, g.MinSeats)
			for i := range names {
				names[i] = fmt.Sprintf("p%d", i)
			}
			rules, err := g.RuleSet("")
			if err != nil {
				t.Fatal(err)
			}
			for _, level := range g.BotLevels() {
				game, _, err := g.Deal(rules, nil, names, 7)
				if err != nil {
					t.Fatalf("Deal: %v", err)
				}
				bots := make([]bot.Bot, len(names))
				for i := range bots {
					if bots[i], err = g.Bot(level, rand.New(rand.NewPCG(uint64(i), 1))); err != nil {
						t.Fatalf("Bot(%q): %v", level, err)
					}
				}
				play(t, game, bots, level)
			}
			if _, err := g.Bot("no such level", nil); err == nil {
				t.Error(`Bot("no such level") = nil error`)
			}
			s, ok := games.Screens(g.Name, theme.DefaultStyles())
			if ok != (g.Screen != nil) {
				t.Fatalf("Screens(%q) = %v, want whether the game has a screen", g.Name, ok)
			}
			if !ok {
				return // replayed, not hosted, until its screen is registered
			}
			game, _, _ := g.Deal(rules, nil, names, 7)
			if _, ok := s.Show(game.View(engine.Watcher)); !ok {
				t.Error("the game's screen refuses its own watcher view")
			}
		})
	}
	if _, ok := games.Screens("no such game", theme.DefaultStyles()); ok {
		t.Error(`Screens("no such game") = ok`)
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
