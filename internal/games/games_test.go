package games_test

import (
	"testing"

	"hotels/internal/games"
)

// Every registered game is whole at the engine layer: a distinct name, a
// title, seats and a default rule set; and the lookups find it. The layers
// above check their own registries against this one (bot/bots,
// tui/screens).
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
			if _, err := g.RuleSet(""); err != nil {
				t.Errorf("RuleSet(\"\"): %v", err)
			}
		})
	}
	if _, ok := games.ByName("no such game"); ok {
		t.Error(`ByName("no such game") = ok`)
	}
}
