package tycoon

import (
	"math"
	"math/rand/v2"
	"time"

	"hotels/internal/engine"
	game "hotels/internal/engine/tycoon"
)

// HardOptions sets how long the hard bot thinks about each decision.
type HardOptions struct {
	// Budget is the thinking time per decision; 0 for none.
	Budget time.Duration
	// Playouts caps the playouts per decision, over all its candidates; 0
	// for no cap. With a cap and no Budget the bot is reproducible from its
	// seed.
	Playouts int
	// Horizon is how many actions (decisions and throws) a playout plays
	// before the worths judge it; 0 plays to the end.
	Horizon int
}

// DefaultHard is the hard bot a lobby offers: 3,000 playouts of 60 actions
// (about six turns each), at most 400 ms a decision.
var DefaultHard = HardOptions{Budget: 400 * time.Millisecond, Playouts: 3000, Horizon: 60}

// Hard searches over the dice by sampling: for each of its legal actions
// (and the normal bot's Town Hall set), it plays the game on many times
// with dice drawn at random and every seat playing as the normal bot, and
// judges each playout: a win counts 1, a game cut at the horizon its share
// of the players' prospects (worth and the rents its entrances will earn).
// The candidates share their dice (playout i of each draws
// the same numbers), so each is compared with the normal bot's own choice
// playout by playout, and it departs from that choice only for one whose
// mean gain is clearly above the noise (two standard errors): a guess of
// the dice never overrules the heuristics by luck.
type Hard struct {
	opts HardOptions
	rng  *rand.Rand
	pcg  rand.PCG   // the playouts' dice, reseeded for each round of playouts
	dice *rand.Rand // over pcg

	buf   []game.Action
	cands []game.Action
	gain  []float64 // per candidate: the sum of its gains over the normal choice
	gain2 []float64 // ... and of their squares
	last  int       // playouts of the last decision
}

// NewHard returns a hard bot drawing from rng, thinking as opts says.
func NewHard(rng *rand.Rand, opts HardOptions) *Hard {
	b := &Hard{opts: opts, rng: rng}
	b.dice = rand.New(&b.pcg)
	return b
}

// Playouts returns how many playouts the last decision took.
func (b *Hard) Playouts() int { return b.last }

// Choose picks seat's action by sampled search.
func (b *Hard) Choose(g engine.Game, seat engine.Seat) engine.Action {
	tg, ok := decision(g, seat, &b.buf)
	if !ok {
		return nil
	}
	if len(b.buf) == 1 {
		return b.buf[0]
	}
	s := int(seat)
	normal := choose(tg, s, b.buf)
	b.cands = append(b.cands[:0], normal)
	for _, a := range b.buf {
		if a != normal {
			b.cands = append(b.cands, a)
		}
	}
	n := len(b.cands)
	b.gain = append(b.gain[:0], make([]float64, n)...)
	b.gain2 = append(b.gain2[:0], make([]float64, n)...)
	start := time.Now()
	base := b.rng.Uint64()
	b.last = 0
	rounds := 0
	for ; b.opts.Playouts == 0 || b.last+n <= b.opts.Playouts; rounds++ {
		if b.opts.Budget > 0 && time.Since(start) > b.opts.Budget {
			break
		}
		var ref float64
		for c := range n {
			b.pcg.Seed(base, uint64(rounds))
			v := b.playout(tg, s, b.cands[c])
			if c == 0 {
				ref = v
			}
			b.gain[c] += v - ref
			b.gain2[c] += (v - ref) * (v - ref)
		}
		b.last += n
	}
	best, bestMean := 0, 0.0
	if rounds < 2 {
		return normal
	}
	for c := 1; c < n; c++ {
		mean := b.gain[c] / float64(rounds)
		variance := max(b.gain2[c]/float64(rounds)-mean*mean, 0)
		if se := math.Sqrt(variance / float64(rounds)); mean > 2*se && mean > bestMean {
			best, bestMean = c, mean
		}
	}
	return b.cands[best]
}

// playout plays a copy of g on after seat's action a and judges it from
// seat's view.
func (b *Hard) playout(g *game.Game, seat int, a game.Action) float64 {
	sim := *g
	sim.Quiet()
	if sim.Do(seat, a) != nil {
		return 0
	}
	for n := 0; !sim.Over() && (b.opts.Horizon == 0 || n < b.opts.Horizon); n++ {
		to, _ := sim.ToMove()
		b.buf = sim.AppendLegal(b.buf[:0], int(to))
		if to == engine.Chance {
			sim.DoLegal(int(to), b.buf[b.dice.IntN(len(b.buf))])
			continue
		}
		sim.DoLegal(int(to), choose(&sim, int(to), b.buf))
	}
	return judge(&sim, seat)
}

// judge scores a game for seat: over, 1 for a win (shared by ties) and 0
// otherwise; cut short, seat's share of the players' prospects.
func judge(g *game.Game, seat int) float64 {
	if g.Over() {
		st := g.Standings()
		firsts, won := 0, false
		for _, s := range st {
			if s.Place == 1 {
				firsts++
				won = won || int(s.Seat) == seat
			}
		}
		if won {
			return 1 / float64(firsts)
		}
		return 0
	}
	var p [4]float64
	prospects(g, &p)
	total := 0.0
	for s := range g.SeatCount() {
		total += p[s]
	}
	if total == 0 {
		return 0
	}
	return p[seat] / total
}

// futureTurns is how many turns of each other player prospects counts
// an entrance's rents for. Tuned in the arena, 200 two-player games against
// normal from seed 1000 at 600 playouts: worth alone 58%, 35 turns 62.5%,
// 70 turns 55%, 150 turns 56%. At the lobby's 3,000 playouts, from seed
// 20261126, worth alone won 71.5% and 35 turns 67.5%: no difference the
// arena can tell there.
const futureTurns = 35

// prospects sets each seat's worth plus the rents it may expect to take,
// less those it may expect to pay, over the next futureTurns turns: worth
// alone counts a hotel at what it cost, not at what its entrances will
// earn. In the long run a car stops on each space about once in 31 turns,
// for 3.5 nights on average. A seat out of the game has none.
func prospects(g *game.Game, p *[4]float64) {
	n := g.SeatCount()
	in := 0
	for s := range n {
		if g.In(s) {
			in++
			p[s] = float64(g.Worth(s))
		}
	}
	for h := range game.Hotel(game.Hotels) {
		o := g.Owner(h)
		if o < 0 || g.Entrances(h) == 0 {
			continue
		}
		flow := futureTurns * float64(g.Entrances(h)*g.Rent(h)) * 3.5 / float64(game.Spaces)
		p[o] += flow * float64(in-1)
		for s := range n {
			if s != o && g.In(s) {
				p[s] -= flow
			}
		}
	}
	for s := range n {
		p[s] = max(p[s], 0)
	}
}
