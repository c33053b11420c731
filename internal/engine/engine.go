package engine

import (
	"errors"
	"fmt"
)

// Seat is a seat's index in turn order, from 0.
type Seat int

// Watcher is the seat of someone who sits at no seat: views for it hide
// everything private to the seats.
const Watcher Seat = -1

// Action is one decision of a game. Its String is the decision as a record
// writes it after the seat's name ("buy Tower Tower Luxor").
type Action interface {
	String() string
}

// Standing is one seat's final result.
type Standing struct {
	Seat  Seat
	Name  string
	Money int
	// Place is 1 for the winners; seats with equal money share a place.
	Place int
}

// Game is a game in progress or over. Implementations are pure state
// machines: the same actions applied to the same game give the same game.
type Game interface {
	// Seats returns the seats' names in turn order.
	Seats() []string
	// ToMove returns the seat whose decision is due; ok is false once the
	// game is over.
	ToMove() (seat Seat, ok bool)
	// Legal lists the actions seat may take now (none if it is not its turn).
	Legal(seat Seat) []Action
	// ParseAction reads an action from its record text ("play 6D"). Text
	// that is no action returns an error wrapping ErrIllegal.
	ParseAction(seat Seat, text string) (Action, error)
	// Apply applies seat's action and every forced step that follows it.
	// An illegal action returns an error wrapping ErrIllegal and changes
	// nothing.
	Apply(seat Seat, a Action) error
	// Log returns what the last Apply did, in words, as viewer may see it.
	Log(viewer Seat) []string
	// View returns the game as viewer may see it: an immutable value of the
	// game's own view type.
	View(viewer Seat) any
	// Standings returns the final results, best first, or nil until the
	// game is over.
	Standings() []Standing
	// Clone returns an independent copy.
	Clone() Game
}

// ErrIllegal is wrapped by every error that refuses an action.
var ErrIllegal = errors.New("illegal action")

// RuleError refuses an action and says which rule forbids it.
type RuleError struct {
	Action string // the refused action as text, with the seat's name
	Rule   string // the rule's id ("A20"), if one rule decides
	Reason string
}

func (e *RuleError) Error() string {
	if e.Rule == "" {
		return fmt.Sprintf("%s: %s", e.Action, e.Reason)
	}
	return fmt.Sprintf("%s: %s (%s)", e.Action, e.Reason, e.Rule)
}

// Unwrap makes errors.Is(err, ErrIllegal) true.
func (e *RuleError) Unwrap() error { return ErrIllegal }

// Kind is a game the server can host: its stable key and how to create and
// rebuild one.
type Kind struct {
	// Name is the game's key in records and the database ("acquire").
	Name string
	// Title is how players see it ("Acquire").
	Title              string
	MinSeats, MaxSeats int
	// Rules lists the rule set keys, the default first.
	Rules []string
	// Options describes the options key=value a game may be created with.
	Options []Option
	// Deal creates a new game for seats named clockwise, its chance drawn
	// from seed, and returns it with its record header (which holds the
	// seats in turn order and the chance).
	Deal func(rules string, options []string, seats []string, seed uint64) (g Game, header string, err error)
	// Resume rebuilds a game from its record header and action lines.
	Resume func(header string, lines []string) (Game, error)
}

// Option is a game option and its values, the default first.
type Option struct {
	Key    string
	Values []string
	Help   string
}
