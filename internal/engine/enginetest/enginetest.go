// Package enginetest checks that a game keeps the engine.Game contract, in
// the spirit of testing/fstest: a game package calls Check from its tests,
// and every game Hotels hosts must pass it. Input hands out a fuzzer's
// bytes to the games' own fuzz tests.
//
// It imports nothing of ours but internal/engine, and drives games through
// the engine.Game interface alone.
package enginetest

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"hotels/internal/engine"
)

// Options tune Check; the zero value is a good default.
type Options struct {
	Games      int // games to play; 8 if 0
	MaxActions int // a game not over after this many actions fails; 5000 if 0
}

// garbage is text that is no action in any game.
var garbage = []string{"", " ", "xyzzy", "\x00\xff", "play", strings.Repeat("z ", 200)}

// Check plays random games made by newGame(seed), choosing among the legal
// actions, and reports every breach of the engine.Game contract:
//   - the seat to move has a legal action and no other seat has one; when
//     it is engine.Chance, its actions are the outcomes of a throw, and
//     are drawn like any seat's;
//   - every legal action applies, and its text parses back to an action
//     that applies the same way;
//   - an action by a seat whose decision is not due, and text that is no
//     action, return an error wrapping engine.ErrIllegal and change nothing
//     any seat can see;
//   - Clone is independent of the original, and the same action applied to
//     both gives the same game; so is a copy made in place with CopyFrom
//     where the game is an engine.Copier;
//   - View and Log are deterministic for every seat and for engine.Watcher;
//   - Standings is nil until the game is over, then ranks every seat;
//   - replaying the actions' text on a new game from the same seed reaches
//     the same end.
func Check(t *testing.T, newGame func(seed uint64) engine.Game, opts Options) {
	t.Helper()
	if opts.Games == 0 {
		opts.Games = 8
	}
	if opts.MaxActions == 0 {
		opts.MaxActions = 5000
	}
	for seed := range uint64(opts.Games) {
		if err := checkGame(newGame, seed, opts.MaxActions); err != nil {
			t.Errorf("seed %d: %v", seed, err)
		}
	}
}

// move is one applied action, as text.
type move struct {
	seat engine.Seat
	text string
}

