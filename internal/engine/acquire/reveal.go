package acquire

import (
	"fmt"
	"strings"

	"hotels/internal/engine"
)

var _ engine.Revealer = (*Game)(nil)

// Reveal shows admins everything the game hides: each seat's cash, rack and
// shares (a section titled with the seat's name), the bag with the tiles it
// deals next, and the chains on the board.
func (g *Game) Reveal() []engine.Section {
	var out []engine.Section
	for s := range int(g.seats) {
		sec := engine.Section{Title: g.names[s], Lines: []string{fmt.Sprintf("cash %s", engine.Dollars.Format(int(g.cash[s])))}}
		var rack, shares []string
		for _, t := range g.rack[s] {
			if t != NoTile {
				rack = append(rack, t.String())
			}
		}
		for c, n := range g.shares[s] {
			if n > 0 {
				shares = append(shares, fmt.Sprintf("%s %d", g.rules.Chains[c].Name, n))
			}
		}
		sec.Lines = append(sec.Lines, "rack "+strings.Join(rack, " "))
		if len(shares) > 0 {
			sec.Lines = append(sec.Lines, "shares "+strings.Join(shares, ", "))
		}
		out = append(out, sec)
	}
	left := g.bag[g.drawn:g.bagLen]
	out = append(out, engine.Pile("Bag", left))
	chains := engine.Section{Title: "Chains"}
	for c := range Chain(Chains) {
		if g.size[c] > 0 {
			chains.Lines = append(chains.Lines, fmt.Sprintf("%-12s size %2d  %s  bank %d",
				g.rules.Chains[c].Name, g.size[c], engine.Dollars.Format(int(g.price(c))), g.bank[c]))
		}
	}
	if len(chains.Lines) > 0 {
		out = append(out, chains)
	}
	return out
}
