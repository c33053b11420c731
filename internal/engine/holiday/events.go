package holiday

import (
	"fmt"

	"hotels/internal/engine"
)

// maxEvents bounds the events one action keeps: the action, a coup, a draw,
// a round's start and the end, then forced steps of up to six seats of a
// special and a final round, each a handful of events: well under 64.
const maxEvents = 64

// EventKind says what happened.
type EventKind uint8

const (
	EvTake     EventKind = iota + 1 // Seat took N shares: A, B
	EvOption                        // Seat used an option card for N shares: A, B
	EvCard                          // Seat played Card; A's chain through it is N long, A's value V
	EvCoup                          // Seat made the grand coup with Card, a chain of N (H17)
	EvExchange                      // Seat played an Exchange: gave A, took B if N is 1
	EvRaise                         // Seat played a Raise on A, whose value is now V
	EvPass                          // Seat passed in the final round
	EvDraw                          // Seat drew N cards, the first two Card and Card2
	EvSpecial                       // the special round starts with Seat (H19)
	EvFinal                         // the final round starts with Seat (H20)
	EvOver                          // the game is over and scored (H21, H22)
)

// Event is one thing that happened, as data; Text puts it in words.
type Event struct {
	Kind        EventKind
	Seat        int8
	Card, Card2 Card
	N           int8
	A, B        Company
	V           int16
}

func (g *Game) log(e Event) {
	if !g.quiet && int(g.nEvents) < maxEvents {
		g.events[g.nEvents] = e
		g.nEvents++
	}
}

// Quiet stops g from keeping events, for a copy that bots play out and
// nobody reads.
func (g *Game) Quiet() { g.quiet, g.nEvents = true, 0 }

// Events returns the events of the last Do, oldest first.
func (g *Game) Events() []Event { return g.events[:g.nEvents] }

// Text puts e in words as viewer may see it: the cards a seat draws are
// named to that seat only (H25).
func (g *Game) Text(e Event, viewer engine.Seat) string {
	who := ""
	if e.Seat >= 0 && e.Seat < g.seats {
		who = g.names[e.Seat]
	}
	switch e.Kind {
	case EvTake:
		return who + " takes " + sharesText(e.N, e.A, e.B)
	case EvOption:
		return who + " uses an option card and takes " + sharesText(e.N, e.A, e.B)
	case EvCard:
		return fmt.Sprintf("%s plays %s: %s chain is now %d, value %d", who, e.Card, e.A.Possessive(), e.N, e.V)
	case EvCoup:
		return fmt.Sprintf("%s makes the grand coup with %s: +%d points", who, e.Card, CoupBonus)
	case EvExchange:
		if e.N == 0 {
			return who + " plays an Exchange card and swaps nothing"
		}
		return fmt.Sprintf("%s plays an Exchange card: gives 1 %s, takes 1 %s", who, e.A, e.B)
	case EvRaise:
		return fmt.Sprintf("%s plays a Raise card on %s: value %d", who, e.A, e.V)
	case EvPass:
		return who + " passes"
	case EvDraw:
		if int(viewer) != int(e.Seat) {
			return fmt.Sprintf("%s draws %d %s", who, e.N, plural(int(e.N), "card"))
		}
		if e.N == 1 {
			return fmt.Sprintf("%s draws %s", who, e.Card)
		}
		if e.N == 2 {
			return fmt.Sprintf("%s draws %s and %s", who, e.Card, e.Card2)
		}
		return fmt.Sprintf("%s draws %d cards", who, e.N)
	case EvSpecial:
		return "the special round: from " + who + " to the last seat of the round, each takes 2 shares" // H19
	case EvFinal:
		return "the final round: from " + who + ", each may play one more card or pass" // H20
	case EvOver:
		if g.coup < 0 {
			return "every hand holds 4 cards or fewer: the game is over; " + g.winnersText() // H21
		}
		return "the game is over; " + g.winnersText()
	}
	return ""
}

// sharesText writes a take's shares: "2 Alps", "1 Alps and 1 USA",
// "nothing".
func sharesText(n int8, a, b Company) string {
	switch {
	case n == 0:
		return "nothing: the bank is empty"
	case n == 1:
		return "1 " + a.String()
	case a == b:
		return "2 " + a.String()
	}
	return "1 " + a.String() + " and 1 " + b.String()
}
