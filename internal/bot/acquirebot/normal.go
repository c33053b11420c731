package acquirebot

import (
	"math"
	"math/rand/v2"
	"slices"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
)

// Normal plays by sound heuristics: it looks one decision ahead and keeps
// the action after which its estimated final money (see worth) stands best
// against the other seats'. Before it judges, it resolves its own follow-up
// decisions of the turn the same way: a tile is judged with the best chain
// to found, the best survivor and disposal of a merger, and the best buy.
//
// What that amounts to: it founds chains (the free share and an early lead
// make a new chain worth more to its founder), grows the chains it leads,
// merges when the bonuses it collects outweigh those it hands to others,
// keeps the survivor it is strongest in, trades into the survivor when the
// shares win or defend a bonus there and sells when cash is short or the
// defunct chain is unlikely to return, buys where a few shares win or
// defend a majority or minority, and keeps a cash reserve while the game
// is young. It declares the end when the game's own final scoring, applied
// to a copy, puts it first.
//
// With holdings=hidden it averages its judgement over several
// determinizations of the other seats' holdings.
type Normal struct {
	rng *rand.Rand
	// Samples is the number of determinizations judged with
	// holdings=hidden; with open holdings one is enough.
	Samples int

	weights weights
	buf     []acquire.Action
	det     acquire.Game
	stack   [lookahead]acquire.Game
	lists   [lookahead][]acquire.Action
	scores  []float64
}

// lookahead bounds the chain of one seat's own decisions judged together:
// play, found or survivor, next, dispose, buy.
const lookahead = 6

// NewNormal returns a normal bot drawing from rng.
func NewNormal(rng *rand.Rand) *Normal { return &Normal{rng: rng, Samples: 8, weights: defaultWeights} }

// Choose picks seat's action by the heuristics above.
func (b *Normal) Choose(g engine.Game, seat engine.Seat) engine.Action {
	return choose(g, seat, b.rng, &b.buf, func(g *acquire.Game, s int) acquire.Action {
		scores, end := b.rank(g, s, b.buf)
		if end {
			return acquire.Action{Verb: acquire.End}
		}
		best := 0
		for i := range scores {
			if scores[i] > scores[best] {
				best = i
			}
		}
		return b.buf[best]
	})
}

// rank scores each of seat's legal actions by the average objective after
// it, and says whether to declare the end (whose own score is -Inf).
func (b *Normal) rank(g *acquire.Game, seat int, legal []acquire.Action) (scores []float64, end bool) {
	k := 1
	if g.Options().Holdings == acquire.HoldingsHidden {
		k = max(b.Samples, 1)
	}
	b.scores = slices.Grow(b.scores[:0], len(legal))[:len(legal)]
	clear(b.scores)
	ahead := 0
	for range k {
		g.DeterminizeInto(&b.det, seat, b.rng)
		b.det.Quiet()
		for i, a := range legal {
			if a.Verb == acquire.End {
				if b.aheadAtEnd(&b.det, seat) {
					ahead++
				}
				continue
			}
			b.scores[i] += b.value(&b.det, seat, a, 0)
		}
	}
	for i, a := range legal {
		if a.Verb == acquire.End {
			b.scores[i] = math.Inf(-1)
		}
	}
	return b.scores, 2*ahead > k
}

// value is seat's objective after it takes a in d and then resolves its own
// decisions that follow, each the best by the same measure.
func (b *Normal) value(d *acquire.Game, seat int, a acquire.Action, depth int) float64 {
	e := &b.stack[depth]
	*e = *d
	if err := e.Do(seat, a); err != nil {
		panic("bot: normal judged an illegal action: " + err.Error())
	}
	for depth+1 < lookahead && !e.Over() {
		to, _ := e.ToMove()
		if int(to) != seat {
			break
		}
		switch e.Phase() {
		case acquire.PhaseFound, acquire.PhaseSurvivor, acquire.PhaseNext, acquire.PhaseDispose:
		case acquire.PhaseBuy:
			if a.Verb == acquire.Buy || a.Verb == acquire.End {
				return b.judge(e, seat)
			}
		default:
			return b.judge(e, seat)
		}
		b.lists[depth] = e.AppendLegal(b.lists[depth][:0], seat)
		best, bv := b.lists[depth][0], math.Inf(-1)
		for _, x := range b.lists[depth] {
			if v := b.value(e, seat, x, depth+1); v > bv {
				best, bv = x, v
			}
		}
		if err := e.Do(seat, best); err != nil {
			panic("bot: normal chose an illegal action: " + err.Error())
		}
	}
	return b.judge(e, seat)
}

func (b *Normal) judge(g *acquire.Game, seat int) float64 {
	var w [acquire.MaxSeats]float64
	worth(g, &b.weights, &w)
	return objective(&b.weights, &w, g.SeatCount(), seat)
}

// aheadAtEnd reports whether seat, declaring the end in d and then making
// its best buy, finishes with more money than every other seat (A24, A26):
// the engine's own final scoring on a copy decides.
func (b *Normal) aheadAtEnd(d *acquire.Game, seat int) bool {
	e := &b.stack[0]
	*e = *d
	if err := e.Do(seat, acquire.Action{Verb: acquire.End}); err != nil {
		panic("bot: normal declared the end illegally: " + err.Error())
	}
	if e.Over() { // nothing to buy
		return lead(e, seat) > 0
	}
	best := math.Inf(-1)
	b.lists[0] = e.AppendLegal(b.lists[0][:0], seat)
	for _, a := range b.lists[0] {
		f := &b.stack[1]
		*f = *e
		if err := f.Do(seat, a); err != nil {
			panic("bot: normal judged an illegal buy: " + err.Error())
		}
		best = max(best, lead(f, seat))
	}
	return best > 0
}

// lead is seat's money minus the most any other seat has.
func lead(g *acquire.Game, seat int) float64 {
	margin := math.Inf(1)
	for s := range g.SeatCount() {
		if s != seat {
			margin = min(margin, float64(g.Cash(seat)-g.Cash(s)))
		}
	}
	return margin
}
