package acquire

import "hotels/internal/engine"

// This file holds read-only accessors that allocate nothing, for bots that
// look at thousands of positions a move. A bot reads other seats' racks
// only on a copy made by Determinize.

// SeatCount returns the number of seats.
func (g *Game) SeatCount() int { return int(g.seats) }

// Rack returns seat's rack, filled from the front, NoTile after.
func (g *Game) Rack(seat int) [RackSize]Tile { return g.rack[seat] }

// BagLeft returns how many tiles are left to draw.
func (g *Game) BagLeft() int { return int(g.bagLen - g.drawn) }

// Classify says what playing t would do now (A10, A13, A15).
func (g *Game) Classify(t Tile) Class { return g.classify(t) }

// Touch returns the distinct chains next to t, in chain order.
func (g *Game) Touch(t Tile) (chains [4]Chain, n int) { return g.touch(t) }

// Price returns a share's current price of chain c in dollars; 0 off the
// board (A4, C2).
func (g *Game) Price(c Chain) int { return int(g.price(c)) }

// Merger returns, while a merger is resolved (PhaseNext, PhaseDispose), the
// surviving chain and the defunct chain being disposed of (NoChain before
// one is chosen), and the defunct chain's pre-merger price (A16).
func (g *Game) Merger() (survivor, defunct Chain, price int) {
	if g.phase != PhaseNext && g.phase != PhaseDispose {
		return NoChain, NoChain, 0
	}
	if g.phase == PhaseNext {
		return g.survivor, NoChain, 0
	}
	return g.survivor, g.defunct, g.rules.Price(g.defunct, int(g.preSize[g.defunct]))
}

// CanDeclare reports whether the end may be declared now (A24, C8).
func (g *Game) CanDeclare() bool { return g.phase == PhaseBuy && !g.ending && g.canDeclare() }

// Named returns a as an engine.Action whose String writes this game's chain
// names, as Legal and ParseAction return them: what a bot hands back to a
// room.
func (g *Game) Named(a Action) engine.Action { return named{a, g.rules} }
