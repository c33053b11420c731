package engine

import (
	"fmt"
	"iter"
	"math/rand/v2"
	"strings"
)

// This file is what every game's records and Kind share beyond the text
// format (record.go): the replay of a record into a game, the Deal and
// Replay of a Kind, the seats a game is set up with. A game writes only
// its own header lines, its setup and its body lines.

// Replay is the outcome of replaying a record of a game whose setup is S
// and whose game is G: the setup its header describes, and the game as far
// as the record goes.
type Replay[S, G any] struct {
	Setup S
	Game  G
	// Lines are the actions applied, as written (forced steps excluded).
	Lines int
}

// Replaying is how one game's records read (records.md), after the
// `game` line: its header lines, the game they set up, and its body lines.
// A game's ReadRecord fills one in, its closures holding what that read
// needs to remember, and calls Read.
type Replaying[S, G any] struct {
	// Game is the game's key, which the record's `game` line must name.
	Game string
	// Header reads one header line into s; ok is false for the first line
	// that is none, where the body begins. An error is at that line.
	Header func(s *S, f []string) (ok bool, err error)
	// Begin creates the game from the setup read. header are the header's
	// lines, body the rest. An error that is no *LineError is at the
	// header's last line (line 2 if it has none).
	Begin func(s S, header, body []Line) (G, error)
	// Line applies one body line: an action, a check or the result.
	Line func(rp *Replay[S, G], f []string) error
	// End, if set, runs after the last line: the forced steps that may
	// follow it.
	End func(G)
}

// Read replays rec: the header, read into setup (the setup of a header
// that says nothing, such as Acquire's modern rules), then every body line,
// then End. An error is a *LineError naming the line; once the game is
// begun, the Replay returned with it holds the game as far as it got.
func (r Replaying[S, G]) Read(rec *Record, setup S) (*Replay[S, G], error) {
	if err := CheckGame(rec, r.Game); err != nil {
		return nil, err
	}
	rp := &Replay[S, G]{Setup: setup}
	lines := rec.Lines
	i := 0
	for ; i < len(lines); i++ {
		ok, err := r.Header(&rp.Setup, lines[i].Fields)
		if err != nil {
			return nil, &LineError{Line: lines[i].Num, Err: err}
		}
		if !ok {
			break
		}
	}
	g, err := r.Begin(rp.Setup, lines[:i], lines[i:])
	if err != nil {
		if _, ok := err.(*LineError); !ok {
			err = &LineError{Line: LastLine(lines[:i], 2), Err: err}
		}
		return nil, err
	}
	rp.Game = g
	for _, l := range lines[i:] {
		if err := r.Line(rp, l.Fields); err != nil {
			return rp, &LineError{Line: l.Num, Err: err}
		}
	}
	if r.End != nil {
		r.End(g)
	}
	return rp, nil
}

// LastLine returns the number of the last of lines, or none if there are
// none.
func LastLine(lines []Line, none int) int {
	if len(lines) == 0 {
		return none
	}
	return lines[len(lines)-1].Num
}

// Replayer makes a Kind's Replay from a game's ReadRecord: the game a whole
// record ends in.
func Replayer[S any, G Game](read func(*Record) (*Replay[S, G], error)) func(*Record) (Game, error) {
	return func(rec *Record) (Game, error) {
		rp, err := read(rec)
		if err != nil {
			return nil, err
		}
		return rp.Game, nil
	}
}

// Setup is a game's setup: what a record's header says, and Deal writes.
type Setup interface {
	// Header writes the record header of the game set up (records.md),
	// ending in a newline.
	Header() string
}

// Dealer makes a Kind's Deal from a game's own two steps: setup reads the
// room's rules and options and fixes the chance of a game for seats
// (named clockwise) with rng, which the seed starts; newGame creates the
// game from that setup.
func Dealer[S Setup, G Game](setup func(rules string, options, seats []string, rng *rand.Rand) (S, error), newGame func(S) (G, error)) func(rules string, options, seats []string, seed uint64) (Game, string, error) {
	return func(rules string, options, seats []string, seed uint64) (Game, string, error) {
		s, err := setup(rules, options, seats, rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)))
		if err != nil {
			return nil, "", err
		}
		g, err := newGame(s)
		if err != nil {
			return nil, "", err
		}
		return g, s.Header(), nil
	}
}

// CheckSeats checks the seats a game is created with, in turn order: each
// name valid and none twice. game prefixes the error ("acquire: seat 2:
// ...").
func CheckSeats(game string, seats []string, valid func(string) error) error {
	for i, name := range seats {
		if err := valid(name); err != nil {
			return fmt.Errorf("%s: seat %d: %w", game, i+1, err)
		}
		for _, prev := range seats[:i] {
			if prev == name {
				return fmt.Errorf("%s: seat %q appears twice", game, name)
			}
		}
	}
	return nil
}

// NameOf names seat among seats (the names in turn order) in a refusal,
// even a seat that does not exist: "seat 7".
func NameOf(seats []string, seat int) string {
	if seat >= 0 && seat < len(seats) {
		return seats[seat]
	}
	return fmt.Sprintf("seat %d", seat+1)
}

// SeatActions yields the text of every action that seat wrote in a game's
// action lines, comments cut: what a player's profile tallies.
func SeatActions(seats []string, seat Seat, lines []string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, l := range lines {
			l, _, _ = strings.Cut(l, "#")
			if s, action := SplitLine(seats, l); s == seat && !yield(action) {
				return
			}
		}
	}
}
