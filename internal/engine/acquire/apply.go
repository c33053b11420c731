package acquire

import (
	"fmt"
	"math/bits"

	"hotels/internal/engine"
)

// Do applies seat's action a and then every forced step (records.md). An
// illegal action returns an *engine.RuleError and changes nothing. The
// events of the action are in Events until the next Do.
func (g *Game) Do(seat int, a Action) error {
	if err := g.check(seat, a); err != nil {
		return err
	}
	g.DoLegal(seat, a)
	return nil
}

// DoLegal is Do for an action the engine itself just produced for this
// game and seat, by AppendLegal or RandomAction: it skips checking it
// again, which is a tenth of a playout. Any other action may corrupt the
// game; players' actions go through Do.
func (g *Game) DoLegal(seat int, a Action) {
	g.nEvents = 0
	g.step(int8(seat), a)
	g.settle()
}

func (g *Game) refuse(seat int, a Action, rule, format string, args ...any) error {
	return &engine.RuleError{Action: g.seatName(seat) + " " + a.Text(g.rules), Rule: rule, Reason: fmt.Sprintf(format, args...)}
}

// seatName names seat in a refusal, even a seat that does not exist.
func (g *Game) seatName(seat int) string { return engine.NameOf(g.names[:g.seats], seat) }

// Due says in words what decision is due and from whom.
func (g *Game) Due() string {
	n := g.names[g.toMove]
	switch g.phase {
	case PhasePlay:
		return n + " is to play a tile"
	case PhaseFound:
		return n + " is to name the chain " + g.tile.String() + " founds"
	case PhaseSurvivor:
		return n + " is to choose the surviving chain"
	case PhaseNext:
		return n + " is to choose which defunct chain is resolved next"
	case PhaseDispose:
		return n + " is to dispose of " + g.rules.Chains[g.defunct].Name + " shares"
	case PhaseBuy:
		if g.ending {
			return n + " has declared the end and is to buy shares"
		}
		return n + " is to buy shares"
	}
	return "the game is over"
}

var phaseVerb = [...]Verb{PhasePlay: Play, PhaseFound: Found, PhaseSurvivor: Survivor, PhaseNext: Next, PhaseDispose: Dispose, PhaseBuy: Buy}

