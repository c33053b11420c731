package holiday

import (
	"fmt"
	"math/bits"

	"hotels/internal/engine"
)

// Table limits (H3–H6, H12).
const (
	MinSeats     = 2
	MaxSeats     = 6
	HandSize     = 10 // cards a hand is dealt and drawn up to (H6, H13)
	SharesEach   = 20 // shares of each company, all in the bank at the start (H3)
	CoupLength   = 10 // a chain this long makes the grand coup (H17)
	CoupBonus    = 10 // points the grand coup earns (H17, H22)
	MinValued    = 5  // a chain shorter than this gives no value (H15)
	EarlyEndHand = 4  // every hand at most this many cards ends the game (H21)
)

// setupTable is H5 by seats: option cards each and cards turned up.
var setupTable = [MaxSeats + 1]struct{ options, turnUp int8 }{
	2: {2, 8}, 3: {2, 8}, 4: {1, 8}, 5: {1, 4}, 6: {1, 8},
}

// Phase is the kind of decision that is due.
type Phase uint8

const (
	PhaseTake    Phase = iota // a normal turn before its take (H9, H10)
	PhasePlay                 // a normal turn after its take: cards to play (H12)
	PhaseSpecial              // the special round: a take and nothing else (H19)
	PhaseFinal                // the final round: one card or a pass (H20)
	PhaseOver                 // the game is over and scored (H22)
)

// Setup is everything a game is created from: the seats in turn order and
// the deck, first dealt first (a short deck is a test position: D9).
type Setup struct {
	Seats []string
	Deck  []Card
}

// Game is a game of Holiday AG. Its zero value is not usable; use New.
type Game struct {
	seats int8
	names [MaxSeats]string

	deck    [Cards]Card
	deckLen uint8 // cards in the deck at the start
	drawn   uint8 // cards dealt, turned up or drawn: deck[drawn:deckLen] is the stock

	// A hand is its destination cards, filled from the front, and counts
	// of its special cards, so that playouts find a card in one step.
	hand   [MaxSeats][HandSize]Card
	nDest  [MaxSeats]int8
	nEx    [MaxSeats]int8 // Exchange cards held
	nRaise [MaxSeats]int8 // Raise cards held
	nHand  [MaxSeats]int8 // all the cards held

	track  [Companies]uint32 // bit n-1 set: a suitcase on destination n (H14)
	raises [Companies]int8   // Raise cards beside each company (H16)
	pile   [Cards]Card       // the face-up discard pile, oldest first (H25)
	nPile  uint8
	upPile uint8 // the pile's first cards, turned up at the start (H7)

	bank    [Companies]int8
	code    int16 // the bank's code for the takes it allows: see bankCode
	shares  [MaxSeats][Companies]int8
	options [MaxSeats]int8 // option cards still held (H11)

	phase  Phase
	turn   int8 // the seat whose decision is due
	played int8 // cards played this turn
	coup   int8 // the seat that made the grand coup, or -1 (H17)

	events  [maxEvents]Event
	nEvents uint8
	quiet   bool // events are not kept: a playout's copy
}

var _ engine.Game = (*Game)(nil)

// New creates a game from its setup: the hands dealt, cards turned up, the
// first seat to take (H5–H8, D9).
func New(s Setup) (*Game, error) {
	n := len(s.Seats)
	if n < MinSeats || n > MaxSeats {
		return nil, engine.Cite("H4", fmt.Errorf("holiday: %d seats: a game has %d to %d", n, MinSeats, MaxSeats))
	}
	if err := engine.CheckSeats("holiday", s.Seats, engine.ValidSeatName); err != nil {
		return nil, err
	}
	g := &Game{seats: int8(n), coup: -1}
	copy(g.names[:], s.Seats)
	if err := checkDeck(s.Deck); err != nil {
		return nil, fmt.Errorf("holiday: %w", err)
	}
	copy(g.deck[:], s.Deck)
	g.deckLen = uint8(len(s.Deck))
	for c := range g.bank {
		g.bank[c] = SharesEach
	}
	g.code = g.bankCode()
	row := setupTable[n]
	for i := range n { // H6, D9: seat by seat
		g.options[i] = row.options
		g.refill(int8(i))
	}
	for range row.turnUp { // H7
		k := g.draw()
		if k == NoCard {
			break
		}
		if k.IsDestination() {
			g.track[k.Company()] |= 1 << (k % Destinations)
		}
		g.discard(k)
	}
	g.upPile = g.nPile
	g.settle()
	return g, nil
}

