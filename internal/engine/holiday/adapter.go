package holiday

import (
	"fmt"
	"strings"

	"hotels/internal/engine"
)

// This file makes *Game an engine.Game; the typed methods (Do, AppendLegal,
// ViewFor) are what bots and tests use.

// Seats returns the seats' names in turn order.
func (g *Game) Seats() []string { return append([]string(nil), g.names[:g.seats]...) }

// ToMove returns the seat whose decision is due.
func (g *Game) ToMove() (engine.Seat, bool) {
	return engine.Seat(g.turn), g.phase != PhaseOver
}

// Legal lists seat's legal actions.
func (g *Game) Legal(seat engine.Seat) []engine.Action {
	var buf [maxLegal]Action
	legal := g.AppendLegal(buf[:0], int(seat))
	if len(legal) == 0 {
		return nil
	}
	out := make([]engine.Action, len(legal))
	for i, a := range legal {
		out[i] = a
	}
	return out
}

// ParseAction reads an action's record text. Text it cannot read is refused
// like an illegal action: an *engine.RuleError.
func (g *Game) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	a, err := ParseAction(text)
	if err != nil {
		return nil, engine.Refusal(g.seatName(int(seat))+" "+strings.TrimSpace(text), err)
	}
	return a, nil
}

// Apply applies an action made by ParseAction or Legal.
func (g *Game) Apply(seat engine.Seat, a engine.Action) error {
	if a, ok := a.(Action); ok {
		return g.Do(int(seat), a)
	}
	return fmt.Errorf("holiday: %T is not a Holiday AG action: %w", a, engine.ErrIllegal)
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
func (g *Game) Line(seat int, a Action) string { return g.names[seat] + " " + a.String() }