// check is the one judge of legality: nil if seat may take a now.
func (g *Game) check(seat int, a Action) error {
	if g.phase == PhaseOver {
		return g.refuse(seat, a, "", "the game is over")
	}
	if seat != int(g.toMove) {
		return g.refuse(seat, a, "", "not your decision: %s", g.Due())
	}
	want := phaseVerb[g.phase]
	ok := a.Verb == want || (g.phase == PhasePlay && a.Verb == Skip) || (g.phase == PhaseBuy && a.Verb == End)
	if !ok {
		return g.refuse(seat, a, "", "%s", g.Due())
	}
	r := g.rules
	switch a.Verb {
	case Skip:
		if g.canPlay(g.turn) {
			return g.refuse(seat, a, "A9", "a playable tile must be played")
		}
	case Play:
		if a.Tile >= Tiles || !g.inRack(g.turn, a.Tile) {
			return g.refuse(seat, a, "A9", "%s is not in your rack", a.Tile)
		}
		switch c := g.classify(a.Tile); c {
		case Dead:
			return g.refuse(seat, a, "A15", "%s would join two safe chains: it is dead", a.Tile)
		case Unplayable:
			return g.refuse(seat, a, "A13", "%s would found an eighth chain: it stays in your rack", a.Tile)
		}
	case Found:
		if a.Chain < 0 || a.Chain >= Chains || g.size[a.Chain] > 0 {
			return g.refuse(seat, a, "A12", "%s is already on the board", r.chainName(a.Chain))
		}
	case Survivor:
		if !g.tiedLargest(a.Chain, g.merging[:g.nMerging], false) {
			return g.refuse(seat, a, "A14", "%s is not one of the largest merging chains", r.chainName(a.Chain))
		}
	case Next:
		if !g.tiedLargest(a.Chain, g.pending[:g.nPending], true) {
			return g.refuse(seat, a, "A16", "%s is not one of the largest defunct chains left", r.chainName(a.Chain))
		}
	case Dispose:
		if a.Chain != g.defunct {
			return g.refuse(seat, a, "A18", "the defunct chain now is %s", r.Chains[g.defunct].Name)
		}
		held := g.shares[seat][g.defunct]
		switch {
		case a.Sell < 0 || a.Trade < 0:
			return g.refuse(seat, a, "A18", "counts cannot be negative")
		case int(a.Sell)+int(a.Trade) > int(held):
			return g.refuse(seat, a, "A18", "you hold %d %s shares", held, r.Chains[g.defunct].Name)
		case a.Trade%2 != 0:
			return g.refuse(seat, a, "A18", "trades go two for one: trade an even number")
		case a.Trade/2 > g.bank[g.survivor]:
			return g.refuse(seat, a, "A18", "the bank has %d %s shares left to trade for", g.bank[g.survivor], r.Chains[g.survivor].Name)
		}
	case End:
		if g.ending {
			return g.refuse(seat, a, "A24", "the end is already declared")
		}
		if !g.canDeclare() {
			return g.refuse(seat, a, "A24", "the end needs a chain of %d tiles or every chain on the board safe", EndSize)
		}
	case Buy:
		if int(a.N) > r.MaxBuy || a.N < 0 {
			return g.refuse(seat, a, r.maxBuyRule(), "at most %d %s a turn", r.MaxBuy, plural(r.MaxBuy, "share"))
		}
		var cost int32
		for i, c := range a.Buys[:a.N] {
			if c < 0 || c >= Chains || g.size[c] == 0 {
				return g.refuse(seat, a, "A20", "%s is not on the board", r.chainName(c))
			}
			k := int8(1)
			for _, d := range a.Buys[:i] {
				if d == c {
					k++
				}
			}
			if k > g.bank[c] {
				return g.refuse(seat, a, "A20", "the bank has %d %s shares", g.bank[c], r.Chains[c].Name)
			}
			cost += g.price(c)
		}
		if cost > g.cash[seat] {
			return g.refuse(seat, a, "A20", "that costs $%d and you have $%d", cost, g.cash[seat])
		}
	}
	return nil
}