func checkGame(newGame func(uint64) engine.Game, seed uint64, maxActions int) error {
	g := newGame(seed)
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	seats := g.Seats()
	n := len(seats)
	if n == 0 {
		return errors.New("Seats() is empty")
	}
	var moves []move
	spare := newGame(seed + 1) // another deal, made a copy of g in place before each action if a Copier
	for i := 0; ; i++ {
		seat, ok := g.ToMove()
		if !ok {
			break
		}
		if i == maxActions {
			return fmt.Errorf("not over after %d actions", maxActions)
		}
		if s := g.Standings(); s != nil {
			return fmt.Errorf("action %d: Standings() = %v before the end", i, s)
		}
		if (seat < 0 && seat != engine.Chance) || int(seat) >= n {
			return fmt.Errorf("action %d: ToMove() = %d of %d seats", i, seat, n)
		}
		legal := g.Legal(seat)
		if len(legal) == 0 {
			return fmt.Errorf("action %d: %s has no legal action", i, name(seats, seat))
		}
		for s := engine.Chance; s < engine.Seat(n); s++ {
			if other := g.Legal(s); s != seat && len(other) > 0 {
				return fmt.Errorf("action %d: %s may act (%v) while %s is due", i, name(seats, s), other[0], name(seats, seat))
			}
		}
		snap, err := snapshot(g, true)
		if err != nil {
			return fmt.Errorf("action %d: %w", i, err)
		}
		a := legal[rng.IntN(len(legal))]

		// Illegal: by turns another seat, the watcher or a seat that does
		// not exist takes the action; an action of no game; garbage text.
		other := []engine.Seat{(seat + 1) % engine.Seat(n), engine.Watcher, engine.Seat(n)}[i%3]
		if other != seat {
			if err := refused(g, snap, other, a, "another seat's action"); err != nil {
				return fmt.Errorf("action %d: %w", i, err)
			}
		}
		if err := refused(g, snap, seat, foreign{a.String()}, "an action of another type"); err != nil {
			return fmt.Errorf("action %d: %w", i, err)
		}
		for _, text := range garbage {
			b, err := g.ParseAction(seat, text)
			if err != nil {
				if !errors.Is(err, engine.ErrIllegal) {
					return fmt.Errorf("action %d: ParseAction(%q): %v does not wrap ErrIllegal", i, text, err)
				}
				continue
			}
			if err := refused(g, snap, seat, b, fmt.Sprintf("%q", text)); err != nil {
				return fmt.Errorf("action %d: %w", i, err)
			}
		}

		// The action's text reads back as an action that applies.
		text := a.String()
		b, err := g.ParseAction(seat, text)
		if err != nil {
			return fmt.Errorf("action %d: ParseAction(%q), a legal action's text: %v", i, text, err)
		}
		if b.String() != text {
			return fmt.Errorf("action %d: ParseAction(%q).String() = %q", i, text, b.String())
		}

		// Clone: the copy moves on its own, the same way.
		c := g.Clone()
		if err := c.Apply(seat, a); err != nil {
			return fmt.Errorf("action %d: %s %s, a legal action, on a clone: %v", i, name(seats, seat), text, err)
		}
		if d := snap.diff(g); d != "" {
			return fmt.Errorf("action %d: applying %s to a clone changed the original: %s", i, text, d)
		}
		// CopyFrom: a game from an earlier point made a copy of g in
		// place (as a room does with the game before its last action) is
		// g, and moves on its own, the same way.
		k, copier := spare.(engine.Copier)
		if copier {
			if !k.CopyFrom(g) {
				return fmt.Errorf("action %d: CopyFrom a game of its own kind refused", i)
			}
			if d := snap.diff(spare); d != "" {
				return fmt.Errorf("action %d: a copy made with CopyFrom differs from its source: %s", i, d)
			}
			if err := spare.Apply(seat, a); err != nil {
				return fmt.Errorf("action %d: %s %s, a legal action, on a copy made with CopyFrom: %v", i, name(seats, seat), text, err)
			}
			if d := snap.diff(g); d != "" {
				return fmt.Errorf("action %d: applying %s to a copy made with CopyFrom changed its source: %s", i, text, d)
			}
		}
		if err := g.Apply(seat, b); err != nil {
			return fmt.Errorf("action %d: %s %s, a legal action: %v", i, name(seats, seat), text, err)
		}
		moves = append(moves, move{seat, text})
		after, err := snapshot(g, false)
		if err != nil {
			return fmt.Errorf("after action %d: %w", i, err)
		}
		if d := after.diff(c); d != "" {
			return fmt.Errorf("action %d: %s applied to a game and its clone gives two games: %s", i, text, d)
		}
		if d := after.diff(spare); copier && d != "" {
			return fmt.Errorf("action %d: %s applied to a game and a copy made with CopyFrom gives two games: %s", i, text, d)
		}
	}

	// The end.
	if err := standings(g.Standings(), seats); err != nil {
		return err
	}
	snap, err := snapshot(g, true)
	if err != nil {
		return err
	}
	for s := engine.Chance; s < engine.Seat(n); s++ {
		if l := g.Legal(s); len(l) > 0 {
			return fmt.Errorf("over, but %s may %v", name(seats, s), l[0])
		}
	}
	if len(moves) > 0 {
		last := moves[len(moves)-1]
		if a, err := g.ParseAction(last.seat, last.text); err == nil {
			if err := refused(g, snap, last.seat, a, "an action after the end"); err != nil {
				return err
			}
		}
	}

	// Replay the text on a new game.
	r := newGame(seed)
	for i, m := range moves {
		a, err := r.ParseAction(m.seat, m.text)
		if err == nil {
			err = r.Apply(m.seat, a)
		}
		if err != nil {
			return fmt.Errorf("replay of action %d, %s %s: %v", i, name(seats, m.seat), m.text, err)
		}
	}
	if d := snap.diff(r); d != "" {
		return fmt.Errorf("replaying the game's text reaches another end: %s", d)
	}
	return nil
}

