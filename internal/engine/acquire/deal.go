package acquire

import "math/rand/v2"

// Deal fixes the chance of a new live game: it shuffles the bag with rng,
// gives each seat (named clockwise from any seat) its start tile, turns the
// table so that the seat whose start tile is nearest 1A plays first (A7),
// and deals the classic starting shares (C3). The result is the game's
// Setup, whose header is the record's.
func Deal(r *Rules, opts Options, seats []string, rng *rand.Rand) Setup {
	bag := make([]Tile, Tiles)
	for i := range bag {
		bag[i] = Tile(i)
	}
	rng.Shuffle(len(bag), func(i, j int) { bag[i], bag[j] = bag[j], bag[i] })
	n := len(seats)
	first := 0
	for i := range n {
		// Tile order is row by row, so the smallest tile is the nearest to
		// row A and, in that row, the lowest column.
		if bag[i] < bag[first] {
			first = i
		}
	}
	s := Setup{Rules: r, Options: opts, Seats: make([]string, n), Bag: bag}
	start := make([]Tile, n)
	for i := range n {
		s.Seats[i] = seats[(first+i)%n]
		start[i] = bag[(first+i)%n]
	}
	copy(bag, start)
	if r.Chains[0].Dealt > 0 {
		s.Stock = dealStock(r, n, rng)
	}
	return s
}

// dealStock shuffles the starting share cards and deals them one at a time
// (C3): into n piles, or three with two players, the third going back to the
// bank.
func dealStock(r *Rules, n int, rng *rand.Rand) [][Chains]int {
	var cards []Chain
	for c := range Chain(Chains) {
		for range r.Chains[c].Dealt {
			cards = append(cards, c)
		}
	}
	rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	piles := n
	if n < 3 {
		piles = 3
	}
	stock := make([][Chains]int, n)
	for i, c := range cards {
		if p := i % piles; p < n {
			stock[p][c]++
		}
	}
	return stock
}
