package holiday

import (
	"strconv"
	"strings"
	"testing"
)

// position builds a game from a readable picture, one statement a line:
//
//	seats ann bob carol      the seats in turn order (first)
//	hand ann Alps-8 Raise    a hand (none: empty)
//	stock Cities-1 USA-2     the stock, first drawn first (none: empty)
//	track Alps 3-7 9 12-14   suitcases, also put on the discard pile
//	raise Cities 2           Raise cards beside a company
//	shares ann Alps 3        shares taken from the bank
//	options ann 0            option cards held (none: as H5 deals them)
//	turn bob play 1          the seat due and its phase: take, play N (cards
//	                         played), special or final (none: the first
//	                         seat's take)
//	coup ann                 the seat that made the grand coup
//
// Then it applies the forced steps (D1), as the engine does after every
// action.
func position(tb testing.TB, text string) *Game {
	tb.Helper()
	g := &Game{coup: -1}
	for c := range g.bank {
		g.bank[c] = SharesEach
	}
	seat := func(name string) int8 {
		s, err := g.seatNamed(name)
		if err != nil {
			tb.Fatalf("position: %v", err)
		}
		return s
	}
	company := func(name string) Company {
		c, err := ParseCompany(name)
		if err != nil {
			tb.Fatalf("position: %v", err)
		}
		return c
	}
	num := func(w string) int {
		n, err := strconv.Atoi(w)
		if err != nil {
			tb.Fatalf("position: %q is no number", w)
		}
		return n
	}
	cards := func(words []string) []Card {
		var out []Card
		for _, w := range words {
			k, err := ParseCard(w)
			if err != nil {
				tb.Fatalf("position: %v", err)
			}
			out = append(out, k)
		}
		return out
	}
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "seats":
			for _, name := range f[1:] {
				g.names[g.seats] = name
				g.options[g.seats] = setupTable[len(f)-1].options
				g.seats++
			}
		case "hand":
			s := seat(f[1])
			for _, k := range cards(f[2:]) {
				g.add(s, k)
			}
		case "stock":
			for _, k := range cards(f[1:]) {
				g.deck[g.deckLen] = k
				g.deckLen++
			}
		case "track":
			c := company(f[1])
			for _, run := range f[2:] {
				lo, hi, ok := strings.Cut(run, "-")
				if !ok {
					hi = lo
				}
				for n := num(lo); n <= num(hi); n++ {
					g.track[c] |= 1 << (n - 1)
					g.discard(Destination(c, n))
				}
			}
		case "raise":
			g.raises[company(f[1])] = int8(num(f[2]))
		case "shares":
			s := seat(f[1])
			for j := 2; j+1 < len(f); j += 2 {
				c, n := company(f[j]), int8(num(f[j+1]))
				g.shares[s][c] += n
				g.bank[c] -= n
			}
		case "options":
			g.options[seat(f[1])] = int8(num(f[2]))
		case "turn":
			g.turn = seat(f[1])
			switch f[2] {
			case "take":
				g.phase = PhaseTake
			case "play":
				g.phase, g.played = PhasePlay, int8(num(f[3]))
			case "special":
				g.phase = PhaseSpecial
			case "final":
				g.phase = PhaseFinal
			default:
				tb.Fatalf("position: phase %q", f[2])
			}
		case "coup":
			g.coup = seat(f[1])
		default:
			tb.Fatalf("position: %q", line)
		}
	}
	g.code = g.bankCode()
	g.settle()
	return g
}

// do applies seat's action text and fails the test if it is refused.
func do(tb testing.TB, g *Game, seat, text string) {
	tb.Helper()
	s, err := g.seatNamed(seat)
	if err != nil {
		tb.Fatal(err)
	}
	a, err := ParseAction(text)
	if err != nil {
		tb.Fatalf("%s %s: %v", seat, text, err)
	}
	if err := g.Do(int(s), a); err != nil {
		tb.Fatalf("%s %s: %v", seat, text, err)
	}
}

// refused applies seat's action text, wants it refused under rule with a
// reason containing why, and checks that the game did not change.
func refused(tb testing.TB, g *Game, seat, text, rule, why string) {
	tb.Helper()
	s, err := g.seatNamed(seat)
	if err != nil {
		tb.Fatal(err)
	}
	a, err := ParseAction(text)
	if err != nil {
		if !hasRule(err, rule) || !strings.Contains(err.Error(), why) {
			tb.Fatalf("%s %s: parse error %q, want %s and %q", seat, text, err, rule, why)
		}
		return
	}
	before := *g
	err = g.Do(int(s), a)
	if err == nil {
		tb.Fatalf("%s %s: accepted, want refused (%s)", seat, text, rule)
	}
	if !hasRule(err, rule) || !strings.Contains(err.Error(), why) {
		tb.Fatalf("%s %s: %v, want rule %s and %q", seat, text, err, rule, why)
	}
	if *g != before {
		tb.Fatalf("%s %s: refused but the game changed", seat, text)
	}
}

// hasRule reports whether err names rule, or names none when rule is "".
func hasRule(err error, rule string) bool {
	if rule == "" {
		return !strings.HasSuffix(err.Error(), ")")
	}
	return strings.Contains(err.Error(), "("+rule+")")
}

// legal returns the legal actions of the seat due as text.
func legal(g *Game) []string {
	var out []string
	for _, a := range g.AppendLegal(nil, int(g.turn)) {
		out = append(out, a.String())
	}
	return out
}

// due returns the seat due's name and phase, "ann play 1".
func due(g *Game) string {
	if g.phase == PhaseOver {
		return "over"
	}
	p := [...]string{"take", "play", "special", "final"}[g.phase]
	if g.phase == PhasePlay {
		p += " " + strconv.Itoa(int(g.played))
	}
	return g.names[g.turn] + " " + p
}
