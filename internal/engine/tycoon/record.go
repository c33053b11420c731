package tycoon

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"hotels/internal/engine"
)

// GameName is the game's key in records and the database.
const GameName = "tycoon"

// Header writes the record header of a game set up by s: its options, then
// its seats in turn order (hotel-tycoon.md, record format). There is no
// chance in it: the dice are thrown in play and journaled as they fall.
func (s Setup) Header() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\ngame %s\n", engine.RecordMagic, GameName)
	for _, o := range s.Options.List() {
		fmt.Fprintf(&b, "option %s\n", o)
	}
	for _, name := range s.Seats {
		fmt.Fprintf(&b, "seat %s\n", name)
	}
	return b.String()
}

// Replay is the outcome of replaying a record: the game as far as the
// record goes.
type Replay = engine.Replay[Setup, *Game]

// ReadRecord replays a Hotel Tycoon record: the header, then every chance
// line, action and check, applying the forced steps (D3). An error is an
// *engine.LineError naming the line.
func ReadRecord(rec *engine.Record) (*Replay, error) {
	set := map[string]string{}
	headerLine := func(s *Setup, f []string) (bool, error) {
		switch strings.ToLower(f[0]) {
		case "option":
			if len(s.Seats) > 0 {
				return true, engine.Cite("D9", errors.New("option line after a seat line: options come first"))
			}
			if len(f) == 1 {
				return true, engine.Cite("T28", errors.New("want `option key=value ...`"))
			}
			for _, kv := range f[1:] {
				if err := s.Options.Set(kv); err != nil {
					return true, err // D9
				}
				key, value, _ := strings.Cut(strings.ToLower(kv), "=")
				norm := s.Options.Value(key)
				if prev, ok := set[key]; ok && prev != norm {
					return true, engine.Cite("D9", fmt.Errorf("option %s=%s: %s was given as %s before", key, value, key, prev))
				}
				set[key] = norm
			}
		case "seat":
			name, err := engine.SeatLine(f, s.Seats, ValidName)
			if err != nil {
				return true, err
			}
			if len(s.Seats) == MaxSeats {
				return true, engine.Cite("T1", fmt.Errorf("more than %d seats", MaxSeats))
			}
			s.Seats = append(s.Seats, name)
		default:
			return false, nil
		}
		return true, nil
	}
	return engine.Replaying[Setup, *Game]{
		Game:   GameName,
		Header: headerLine,
		Begin: func(s Setup, _, _ []engine.Line) (*Game, error) {
			if len(s.Seats) < MinSeats {
				return nil, engine.Cite("T1", fmt.Errorf("%d seats: a game has %d to %d", len(s.Seats), MinSeats, MaxSeats))
			}
			return New(s)
		},
		Line: (&written{}).line,
	}.Read(rec, Setup{})
}

// written follows the forced steps (D3) a record may write after an
// action, which the game has already applied.
type written struct {
	// forced are the forced steps applied after the last action; a line
	// may write them, in order, from the first not yet written.
	forced []Step
	n      int
}

// line applies one body line: a throw, an action, a check or the result.
func (w *written) line(rp *Replay, f []string) error {
	g := rp.Game
	word := strings.ToLower(f[0])
	switch word {
	case "check":
		return g.checkLine(f[1:])
	case "result":
		return g.checkResult(f[1:])
	case "option", "seat":
		return engine.LateHeader(f[0])
	}
	seat := chance
	text := strings.Join(f, " ")
	if word != "roll" && word != "permit" {
		s, err := g.seatNamed(f[0])
		if err != nil {
			return fmt.Errorf("%q is neither a seat nor roll, permit, check or result", f[0])
		}
		seat, text = s, strings.Join(f[1:], " ")
	}
	a, err := ParseAction(text)
	if err != nil {
		return err
	}
	err = g.check(seat, a)
	if err == nil {
		g.DoLegal(int(seat), a)
		w.forced = append(w.forced[:0], g.Forced()...)
		w.n = 0
		rp.Lines++
		return nil
	}
	// A forced step may be written (D3).
	for j := w.n; j < len(w.forced); j++ {
		if w.forced[j] == (Step{seat, a}) {
			w.n = j + 1
			return nil
		}
	}
	return err
}

