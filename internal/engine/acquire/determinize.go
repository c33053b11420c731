package acquire

import "math/rand/v2"

// This file lets bots search without peeking: a determinization is one
// possible world that agrees with everything a seat may see, drawn at
// random, so a search can play the game forward on it as on a real game.

// Determinize returns a copy of g in which everything seat may not see is
// drawn again at random with rng, consistently with what it may see; see
// DeterminizeInto. g is not changed.
func (g *Game) Determinize(seat int, rng *rand.Rand) *Game {
	d := new(Game)
	g.DeterminizeInto(d, seat, rng)
	return d
}

// DeterminizeInto writes into d a copy of g in which everything seat may not
// see is drawn again with rng, and allocates nothing; d may be g itself.
// seat must be one of the game's seats.
//
// Tiles (A8, A27): the tiles in the other seats' racks and those left in
// the bag are shuffled together and dealt again: each other rack keeps its
// size, the bag keeps its length, and seat's own rack, the board and the
// tiles taken out of the game (dead tiles, racks set aside: A22) stay as
// they are. Every arrangement of the unseen tiles is equally likely: the
// sample ignores what others' past decisions hint about their racks.
//
// Holdings, only with holdings=hidden (A27): what is public is the bank's
// stock, so for each chain the number of shares the other seats hold
// together (supply − bank − seat's own) is kept, and each of those shares
// goes to one of the other seats chosen uniformly. Nothing about their cash
// is public, so each other seat is given the viewer's own net worth (cash
// plus shares at current prices) minus the value of its sampled shares, at
// least $0: a neutral guess that everyone is doing about as well. With
// holdings=open, or once the game is over, nothing about holdings changes.
//
// The copy keeps every invariant of the game: each tile is once on the
// board, in a rack, in the bag or out of the game; each chain's shares add
// up to its supply; chain sizes match the board.
func (g *Game) DeterminizeInto(d *Game, seat int, rng *rand.Rand) {
	if seat < 0 || seat >= int(g.seats) {
		panic("acquire: DeterminizeInto: no such seat")
	}
	if d != g {
		*d = *g
	}
	d.resampleTiles(int8(seat), rng)
	if d.opts.Holdings == HoldingsHidden && d.phase != PhaseOver {
		d.resampleHoldings(int8(seat), rng)
	}
}

// resampleTiles deals the tiles seat cannot see again (A8, A27).
func (d *Game) resampleTiles(seat int8, rng *rand.Rand) {
	// Tiles in other racks, one bit a tile.
	var other [2]uint64
	for s := range d.seats {
		if s == seat {
			continue
		}
		for _, t := range d.rack[s] {
			if t == NoTile {
				break
			}
			other[t/64] |= 1 << (t % 64)
		}
	}
	// The bag positions holding unseen tiles, in order: first the drawn
	// positions whose tiles sit in other racks, then the undrawn ones. The
	// pool is taken in tile order, so that the sample depends on what seat
	// sees and on rng only, never on where the unseen tiles are now.
	var unseen [2]uint64
	var pos [Tiles]uint8
	k := 0
	for i, t := range d.bag[:d.bagLen] {
		if i >= int(d.drawn) || other[t/64]&(1<<(t%64)) != 0 {
			unseen[t/64] |= 1 << (t % 64)
			pos[k] = uint8(i)
			k++
		}
	}
	var pool [Tiles]Tile
	j := 0
	for t := range Tile(Tiles) {
		if unseen[t/64]&(1<<(t%64)) != 0 {
			pool[j] = t
			j++
		}
	}
	for i := k - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		pool[i], pool[j] = pool[j], pool[i]
	}
	// The first tiles of the shuffled pool refill the other racks, in the
	// drawn positions, so that everything in a rack was drawn; the rest is
	// the bag still to draw.
	j = 0
	for s := range d.seats {
		if s == seat {
			continue
		}
		for i, t := range d.rack[s] {
			if t == NoTile {
				break
			}
			d.rack[s][i] = pool[j]
			j++
		}
	}
	for i := range k {
		d.bag[pos[i]] = pool[i]
	}
}

// resampleHoldings draws the other seats' shares and cash again, keeping
// what is public: the bank's stock (A27).
func (d *Game) resampleHoldings(seat int8, rng *rand.Rand) {
	n := int(d.seats)
	if n < 2 {
		return
	}
	worth := d.cash[seat]
	for c := range Chain(Chains) {
		if d.size[c] > 0 {
			worth += int32(d.shares[seat][c]) * d.price(c)
		}
	}
	for c := range Chain(Chains) {
		held := 0
		for s := range d.seats {
			if s != seat {
				held += int(d.shares[s][c])
				d.shares[s][c] = 0
			}
		}
		for range held {
			s := int8(rng.IntN(n - 1))
			if s >= seat {
				s++
			}
			d.shares[s][c]++
		}
	}
	for s := range d.seats {
		if s == seat {
			continue
		}
		cash := worth
		for c := range Chain(Chains) {
			if d.size[c] > 0 {
				cash -= int32(d.shares[s][c]) * d.price(c)
			}
		}
		d.cash[s] = max(cash, 0)
	}
}
