package tycoon

import (
	"fmt"
	"strings"

	"hotels/internal/engine"
)

// maxEvents bounds the events one action keeps. The longest chain is a
// move, a stay, an auction with every bidder forced to pass, a bank
// buy-back, the end of a turn and the game: under 30.
const maxEvents = 64

// EventKind says what happened.
type EventKind uint8

const (
	EvMove       EventKind = iota + 1 // Seat rolled N and moved to Other
	EvBank                            // Seat crossed the Bank line and collected Amount (T14)
	EvGuest                           // Seat stopped at an entrance of Other's Hotel (T21)
	EvClaim                           // Seat claimed Other's stay at Hotel (claim=manual)
	EvNights                          // Seat rolled N nights at Hotel: Amount
	EvRent                            // Seat paid Other Amount for N nights at Hotel
	EvShort                           // Seat cannot pay Amount: an auction (T23)
	EvBroke                           // Seat paid Other all its cash, Amount (T25)
	EvOut                             // Seat is out of the game (T25)
	EvBuy                             // Seat bought Hotel's land from Other (-1 the bank) for Amount
	EvApply                           // Seat applied for N of Hotel's buildings, Amount at deed prices
	EvPermit                          // the permission die showed Face(N)
	EvBuilt                           // Seat put up N of Hotel's buildings for Amount
	EvFacilities                      // Seat installed Hotel's facilities for Amount
	EvFree                            // Seat added Hotel's phase N free
	EvEntrance                        // Seat put an entrance to Hotel on space N for Amount
	EvPass                            // Seat passed in phase N (the lot Hotel in an auction, on space Other); Amount > 0 if it had to: the least bid, or 1
	EvAuction                         // Seat auctions Hotel (T23)
	EvBid                             // Seat bid Amount for Hotel
	EvSold                            // Seat bought Other's Hotel complex for Amount (T24)
	EvBankBuys                        // no bid: the bank paid Seat Amount for Hotel (T24)
	EvAgain                           // Seat rolled a 6 and plays again (six=again)
	EvOver                            // the game is over
)

// Event is one thing that happened, as data; Text puts it in words.
type Event struct {
	Kind   EventKind
	Seat   int8
	Other  int8
	Hotel  Hotel
	N      int32
	Amount int32
}

func (g *Game) log(e Event) {
	if !g.quiet && int(g.nEvents) < maxEvents {
		g.events[g.nEvents] = e
		g.nEvents++
	}
}

// Quiet stops g from keeping events and forced steps, for a copy that bots
// play out and nobody reads.
func (g *Game) Quiet() { g.quiet, g.nEvents, g.nForced = true, 0, 0 }

// Events returns the events of the last Do, oldest first.
func (g *Game) Events() []Event { return g.events[:g.nEvents] }

// Forced returns the forced steps (D3) the last Do applied after its
// action, in order.
func (g *Game) Forced() []Step { return g.forced[:g.nForced] }

// money writes dollars as players read them: "$1,400".
func money(n int32) string { return engine.Dollars.Format(int(n)) }

// Text puts e in words. Everything is public (T27): every viewer reads the
// same.
func (g *Game) Text(e Event) string {
	name := func(s int8) string {
		if s < 0 || s >= g.seats {
			return "the bank"
		}
		return g.names[s]
	}
	who, other, hotel := name(e.Seat), name(e.Other), "the "+e.Hotel.Title()
	switch e.Kind {
	case EvMove:
		return fmt.Sprintf("%s rolls %d and moves to %d", who, e.N, e.Other)
	case EvBank:
		return fmt.Sprintf("%s crosses the Bank line and collects %s", who, money(e.Amount))
	case EvGuest:
		return fmt.Sprintf("%s stops at an entrance of %s's %s", who, other, e.Hotel.Title())
	case EvClaim:
		return fmt.Sprintf("%s claims %s's stay at %s", who, other, hotel)
	case EvNights:
		return fmt.Sprintf("%s rolls %d for the nights at %s", who, e.N, hotel)
	case EvRent:
		return fmt.Sprintf("%s pays %s %s for %s at %s", who, other, money(e.Amount), plural(e.N, "night"), hotel)
	case EvShort:
		return fmt.Sprintf("%s cannot pay %s and must auction a complex", who, money(e.Amount))
	case EvBroke:
		return fmt.Sprintf("%s pays %s all their cash, %s", who, other, money(e.Amount))
	case EvOut:
		return fmt.Sprintf("%s is out of the game", who)
	case EvBuy:
		return fmt.Sprintf("%s buys %s's land from %s for %s", who, hotel, other, money(e.Amount))
	case EvApply:
		return fmt.Sprintf("%s applies to build %s at %s (%s)", who, plural(e.N, "building"), hotel, money(e.Amount))
	case EvPermit:
		return fmt.Sprintf("the permission die shows %s", Face(e.N).Word())
	case EvBuilt:
		return fmt.Sprintf("%s builds %s at %s for %s", who, plural(e.N, "building"), hotel, money(e.Amount))
	case EvFacilities:
		return fmt.Sprintf("%s installs %s's facilities for %s", who, hotel, money(e.Amount))
	case EvFree:
		return fmt.Sprintf("%s adds phase %d of %s free", who, e.N, hotel)
	case EvEntrance:
		return fmt.Sprintf("%s puts an entrance to %s on space %d for %s", who, hotel, e.N, money(e.Amount))
	case EvPass:
		return g.passText(e, who, hotel)
	case EvAuction:
		return fmt.Sprintf("%s auctions %s", who, hotel)
	case EvBid:
		return fmt.Sprintf("%s bids %s for %s", who, money(e.Amount), hotel)
	case EvSold:
		return fmt.Sprintf("%s buys %s from %s for %s", who, hotel, other, money(e.Amount))
	case EvBankBuys:
		return fmt.Sprintf("no one bids: the bank pays %s %s for %s's land", who, money(e.Amount), hotel)
	case EvAgain:
		return fmt.Sprintf("%s rolled a 6 and plays again", who)
	case EvOver:
		return g.Due()
	}
	return fmt.Sprintf("event %d", e.Kind)
}

// passText says what a pass declined, and why when there was no choice:
// "alice cannot bid for the President: the least bid is $2,850", "bob can
// do nothing on space 5 (build)", never a bare "passes".
func (g *Game) passText(e Event, who, hotel string) string {
	forced := e.Amount > 0
	switch Phase(e.N) {
	case PhaseBid:
		if forced {
			return fmt.Sprintf("%s cannot bid for %s: the least bid is %s", who, hotel, money(e.Amount))
		}
		return fmt.Sprintf("%s passes on %s", who, hotel)
	case PhaseSpace:
		where := fmt.Sprintf("space %d (%s)", e.Other, strings.ToLower(Road[e.Other].Kind.String()))
		if forced {
			return fmt.Sprintf("%s can do nothing on %s", who, where)
		}
		return fmt.Sprintf("%s does nothing on %s", who, where)
	case PhaseDouble:
		if forced {
			return fmt.Sprintf("%s cannot pay double and builds nothing", who)
		}
		return fmt.Sprintf("%s does not pay double and builds nothing", who)
	case PhaseTownHall:
		return fmt.Sprintf("%s buys no entrance at the Town Hall", who)
	case PhaseClaim:
		return fmt.Sprintf("%s does not claim the stay", who)
	}
	return fmt.Sprintf("%s passes", who)
}

func plural(n int32, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
