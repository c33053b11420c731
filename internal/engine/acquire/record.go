package acquire

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"hotels/internal/engine"
)

// GameName is the game's key in records and the database.
const GameName = "acquire"

// Header writes the record header of a game set up by s (records.md).
func (s Setup) Header() string {
	r := s.Rules
	if r == nil {
		r = Modern
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\ngame %s\nrules %s\n", engine.RecordMagic, GameName, r.Key)
	for _, o := range s.Options.List() {
		fmt.Fprintf(&b, "option %s\n", o)
	}
	for _, name := range s.Seats {
		fmt.Fprintf(&b, "seat %s\n", name)
	}
	for i := 0; i < len(s.Bag); i += 12 {
		b.WriteString("bag")
		for _, t := range s.Bag[i:min(i+12, len(s.Bag))] {
			b.WriteString(" " + t.String())
		}
		b.WriteString("\n")
	}
	for i, stock := range s.Stock {
		b.WriteString("stock " + s.Seats[i])
		for c, k := range stock {
			if k > 0 {
				fmt.Fprintf(&b, " %s %d", r.Chains[c].Name, k)
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// Replay is the outcome of replaying a record: the game as far as the
// record goes.
type Replay = engine.Replay[Setup, *Game]

// ReadRecord replays an Acquire record: the header, then every action
// (applying forced steps as records.md says) and check. An error is an
// *engine.LineError naming the line.
func ReadRecord(rec *engine.Record) (*Replay, error) {
	stage := 0 // 0 rules, 1 options, 2 seats, 3 bag, 4 stock
	at := func(st int, what string) error {
		if st < stage {
			return fmt.Errorf("%s line out of order: the header is rules, options, seats, bag, stock", what)
		}
		stage = st
		return nil
	}
	headerLine := func(s *Setup, f []string) (bool, error) {
		switch strings.ToLower(f[0]) {
		case "rules":
			if err := at(0, "rules"); err != nil {
				return true, err
			}
			if len(f) != 2 {
				return true, errors.New("want `rules modern` or `rules classic`")
			}
			r, err := RulesByKey(f[1])
			if err != nil {
				return true, err
			}
			s.Rules = r
			stage = 1
		case "option":
			if err := at(1, "option"); err != nil {
				return true, err
			}
			for _, kv := range f[1:] {
				if err := s.Options.Set(kv); err != nil {
					return true, err
				}
			}
		case "seat":
			if err := at(2, "seat"); err != nil {
				return true, err
			}
			name, err := engine.SeatLine(f, s.Seats, engine.ValidSeatName)
			if err != nil {
				return true, err
			}
			if len(s.Seats) == MaxSeats {
				return true, fmt.Errorf("more than %d seats", MaxSeats)
			}
			s.Seats = append(s.Seats, name)
		case "bag":
			if err := at(3, "bag"); err != nil {
				return true, err
			}
			for _, w := range f[1:] {
				t, err := ParseTile(w)
				if err != nil {
					return true, err
				}
				s.Bag = append(s.Bag, t)
			}
		case "stock":
			if err := at(4, "stock"); err != nil {
				return true, err
			}
			return true, s.stockLine(f)
		default:
			return false, nil
		}
		return true, nil
	}
	return engine.Replaying[Setup, *Game]{
		Game:   GameName,
		Header: headerLine,
		Begin: func(s Setup, header, _ []engine.Line) (*Game, error) {
			if len(s.Seats) == 0 {
				return nil, &engine.LineError{Line: engine.LastLine(header, 0), Err: errors.New("no `seat` lines")}
			}
			return New(s)
		},
		Line: replayLine,
		End:  (*Game).settle,
	}.Read(rec, Setup{Rules: Modern})
}

// stockLine reads a `stock SEAT CHAIN N ...` header line (C3).
func (s *Setup) stockLine(f []string) error {
	if len(f) < 2 || len(f)%2 != 0 {
		return errors.New("want `stock SEAT CHAIN N ...`")
	}
	seat := s.seat(f[1])
	if seat < 0 {
		return fmt.Errorf("stock: %q is not a seat", f[1])
	}
	if s.Stock == nil {
		s.Stock = make([][Chains]int, len(s.Seats))
	}
	for j := 2; j < len(f); j += 2 {
		c, err := s.Rules.ChainByName(f[j])
		if err != nil {
			return err
		}
		k, err := strconv.Atoi(f[j+1])
		if err != nil || k < 0 || k > 99 {
			return fmt.Errorf("stock: %q is not a count", f[j+1])
		}
		s.Stock[seat][c] += k
	}
	return nil
}

func (s *Setup) seat(name string) int {
	for i, n := range s.Seats {
		if n == name {
			return i
		}
	}
	return -1
}

// replayLine applies one body line: an action, a check or the result.
func replayLine(rp *Replay, f []string) error {
	g := rp.Game
	switch strings.ToLower(f[0]) {
	case "check":
		g.settle()
		return g.checkLine(f[1:])
	case "result":
		g.settle()
		return g.checkResult(f[1:])
	case "rules", "option", "seat", "bag", "stock":
		return engine.LateHeader(f[0])
	}
	seat := rp.Setup.seat(f[0])
	if seat < 0 {
		return fmt.Errorf("%q is neither a seat nor check nor result", f[0])
	}
	a, err := g.rules.ParseAction(strings.Join(f[1:], " "))
	if err != nil {
		return err
	}
	for {
		if g.phase == PhaseOver {
			return fmt.Errorf("%s: the game is over", g.Line(seat, a))
		}
		// The action alone: a forced step after it may be written next.
		err := g.check(seat, a)
		if err == nil {
			g.step(int8(seat), a)
			rp.Lines++
			return nil
		}
		forced, ok := g.Forced()
		if !ok {
			why := g.Describe()
			if strings.Contains(err.Error(), g.Due()) {
				why = g.legalText() // the refusal already says what is due
			}
			return fmt.Errorf("%w; %s", err, why)
		}
		g.step(g.toMove, forced)
	}
}

// Describe says what decision is due and what is legal, for error messages.
func (g *Game) Describe() string {
	if g.phase == PhaseOver {
		return "the game is over"
	}
	return g.Due() + "; " + g.legalText()
}

// legalText says what is legal now: "legal: `play 5E` `play 6E`".
func (g *Game) legalText() string {
	legal := g.AppendLegal(nil, int(g.toMove))
	var b strings.Builder
	b.WriteString("legal:")
	switch g.phase {
	case PhasePlay, PhaseFound, PhaseSurvivor, PhaseNext:
		for _, a := range legal {
			b.WriteString(" `" + a.Text(g.rules) + "`")
		}
	case PhaseDispose:
		held := g.shares[g.toMove][g.defunct]
		fmt.Fprintf(&b, " `dispose %s sell S trade T` with S+T at most %d and T even, at most %d",
			g.rules.Chains[g.defunct].Name, held, min(held/2, g.bank[g.survivor])*2)
	case PhaseBuy:
		var can []string
		for c := range Chain(Chains) {
			if g.size[c] > 0 && g.bank[c] > 0 {
				can = append(can, fmt.Sprintf("%s $%d (%d left)", g.rules.Chains[c].Name, g.price(c), g.bank[c]))
			}
		}
		fmt.Fprintf(&b, " buy up to %d with $%d", g.rules.MaxBuy, g.cash[g.turn])
		if len(can) > 0 {
			b.WriteString(" of " + strings.Join(can, ", "))
		}
		if !g.ending && g.canDeclare() {
			b.WriteString(", or `end`")
		}
	}
	return b.String()
}

// checkLine compares a `check` line with the game.
func (g *Game) checkLine(f []string) error {
	if len(f) == 0 {
		return errors.New("check: want cash, shares, size or bank")
	}
	what, args := strings.ToLower(f[0]), f[1:]
	chain := func(get func(Chain) int) func(string) (int, error) {
		return func(name string) (int, error) {
			c, err := g.rules.ChainByName(name)
			if err != nil {
				return 0, err
			}
			return get(c), nil
		}
	}
	switch what {
	case "cash":
		return engine.CheckCounts(what, args, func(name string) (int, error) {
			s, err := g.seatNamed(name)
			if err != nil {
				return 0, err
			}
			return int(g.cash[s]), nil
		})
	case "shares":
		if len(args) == 0 {
			return errors.New("check shares: want SEAT CHAIN COUNT ...")
		}
		s, err := g.seatNamed(args[0])
		if err != nil {
			return fmt.Errorf("check shares: %w", err)
		}
		return engine.CheckCounts(what, args[1:], chain(func(c Chain) int { return int(g.shares[s][c]) }))
	case "size":
		return engine.CheckCounts(what, args, chain(func(c Chain) int { return int(g.size[c]) }))
	case "bank":
		return engine.CheckCounts(what, args, chain(func(c Chain) int { return int(g.bank[c]) }))
	}
	return fmt.Errorf("check %q: want cash, shares, size or bank", f[0])
}

func (g *Game) checkResult(args []string) error {
	if g.phase != PhaseOver {
		return fmt.Errorf("result: the game is not over: %s", g.Due())
	}
	return engine.CheckResult(args, "MONEY", "has", func(name string) (int, error) {
		s, err := g.seatNamed(name)
		return int(g.cash[s]), err
	})
}

func (g *Game) seatNamed(name string) (int8, error) {
	s, err := engine.SeatNamed(g.names[:g.seats], name)
	return int8(s), err
}
