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
type Replay = engine.Replay[Setup, *Game]

// ReadRecord replays a Holiday AG record: the header, then every action,
// check and result line, applying the forced steps between them (D1). An
// error is an *engine.LineError at the line at fault; the Replay returned
// with it holds the game as far as it got, once the header was read.
func ReadRecord(rec *engine.Record) (*Replay, error) {
	var seen [Cards]int8
	inDeck := false
	tooFew := func(s Setup) error {
		return engine.Cite("H4", fmt.Errorf("%d %s: a game has %d to %d", len(s.Seats), plural(len(s.Seats), "seat"), MinSeats, MaxSeats))
	}
	headerLine := func(s *Setup, f []string) (bool, error) {
		switch strings.ToLower(f[0]) {
		case "seat":
			if inDeck {
				return true, errors.New("seat line after the deck: the header is the seats, then the deck")
			}
			name, err := engine.SeatLine(f, s.Seats, engine.ValidSeatName)
			if err != nil {
				return true, err
			}
			if len(s.Seats) == MaxSeats {
				return true, engine.Cite("H4", fmt.Errorf("a seventh seat: a game has %d to %d", MinSeats, MaxSeats))
			}
			s.Seats = append(s.Seats, name)
		case "deck":
			if !inDeck && len(s.Seats) < MinSeats { // D9
				return true, tooFew(*s)
			}
			inDeck = true
			for _, w := range f[1:] {
				k, err := ParseCard(w)
				if err != nil {
					return true, fmt.Errorf("deck: %w", err)
				}
				if seen[k]++; k.IsDestination() && seen[k] > 1 {
					return true, engine.Cite("H2", fmt.Errorf("deck: %s twice: each destination has one card", k))
				} else if seen[k] > 2 {
					return true, engine.Cite("H2", fmt.Errorf("deck: %s three times: there are 2", k))
				}
				s.Deck = append(s.Deck, k)
			}
		case "rules", "option":
			return true, fmt.Errorf("%s line: Holiday AG has no rule sets or options", f[0])
		default:
			return false, nil
		}
		return true, nil
	}
	return engine.Replaying[Setup, *Game]{
		Game:   GameName,
		Header: headerLine,
		Begin: func(s Setup, header, body []engine.Line) (*Game, error) {
			if len(s.Seats) < MinSeats { // D9: at the first line after the header
				num := engine.LastLine(header, 2)
				if len(body) > 0 {
					num = body[0].Num
				}
				return nil, &engine.LineError{Line: num, Err: tooFew(s)}
			}
			return New(s)
		},
		Line: replayLine,
		End:  (*Game).settle,
	}.Read(rec, Setup{})
}

// replayLine applies one body line: an action, a check or the result.
func replayLine(rp *Replay, f []string) error {
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
		// The action alone: a forced step after it may be written next.
		err := g.check(int(seat), a)
		if err == nil {
			g.step(seat, a)
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
