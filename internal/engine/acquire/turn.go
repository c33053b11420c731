package acquire

import "math/bits"

// This file holds the turn's sequence: a decision moves the game to its next
// pending step, and settle applies the steps that have one legal outcome.

// beginTurn gives the turn to seat (A9). With hand=redraw a seat with no
// legal play first sets its rack aside and draws six new tiles (A22).
func (g *Game) beginTurn(seat int8) {
	g.turn, g.toMove = seat, seat
	g.phase = PhasePlay
	g.played, g.ending, g.stuck = false, false, false
	if g.opts.Hand == HandRedraw && !g.canPlay(seat) && g.drawn < g.bagLen && g.rack[seat][0] != NoTile {
		g.log(Event{Kind: EvRedraw, Seat: seat})
		for i := range g.rack[seat] {
			g.rack[seat][i] = NoTile
		}
		g.refill(seat)
	}
	if g.rules.DeadRackEnds && g.rack[seat][0] != NoTile {
		g.stuck = true
		for _, t := range g.rack[seat] {
			if t != NoTile && g.classify(t) != Dead {
				g.stuck = false
			}
		}
	}
}

// endTurn finishes the turn after its buy: draw, dead tiles, automatic ends,
// next seat (A22–A25, C7, C8).
func (g *Game) endTurn() {
	if g.ending {
		g.finish(EndDeclared)
		return
	}
	s := g.turn
	if g.played {
		g.refill(s)
	}
	// A tile is dead only next to two safe chains (A15).
	if g.rules.ReplaceDead && g.opts.Hand == HandPerTile && g.safe&(g.safe-1) != 0 {
		for i := 0; i < RackSize && g.rack[s][i] != NoTile; {
			t := g.rack[s][i]
			if !g.dead(t) {
				i++
				continue
			}
			g.log(Event{Kind: EvDeadTile, Seat: s, Tile: t})
			g.take(s, i)
			g.refill(s)
		}
	}
	if g.played {
		g.idle = 0
	} else {
		g.idle++
	}
	empty := true
	for i := range g.seats {
		empty = empty && g.rack[i][0] == NoTile
	}
	switch {
	case empty:
		g.finish(EndTilesOut)
	case g.idle >= g.seats:
		g.finish(EndIdleRound)
	case g.stuck:
		g.finish(EndDeadRack)
	default:
		g.beginTurn((s + 1) % g.seats)
	}
}

// canDeclare reports whether the end may be declared (A24, C8): a chain of
// 41 or more tiles, or every chain on the board safe.
func (g *Game) canDeclare() bool {
	if g.live == 0 {
		return false
	}
	if g.live&^g.safe == 0 {
		return true
	}
	for x := g.safe; x != 0; x &= x - 1 { // a chain of 41 is safe
		if g.size[bits.TrailingZeros8(x)] >= EndSize {
			return true
		}
	}
	return false
}

// canBuy reports whether the seat on turn could buy any share (A20).
func (g *Game) canBuy() bool {
	for x := g.live; x != 0; x &= x - 1 {
		c := Chain(bits.TrailingZeros8(x))
		if g.bank[c] > 0 && g.price(c) <= g.cash[g.turn] {
			return true
		}
	}
	return false
}

// Forced returns the decision due now if it has exactly one legal outcome
// and is one of the steps a record never writes (records.md).
func (g *Game) Forced() (Action, bool) {
	switch g.phase {
	case PhasePlay:
		if !g.canPlay(g.turn) {
			return Action{Verb: Skip}, true
		}
	case PhaseFound:
		if free := allChains &^ g.live; free != 0 && free&(free-1) == 0 {
			return Action{Verb: Found, Chain: Chain(bits.TrailingZeros8(free))}, true
		}
	case PhaseSurvivor:
		if c, tied := g.largest(g.merging[:g.nMerging], false); !tied {
			return Action{Verb: Survivor, Chain: c}, true
		}
	case PhaseNext:
		if c, tied := g.largest(g.pending[:g.nPending], true); !tied {
			return Action{Verb: Next, Chain: c}, true
		}
	case PhaseDispose:
		if g.shares[g.toMove][g.defunct] == 0 {
			return Action{Verb: Dispose, Chain: g.defunct}, true
		}
	case PhaseBuy:
		if !g.canBuy() && (g.ending || !g.canDeclare()) {
			return Action{Verb: Buy}, true
		}
	}
	return Action{}, false
}

// settle applies every forced step (records.md).
func (g *Game) settle() {
	for {
		a, ok := g.Forced()
		if !ok {
			return
		}
		g.step(g.toMove, a)
	}
}

// largest returns the largest of chains by current size, or by pre-merger
// size if pre, and whether another ties with it.
func (g *Game) largest(chains []Chain, pre bool) (Chain, bool) {
	best, tied := NoChain, false
	var bs int16 = -1
	for _, c := range chains {
		s := g.size[c]
		if pre {
			s = g.preSize[c]
		}
		switch {
		case s > bs:
			best, bs, tied = c, s, false
		case s == bs:
			tied = true
		}
	}
	return best, tied
}

// tiedLargest reports whether c is one of the largest of chains.
func (g *Game) tiedLargest(c Chain, chains []Chain, pre bool) bool {
	best, _ := g.largest(chains, pre)
	size := func(c Chain) int16 {
		if pre {
			return g.preSize[c]
		}
		return g.size[c]
	}
	for _, x := range chains {
		if x == c {
			return size(c) == size(best)
		}
	}
	return false
}
