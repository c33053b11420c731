package holiday

import (
	"slices"
	"strings"

	"hotels/internal/engine"
)

var _ engine.Revealer = (*Game)(nil)

// Reveal shows admins everything the game hides: each seat's hand (a
// section titled with the seat's name), and the stock with the cards it
// deals next. Shares, option cards and the discard pile are in every view.
func (g *Game) Reveal() []engine.Section {
	var out []engine.Section
	for s := range int(g.seats) {
		h, n := g.Hand(s)
		hand := slices.Clone(h[:n])
		slices.Sort(hand)
		cards := make([]string, n)
		for i, k := range hand {
			cards[i] = k.String()
		}
		out = append(out, engine.Section{Title: g.names[s], Lines: []string{"hand " + strings.Join(cards, " ")}})
	}
	left := g.deck[g.drawn:g.deckLen]
	return append(out, engine.Pile("Stock", left))
}