func (r *Rules) maxBuyRule() string {
	if r.MaxBuy == 1 {
		return "C4"
	}
	return "A20"
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

func (g *Game) inRack(seat int8, t Tile) bool {
	for _, x := range g.rack[seat] {
		if x == t {
			return true
		}
	}
	return false
}

// step applies a legal decision and moves to the next step.
func (g *Game) step(seat int8, a Action) {
	switch a.Verb {
	case Skip:
		g.log(Event{Kind: EvSkip, Seat: seat})
		g.phase = PhaseBuy
	case Play:
		g.play(seat, a.Tile)
	case Found:
		g.fill(g.tile, a.Chain)
		ev := Event{Kind: EvFound, Seat: seat, Chain: a.Chain, Tile: g.tile, N: g.size[a.Chain]}
		if g.rules.FounderShare && g.bank[a.Chain] > 0 {
			g.bank[a.Chain]--
			g.shares[seat][a.Chain]++
			ev.M = 1
		}
		g.log(ev)
		g.phase = PhaseBuy
	case Survivor:
		g.merge(a.Chain)
	case Next:
		g.defunct = a.Chain
		g.removePending(a.Chain)
		g.phase = PhaseDispose
		g.toMove = g.turn // A18: the mergemaker first
	case Dispose:
		g.dispose(seat, a.Sell, a.Trade)
	case End:
		g.ending = true
		g.log(Event{Kind: EvDeclare, Seat: seat})
	case Buy:
		ev := Event{Kind: EvBuy, Seat: seat, N: int16(a.N)}
		copy(ev.Chains[:], a.Buys[:a.N])
		for _, c := range a.Buys[:a.N] {
			p := g.price(c)
			g.cash[seat] -= p
			ev.Amount += p
			g.bank[c]--
			g.shares[seat][c]++
		}
		g.log(ev)
		g.endTurn()
	}
}

func (g *Game) play(seat int8, t Tile) {
	class := g.classify(t)
	for i, x := range g.rack[seat] {
		if x == t {
			g.take(seat, i)
			break
		}
	}
	g.played = true
	g.cells[cellOf[t]] = loneCell
	g.tile = t
	ev := Event{Kind: EvPlay, Seat: seat, Tile: t, Chain: NoChain}
	switch class {
	case Lone:
		g.phase = PhaseBuy
	case Founds:
		g.phase = PhaseFound
	case Grows:
		mask, lone := g.around(t)
		c := Chain(bits.TrailingZeros8(mask))
		if lone {
			g.fill(t, c)
		} else { // the usual case: the tile alone joins (A11)
			g.cells[cellOf[t]] = chainCell(c)
			if g.resized(c, g.size[c]+1); g.size[c] >= SafeSize {
				g.safe |= uint8(chainCell(c))
			}
		}
		ev.Chain, ev.N = c, g.size[c]
		g.phase = PhaseBuy
	case Merges:
		chains, n := g.touch(t)
		g.merging, g.nMerging = chains, int8(n)
		ev.Kind, ev.Chains, ev.N = EvMerge, chains, int16(n)
		g.phase = PhaseSurvivor
	}
	g.log(ev)
}

// merge resolves a merger once its survivor s is known (A16, A17): every
// defunct chain's bonuses are paid at its pre-merger size, then all its
// tiles, the merging tile and connected lone tiles join s.
func (g *Game) merge(s Chain) {
	g.survivor = s
	g.log(Event{Kind: EvSurvivor, Seat: g.turn, Chain: s})
	g.nPending = 0
	for _, c := range g.merging[:g.nMerging] {
		if c != s {
			g.pending[g.nPending] = c
			g.nPending++
			g.preSize[c] = g.size[c]
		}
	}
	// Bonuses in the order of disposal where it is known: largest first.
	order := g.pending
	ps := order[:g.nPending]
	for i := 1; i < len(ps); i++ {
		for j := i; j > 0 && g.preSize[ps[j]] > g.preSize[ps[j-1]]; j-- {
			ps[j], ps[j-1] = ps[j-1], ps[j]
		}
	}
	for _, c := range ps {
		g.payBonuses(c, int(g.preSize[c]))
	}
	g.fill(g.tile, s)
	g.phase = PhaseNext
}

func (g *Game) removePending(c Chain) {
	for i, x := range g.pending[:g.nPending] {
		if x == c {
			copy(g.pending[i:], g.pending[i+1:g.nPending])
			g.nPending--
			return
		}
	}
}

// dispose applies one holder's decision and moves to the next holder
// clockwise, or to the next defunct chain, or to the buy (A18, A19).
func (g *Game) dispose(seat int8, sell, trade int8) {
	c, s := g.defunct, g.survivor
	if held := g.shares[seat][c]; held > 0 {
		p := g.rules.Price(c, int(g.preSize[c]))
		g.cash[seat] += int32(sell) * int32(p)
		g.shares[seat][c] -= sell + trade
		g.bank[c] += sell + trade
		g.shares[seat][s] += trade / 2
		g.bank[s] -= trade / 2
		g.log(Event{Kind: EvDispose, Seat: seat, Chain: c, Other: s, N: int16(sell), M: int16(trade), Amount: int32(sell) * int32(p)})
	}
	g.toMove = (seat + 1) % g.seats
	if g.toMove != g.turn {
		return
	}
	if g.nPending > 0 {
		g.phase = PhaseNext
	} else {
		g.phase = PhaseBuy
	}
}
