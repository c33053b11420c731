package acquirebot

import (
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
)

// HardOptions sets how long the hard bot thinks about each decision.
type HardOptions struct {
	// Budget is the thinking time per decision; 0 for none.
	Budget time.Duration
	// Iterations caps the playouts per decision; 0 for no cap. With a cap
	// and no Budget the bot is reproducible from its seed.
	Iterations int
}

// DefaultHard is the hard bot a lobby offers: 300 ms a decision on one core.
var DefaultHard = HardOptions{Budget: 300 * time.Millisecond, Iterations: 100_000}

// Hard searches ahead by information-set Monte Carlo tree search: each
// iteration draws one world consistent with what its seat sees
// (Determinize), walks down a tree of decisions shared by all those worlds,
// choosing among the actions available in this world by UCB1, adds one
// node, plays on with a quick biased policy for up to 40 decisions (about
// three rounds) or to the end, and credits every decision on the way with
// how its maker finished: half for a win, split on ties, half for the share
// of rivals beaten. A playout cut short is judged by the normal bot's
// estimate of final money (worth), each seat beating another with a chance
// that grows with the difference; cut at 40 decisions, playouts judge as
// well as played to the end and cost a third.
//
// To keep the tree narrow, buys and disposals are pruned: at the root to
// the normal bot's favourites and a few plain choices (nothing, the most of
// each chain, sell all, keep all, trade the most), deeper to the plain
// choices and the playout policy's own. The decision made is the root's
// most visited action.
type Hard struct {
	opts   HardOptions
	rng    *rand.Rand
	normal *Normal
	pol    policy

	buf   []acquire.Action
	root  []acquire.Action
	cands []acquire.Action
	nodes []node
	path  []int32
	det   acquire.Game

	its     int     // playouts of the last decision
	horizon int     // playout decisions before the estimate judges; 0: to the end
	explore float64 // UCB1's exploration constant
}

// node is a decision in the tree: the action taken and by whom, and its
// statistics from that seat's view.
type node struct {
	action      acquire.Action
	seat        int8
	child, next int32 // first child, next sibling; 0 for none
	visits      int32
	avail       int32 // iterations in which the action was available
	reward      float64
}

const (
	maxNodes   = 1 << 16 // about 2.5 MB
	keepNodes  = 1 << 12 // nodes kept allocated between decisions
	rootKeep   = 8       // the normal bot's favourite buys or disposals kept at the root
	fallbackIt = 1000
)

// NewHard returns a hard bot drawing from rng, thinking as opts says.
func NewHard(rng *rand.Rand, opts HardOptions) *Hard {
	return &Hard{opts: opts, rng: rng, normal: NewNormal(rng), pol: policy{rng: rng}, explore: 0.7, horizon: 40}
}

// Choose searches for seat's action within the budget.
func (b *Hard) Choose(g engine.Game, seat engine.Seat) engine.Action {
	b.its = 0
	return choose(g, seat, b.rng, &b.buf, b.search)
}

// Playouts returns how many playouts the last decision ran: 0 if it had
// one choice.
func (b *Hard) Playouts() int { return b.its }

// search runs the tree search from g for seat.
func (b *Hard) search(g *acquire.Game, seat int) acquire.Action {
	start := time.Now()
	b.root = b.rootCandidates(g, seat, b.root[:0])
	if len(b.root) == 1 {
		return b.root[0]
	}
	limit, budget := b.opts.Iterations, b.opts.Budget
	if limit <= 0 && budget <= 0 {
		limit = fallbackIt
	}
	b.nodes = append(b.nodes[:0], node{}, node{seat: -1}) // 0: none; 1: the root
	for it := 0; limit <= 0 || it < limit; it++ {
		if budget > 0 && it&7 == 0 && it > 0 && time.Since(start) >= budget {
			break
		}
		b.iterate(g, seat)
		b.its++
	}
	best := int32(0)
	for ch := b.nodes[1].child; ch != 0; ch = b.nodes[ch].next {
		n, m := &b.nodes[ch], &b.nodes[best]
		if best == 0 || n.visits > m.visits || n.visits == m.visits && n.reward > m.reward {
			best = ch
		}
	}
	a := b.nodes[best].action
	if cap(b.nodes) > keepNodes {
		b.nodes = nil // a bot waits long between decisions: give the memory back
	}
	return a
}

