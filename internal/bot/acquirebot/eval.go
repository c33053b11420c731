package acquirebot

import (
	"math"

	"hotels/internal/engine/acquire"
)

// This file estimates what a position is worth: each seat's final money,
// from its cash, its shares and its chances at each chain's bonuses. The
// estimate reads every seat's holdings, so it is used only on copies made
// by Determinize.

// weights are the estimate's few constants.
type weights struct {
	reserve float64 // cash kept per share a turn may buy, early on
	short   float64 // how much a dollar short of the reserve costs
	growth  float64 // tiles a chain is expected to grow early on
	keep    bool    // whether kept shares count (refound)
	best    float64 // weight of the best rival against the average one
}

var defaultWeights = weights{reserve: 400, short: 0.5, growth: 8, keep: true, best: 0.5}

// worth estimates each seat's final money in g, in dollars, into w.
//
// A share of a chain on the board is worth its price halfway to what it
// would be after the chain grows by a few tiles, more while many tiles are
// left to draw. The bonuses (A17, C9) are expected values: each pair of
// holders is compared by the difference of their holdings over a scale that
// shrinks as the bank empties and the game nears its end, when holdings can
// change less. A kept share of a defunct chain (A19) is worth something
// while the chain may well be founded again (see refound). Cash below a reserve that lets a
// seat keep buying counts half.
func worth(g *acquire.Game, k *weights, w *[acquire.MaxSeats]float64) {
	n := g.SeatCount()
	if g.Over() {
		for s := range n {
			w[s] = float64(g.Cash(s))
		}
		return
	}
	r := g.Rules()
	left := float64(g.BagLeft())
	tf := left / (left + 15) // 1 early in the game, 0 once the bag is empty
	on := 0
	for c := range acquire.Chain(acquire.Chains) {
		if g.Size(c) > 0 {
			on++
		}
	}
	reserve := float64(r.MaxBuy) * k.reserve * tf
	for s := range n {
		cash := float64(g.Cash(s))
		w[s] = cash - k.short*max(0, reserve-cash)
	}
	for c := range acquire.Chain(acquire.Chains) {
		size := g.Size(c)
		if size == 0 {
			if k.keep {
				refound(g, c, on, left, tf, w)
			}
			continue
		}
		now := float64(g.Price(c))
		later := float64(r.Price(c, min(size+int(k.growth*tf), acquire.EndSize)))
		value := (now + later) / 2
		for s := range n {
			w[s] += float64(g.Shares(s, c)) * value
		}
		bonuses(g, c, value, tf, w)
	}
}

// refound adds the worth of the shares of chain c, which is not on the
// board, that seats kept (A19): what they would be worth, bonuses included,
// if the chain were founded again and grew to five tiles, times the chance
// that it is, which falls as the board fills with chains and the bag
// empties.
func refound(g *acquire.Game, c acquire.Chain, on int, left, tf float64, w *[acquire.MaxSeats]float64) {
	n := g.SeatCount()
	kept := false
	for s := range n {
		kept = kept || g.Shares(s, c) > 0
	}
	if !kept {
		return
	}
	chance := min(1, float64(acquire.Chains-on)/3) * left / (left + 30)
	price := float64(g.Rules().Price(c, 5))
	var v [acquire.MaxSeats]float64
	for s := range n {
		v[s] = float64(g.Shares(s, c)) * price
	}
	bonuses(g, c, price, tf, &v)
	for s := range n {
		w[s] += chance * v[s]
	}
}

// bonuses adds each seat's expected bonuses of chain c at a share price of
// price to w (A17, C9).
func bonuses(g *acquire.Game, c acquire.Chain, price, tf float64, w *[acquire.MaxSeats]float64) {
	r := g.Rules()
	n := g.SeatCount()
	var m [acquire.MaxSeats]float64
	holders := 0
	for s := range n {
		m[s] = float64(g.Shares(s, c))
		if m[s] > 0 {
			holders++
		}
	}
	if holders == 0 {
		return
	}
	major, minor := 10*price, 5*price
	if r.TwoSeatBonus && n == 2 {
		w[0] += major * c9Part(m[0], m[1])
		w[1] += major * c9Part(m[1], m[0])
		return
	}
	scale := 0.5 + 2.5*float64(g.Bank(c))/float64(r.Chains[c].Supply)*tf
	var beat [acquire.MaxSeats][acquire.MaxSeats]float64 // beat[i][j]: i ends above j
	for i := range n {
		if m[i] == 0 {
			continue
		}
		for j := range n {
			if j != i {
				beat[i][j] = 1 / (1 + math.Exp((m[j]-m[i])/scale))
			}
		}
	}
	for i := range n {
		if m[i] == 0 {
			continue
		}
		first, second := 1.0, 0.0
		for j := range n {
			if j == i {
				continue
			}
			first *= beat[i][j]
			q := 1 - beat[i][j]
			for k := range n {
				if k != i && k != j {
					q *= beat[i][k]
				}
			}
			second += q
		}
		v := first*major + second*minor
		if holders == 1 {
			v += first * minor // a sole holder gets both
		}
		w[i] += v
	}
}

// c9Part is the part of the majority bonus a two-player holder of a shares
// gets against b (C9).
func c9Part(a, b float64) float64 {
	switch {
	case a == 0:
		return 0
	case b == 0 || a >= 3*b:
		return 1
	case b >= 3*a:
		return 0
	case 2*a >= 3*b:
		return 0.8
	case 2*b >= 3*a:
		return 0.2
	case a > b:
		return 0.6
	case a < b:
		return 0.4
	}
	return 0.5
}

// objective is how good w is for seat me: its money against a mix of the
// best and the average of the others', since a seat wins by beating the
// best and every other seat is a rival too.
func objective(k *weights, w *[acquire.MaxSeats]float64, n, me int) float64 {
	if n == 1 {
		return w[me]
	}
	best, sum := math.Inf(-1), 0.0
	for s := range n {
		if s != me {
			best = max(best, w[s])
			sum += w[s]
		}
	}
	return w[me] - k.best*best - (1-k.best)*sum/float64(n-1)
}
