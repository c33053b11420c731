package screens_test

import (
	"fmt"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/games"
	"hotels/internal/tui/screens"
	"hotels/internal/tui/theme"
)

// Every game with a screen shows its own watcher view and has rules for a
// newcomer, is hosted, and is the only kind of game hosted; a game the
// registry lacks has no screen.
func TestEveryGame(t *testing.T) {
	hosted := map[string]bool{}
	for _, k := range screens.Hosted() {
		hosted[k.Name] = true
	}
	for _, g := range games.All {
		t.Run(g.Name, func(t *testing.T) {
			s, ok := screens.New(g.Name, theme.DefaultStyles())
			if ok != screens.Has(g.Name) || ok != hosted[g.Name] {
				t.Fatalf("New(%q) = %v, Has = %v, hosted = %v; want all three the same", g.Name, ok, screens.Has(g.Name), hosted[g.Name])
			}
			if !ok {
				return // replayed, not hosted, until its screen is registered
			}
			if r, ok := screens.Rules(g.Name); !ok || r.Text == "" {
				t.Errorf("Rules(%q) = %q, %v; want the rules for a newcomer", g.Name, r.Text, ok)
			}
			names := make([]string, g.MinSeats)
			for i := range names {
				names[i] = fmt.Sprintf("p%d", i)
			}
			rules, _ := g.RuleSet("")
			game, _, err := g.Deal(rules, nil, names, 7)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := s.Show(game.View(engine.Watcher)); !ok {
				t.Error("the game's screen refuses its own watcher view")
			}
		})
	}
	if _, ok := screens.New("no such game", theme.DefaultStyles()); ok {
		t.Error(`New("no such game") = ok`)
	}
}
