package holiday

import (
	"errors"
	"fmt"
	"strings"

	"hotels/internal/engine"
)

// GameName is the game's key in records and the database.
const GameName = "holiday"

// Header writes the record header of a game set up by s (holiday-ag.md,
// "Record format").
func (s Setup) Header() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\ngame %s\n", engine.RecordMagic, GameName)
	for _, name := range s.Seats {
		fmt.Fprintf(&b, "seat %s\n", name)
	}
	for i := 0; i < len(s.Deck); i += 13 {
		b.WriteString("deck")
		for _, k := range s.Deck[i:min(i+13, len(s.Deck))] {
			b.WriteString(" " + k.String())
		}
		b.WriteString("\n")
	}
	return b.String()
}

// Replay is the outcome of replaying a record: the game as far as the
// record goes.
type Replay struct {
	Setup Setup
	Game  *Game
	// Lines are the actions applied, as written (forced steps excluded).
	Lines int
}

// ReadRecord replays a Holiday AG record: the header, then every action,
// check and result line, applying the forced steps between them (D1). An
// error is an *engine.LineError at the line at fault; the Replay returned
// with it holds the game as far as it got, once the header was read.
func ReadRecord(rec *engine.Record) (*Replay, error) {
	if err := engine.CheckGame(rec, GameName); err != nil {
		return nil, err
	}
	rp := &Replay{}
	s := &rp.Setup
	lines := rec.Lines
	var seen [Cards]int8
	inDeck := false
	tooFew := func(num int) error {
		return &engine.LineError{Line: num, Err: engine.Cite("H4", fmt.Errorf("%d %s: a game has %d to %d", len(s.Seats), plural(len(s.Seats), "seat"), MinSeats, MaxSeats))}
	}
	i := 0
header:
	for ; i < len(lines); i++ {
		l := lines[i]
		f := l.Fields
		bad := func(err error) (*Replay, error) { return nil, &engine.LineError{Line: l.Num, Err: err} }
		switch strings.ToLower(f[0]) {
		case "seat":
			if inDeck {
				return bad(errors.New("seat line after the deck: the header is the seats, then the deck"))
			}
			name, err := engine.SeatLine(f, s.Seats, engine.ValidSeatName)
			if err != nil {
				return bad(err)
			}
			if len(s.Seats) == MaxSeats {
				return bad(engine.Cite("H4", fmt.Errorf("a seventh seat: a game has %d to %d", MinSeats, MaxSeats)))
			}
			s.Seats = append(s.Seats, name)
		case "deck":
			if !inDeck && len(s.Seats) < MinSeats { // D9
				return nil, tooFew(l.Num)
			}
			inDeck = true
			for _, w := range f[1:] {
				k, err := ParseCard(w)
				if err != nil {
					return bad(fmt.Errorf("deck: %w", err))
				}
				if seen[k]++; k.IsDestination() && seen[k] > 1 {
					return bad(engine.Cite("H2", fmt.Errorf("deck: %s twice: each destination has one card", k)))
				} else if seen[k] > 2 {
					return bad(engine.Cite("H2", fmt.Errorf("deck: %s three times: there are 2", k)))
				}
				s.Deck = append(s.Deck, k)
			}
		case "rules", "option":
			return bad(fmt.Errorf("%s line: Holiday AG has no rule sets or options", f[0]))
		default:
			break header
		}
	}
	if len(s.Seats) < MinSeats { // D9: at the first line after the header
		num := 2
		if i < len(lines) {
			num = lines[i].Num
		} else if i > 0 {
			num = lines[i-1].Num
		}
		return nil, tooFew(num)
	}
	g, err := New(*s)
	if err != nil {
		return nil, &engine.LineError{Line: lines[i-1].Num, Err: err}
	}
	rp.Game = g
	for ; i < len(lines); i++ {
		l := lines[i]
		if err := rp.line(l.Fields); err != nil {
			return rp, &engine.LineError{Line: l.Num, Err: err}
		}
	}
	g.settle()
	return rp, nil
}

// line applies one body line: an action, a check or the result.
func (rp *Replay) line(f []string) error {
	g := rp.Game
	switch strings.ToLower(f[0]) {
	case "check", "result":
		// Checks see the forced steps done, on a copy: a later line may
		// still write a forced step explicitly.
		c := *g
		c.settle()
		if strings.EqualFold(f[0], "check") {
			return c.checkLine(f[1:])
		}
		return c.checkResult(f[1:])
	case "seat", "deck", "rules", "option":
		return engine.LateHeader(f[0])
	}
	seat, err := g.seatNamed(f[0])
	if err != nil {
		return fmt.Errorf("%w, nor check nor result", err)
	}
	a, err := ParseAction(strings.Join(f[1:], " "))
	if err != nil {
		return err
	}
	for {
		if g.phase == PhaseOver {
			return fmt.Errorf("%s: the game is over", g.Line(int(seat), a))
		}
		err := g.Step(int(seat), a)
		if err == nil {
			rp.Lines++
			return nil
		}
		forced, ok := g.Forced()
		if !ok {
			if !strings.Contains(err.Error(), "legal:") {
				err = fmt.Errorf("%w; %s", err, g.legalText())
			}
			return err
		}
		g.step(g.turn, forced)
	}
}

// checkLine compares a `check` line with the game.
func (g *Game) checkLine(f []string) error {
	const want = "want shares, bank, value or hand"
	if len(f) == 0 {
		return errors.New("check: " + want)
	}
	what, args := strings.ToLower(f[0]), f[1:]
	company := func(get func(Company) int) func(string) (int, error) {
		return func(name string) (int, error) {
			c, err := ParseCompany(name)
			if err != nil {
				return 0, err
			}
			return get(c), nil
		}
	}
	switch what {
	case "shares":
		if len(args) == 0 {
			return errors.New("check shares: want SEAT COMPANY COUNT ...")
		}
		s, err := g.seatNamed(args[0])
		if err != nil {
			return fmt.Errorf("check shares: %w", err)
		}
		return engine.CheckCounts(what, args[1:], company(func(c Company) int { return int(g.shares[s][c]) }))
	case "bank":
		return engine.CheckCounts(what, args, company(func(c Company) int { return int(g.bank[c]) }))
	case "value":
		return engine.CheckCounts(what, args, company(g.value))
	case "hand":
		return engine.CheckCounts(what, args, func(name string) (int, error) {
			s, err := g.seatNamed(name)
			if err != nil {
				return 0, err
			}
			return int(g.nHand[s]), nil
		})
	}
	return fmt.Errorf("check %q: %s", f[0], want)
}

// checkResult compares a `result` line with the final points (H22).
func (g *Game) checkResult(args []string) error {
	if g.phase != PhaseOver {
		return fmt.Errorf("result: the game is not over: %s", g.Due())
	}
	return engine.CheckResult(args, "POINTS", "has", func(name string) (int, error) {
		s, err := g.seatNamed(name)
		return g.score(s), err
	})
}

func (g *Game) seatNamed(name string) (int8, error) {
	s, err := engine.SeatNamed(g.names[:g.seats], name)
	return int8(s), err
}