// checkLine compares a `check` line with the game (hotel-tycoon.md,
// record format; D9).
func (g *Game) checkLine(f []string) error {
	if len(f) == 0 {
		return errors.New("check: want cash, at, owner, built or entrances")
	}
	what, args := strings.ToLower(f[0]), f[1:]
	var diffs []string
	differ := func(name, got, want string) {
		if got != want {
			diffs = append(diffs, fmt.Sprintf("%s is %s, not %s", name, got, want))
		}
	}
	pairs := func(each func(k, v string) error) error {
		if len(args) == 0 || len(args)%2 != 0 {
			return fmt.Errorf("check %s: want NAME VALUE pairs", what)
		}
		for j := 0; j < len(args); j += 2 {
			if err := each(args[j], args[j+1]); err != nil {
				return fmt.Errorf("check %s: %w", what, err)
			}
		}
		return nil
	}
	number := func(v string) (int, error) {
		n, err := strconv.Atoi(v)
		if err != nil {
			return 0, fmt.Errorf("%q is not a number", v)
		}
		return n, nil
	}
	var err error
	switch what {
	case "cash":
		err = pairs(func(k, v string) error {
			s, err := g.seatNamed(k)
			if err != nil {
				return err
			}
			n, err := number(v)
			differ(k+"'s cash", strconv.Itoa(int(g.cash[s])), strconv.Itoa(n))
			return err
		})
	case "at":
		err = pairs(func(k, v string) error {
			s, err := g.seatNamed(k)
			if err != nil {
				return err
			}
			got := strconv.Itoa(int(g.at[s]))
			if !g.in(s) {
				got = "out"
			}
			want := strings.ToLower(v)
			if want != "out" {
				n, err := number(v)
				if err != nil {
					return err
				}
				want = strconv.Itoa(n)
			}
			differ(k+"'s car", got, want)
			return nil
		})
	case "owner":
		err = pairs(func(k, v string) error {
			h, err := ParseHotel(k)
			if err != nil {
				return err
			}
			got := "bank"
			if o := g.owner[h]; o >= 0 {
				got = g.names[o]
			}
			want := v
			if strings.EqualFold(v, "bank") {
				want = "bank"
			} else if _, err := g.seatNamed(v); err != nil {
				return err
			}
			differ("the "+h.Title()+"'s owner", got, want)
			return nil
		})
	case "built":
		err = pairs(func(k, v string) error {
			h, err := ParseHotel(k)
			if err != nil {
				return err
			}
			n, err := number(v)
			differ("the "+h.Title()+"'s phases built", strconv.Itoa(int(g.built[h])), strconv.Itoa(n))
			return err
		})
	case "entrances":
		err = g.checkEntrances(args, differ)
	default:
		return fmt.Errorf("check %q: want cash, at, owner, built or entrances", f[0])
	}
	if err != nil {
		return err
	}
	if len(diffs) > 0 {
		return fmt.Errorf("check %s failed: %s", what, strings.Join(diffs, ", "))
	}
	return nil
}

// checkEntrances compares `check entrances H s ... H s ...`: each hotel
// named with the exact set of its entrances (D9).
func (g *Game) checkEntrances(args []string, differ func(name, got, want string)) error {
	if len(args) == 0 {
		return errors.New("check entrances: want HOTEL SPACE... groups")
	}
	for j := 0; j < len(args); {
		h, err := ParseHotel(args[j])
		if err != nil {
			return fmt.Errorf("check entrances: %w", err)
		}
		var want [Spaces]bool
		for j++; j < len(args); j++ {
			if _, err := ParseHotel(args[j]); err == nil {
				break
			}
			n, err := strconv.Atoi(args[j])
			if err != nil || n < 0 || n >= Spaces {
				return fmt.Errorf("check entrances: %q is neither a hotel nor a road space", args[j])
			}
			want[n] = true
		}
		var got, wanted []string
		for sp := range Spaces {
			if g.entrance[sp] == h {
				got = append(got, strconv.Itoa(sp))
			}
			if want[sp] {
				wanted = append(wanted, strconv.Itoa(sp))
			}
		}
		differ("the "+h.Title()+"'s entrances", "["+strings.Join(got, " ")+"]", "["+strings.Join(wanted, " ")+"]")
	}
	return nil
}

// checkResult compares the `result` line: every seat's worth (T26).
func (g *Game) checkResult(args []string) error {
	if g.phase != PhaseOver {
		return fmt.Errorf("result: the game is not over: %s", g.Due())
	}
	return engine.CheckResult(args, "WORTH", "is worth", func(name string) (int, error) {
		s, err := g.seatNamed(name)
		return int(g.worth(s)), err
	})
}

func (g *Game) seatNamed(name string) (int8, error) {
	s, err := engine.SeatNamed(g.names[:g.seats], name)
	return int8(s), err
}
