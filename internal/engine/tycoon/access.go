package tycoon

// This file holds read-only accessors that allocate nothing, for bots that
// look at thousands of positions a move.

// SeatCount returns the number of seats.
func (g *Game) SeatCount() int { return int(g.seats) }

// Options returns the game's options.
func (g *Game) Options() Options { return g.opts }

// Deeds returns the title deeds in play (deeds=…, T28). The caller must
// not change them.
func (g *Game) Deeds() *Deeds { return g.deeds }

// Phase returns the kind of decision or throw that is due.
func (g *Game) Phase() Phase { return g.phase }

// Turn returns the seat whose turn it is.
func (g *Game) Turn() int { return int(g.turn) }

// Cash returns seat's cash in dollars.
func (g *Game) Cash(seat int) int { return int(g.cash[seat]) }

// Worth returns seat's worth (T26): 0 once out.
func (g *Game) Worth(seat int) int { return int(g.worth(int8(seat))) }

// In reports whether seat is still in the game.
func (g *Game) In(seat int) bool { return g.in(int8(seat)) }

// At returns the road space of seat's car, -1 once out.
func (g *Game) At(seat int) int { return int(g.at[seat]) }

// Owner returns the seat that holds h's deed, -1 for the bank.
func (g *Game) Owner(h Hotel) int { return int(g.owner[h]) }

// Built returns how many of h's phases are built, the facilities last.
func (g *Game) Built(h Hotel) int { return int(g.built[h]) }

// Entrances returns how many entrances h has.
func (g *Game) Entrances(h Hotel) int { return int(g.ents[h]) }

// EntranceAt returns the hotel whose entrance stands on road space sp,
// NoHotel if none.
func (g *Game) EntranceAt(sp int) Hotel { return g.entrance[sp] }

// Rent returns a night's rent at h now (T8).
func (g *Game) Rent(h Hotel) int { return int(g.rent(h)) }

// Application returns the hotel, buildings and deed prices of the
// application for permission under way (T16a).
func (g *Game) Application() (h Hotel, buildings, cost int) {
	return g.apply, int(g.count), int(g.cost)
}

// Auction returns the lot, the highest bid (0 before the first), the
// highest bidder (-1 before the first bid) and the least the next bid may
// be (T24, D4).
func (g *Game) Auction() (lot Hotel, high, leader, minBid int) {
	return g.lot, int(g.high), int(g.leader), int(g.minBid())
}

// Debt returns what the guest owes while it auctions its complexes (T23).
func (g *Game) Debt() int { return int(g.debt) }

// Round returns the rounds completed (D8).
func (g *Game) Round() int { return int(g.round) }
