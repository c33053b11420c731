package holiday

import (
	"math"
	"math/rand/v2"

	"hotels/internal/engine"
	"hotels/internal/engine/holiday"
)

// Normal plays by sound heuristics, judging each legal action by itself:
//
//   - it takes shares of the companies whose longest chains promise the
//     most value (H15), counting the chains its own hand can still grow;
//   - it plays the cards that lengthen chains where it holds more shares
//     than the others, and keeps the cards that would lengthen chains where
//     others hold more (blocking cards), playing a bare Exchange rather
//     than help a rival;
//   - it makes the grand coup when that leaves it in front, and avoids
//     leaving a chain of 9 for someone else to finish (H17);
//   - it exchanges a share of a weak company for one of a strong company,
//     and raises the valued company where it leads most (H16);
//   - it keeps its option cards while the game is young, for the shares of
//     the companies that turn out best, and uses them once the end is near
//     and always in the special round (H11, H19);
//   - in the final round it plays the card that most improves its score
//     against the best rival's, or passes (H20).
type Normal struct {
	rng *rand.Rand
	buf []holiday.Action
}

// NewNormal returns a normal bot drawing from rng (to break ties).
func NewNormal(rng *rand.Rand) *Normal { return &Normal{rng: rng} }

// Choose picks seat's best action by the heuristics above, or nil if no
// decision of seat's is due.
func (b *Normal) Choose(g engine.Game, seat engine.Seat) engine.Action {
	hg, ok := due(g, seat)
	if !ok {
		return nil
	}
	b.buf = hg.AppendLegal(b.buf[:0], int(seat))
	if len(b.buf) == 1 {
		return b.buf[0]
	}
	var ev eval
	ev.init(hg, int(seat))
	best, bestScore := 0, math.Inf(-1)
	for i, a := range b.buf {
		if s := ev.score(a) + 1e-6*b.rng.Float64(); s > bestScore {
			best, bestScore = i, s
		}
	}
	return b.buf[best]
}

// eval judges one seat's actions in one position, from what it may see.
type eval struct {
	g    *holiday.Game
	seat int
	// lead is the seat's shares of each company less the others' mean:
	// how much more a point of that company's value is worth to it.
	lead [holiday.Companies]float64
	// worth estimates a share's final value in each company.
	worth [holiday.Companies]float64
	// late is true once the end is near: the stock is low or a chain
	// threatens the coup.
	late bool
}

// potential estimates what a track is worth: its value (H15, H16), or for a
// chain still under 5 a part of its length, since it may yet grow.
func potential(track uint32, raises int) float64 {
	n := holiday.LongestChain(track)
	if n >= holiday.MinValued {
		return float64(n + raises)
	}
	return 0.6 * float64(n)
}

func (e *eval) init(g *holiday.Game, seat int) {
	e.g, e.seat = g, seat
	n := g.SeatCount()
	var mine [holiday.Companies]uint32 // the seat's destination cards, as tracks
	hand, k := g.Hand(seat)
	for _, card := range hand[:k] {
		if card.IsDestination() {
			mine[card.Company()] |= 1 << (card.Number() - 1)
		}
	}
	longest := 0
	for c := range holiday.Company(holiday.Companies) {
		others := 0
		for s := range n {
			if s != seat {
				others += g.Shares(s, c)
			}
		}
		e.lead[c] = float64(g.Shares(seat, c)) - float64(others)/float64(n-1)
		t, r := g.Track(c), g.Raises(c)
		e.worth[c] = 0.5*potential(t, r) + 0.5*potential(t|mine[c], r)
		longest = max(longest, g.Longest(c))
	}
	e.late = g.StockLeft() <= 3*n || longest >= 7 || g.Coup() >= 0
}

// score judges action a: higher is better.
func (e *eval) score(a holiday.Action) float64 {
	g := e.g
	switch a.Verb {
	case holiday.Take:
		return e.sharesWorth(a)
	case holiday.Option:
		switch {
		case g.Phase() == holiday.PhaseSpecial:
			return e.sharesWorth(a) + 1 // its last chance
		case e.late && g.Phase() == holiday.PhasePlay:
			return 100 + e.sharesWorth(a) // before the turn's last card
		case e.late:
			return e.sharesWorth(a) + 1
		}
		return -1000
	case holiday.Play:
		if g.Phase() == holiday.PhaseFinal {
			return e.finalGain(a.Card.Company(), g.Track(a.Card.Company())|1<<(a.Card.Number()-1), g.Raises(a.Card.Company()))
		}
		return e.cardScore(a.Card)
	case holiday.Swap:
		if a.N == 0 {
			return -0.1
		}
		return e.worth[a.B] - e.worth[a.A] - 0.1
	case holiday.Lift:
		if g.Phase() == holiday.PhaseFinal {
			return e.finalGain(a.A, g.Track(a.A), g.Raises(a.A)+1)
		}
		if g.Longest(a.A) >= holiday.MinValued {
			return e.lead[a.A]
		}
		return 0.3 * e.lead[a.A]
	}
	return 0 // a pass
}

func (e *eval) sharesWorth(a holiday.Action) float64 {
	w := 0.0
	if a.N >= 1 {
		w += e.worth[a.A]
	}
	if a.N >= 2 {
		w += e.worth[a.B]
	}
	return w
}

// cardScore judges playing destination card k in a normal turn.
func (e *eval) cardScore(k holiday.Card) float64 {
	g := e.g
	c, n := k.Company(), k.Number()
	t, r := g.Track(c), g.Raises(c)
	after := t | 1<<(n-1)
	s := (potential(after, r) - potential(t, r)) * e.lead[c]
	if g.Coup() >= 0 {
		return s
	}
	switch chain := g.ChainWith(c, n); {
	case chain >= holiday.CoupLength: // H17
		s += holiday.CoupBonus
		if e.ahead(c, after, r) {
			s += 20
		} else {
			s -= 10
		}
	case chain == holiday.CoupLength-1:
		s -= 3 // the next player may finish it
	case chain == holiday.CoupLength-2:
		s--
	}
	return s
}

// scoresWith returns the seat's points and its best rival's if company c's
// track and raises became these (H22).
func (e *eval) scoresWith(c holiday.Company, track uint32, raises int) (mine, rival int) {
	g := e.g
	v := holiday.LongestChain(track)
	if v < holiday.MinValued {
		v = 0
	} else {
		v += raises
	}
	dv := v - g.Value(c)
	rival = math.MinInt
	for s := range g.SeatCount() {
		p := g.Score(s) + dv*g.Shares(s, c)
		if s == e.seat {
			mine = p
		} else {
			rival = max(rival, p)
		}
	}
	return mine, rival
}

// ahead reports whether the seat would lead with the coup's bonus after
// company c's track and raises become these.
func (e *eval) ahead(c holiday.Company, track uint32, raises int) bool {
	mine, rival := e.scoresWith(c, track, raises)
	return mine+holiday.CoupBonus > rival
}

// finalGain is how much the seat's lead over its best rival grows if
// company c's track and raises become these: the final round's measure.
func (e *eval) finalGain(c holiday.Company, track uint32, raises int) float64 {
	mine, rival := e.scoresWith(c, track, raises)
	before, best := 0, math.MinInt
	for s := range e.g.SeatCount() {
		if s == e.seat {
			before = e.g.Score(s)
		} else {
			best = max(best, e.g.Score(s))
		}
	}
	return float64((mine - rival) - (before - best))
}