// checkDeck refuses a deck that names a destination twice or a special
// card three times (records: holiday-ag.md).
func checkDeck(deck []Card) error {
	if len(deck) > Cards {
		return engine.Cite("H2", fmt.Errorf("the deck has %d cards: there are %d", len(deck), Cards))
	}
	var seen [Cards]int8
	for _, k := range deck {
		if k > Raise {
			return fmt.Errorf("card %d is no card", k)
		}
		seen[k]++
		if k.IsDestination() && seen[k] > 1 {
			return engine.Cite("H2", fmt.Errorf("%s is twice in the deck: each destination has one card", k))
		}
		if seen[k] > 2 {
			return engine.Cite("H2", fmt.Errorf("%s is three times in the deck: there are 2", k))
		}
	}
	return nil
}

// draw takes the next card of the stock, or NoCard when it is empty.
func (g *Game) draw() Card {
	if g.drawn >= g.deckLen {
		return NoCard
	}
	k := g.deck[g.drawn]
	g.drawn++
	return k
}

// refill draws until seat holds HandSize cards or the stock is empty (H13,
// D6), and returns how many it drew and the first two.
func (g *Game) refill(seat int8) (n int, first, second Card) {
	first, second = NoCard, NoCard
	for g.nHand[seat] < HandSize {
		k := g.draw()
		if k == NoCard {
			break
		}
		g.add(seat, k)
		switch n {
		case 0:
			first = k
		case 1:
			second = k
		}
		n++
	}
	return n, first, second
}

// add puts k in seat's hand.
func (g *Game) add(seat int8, k Card) {
	switch k {
	case Exchange:
		g.nEx[seat]++
	case Raise:
		g.nRaise[seat]++
	default:
		g.hand[seat][g.nDest[seat]] = k
		g.nDest[seat]++
	}
	g.nHand[seat]++
}

// discard puts k on the face-up pile.
func (g *Game) discard(k Card) {
	g.pile[g.nPile] = k
	g.nPile++
}

// holds reports whether seat's hand holds k.
func (g *Game) holds(seat int8, k Card) bool {
	switch k {
	case Exchange:
		return g.nEx[seat] > 0
	case Raise:
		return g.nRaise[seat] > 0
	}
	for _, x := range g.hand[seat][:g.nDest[seat]] {
		if x == k {
			return true
		}
	}
	return false
}

// remove takes k, which seat holds, out of its hand.
func (g *Game) remove(seat int8, k Card) {
	g.nHand[seat]--
	switch k {
	case Exchange:
		g.nEx[seat]--
		return
	case Raise:
		g.nRaise[seat]--
		return
	}
	h := &g.hand[seat]
	n := int(g.nDest[seat]) - 1
	for i, x := range h[:n] {
		if x == k { // the last card takes its place
			h[i] = h[n]
			break
		}
	}
	g.nDest[seat]--
}

// pow3 is each company's digit's weight in a bank code.
var pow3 = [Companies]int16{81, 27, 9, 3, 1}

// move moves n shares of c from the bank to seat, or back if n < 0,
// keeping the bank's code.
func (g *Game) move(seat int8, c Company, n int8) {
	old := min(g.bank[c], 2)
	g.bank[c] -= n
	g.shares[seat][c] += n
	g.code += int16(min(g.bank[c], 2)-old) * pow3[c]
}

// longest returns the length of the longest run of suitcases on a track
// (H14): each step keeps the destinations that still have a suitcase k
// places to their left.
func longest(track uint32) int {
	n := 0
	for track != 0 {
		track &= track << 1
		n++
	}
	return n
}

// chainAt returns the length of the chain holding destination bit b.
func chainAt(track uint32, b uint) int {
	// The run from b up, then the run from b-1 down (none when b is 0: a
	// shift by 32 is 0 in Go).
	up := bits.TrailingZeros32(^(track >> b))
	down := bits.LeadingZeros32(^(track << (32 - b)))
	return up + down
}

// value is company c's value now (H15, H16, D8).
func (g *Game) value(c Company) int {
	n := longest(g.track[c])
	if n < MinValued {
		return 0
	}
	return n + int(g.raises[c])
}

// score is seat's points now (H22): value × shares, plus the coup's bonus.
func (g *Game) score(seat int8) int {
	p := 0
	for c := range Company(Companies) {
		p += g.value(c) * int(g.shares[seat][c])
	}
	if g.coup == seat {
		p += CoupBonus
	}
	return p
}

// bankTotal is the number of shares in the bank.
func (g *Game) bankTotal() int {
	n := 0
	for _, k := range g.bank {
		n += int(k)
	}
	return n
}
