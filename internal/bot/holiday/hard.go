package holiday

import (
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"hotels/internal/engine"
	"hotels/internal/engine/holiday"
)

// HardOptions sets how long the hard bot thinks about each decision.
type HardOptions struct {
	// Budget is the thinking time per decision; 0 for none.
	Budget time.Duration
	// Iterations caps the playouts per decision; 0 for no cap. With a cap
	// and no Budget the bot is reproducible from its seed.
	Iterations int
}

// DefaultHard is the hard bot a lobby offers: at most 400 ms and 3,000
// playouts a decision on one core.
var DefaultHard = HardOptions{Budget: 400 * time.Millisecond, Iterations: 3000}

// candidates is how many of the normal bot's favourite actions the hard bot
// weighs at a decision.
const candidates = 8

// Hard searches by flat Monte Carlo over sampled worlds: it keeps the normal
// bot's favourite actions, and for each playout draws one world consistent
// with what its seat sees (Determinize: the other hands and the stock dealt
// again), chooses an action by UCB1, and plays the game out to the end with
// a quick greedy policy for every seat. A playout scores its seat's win
// (split on ties) and the share of rivals it beat. The decision made is the
// most visited action.
type Hard struct {
	opts   HardOptions
	rng    *rand.Rand
	normal *Normal

	buf    []holiday.Action
	cands  []holiday.Action
	visits []int
	reward []float64
	det    holiday.Game
	its    int // playouts of the last decision
}

// NewHard returns a hard bot drawing from rng, thinking as opts says.
func NewHard(rng *rand.Rand, opts HardOptions) *Hard {
	return &Hard{opts: opts, rng: rng, normal: NewNormal(rng)}
}

// Playouts returns how many playouts the last decision made.
func (b *Hard) Playouts() int { return b.its }

// Choose picks seat's action by the search above, or nil if no decision of
// seat's is due.
func (b *Hard) Choose(g engine.Game, seat engine.Seat) engine.Action {
	hg, ok := due(g, seat)
	if !ok {
		return nil
	}
	b.its = 0
	b.buf = hg.AppendLegal(b.buf[:0], int(seat))
	if len(b.buf) == 1 {
		return b.buf[0]
	}
	b.rank(hg, int(seat))
	if len(b.cands) == 1 {
		return b.cands[0]
	}
	return b.search(hg, int(seat))
}

// rank keeps the normal bot's favourite legal actions as candidates.
func (b *Hard) rank(g *holiday.Game, seat int) {
	var ev eval
	ev.init(g, seat)
	scores := make([]float64, len(b.buf))
	for i, a := range b.buf {
		scores[i] = ev.score(a) + 1e-6*b.rng.Float64()
	}
	order := make([]int, len(b.buf))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(i, j int) int { return cmpDesc(scores[i], scores[j]) })
	b.cands = b.cands[:0]
	for _, i := range order[:min(len(order), candidates)] {
		b.cands = append(b.cands, b.buf[i])
	}
}

func cmpDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}

func (b *Hard) search(g *holiday.Game, seat int) holiday.Action {
	n := len(b.cands)
	b.visits = slices.Grow(b.visits[:0], n)[:n]
	b.reward = slices.Grow(b.reward[:0], n)[:n]
	clear(b.visits)
	clear(b.reward)
	start := time.Now()
	for it := 0; ; it++ {
		if b.opts.Iterations > 0 && it >= b.opts.Iterations {
			break
		}
		if b.opts.Budget > 0 && it%16 == 0 && time.Since(start) > b.opts.Budget {
			break
		}
		if b.opts.Iterations <= 0 && b.opts.Budget <= 0 && it >= 1000 {
			break
		}
		i := b.pick(it)
		g.DeterminizeInto(&b.det, seat, b.rng)
		b.det.Quiet()
		b.det.DoLegal(seat, b.cands[i])
		playout(&b.det, b.rng)
		b.visits[i]++
		b.reward[i] += reward(&b.det, seat)
		b.its++
	}
	best := 0
	for i := range n {
		if b.visits[i] > b.visits[best] || b.visits[i] == b.visits[best] && b.reward[i] > b.reward[best] {
			best = i
		}
	}
	return b.cands[best]
}

// pick chooses the candidate to try by UCB1, each untried one first.
func (b *Hard) pick(it int) int {
	best, bestU := 0, math.Inf(-1)
	logN := math.Log(float64(it + 1))
	for i, v := range b.visits {
		if v == 0 {
			return i
		}
		u := b.reward[i]/float64(v) + 0.5*math.Sqrt(logN/float64(v))
		if u > bestU {
			best, bestU = i, u
		}
	}
	return best
}

// reward scores a finished game for seat: its share of the win, and the
// share of rivals it beat.
func reward(g *holiday.Game, seat int) float64 {
	n := g.SeatCount()
	mine, best, tied, beaten := g.Score(seat), math.MinInt, 0, 0
	for s := range n {
		p := g.Score(s)
		switch {
		case p > best:
			best, tied = p, 1
		case p == best:
			tied++
		}
		if s != seat && p < mine {
			beaten++
		}
	}
	win := 0.0
	if mine == best {
		win = 1 / float64(tied)
	}
	return 0.7*win + 0.3*float64(beaten)/float64(n-1)
}

// playout plays g to the end with the greedy policy for every seat.
func playout(g *holiday.Game, rng *rand.Rand) {
	for !g.Over() {
		seat, _ := g.ToMove()
		g.DoLegal(int(seat), policy(g, int(seat), rng)) // TestPolicyLegal checks these are legal
	}
}