// name is seat's name, or "chance" for the dice.
func name(seats []string, seat engine.Seat) string {
	if seat == engine.Chance {
		return "chance"
	}
	return seats[seat]
}

// foreign is an action of no game: it has a legal action's text, but
// games must not accept it.
type foreign struct{ text string }

func (f foreign) String() string { return f.text }

// refused checks that seat's action a is refused as illegal and changes
// nothing.
func refused(g engine.Game, snap *state, seat engine.Seat, a engine.Action, what string) error {
	err := g.Apply(seat, a)
	if err == nil {
		return fmt.Errorf("seat %d %s (%s): accepted, want refused", seat, a, what)
	}
	if !errors.Is(err, engine.ErrIllegal) {
		return fmt.Errorf("seat %d %s (%s): %v does not wrap ErrIllegal", seat, a, what, err)
	}
	if d := snap.diff(g); d != "" {
		return fmt.Errorf("seat %d %s (%s): refused, but changed the game: %s", seat, a, what, d)
	}
	return nil
}

// state is what a game shows: whose decision is due, each seat's view and
// log and the watcher's, and the standings.
type state struct {
	toMove    engine.Seat
	ok        bool
	views     []any // engine.Watcher first, then each seat
	logs      [][]string
	standings []engine.Standing
}

// snapshot takes g's state; twice, it also checks that asking again gives
// the same views and logs.
func snapshot(g engine.Game, twice bool) (*state, error) {
	s := &state{standings: g.Standings()}
	s.toMove, s.ok = g.ToMove()
	for v := engine.Watcher; v < engine.Seat(len(g.Seats())); v++ {
		view, log := g.View(v), g.Log(v)
		if view == nil {
			return nil, fmt.Errorf("View(%d) is nil", v)
		}
		if twice && !reflect.DeepEqual(view, g.View(v)) {
			return nil, fmt.Errorf("View(%d) differs from one call to the next", v)
		}
		if twice && !slices.Equal(log, g.Log(v)) {
			return nil, fmt.Errorf("Log(%d) differs from one call to the next", v)
		}
		s.views = append(s.views, view)
		s.logs = append(s.logs, log)
	}
	return s, nil
}

// diff says how g differs from s; "" if it does not.
func (s *state) diff(g engine.Game) string {
	t, err := snapshot(g, false)
	switch {
	case err != nil:
		return err.Error()
	case t.toMove != s.toMove || t.ok != s.ok:
		return fmt.Sprintf("ToMove() = %d, %v, was %d, %v", t.toMove, t.ok, s.toMove, s.ok)
	case !reflect.DeepEqual(t.standings, s.standings):
		return fmt.Sprintf("Standings() = %v, was %v", t.standings, s.standings)
	}
	for i := range s.views {
		if !reflect.DeepEqual(t.views[i], s.views[i]) {
			return fmt.Sprintf("View(%d) changed", i-1)
		}
		if !slices.Equal(t.logs[i], s.logs[i]) {
			return fmt.Sprintf("Log(%d) = %q, was %q", i-1, t.logs[i], s.logs[i])
		}
	}
	return ""
}

// standings checks the final results: every seat once, best first, places
// shared by equal money.
func standings(st []engine.Standing, seats []string) error {
	if len(st) != len(seats) {
		return fmt.Errorf("over: Standings() = %v for %d seats", st, len(seats))
	}
	seen := make([]bool, len(seats))
	for i, s := range st {
		if s.Seat < 0 || int(s.Seat) >= len(seats) || seen[s.Seat] || s.Name != seats[s.Seat] {
			return fmt.Errorf("over: Standings() = %v: seat %d", st, s.Seat)
		}
		seen[s.Seat] = true
		// The game decides places (Tycoon ranks seats out at worth 0 by when
		// they went out), but best first: a place is shared or is the rank.
		shared := i > 0 && s.Place == st[i-1].Place
		if s.Place != i+1 && !shared {
			return fmt.Errorf("over: Standings() = %v: place %d at rank %d", st, s.Place, i+1)
		}
		if i > 0 && s.Score > st[i-1].Score {
			return fmt.Errorf("over: Standings() = %v: a better score below a worse one", st)
		}
	}
	return nil
}