// iterate runs one determinization, selection, expansion, playout and
// backup.
func (b *Hard) iterate(g *acquire.Game, seat int) {
	d := &b.det
	g.DeterminizeInto(d, seat, b.rng)
	d.Quiet()
	b.path = b.path[:0]
	cur := int32(1)
	for !d.Over() {
		to, _ := d.ToMove()
		p := int(to)
		cands := b.root
		if cur != 1 {
			b.cands = b.candidates(d, p, b.cands[:0])
			cands = b.cands
		}
		// Mark the children available in this world; expand the first
		// candidate with none.
		var idx [64]int32
		expand := -1
		for i, a := range cands {
			idx[i] = b.child(cur, a)
			if idx[i] == 0 {
				if expand < 0 {
					expand = i
				}
				continue
			}
			b.nodes[idx[i]].avail++
		}
		if expand >= 0 && len(b.nodes) < maxNodes {
			ch := b.add(cur, cands[expand], p)
			b.do(d, p, cands[expand])
			b.path = append(b.path, ch)
			break
		}
		pick := int32(0)
		bu := math.Inf(-1)
		for i := range cands {
			if n := &b.nodes[idx[i]]; idx[i] != 0 {
				u := n.reward/float64(n.visits) + b.explore*math.Sqrt(math.Log(float64(n.avail))/float64(n.visits))
				if u > bu {
					pick, bu = idx[i], u
				}
			}
		}
		if pick == 0 { // a full tree and nothing known here
			break
		}
		b.do(d, p, b.nodes[pick].action)
		b.path = append(b.path, pick)
		cur = pick
	}
	for steps := 0; !d.Over() && (b.horizon == 0 || steps < b.horizon); steps++ {
		to, _ := d.ToMove()
		b.do(d, int(to), b.pol.act(d, int(to)))
	}
	var reward [acquire.MaxSeats]float64
	if d.Over() {
		rewards(d, &reward)
	} else {
		estimate(d, &reward)
	}
	for _, ch := range b.path {
		n := &b.nodes[ch]
		n.visits++
		n.reward += reward[n.seat]
	}
}

func (b *Hard) do(d *acquire.Game, seat int, a acquire.Action) {
	if err := d.Do(seat, a); err != nil {
		panic("bot: hard chose an illegal action: " + err.Error())
	}
}

// child returns parent's child for a, or 0.
func (b *Hard) child(parent int32, a acquire.Action) int32 {
	for ch := b.nodes[parent].child; ch != 0; ch = b.nodes[ch].next {
		if b.nodes[ch].action == a {
			return ch
		}
	}
	return 0
}

// add makes a child of parent for seat's action a.
func (b *Hard) add(parent int32, a acquire.Action, seat int) int32 {
	ch := int32(len(b.nodes))
	b.nodes = append(b.nodes, node{action: a, seat: int8(seat), next: b.nodes[parent].child, avail: 1})
	b.nodes[parent].child = ch
	return ch
}

// rewards scores a finished game for every seat in [0, 1]: half for a win
// (split between tied winners), half for the share of rivals beaten (ties
// count half).
func rewards(g *acquire.Game, r *[acquire.MaxSeats]float64) {
	n := g.SeatCount()
	if n == 1 {
		r[0] = 1
		return
	}
	top, tied := math.MinInt, 0
	for s := range n {
		switch c := g.Cash(s); {
		case c > top:
			top, tied = c, 1
		case c == top:
			tied++
		}
	}
	for s := range n {
		beaten := 0.0
		for o := range n {
			switch {
			case o == s:
			case g.Cash(s) > g.Cash(o):
				beaten++
			case g.Cash(s) == g.Cash(o):
				beaten += 0.5
			}
		}
		r[s] = 0.5 * beaten / float64(n-1)
		if g.Cash(s) == top {
			r[s] += 0.5 / float64(tied)
		}
	}
}

