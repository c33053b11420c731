package acquire

import (
	"math/bits"
	"math/rand/v2"
)

// RandomAction returns one of seat's legal actions, every one equally
// likely, drawn with rng. It is AppendLegal and a random pick in one, without
// listing the up to 240 buys: the inner loop of bots' playouts.
func (g *Game) RandomAction(seat int, rng *rand.Rand) (Action, bool) {
	if g.phase == PhaseOver || seat != int(g.toMove) {
		return Action{}, false
	}
	switch g.phase {
	case PhaseBuy:
		return g.randomBuy(rng), true
	case PhaseDispose:
		return g.randomDispose(rng), true
	case PhasePlay:
		// Draw rack tiles until a playable one comes up: most are.
		r := &g.rack[seat]
		n := 0
		for n < RackSize && r[n] != NoTile {
			n++
		}
		for range 8 * min(n, 1) {
			if t := r[int(rng.Uint32N(uint32(n)))]; g.classify(t).Playable() {
				return Action{Verb: Play, Tile: t}, true
			}
		}
	}
	var buf [Chains]Action // a rack, the free chains or the tied ones
	legal := g.AppendLegal(buf[:0], seat)
	return legal[int(rng.Uint32N(uint32(len(legal))))], true
}

// randomBuy draws from the buys of up to MaxBuy shares of the chains the
// seat could buy one share of, and the end, until it draws a legal one: a
// uniform draw over the legal ones. Draws fail only for want of cash or
// stock for a second or third share.
func (g *Game) randomBuy(rng *rand.Rand) Action {
	var avail [Chains]Chain
	m := 0
	cash := g.cash[g.turn]
	for x := g.live; x != 0; x &= x - 1 {
		c := Chain(bits.TrailingZeros8(x))
		if g.bank[c] > 0 && g.price(c) <= cash {
			avail[m] = c
			m++
		}
	}
	all := g.rules.buysOf[m]
	end := !g.ending && g.canDeclare()
	for range 16 {
		i := int(rng.Uint32N(uint32(len(all) + 1)))
		if i == len(all) {
			if end {
				return Action{Verb: End}
			}
			continue
		}
		a := all[i]
		for k := range a.Buys[:a.N] {
			a.Buys[k] = avail[a.Buys[k]]
		}
		if g.buyable(a) {
			return a
		}
	}
	// Few buys are legal (little cash, a thin bank): list them.
	var buf [buyCount + 1]Action
	legal := g.AppendLegal(buf[:0], int(g.turn))
	return legal[int(rng.Uint32N(uint32(len(legal))))]
}

// buyable reports whether the seat on turn may buy a (A20).
func (g *Game) buyable(a Action) bool {
	var cost int32
	for i, c := range a.Buys[:a.N] {
		if g.size[c] == 0 {
			return false
		}
		k := int8(1)
		for _, d := range a.Buys[:i] {
			if d == c {
				k++
			}
		}
		if k > g.bank[c] {
			return false
		}
		cost += g.price(c)
	}
	return cost <= g.cash[g.turn]
}

// randomDispose counts the legal mixes of sell and trade and picks one.
func (g *Game) randomDispose(rng *rand.Rand) Action {
	held := g.shares[g.toMove][g.defunct]
	maxTrade := min(held/2, g.bank[g.survivor]) * 2
	total := 0
	for t := int8(0); t <= maxTrade; t += 2 {
		total += int(held-t) + 1
	}
	k := int(rng.Uint32N(uint32(total)))
	for t := int8(0); ; t += 2 {
		if n := int(held-t) + 1; k >= n {
			k -= n
			continue
		}
		return Action{Verb: Dispose, Chain: g.defunct, Sell: int8(k), Trade: t}
	}
}

// buyCount is the number of buys of up to three shares of seven chains,
// nothing included.
const buyCount = 1 + 7 + 28 + 84

// buysOf lists, for each number m of chains, every buy of up to max shares
// of chains 0..m-1, in chain order.
func buysOf(max int) (out [Chains + 1][]Action) {
	for m := range out {
		out[m] = allBuys(max, Chain(m))
	}
	return out
}

// allBuys lists every buy of up to max shares of chains 0..n-1, in chain
// order.
func allBuys(max int, n Chain) []Action {
	out := []Action{{Verb: Buy}}
	var rec func(a Action, from Chain)
	rec = func(a Action, from Chain) {
		if int(a.N) == max {
			return
		}
		for c := from; c < n; c++ {
			b := a
			b.Buys[b.N] = c
			b.N++
			out = append(out, b)
			rec(b, c)
		}
	}
	rec(Action{Verb: Buy}, 0)
	return out
}