// policy is a quick greedy choice for playouts, where every hand is known
// (the world is a sampled one): take shares of the companies with the
// longest chains (counting the seat's own cards), play the card that most helps the companies the seat
// leads in, make the coup, use option cards near the end. One decision in
// twenty is random, so that playouts vary.
func policy(g *holiday.Game, seat int, rng *rand.Rand) holiday.Action {
	if rng.Uint32N(20) == 0 {
		a, _ := g.RandomAction(seat, rng)
		return a
	}
	n := g.SeatCount()
	var lead [holiday.Companies]float64
	for c := range holiday.Company(holiday.Companies) {
		others := 0
		for s := range n {
			if s != seat {
				others += g.Shares(s, c)
			}
		}
		lead[c] = float64(g.Shares(seat, c)) - float64(others)/float64(n-1)
	}
	switch g.Phase() {
	case holiday.PhaseTake, holiday.PhaseSpecial:
		a := bestTake(g, seat, rng)
		if g.Options(seat) > 0 && (g.Phase() == holiday.PhaseSpecial || g.StockLeft() <= 3*n || longest(g) >= 7) {
			a.Verb = holiday.Option
		}
		return a
	case holiday.PhasePlay:
		return bestCard(g, seat, &lead, rng)
	}
	return bestFinal(g, seat, &lead)
}

// longest returns the longest chain of any company.
func longest(g *holiday.Game) int {
	n := 0
	for c := range holiday.Company(holiday.Companies) {
		n = max(n, g.Longest(c))
	}
	return n
}

// bestTake takes 2 shares of the company worth most to seat, or 1 each of
// the two worth most, among those the bank holds: worth as the normal bot
// weighs it, so that playouts play the opponents much as they play.
func bestTake(g *holiday.Game, seat int, rng *rand.Rand) holiday.Action {
	// As the normal bot weighs them: half the chains as they are, half
	// as the seat's own cards can grow them.
	var mine [holiday.Companies]uint32
	hand, k := g.Hand(seat)
	for _, card := range hand[:k] {
		if card.IsDestination() {
			mine[card.Company()] |= 1 << (card.Number() - 1)
		}
	}
	total := 0
	var key [holiday.Companies]float64
	for c := range holiday.Company(holiday.Companies) {
		total += g.Bank(c)
		t, r := g.Track(c), g.Raises(c)
		key[c] = 0.5*potential(t, r) + 0.5*potential(t|mine[c], r) + 0.2*rng.Float64()
	}
	if total < 2 { // D3: the only take
		a, _ := g.RandomAction(seat, rng)
		a.Verb = holiday.Take
		return a
	}
	first, second := holiday.NoCompany, holiday.NoCompany
	for c := range holiday.Company(holiday.Companies) {
		if g.Bank(c) == 0 {
			continue
		}
		switch {
		case first < 0 || key[c] > key[first]:
			first, second = c, first
		case second < 0 || key[c] > key[second]:
			second = c
		}
	}
	if g.Bank(first) >= 2 {
		second = first
	}
	if second < first {
		first, second = second, first
	}
	return holiday.Action{Verb: holiday.Take, N: 2, A: first, B: second}
}

// bestCard plays the card that most helps the companies seat leads in.
func bestCard(g *holiday.Game, seat int, lead *[holiday.Companies]float64, rng *rand.Rand) holiday.Action {
	hand, k := g.Hand(seat)
	best, bestScore := holiday.Action{}, math.Inf(-1)
	for _, card := range hand[:k] {
		var a holiday.Action
		var s float64
		switch card {
		case holiday.Exchange:
			a, s = holiday.Action{Verb: holiday.Swap, A: holiday.NoCompany, B: holiday.NoCompany}, -0.1
		case holiday.Raise:
			c := holiday.Alps
			for d := range holiday.Company(holiday.Companies) {
				if lead[d] > lead[c] {
					c = d
				}
			}
			a = holiday.Action{Verb: holiday.Lift, A: c, B: holiday.NoCompany}
			if g.Longest(c) >= holiday.MinValued {
				s = lead[c]
			}
		default:
			c, num := card.Company(), card.Number()
			t, r := g.Track(c), g.Raises(c)
			a = holiday.Action{Verb: holiday.Play, Card: card, A: holiday.NoCompany, B: holiday.NoCompany}
			s = (potential(t|1<<(num-1), r) - potential(t, r)) * lead[c]
			if g.Coup() < 0 {
				switch chain := g.ChainWith(c, num); {
				case chain >= holiday.CoupLength:
					s += 30
				case chain == holiday.CoupLength-1:
					s -= 3 // the next player may finish it
				}
			}
		}
		if s += 0.01 * rng.Float64(); s > bestScore {
			best, bestScore = a, s
		}
	}
	return best
}

// bestFinal plays the final-round card that most helps the companies seat
// leads in, or passes.
func bestFinal(g *holiday.Game, seat int, lead *[holiday.Companies]float64) holiday.Action {
	hand, k := g.Hand(seat)
	best := holiday.Action{Verb: holiday.Pass, A: holiday.NoCompany, B: holiday.NoCompany}
	bestScore := 0.0
	for _, card := range hand[:k] {
		if !card.IsDestination() {
			continue
		}
		c := card.Company()
		v := holiday.LongestChain(g.Track(c) | 1<<(card.Number()-1))
		if v < holiday.MinValued {
			v = 0
		} else {
			v += g.Raises(c)
		}
		if s := float64(v-g.Value(c)) * lead[c]; s > bestScore {
			best = holiday.Action{Verb: holiday.Play, Card: card, A: holiday.NoCompany, B: holiday.NoCompany}
			bestScore = s
		}
	}
	return best
}