// estimate scores an unfinished game for every seat in [0, 1] as rewards
// does, from the estimated final money (worth): seat i beats seat j with a
// chance that grows with the difference over a few thousand dollars.
func estimate(g *acquire.Game, r *[acquire.MaxSeats]float64) {
	n := g.SeatCount()
	if n == 1 {
		r[0] = 1
		return
	}
	var w [acquire.MaxSeats]float64
	worth(g, &defaultWeights, &w)
	var win [acquire.MaxSeats]float64
	sum := 0.0
	for i := range n {
		win[i] = 1
		beaten := 0.0
		for j := range n {
			if j != i {
				p := 1 / (1 + math.Exp((w[j]-w[i])/3000))
				beaten += p
				win[i] *= p
			}
		}
		r[i] = 0.5 * beaten / float64(n-1)
		sum += win[i]
	}
	for i := range n {
		r[i] += 0.5 * win[i] / sum
	}
}

// rootCandidates appends the actions the search considers at the root:
// every legal one, unless there are many (buys, disposals), then the normal
// bot's favourites and the plain choices.
func (b *Hard) rootCandidates(g *acquire.Game, seat int, out []acquire.Action) []acquire.Action {
	legal := b.buf
	if len(legal) <= 2*rootKeep {
		return append(out, legal...)
	}
	scores, _ := b.normal.rank(g, seat, legal)
	order := make([]int, len(legal))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		switch {
		case scores[i] > scores[j]:
			return -1
		case scores[i] < scores[j]:
			return 1
		}
		return 0
	})
	for _, i := range order[:rootKeep] {
		out = append(out, legal[i])
	}
	if g.CanDeclare() {
		out = addAction(out, acquire.Action{Verb: acquire.End})
	}
	var plain [16]acquire.Action
	for _, a := range b.plain(g, seat, plain[:0]) {
		out = addAction(out, a)
	}
	return out
}

// candidates appends the actions the search considers below the root.
func (b *Hard) candidates(g *acquire.Game, seat int, out []acquire.Action) []acquire.Action {
	switch g.Phase() {
	case acquire.PhaseBuy:
		if g.CanDeclare() {
			out = append(out, acquire.Action{Verb: acquire.End})
		}
		out = addAction(out, b.pol.buy(g, seat))
		return b.plain(g, seat, out)
	case acquire.PhaseDispose:
		out = append(out, b.pol.dispose(g, seat))
		return b.plain(g, seat, out)
	}
	return g.AppendLegal(out, seat)
}

// plain appends the plain buys (nothing; the most of each chain one may
// buy) or disposals (sell all, keep all, trade the most and sell or keep the
// rest) that out lacks.
func (b *Hard) plain(g *acquire.Game, seat int, out []acquire.Action) []acquire.Action {
	switch g.Phase() {
	case acquire.PhaseBuy:
		out = addAction(out, acquire.Action{Verb: acquire.Buy})
		cash, maxBuy := g.Cash(seat), g.Rules().MaxBuy
		for c := range acquire.Chain(acquire.Chains) {
			price := g.Price(c)
			if price == 0 || g.Bank(c) == 0 || price > cash {
				continue
			}
			a := acquire.Action{Verb: acquire.Buy}
			for k := 0; k < maxBuy && k < g.Bank(c) && int(a.N+1)*price <= cash; k++ {
				a.Buys[a.N] = c
				a.N++
			}
			out = addAction(out, a)
		}
	case acquire.PhaseDispose:
		surv, def, _ := g.Merger()
		held := int8(g.Shares(seat, def))
		trade := min(held/2, int8(g.Bank(surv))) * 2
		out = addAction(out, acquire.Action{Verb: acquire.Dispose, Chain: def, Sell: held})
		out = addAction(out, acquire.Action{Verb: acquire.Dispose, Chain: def})
		out = addAction(out, acquire.Action{Verb: acquire.Dispose, Chain: def, Sell: held - trade, Trade: trade})
		out = addAction(out, acquire.Action{Verb: acquire.Dispose, Chain: def, Trade: trade})
	}
	return out
}

// addAction appends a to out unless it is there.
func addAction(out []acquire.Action, a acquire.Action) []acquire.Action {
	if slices.Contains(out, a) {
		return out
	}
	return append(out, a)
}
