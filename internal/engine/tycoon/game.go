package tycoon

import (
	"fmt"

	"hotels/internal/engine"
)

// Phase is the kind of decision (or throw) that is due.
type Phase uint8

const (
	PhaseRoll     Phase = iota // chance: the move roll (T12, T13)
	PhaseClaim                 // the owner claims the stay or not (claim=manual, D1)
	PhaseNights                // chance: the nights of a stay (T21)
	PhasePick                  // the debtor picks the complex to auction (T23)
	PhaseBid                   // a bidder bids or passes (T24, D4)
	PhaseSpace                 // the action of the space the car stopped on (T15–T19)
	PhasePermit                // chance: the permission die (T16)
	PhaseDouble                // after `permit double`: pay double or build nothing (T16)
	PhaseTownHall              // entrances from the Town Hall (T20)
	PhaseOver                  // the game is over (T26, D8)
)

var phaseNames = [...]string{"roll", "claim", "nights", "pick", "bid", "space", "permit", "double", "town hall", "over"}

func (p Phase) String() string { return phaseNames[p] }

// chance is engine.Chance as a seat index.
const chance = int8(engine.Chance)

// Setup is everything a game is created from: its options and its seats in
// turn order, the first seat starting (T11).
type Setup struct {
	Options Options
	Seats   []string
}

// Game is a game of Hotel Tycoon. Its zero value is not usable; use New.
type Game struct {
	opts  Options
	deeds *Deeds // shared and never written
	seats int8
	begun int8 // seats at the start: Bank income depends on it (T14)
	names [MaxSeats]string

	cash     [MaxSeats]int32
	at       [MaxSeats]int8 // road space; -1 once out (T25)
	outOrder [MaxSeats]int8 // seats in the order they went out (T26)
	nOut     int8
	owner    [Hotels]int8  // the deed's holder; -1 the bank
	built    [Hotels]int8  // phases built (T3): the facilities are the last
	entrance [Spaces]Hotel // the entrance on each space, NoHotel if none (T6)
	ents     [Hotels]int8  // entrances per hotel

	phase    Phase
	turn     int8  // the seat whose turn it is
	toMove   int8  // the seat whose decision is due; chance for a die
	crossed  bool  // the Town Hall line was crossed this turn (T20)
	moveRoll int8  // this turn's move roll (D7)
	stay     Hotel // the hotel of the stay being charged
	creditor int8
	debt     int32 // the stay's price, while the guest cannot pay it (T23)
	apply    Hotel // the application for permission (T16a)
	count    int8  // ... its number of buildings
	cost     int32 // ... their deed prices together
	lot      Hotel // the complex auctioned (T24)
	high     int32 // the highest bid; 0 before the first
	leader   int8  // the highest bidder; -1 before the first bid
	passed   uint8 // bidders who passed, one bit a seat
	round    int32 // rounds completed (D8)

	lastRoll   int8 // the last move roll, 0 before the first
	lastNights int8 // the last nights roll, 0 before the first
	lastFace   Face
	faceShown  bool // lastFace is a throw, not the zero value

	events  [maxEvents]Event
	nEvents uint8
	forced  [maxForced]Step
	nForced uint8
	quiet   bool // no events or forced steps kept: a playout's copy
}

// Step is one decision: a seat and its action.
type Step struct {
	Seat   int8
	Action Action
}

// maxForced bounds the forced steps one action's log keeps: the longest
// chain is a debtor's eight complexes auctioned to three broke bidders
// each, and the passes of its turn's end.
const maxForced = 40

var _ engine.Game = (*Game)(nil)

// New creates a game: every car on Start, the start money paid, the first
// seat to roll (T1, T11).
func New(s Setup) (*Game, error) {
	n := len(s.Seats)
	if n < MinSeats || n > MaxSeats {
		return nil, engine.Cite("T1", fmt.Errorf("tycoon: %d seats: a game has %d to %d", n, MinSeats, MaxSeats))
	}
	g := &Game{opts: s.Options, deeds: s.Options.deeds(), seats: int8(n), begun: int8(n)}
	start := int32(StartCash34)
	if n == 2 {
		start = StartCash2
	}
	if err := engine.CheckSeats("tycoon", s.Seats, ValidName); err != nil {
		return nil, err
	}
	for i, name := range s.Seats {
		g.names[i] = name
		g.cash[i] = start
	}
	for h := range g.owner {
		g.owner[h] = -1
	}
	for i := range g.entrance {
		g.entrance[i] = NoHotel
	}
	g.leader = -1
	g.startTurn(0)
	return g, nil
}

// ValidName reports whether name can name a seat in a record: a seat name
// as every record allows (engine.ValidSeatName), and not a word a record
// line begins with, such as `roll` or `permit`, which begin chance lines.
func ValidName(name string) error {
	if err := engine.ValidSeatName(name); err != nil {
		return err
	}
	switch name {
	case "roll", "permit", "check", "result", "option", "seat":
		return fmt.Errorf("seat name %q: a record's own word, not a name", name)
	}
	return nil
}

// in reports whether seat is still in the game.
func (g *Game) in(seat int8) bool { return g.at[seat] >= 0 }

// left returns how many players are still in the game.
func (g *Game) left() int8 { return g.seats - g.nOut }

// hasProperty reports whether seat holds any deed.
func (g *Game) hasProperty(seat int8) bool {
	for _, o := range g.owner {
		if o == seat {
			return true
		}
	}
	return false
}

// price is the deed price of phases [from, to) of hotel h.
func (g *Game) price(h Hotel, from, to int8) int32 {
	var sum int32
	for _, p := range g.deeds[h].Price[from:to] {
		sum += p
	}
	return sum
}

// rent is a night's rent at hotel h: its last phase's (T8).
func (g *Game) rent(h Hotel) int32 {
	if g.built[h] == 0 {
		return 0
	}
	return g.deeds[h].Rent[g.built[h]-1]
}

// worth is seat's cash plus the deed prices of what it holds; 0 once out
// (T26, D8).
func (g *Game) worth(seat int8) int32 {
	if !g.in(seat) {
		return 0
	}
	w := g.cash[seat]
	for h, o := range g.owner {
		if o == seat {
			d := &g.deeds[h]
			w += d.Land + g.price(Hotel(h), 0, g.built[h]) + int32(g.ents[h])*d.Entrance
		}
	}
	return w
}
