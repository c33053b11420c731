package room

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hotels/internal/engine"
	"hotels/internal/tui/theme"
)

// Screen is a game's own part of the room screen: its board, hands and
// tables, and the decision due when it is the player's. Each game brings
// one (registered in internal/tui/screens); the room screen keeps what every
// game shares: the header, seats and clocks, events and chat, the standings,
// the vote to end a game and the help. A Screen is a value: its methods
// return the changed screen, as Bubble Tea models do.
type Screen interface {
	// Show takes the latest view of the game (a snapshot's Game) and
	// returns the screen showing it; ok is false if view is not this
	// game's.
	Show(view any) (s Screen, ok bool)
	// Facts are what the room screen reads of the view shown.
	Facts() Facts
	// Key handles a key of the player's decision, which is due.
	Key(k tea.KeyPressMsg, at At) (Screen, Reply)
	// Draw draws the game in play in w×h cells: the lines between the
	// header and the decision due.
	Draw(w, h int, at At) []string
	// Decision is the two lines of the player's decision due: the question,
	// then what is chosen so far.
	Decision(w int, at At) []string
	// Replay draws the game as a replay of a finished game shows it, in
	// w×h cells: step (which move, what was due), in StepWidth cells, in
	// place of the player's own hand.
	Replay(w, h int, at At, step []string) []string
	// StepWidth is how wide the replay's step panel may be.
	StepWidth() int
	// Final draws the finished game beside the standings, in width cells.
	Final() (lines []string, width int)
	// Keys lists the keys of the player's decision due, for the help line.
	Keys() []key.Binding
	// Help lists the game's keys in groups and explains its screen, for ?.
	Help() (keys [][]key.Binding, text []string)
	// Rules are the game's short rules for a newcomer and its kind, for
	// the rules page (R).
	Rules() Rules
	// Composing reports whether the player has begun a decision (typed or
	// chosen something).
	Composing() bool
	// SetStyles returns the screen drawn with s.
	SetStyles(s *theme.Styles) Screen
}

// Screens returns a new screen for the game named kind, drawn with styles;
// ok is false for a game with no screen. internal/tui/screens serves it.
type Screens func(kind string, styles *theme.Styles) (s Screen, ok bool)

// At is what the room screen tells a game's screen besides the view.
type At struct {
	You  engine.Seat // the player's seat, or engine.Watcher
	Mine bool        // the decision due is the player's, not the autopilot's
	// Tags has a word for each seat that no connected person plays: "bot",
	// "away", "auto", or "".
	Tags []string
	// Times is each seat's clock, drawn; nil in an untimed room.
	Times []string
	// Countdown is the decision due's time left, drawn; "" if untimed.
	Countdown string
}

// Facts are what the room screen needs of a game's view, whatever the game.
type Facts struct {
	Names  []string    // the seats' names in turn order
	ToMove engine.Seat // whose decision is due
	Due    string      // the decision due in words ("alice is to play a tile")
	Over   bool
	// Standings are the final results, best first, once Over, their
	// scores in Unit.
	Standings []engine.Standing
	Unit      engine.Unit
	// Header is what the header adds while the game is in play ("bag 42").
	Header string
}

// Reply is a game screen's answer to a key.
type Reply struct {
	Handled bool   // the key was the decision's; false lets the room handle it
	Act     string // a decision to send, as action text ("play 6D")
	Say     string // words for the status line
	Problem bool   // Say is a problem, not news
}

// With returns b with its help text replaced.
func With(b key.Binding, k, desc string) key.Binding {
	b.SetHelp(k, desc)
	return b
}

// Hint is a help line entry for keys that have no binding of their own,
// such as a chain's letter.
func Hint(k, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(k), key.WithHelp(k, desc))
}
