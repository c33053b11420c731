package holiday

// This file holds read-only accessors that allocate nothing, for bots that
// look at thousands of positions a move. A bot reads other seats' hands
// only on a copy made by Determinize.

// SeatCount returns the number of seats.
func (g *Game) SeatCount() int { return int(g.seats) }

// Name returns seat's name.
func (g *Game) Name(seat int) string { return g.names[seat] }

// Phase returns the kind of decision that is due.
func (g *Game) Phase() Phase { return g.phase }

// Over reports whether the game is over.
func (g *Game) Over() bool { return g.phase == PhaseOver }

// Hand returns seat's hand, filled from the front, and how many cards it
// holds.
// Destination cards come first, in the order they were drawn, then
// Exchange and Raise cards.
func (g *Game) Hand(seat int) (h [HandSize]Card, n int) {
	h = g.hand[seat]
	n = int(g.nDest[seat])
	for range g.nEx[seat] {
		h[n] = Exchange
		n++
	}
	for range g.nRaise[seat] {
		h[n] = Raise
		n++
	}
	return h, n
}

// HandCount returns how many cards seat holds.
func (g *Game) HandCount(seat int) int { return int(g.nHand[seat]) }

// StockLeft returns how many cards are left to draw.
func (g *Game) StockLeft() int { return int(g.deckLen - g.drawn) }

// Track returns company c's suitcases: bit n-1 set for destination n.
func (g *Game) Track(c Company) uint32 { return g.track[c] }

// Suitcase reports whether destination n (1–20) of c has a suitcase.
func (g *Game) Suitcase(c Company, n int) bool { return g.track[c]&(1<<(n-1)) != 0 }

// Longest returns the length of company c's longest chain (H14).
func (g *Game) Longest(c Company) int { return longest(g.track[c]) }

// ChainWith returns the length of the chain c's destination n would be in
// with a suitcase on it (H14).
func (g *Game) ChainWith(c Company, n int) int {
	return chainAt(g.track[c]|1<<(n-1), uint(n-1))
}

// Value returns company c's value now (H15, H16, D8).
func (g *Game) Value(c Company) int { return g.value(c) }

// Raises returns how many Raise cards lie beside company c (H16).
func (g *Game) Raises(c Company) int { return int(g.raises[c]) }

// Shares returns how many shares of c seat holds.
func (g *Game) Shares(seat int, c Company) int { return int(g.shares[seat][c]) }

// Bank returns how many shares of c the bank holds.
func (g *Game) Bank(c Company) int { return int(g.bank[c]) }

// Options returns how many option cards seat still holds (H11).
func (g *Game) Options(seat int) int { return int(g.options[seat]) }

// Score returns seat's points if the game were scored now (H22).
func (g *Game) Score(seat int) int { return g.score(int8(seat)) }

// Coup returns the seat that made the grand coup, or -1 (H17).
func (g *Game) Coup() int { return int(g.coup) }

// LongestChain returns the length of the longest chain of a track given as
// Track gives it (H14): for bots weighing tracks that may come.
func LongestChain(track uint32) int { return longest(track) }
