package tycoon

import (
	"fmt"
	"strings"

	"hotels/internal/engine"
)

// This file makes *Game an engine.Game; the typed methods (Do, DoLegal,
// AppendLegal, ViewFor) are what bots and tests use.

// Do applies seat's action (seat int(engine.Chance) for a throw) and every
// forced step after it (D3). An illegal action returns an
// *engine.RuleError and changes nothing.
func (g *Game) Do(seat int, a Action) error {
	if seat < int(chance) || seat >= int(g.seats) {
		return g.refuse(int8(max(min(seat, 127), -128)), a, "", "no such seat")
	}
	if a.Verb == Entrance && !wellFormed(a) {
		return g.refuse(int8(seat), a, "", "want 1 to 8 entrances, each a hotel and a road space 0-30")
	}
	if err := g.check(int8(seat), a); err != nil {
		return err
	}
	g.DoLegal(seat, a)
	return nil
}

// wellFormed reports whether an entrance action names real hotels and
// spaces, which the Town Hall's check (D5) indexes by.
func wellFormed(a Action) bool {
	if a.N < 1 || a.N > MaxEntrances {
		return false
	}
	for _, p := range a.Ents[:a.N] {
		if p.Hotel < 0 || p.Hotel >= Hotels || p.Space < 0 || p.Space >= Spaces {
			return false
		}
	}
	return true
}

// DoLegal applies an action known to be legal (from AppendLegal) and every
// forced step after it, without judging it: the playout's fast path.
func (g *Game) DoLegal(seat int, a Action) {
	g.nEvents, g.nForced = 0, 0
	g.step(int8(seat), a)
	g.settle()
}

// Seats returns the seats' names in turn order.
func (g *Game) Seats() []string { return append([]string(nil), g.names[:g.seats]...) }

// ToMove returns the seat whose decision is due, engine.Chance for a die.
func (g *Game) ToMove() (engine.Seat, bool) {
	return engine.Seat(g.toMove), g.phase != PhaseOver
}

// Legal lists seat's legal actions (see AppendLegal for bids and the Town
// Hall).
func (g *Game) Legal(seat engine.Seat) []engine.Action {
	if seat < engine.Chance || seat >= engine.Seat(g.seats) {
		return nil
	}
	var out []engine.Action
	for _, a := range g.AppendLegal(nil, int(seat)) {
		out = append(out, a)
	}
	return out
}

// Yield passes a bid: a bidder who is absent or out of time drops out of
// the auction (D4) rather than bid for a player who is not there.
func (g *Game) Yield(seat engine.Seat) (engine.Action, bool) {
	if g.phase != PhaseBid || int8(seat) != g.toMove {
		return nil, false
	}
	return Action{Verb: Pass}, true
}

// ParseAction reads an action from its record text. Text it cannot read
// is refused like an illegal action: an *engine.RuleError.
func (g *Game) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	a, err := ParseAction(text)
	if err != nil {
		who := "chance"
		if seat >= 0 && seat < engine.Seat(g.seats) {
			who = g.names[seat]
		}
		return nil, engine.Refusal(who+" "+strings.TrimSpace(text), err)
	}
	return a, nil
}

// Apply applies an action made by ParseAction or Legal.
func (g *Game) Apply(seat engine.Seat, a engine.Action) error {
	if a, ok := a.(Action); ok {
		return g.Do(int(seat), a)
	}
	return fmt.Errorf("tycoon: %T is not a Hotel Tycoon action: %w", a, engine.ErrIllegal)
}

// Log returns the last action's events in words; everyone reads the same
// (T27).
func (g *Game) Log(engine.Seat) []string {
	out := make([]string, 0, g.nEvents)
	for _, e := range g.Events() {
		out = append(out, g.Text(e))
	}
	return out
}

// SameForEveryone makes *Game an engine.Public: everything is public
// (T27), so View and Log are the same for every viewer.
func (g *Game) SameForEveryone() {}

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

// Standings returns the final places, best first, or nil until the game is
// over: the last player left, then the others in the reverse of the order
// they went out (T26); after the last round, by worth, equal worth sharing
// a place (D8). Score is worth.
func (g *Game) Standings() []engine.Standing {
	if g.phase != PhaseOver {
		return nil
	}
	out := make([]engine.Standing, 0, g.seats)
	add := func(s int8) {
		out = append(out, engine.Standing{Seat: engine.Seat(s), Name: g.names[s], Score: int(g.worth(s)), Place: len(out) + 1})
	}
	if g.left() == 1 {
		for s := range g.seats {
			if g.in(s) {
				add(s)
			}
		}
		for i := g.nOut - 1; i >= 0; i-- {
			add(g.outOrder[i])
		}
		return out
	}
	for s := range g.seats {
		add(s)
	}
	engine.Rank(out)
	return out
}

// Due says in words whose decision is due and what it is, or how the game
// ended.
func (g *Game) Due() string {
	who := g.names[g.turn]
	switch g.phase {
	case PhaseRoll:
		return who + " is to roll the die"
	case PhaseClaim:
		return fmt.Sprintf("%s may claim %s's stay at the %s", g.names[g.toMove], who, g.stay.Title())
	case PhaseNights:
		return fmt.Sprintf("%s is to roll the nights at the %s", who, g.stay.Title())
	case PhasePick:
		return fmt.Sprintf("%s owes %s and is to pick a complex to auction", who, money(g.debt))
	case PhaseBid:
		if g.leader >= 0 {
			return fmt.Sprintf("%s may bid for the %s (highest %s by %s)", g.names[g.toMove], g.lot.Title(), money(g.high), g.names[g.leader])
		}
		return fmt.Sprintf("%s may bid for the %s (no bid yet)", g.names[g.toMove], g.lot.Title())
	case PhaseSpace:
		at := g.at[g.turn]
		return fmt.Sprintf("%s is on space %d (%s) and may act", who, at, Road[at].Kind)
	case PhasePermit:
		return who + " is to roll the permission die"
	case PhaseDouble:
		return fmt.Sprintf("%s may pay double (%s) or build nothing", who, money(2*g.cost))
	case PhaseTownHall:
		return who + " crossed the Town Hall line and may buy entrances"
	}
	st := g.Standings()
	var win []string
	for _, s := range st {
		if s.Place == 1 {
			win = append(win, s.Name)
		}
	}
	if g.left() > 1 {
		rounds := "rounds"
		if g.round == 1 {
			rounds = "round"
		}
		return fmt.Sprintf("the game is over after %d %s: the best worth, %s", g.round, rounds, strings.Join(win, " and "))
	}
	return "the game is over: " + strings.Join(win, " and ") + " wins"
}

// Over reports whether the game is over.
func (g *Game) Over() bool { return g.phase == PhaseOver }
