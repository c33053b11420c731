package acquire

import (
	"slices"

	"hotels/internal/engine"
)

// Hidden stands for a number the viewer may not see (A27).
const Hidden = -1

// View is the game as one viewer may see it (A27): its own rack but no
// other, never the bag, and with holdings=hidden no one else's cash or
// shares. It shares nothing with the game.
type View struct {
	Rules   *Rules
	Options Options
	Viewer  engine.Seat
	Names   []string

	// Board holds each cell's chain, NoChain for a lone tile, Empty for none.
	Board [Tiles]Chain
	Size  [Chains]int
	Price [Chains]int // current price; 0 off the board
	Bank  [Chains]int

	Cash      []int         // Hidden where the viewer may not see it
	Shares    [][Chains]int // Hidden where the viewer may not see it
	RackSizes []int         // tiles in each rack
	Rack      []TileInfo    // the viewer's rack
	BagLeft   int

	Phase  Phase
	Turn   engine.Seat // the seat on turn
	ToMove engine.Seat // the seat whose decision is due
	Due    string      // the decision due, in words
	// Choices are the chains the decision due is among: the chains a tile
	// may found, the tied survivors or the tied defunct chains.
	Choices []Chain
	// Merger: the surviving chain and the defunct chain being disposed of.
	Survivor, Defunct Chain
	DefunctPrice      int  // the defunct chain's pre-merger price (A16)
	Tile              Tile // the tile played last (in a founding or merger, the one resolved); NoTile before the first
	Ending            bool // the end has been declared
	CanDeclare        bool // the end may be declared now (A24)
	Standings         []engine.Standing
}

// Public reports whether viewer may see seat's cash and shares.
func (g *Game) Public(viewer engine.Seat, seat int) bool {
	return g.opts.Holdings == HoldingsOpen || int(viewer) == seat || g.phase == PhaseOver
}

// ViewFor returns the game as viewer sees it.
func (g *Game) ViewFor(viewer engine.Seat) *View {
	n := int(g.seats)
	v := &View{
		Rules: g.rules, Options: g.opts, Viewer: viewer,
		Names:     slices.Clone(g.names[:n]),
		Board:     g.Board(),
		Cash:      make([]int, n),
		Shares:    make([][Chains]int, n),
		RackSizes: make([]int, n),
		BagLeft:   int(g.bagLen - g.drawn),
		Phase:     g.phase,
		Turn:      engine.Seat(g.turn),
		ToMove:    engine.Seat(g.toMove),
		Due:       g.Due(),
		Survivor:  NoChain, Defunct: NoChain,
		Tile:       g.tile,
		Ending:     g.ending,
		CanDeclare: g.phase == PhaseBuy && !g.ending && g.canDeclare(),
		Standings:  g.Standings(),
	}
	for c := range Chain(Chains) {
		v.Size[c] = int(g.size[c])
		v.Bank[c] = int(g.bank[c])
		if g.size[c] > 0 {
			v.Price[c] = int(g.price(c))
		}
	}
	for s := range n {
		v.Cash[s], v.Shares[s] = Hidden, [Chains]int{Hidden, Hidden, Hidden, Hidden, Hidden, Hidden, Hidden}
		if g.Public(viewer, s) {
			v.Cash[s] = int(g.cash[s])
			for c := range Chains {
				v.Shares[s][c] = int(g.shares[s][c])
			}
		}
		for _, t := range g.rack[s] {
			if t != NoTile {
				v.RackSizes[s]++
			}
		}
	}
	if viewer >= 0 && int(viewer) < n {
		v.Rack = g.RackInfo(int(viewer))
	}
	switch g.phase {
	case PhaseFound, PhaseSurvivor, PhaseNext:
		for _, a := range g.AppendLegal(nil, int(g.toMove)) {
			v.Choices = append(v.Choices, a.Chain)
		}
	}
	if g.phase == PhaseNext || g.phase == PhaseDispose {
		v.Survivor = g.survivor
	}
	if g.phase == PhaseDispose {
		v.Defunct = g.defunct
		v.DefunctPrice = g.rules.Price(g.defunct, int(g.preSize[g.defunct]))
	}
	return v
}

// RackInfo returns seat's rack with what each tile would do now.
func (g *Game) RackInfo(seat int) []TileInfo {
	out := make([]TileInfo, 0, len(g.rack[seat])) // one allocation, for a snapshot a seat
	for _, t := range g.rack[seat] {
		if t == NoTile {
			continue
		}
		info := TileInfo{Tile: t, Class: g.classify(t)}
		chains, n := g.touch(t)
		info.Chains = slices.Clone(chains[:n])
		slices.SortStableFunc(info.Chains, func(a, b Chain) int { return int(g.size[b]) - int(g.size[a]) })
		switch info.Class {
		case Dead:
			info.Reason = "dead: it would merge two safe chains" // A15
		case Unplayable:
			info.Reason = "unplayable for now: all seven chains are on the board" // A13
		}
		info.Chains = slices.Clip(info.Chains)
		out = append(out, info)
	}
	return out
}

// Standings returns the final money per seat, best first, once the game is
// over (A26): equal money shares the place.
func (g *Game) Standings() []engine.Standing {
	if g.phase != PhaseOver {
		return nil
	}
	out := make([]engine.Standing, g.seats)
	for s := range out {
		out[s] = engine.Standing{Seat: engine.Seat(s), Name: g.names[s], Score: int(g.cash[s])}
	}
	engine.Rank(out)
	return out
}
