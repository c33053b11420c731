package acquirebot

import (
	"math"
	"math/rand/v2"

	"hotels/internal/engine/acquire"
)

// policy is the hard bot's playout policy: quick rules of thumb with some
// noise, a cheap imitation of the normal bot that allocates nothing. It
// reads every seat's holdings and rack, so it plays only on copies made by
// Determinize.
type policy struct {
	rng *rand.Rand
	buf [acquire.Chains]acquire.Action
}

// act returns a legal action for seat, whose decision is due in g.
func (p *policy) act(g *acquire.Game, seat int) acquire.Action {
	switch g.Phase() {
	case acquire.PhasePlay:
		return p.play(g, seat)
	case acquire.PhaseFound:
		// The chain it kept shares of (A19), else any.
		best, bv := acquire.NoChain, -1.0
		for c := range acquire.Chain(acquire.Chains) {
			if g.Size(c) == 0 {
				if v := float64(g.Shares(seat, c)) + p.rng.Float64(); v > bv {
					best, bv = c, v
				}
			}
		}
		return acquire.Action{Verb: acquire.Found, Chain: best}
	case acquire.PhaseSurvivor:
		// The one it holds most of (A14).
		legal := g.AppendLegal(p.buf[:0], seat)
		best := legal[0]
		for _, a := range legal[1:] {
			if g.Shares(seat, a.Chain) > g.Shares(seat, best.Chain) {
				best = a
			}
		}
		return best
	case acquire.PhaseNext:
		return g.AppendLegal(p.buf[:0], seat)[0]
	case acquire.PhaseDispose:
		return p.dispose(g, seat)
	case acquire.PhaseBuy:
		if g.CanDeclare() && finalLead(g, seat) > 0 {
			return acquire.Action{Verb: acquire.End}
		}
		return p.buy(g, seat)
	}
	a, _ := g.RandomAction(seat, p.rng)
	return a
}

// play prefers tiles that found chains, grow chains it leads and merge
// chains it holds a bonus in.
func (p *policy) play(g *acquire.Game, seat int) acquire.Action {
	best, bv := acquire.Action{Verb: acquire.Skip}, math.Inf(-1)
	for _, t := range g.Rack(seat) {
		if t == acquire.NoTile {
			break
		}
		v := p.rng.Float64()
		switch g.Classify(t) {
		case acquire.Founds:
			v += 2
		case acquire.Grows:
			chains, _ := g.Touch(t)
			v += 0.5 + standing(g, seat, chains[0])
		case acquire.Merges:
			chains, n := g.Touch(t)
			big := chains[0]
			for _, c := range chains[1:n] {
				if g.Size(c) > g.Size(big) {
					big = c
				}
			}
			for _, c := range chains[:n] {
				if c != big {
					v += 3*standing(g, seat, c) - 0.5
				}
			}
		case acquire.Lone:
		default:
			continue
		}
		if v > bv {
			best, bv = acquire.Action{Verb: acquire.Play, Tile: t}, v
		}
	}
	return best
}

// dispose trades into the survivor when that wins or defends a bonus there,
// and sells the rest (A18).
func (p *policy) dispose(g *acquire.Game, seat int) acquire.Action {
	surv, def, _ := g.Merger()
	held := int8(g.Shares(seat, def))
	trade := min(held/2, int8(g.Bank(surv))) * 2
	if trade > 0 {
		mine, top, _ := holdings(g, seat, surv)
		if mine+int(trade)/2 < top-1 {
			trade = 0
		}
	}
	return acquire.Action{Verb: acquire.Dispose, Chain: def, Sell: held - trade, Trade: trade}
}

// buy spends on the chain where a few shares most help win or defend a
// bonus, keeping a reserve while many tiles are left (A20).
func (p *policy) buy(g *acquire.Game, seat int) acquire.Action {
	r := g.Rules()
	cash := g.Cash(seat)
	reserve := 0
	if g.BagLeft() > 20 {
		reserve = 300 * r.MaxBuy
	}
	best, bv := acquire.NoChain, 0.0
	for c := range acquire.Chain(acquire.Chains) {
		price := g.Price(c)
		if price == 0 || g.Bank(c) == 0 || price > cash {
			continue
		}
		mine, top, second := holdings(g, seat, c)
		var v float64
		switch {
		case mine > top:
			v = 1.5 / float64(mine-top)
		case mine == top:
			v = 2.5
		case top-mine < 2*r.MaxBuy:
			v = 3 / float64(top-mine+1)
		case mine >= second:
			v = 0.8
		default:
			v = 0.3
		}
		if v += 0.8 * p.rng.Float64(); v > bv {
			best, bv = c, v
		}
	}
	a := acquire.Action{Verb: acquire.Buy}
	if best == acquire.NoChain {
		return a
	}
	price := g.Price(best)
	for k := 0; k < r.MaxBuy && k < g.Bank(best) && cash-price >= reserve; k++ {
		a.Buys[a.N] = best
		a.N++
		cash -= price
	}
	if a.N == 0 && cash >= price && p.rng.IntN(4) == 0 {
		a.Buys[0], a.N = best, 1
	}
	return a
}

// holdings returns seat's shares of c, and the most and second most any
// other seat holds.
func holdings(g *acquire.Game, seat int, c acquire.Chain) (mine, top, second int) {
	for s := range g.SeatCount() {
		k := g.Shares(s, c)
		switch {
		case s == seat:
			mine = k
		case k > top:
			top, second = k, top
		case k > second:
			second = k
		}
	}
	return mine, top, second
}

// standing is 1 if seat leads chain c's holdings, ½ if it is second, else 0.
func standing(g *acquire.Game, seat int, c acquire.Chain) float64 {
	mine, top, second := holdings(g, seat, c)
	switch {
	case mine == 0:
		return 0
	case mine >= top:
		return 1
	case mine >= second:
		return 0.5
	}
	return 0
}

// finalLead is seat's money minus the most any other seat has if the game
// were scored now (A26): bonuses at current holdings (A17, ties split but
// not rounded; C9 as majority only) plus shares at current prices.
func finalLead(g *acquire.Game, seat int) int {
	n := g.SeatCount()
	var money [acquire.MaxSeats]int
	for s := range n {
		money[s] = g.Cash(s)
	}
	for c := range acquire.Chain(acquire.Chains) {
		price := g.Price(c)
		if price == 0 {
			continue
		}
		var first, second, nf, ns int
		for s := range n {
			k := g.Shares(s, c)
			money[s] += k * price
			switch {
			case k == 0:
			case k > first:
				second, ns, first, nf = first, nf, k, 1
			case k == first:
				nf++
			case k > second:
				second, ns = k, 1
			case k == second:
				ns++
			}
		}
		if nf == 0 {
			continue
		}
		major, minor := 10*price, 5*price
		for s := range n {
			switch k := g.Shares(s, c); {
			case k == 0:
			case k == first && (nf > 1 || ns == 0):
				money[s] += (major + minor) / nf
			case k == first:
				money[s] += major
			case k == second && nf == 1:
				money[s] += minor / ns
			}
		}
	}
	best := -1 << 30
	for s := range n {
		if s != seat {
			best = max(best, money[s])
		}
	}
	if n == 1 {
		best = 0
	}
	return money[seat] - best
}
