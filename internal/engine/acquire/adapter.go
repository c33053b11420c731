package acquire

import (
	"fmt"
	"strings"

	"hotels/internal/engine"
)

// This file makes *Game an engine.Game; the typed methods (Do,
// AppendLegal, ViewFor) are what bots and tests use.

// String writes the action in the modern rules' chain names.
func (a Action) String() string { return a.Text(Modern) }

// named is an Action that knows its rule set, so that engine.Action's
// String uses the right chain names.
type named struct {
	Action
	rules *Rules
}

func (a named) String() string { return a.Text(a.rules) }

// Rules returns the game's rule set.
func (g *Game) Rules() *Rules { return g.rules }

// Options returns the game's options.
func (g *Game) Options() Options { return g.opts }

// Seats returns the seats' names in turn order.
func (g *Game) Seats() []string { return append([]string(nil), g.names[:g.seats]...) }

// ToMove returns the seat whose decision is due.
func (g *Game) ToMove() (engine.Seat, bool) {
	return engine.Seat(g.toMove), g.phase != PhaseOver
}

// Phase returns the kind of decision that is due.
func (g *Game) Phase() Phase { return g.phase }

// Over reports whether the game is over.
func (g *Game) Over() bool { return g.phase == PhaseOver }

// Legal lists seat's legal actions.
func (g *Game) Legal(seat engine.Seat) []engine.Action {
	var out []engine.Action
	for _, a := range g.AppendLegal(nil, int(seat)) {
		out = append(out, named{a, g.rules})
	}
	return out
}

// ParseAction reads an action in this game's chain names. Text it cannot
// read is refused like an illegal action: an *engine.RuleError.
func (g *Game) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	a, err := g.rules.ParseAction(text)
	if err != nil {
		return nil, engine.Refusal(g.seatName(int(seat))+" "+strings.TrimSpace(text), err)
	}
	return named{a, g.rules}, nil
}

// Apply applies an action made by ParseAction or Legal.
func (g *Game) Apply(seat engine.Seat, a engine.Action) error {
	switch a := a.(type) {
	case named:
		return g.Do(int(seat), a.Action)
	case Action:
		return g.Do(int(seat), a)
	}
	return fmt.Errorf("acquire: %T is not an Acquire action: %w", a, engine.ErrIllegal)
}

// Log returns the last action's events in words, as viewer may see them.
func (g *Game) Log(viewer engine.Seat) []string {
	out := make([]string, 0, g.nEvents)
	for _, e := range g.Events() {
		out = append(out, g.Text(e, viewer))
	}
	return out
}

// View returns ViewFor(viewer).
func (g *Game) View(viewer engine.Seat) any { return g.ViewFor(viewer) }

// Clone returns an independent copy.
func (g *Game) Clone() engine.Game {
	c := *g
	return &c
}

// CopyFrom makes g a copy of src, a *Game (engine.Copier): a Game holds no
// slice or map that a copy would share (Clone).
func (g *Game) CopyFrom(src engine.Game) bool { return engine.CopyValue(g, src) }

// Line writes seat's action as a record line.
func (g *Game) Line(seat int, a Action) string {
	return g.names[seat] + " " + a.Text(g.rules)
}

// Cash returns seat's money in dollars.
func (g *Game) Cash(seat int) int { return int(g.cash[seat]) }

// Shares returns how many shares of c seat holds.
func (g *Game) Shares(seat int, c Chain) int { return int(g.shares[seat][c]) }

// Bank returns how many shares of c the bank holds.
func (g *Game) Bank(c Chain) int { return int(g.bank[c]) }

// Size returns how many tiles chain c has on the board.
func (g *Game) Size(c Chain) int { return int(g.size[c]) }

// Name returns seat's name.
func (g *Game) Name(seat int) string { return g.names[seat] }

// String draws the board as text, for tests and logs: `.` empty, `o` a
// lone tile, a chain by its letter.
func (g *Game) String() string {
	return Picture(g.Board(), g.rules)
}

// Picture draws a board as text, one row a line.
func Picture(board [Tiles]Chain, r *Rules) string {
	b := make([]byte, 0, Tiles+Rows)
	for t := range Tile(Tiles) {
		switch c := board[t]; c {
		case Empty:
			b = append(b, '.')
		case NoChain:
			b = append(b, 'o')
		default:
			b = append(b, r.Chains[c].Letter)
		}
		if t.Col() == Cols-1 {
			b = append(b, '\n')
		}
	}
	return string(b)
}
