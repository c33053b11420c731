package board

import (
	"fmt"
	"slices"
	"strings"

	"hotels/internal/engine/acquire"
	"hotels/internal/tui/layout"
)

// brackets are the chain sizes between which a share's price stays the
// same (A4, C2): 2, 3, 4, 5, 6–10, 11–20, 21–30, 31–40, 41 and up.
var brackets = [][2]int{{2, 2}, {3, 3}, {4, 4}, {5, 5}, {6, 10}, {11, 20}, {21, 30}, {31, 40}, {41, acquire.Tiles}}

// tierNames name the tiers of a rule set by how many it has.
var tierNames = map[int][]string{1: {"every chain"}, 3: {"cheap", "medium", "expensive"}}

// Prices draws the price table in w cells and h lines (at least ten): for
// each size bracket, each tier's share price and its majority/minority
// bonus, and the letters of the chains now on the board of that size.
func (m Model) Prices(w, h int) []string {
	v, s := m.view, m.styles
	tiers := priceTiers(v.Rules)
	names := tierNames[len(tiers)]
	header := fmt.Sprintf("%-6s", "size")
	rows := make([]string, len(brackets))
	for i, b := range brackets {
		size := fmt.Sprint(b[0])
		if b[1] > b[0] {
			size = fmt.Sprintf("%d–%d", b[0], b[1])
		}
		if b[0] == brackets[len(brackets)-1][0] {
			size = fmt.Sprintf("%d+", b[0])
		}
		rows[i] = layout.Fit(size, 6)
	}
	for t, tier := range tiers {
		var letters []string
		for _, c := range tier {
			letters = append(letters, string(v.Rules.Chains[c].Letter))
		}
		name := fmt.Sprintf("tier %d", t+1)
		if names != nil {
			name = names[t]
		}
		top := v.Rules.Price(tier[0], acquire.EndSize)
		priceW, bonusW := len(Money(top)), len(bonus(top))
		width := priceW + 1 + bonusW + 1 + len(tier)
		header += "  " + layout.Fit(strings.Join(letters, " ")+" "+name, width)
		for i, b := range brackets {
			p := v.Rules.Price(tier[0], b[0])
			marks := ""
			for _, c := range tier {
				if n := v.Size[c]; n >= b[0] && n <= b[1] {
					marks += s.Notice.Render(string(v.Rules.Chains[c].Letter))
				}
			}
			rows[i] += fmt.Sprintf("  %*s %*s %s", priceW, Money(p), bonusW, bonus(p), layout.Fit(marks, len(tier)))
		}
	}
	out := append([]string{s.Heading.Render(header)}, rows...)
	for i := range out {
		out[i] = layout.Cut(out[i], w)
	}
	return layout.Pad(out, h)
}

// bonus writes the majority and minority bonuses of a share price: ten and
// five times it (A4).
func bonus(price int) string {
	return strings.TrimPrefix(Money(10*price), "$") + "/" + strings.TrimPrefix(Money(5*price), "$")
}

// priceTiers groups a rule set's chains by their price scale, cheapest
// first.
func priceTiers(r *acquire.Rules) [][]acquire.Chain {
	var tiers [][]acquire.Chain
	for c := range acquire.Chain(acquire.Chains) {
		i := slices.IndexFunc(tiers, func(t []acquire.Chain) bool { return samePrices(r, t[0], c) })
		if i < 0 {
			tiers = append(tiers, []acquire.Chain{c})
			continue
		}
		tiers[i] = append(tiers[i], c)
	}
	slices.SortFunc(tiers, func(a, b []acquire.Chain) int { return r.Price(a[0], 2) - r.Price(b[0], 2) })
	return tiers
}

// samePrices reports whether chains a and b cost the same at every size.
func samePrices(r *acquire.Rules, a, b acquire.Chain) bool {
	for size := 2; size <= acquire.EndSize; size++ {
		if r.Price(a, size) != r.Price(b, size) {
			return false
		}
	}
	return true
}
