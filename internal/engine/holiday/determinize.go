package holiday

import "math/rand/v2"

// This file lets bots search without peeking: a determinization is one
// possible world that agrees with everything a seat may see, drawn at
// random, so a search can play the game forward on it as on a real game.

// Determinize returns a copy of g in which everything seat may not see is
// drawn again at random with rng; see DeterminizeInto. g is not changed.
func (g *Game) Determinize(seat int, rng *rand.Rand) *Game {
	d := new(Game)
	g.DeterminizeInto(d, seat, rng)
	return d
}

// DeterminizeInto writes into d a copy of g in which what seat may not see
// (H25: the other hands and the order of the stock) is drawn again with
// rng, and allocates nothing; d may be g itself. The cards of the other
// hands and of the stock are shuffled together and dealt again: each other
// hand keeps its size and the stock its length, while seat's own hand and
// everything public stay as they are. Every arrangement of the unseen cards
// is equally likely: the sample ignores what others' past decisions hint
// about their hands. seat must be one of the game's seats.
func (g *Game) DeterminizeInto(d *Game, seat int, rng *rand.Rand) {
	if seat < 0 || seat >= int(g.seats) {
		panic("holiday: DeterminizeInto: no such seat")
	}
	if d != g {
		*d = *g
	}
	// The pool is taken in card order, so that the sample depends on what
	// seat sees and on rng only, never on where the unseen cards are now.
	var unseen [Cards]int8
	for s := range d.seats {
		if int(s) != seat {
			h, n := d.Hand(int(s))
			for _, k := range h[:n] {
				unseen[k]++
			}
		}
	}
	for _, k := range d.deck[d.drawn:d.deckLen] {
		unseen[k]++
	}
	var pool [Cards]Card
	n := 0
	for k, m := range unseen {
		for range m {
			pool[n] = Card(k)
			n++
		}
	}
	for i := n - 1; i > 0; i-- {
		j := int(rng.Uint32N(uint32(i + 1)))
		pool[i], pool[j] = pool[j], pool[i]
	}
	j := 0
	for s := range d.seats {
		if int(s) != seat {
			size := d.nHand[s]
			d.nDest[s], d.nEx[s], d.nRaise[s], d.nHand[s] = 0, 0, 0, 0
			for range size {
				d.add(s, pool[j])
				j++
			}
		}
	}
	copy(d.deck[d.drawn:d.deckLen], pool[j:n])
}
