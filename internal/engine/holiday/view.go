package holiday

import (
	"slices"

	"hotels/internal/engine"
)

// View is the game as one viewer may see it (H25): everything public, the
// viewer's own hand, and never another hand or the order of the stock. It
// shares nothing with the game.
type View struct {
	Viewer engine.Seat
	Names  []string

	// Suitcases[c][n-1] is true when destination n of c has a suitcase.
	Suitcases [Companies][Destinations]bool
	Longest   [Companies]int // the longest chain (H14)
	Values    [Companies]int // the value as it would score now (H15, H16)
	Raises    [Companies]int // Raise cards beside each company (H16)
	Bank      [Companies]int

	Shares    [][Companies]int
	Options   []int  // option cards each seat still holds
	HandSizes []int  // cards in each hand
	Hand      []Card // the viewer's hand, in card order; nil for a watcher
	StockLeft int
	Discard   []Card // the face-up pile, oldest first (H7, H12)
	TurnedUp  int    // how many of the pile's first cards were turned up at the start (H7), played by no one

	Phase  Phase
	ToMove engine.Seat // the seat whose decision is due
	Played int         // cards played this turn
	Due    string      // the decision due, in words
	Coup   int         // the seat that made the grand coup, or -1 (H17)
	// Scores are each seat's points if the game were scored now (H22):
	// everything they depend on is public.
	Scores    []int
	Standings []engine.Standing
}

// ViewFor returns the game as viewer sees it.
func (g *Game) ViewFor(viewer engine.Seat) *View {
	n := int(g.seats)
	v := &View{
		Viewer:    viewer,
		Names:     slices.Clone(g.names[:n]),
		Shares:    make([][Companies]int, n),
		Options:   make([]int, n),
		HandSizes: make([]int, n),
		Scores:    make([]int, n),
		StockLeft: g.StockLeft(),
		Discard:   slices.Clone(g.pile[:g.nPile]),
		TurnedUp:  int(g.upPile),
		Phase:     g.phase,
		ToMove:    engine.Seat(g.turn),
		Played:    int(g.played),
		Due:       g.Due(),
		Coup:      int(g.coup),
		Standings: g.Standings(),
	}
	for c := range Company(Companies) {
		for b := range Destinations {
			v.Suitcases[c][b] = g.track[c]&(1<<b) != 0
		}
		v.Longest[c] = longest(g.track[c])
		v.Values[c] = g.value(c)
		v.Raises[c] = int(g.raises[c])
		v.Bank[c] = int(g.bank[c])
	}
	for s := range n {
		for c := range Companies {
			v.Shares[s][c] = int(g.shares[s][c])
		}
		v.Options[s] = int(g.options[s])
		v.HandSizes[s] = int(g.nHand[s])
		v.Scores[s] = g.score(int8(s))
	}
	if viewer >= 0 && int(viewer) < n {
		h, k := g.Hand(int(viewer))
		v.Hand = slices.Clone(h[:k])
		slices.Sort(v.Hand)
	}
	return v
}

// Standings returns the final points per seat, best first, once the game
// is over (H22): equal totals share the place, and every seat in first
// place wins (D8).
func (g *Game) Standings() []engine.Standing {
	if g.phase != PhaseOver {
		return nil
	}
	out := make([]engine.Standing, g.seats)
	for s := range out {
		out[s] = engine.Standing{Seat: engine.Seat(s), Name: g.names[s], Score: g.score(int8(s))}
	}
	engine.Rank(out)
	return out
}
