package tycoon

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"hotels/internal/engine"
)

// position builds a game from a picture in words, one fact a line:
//
//	seats ann bob cat        # in turn order (required, first)
//	option landbuy=half
//	cash ann 5000 bob 300
//	at ann 3 bob 10 cat out  # cars; out: out of the game
//	owner Royal bob Safari ann
//	built Royal 3
//	entrances Royal 20 11
//	turn bob                 # whose turn: the die is due
//
// Unnamed facts keep their start values.
func position(t *testing.T, text string) *Game {
	t.Helper()
	var g *Game
	for _, line := range strings.Split(text, "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		fail := func(why string) { t.Helper(); t.Fatalf("position %q: %s", line, why) }
		num := func(s string) int32 {
			n, err := strconv.Atoi(s)
			if err != nil {
				fail(err.Error())
			}
			return int32(n)
		}
		hotel := func(s string) Hotel {
			h, err := ParseHotel(s)
			if err != nil {
				fail(err.Error())
			}
			return h
		}
		if f[0] == "seats" {
			var err error
			if g, err = New(Setup{Seats: f[1:]}); err != nil {
				fail(err.Error())
			}
			continue
		}
		if g == nil {
			fail("the first line names the seats")
		}
		seat := func(s string) int8 {
			n, err := g.seatNamed(s)
			if err != nil {
				fail(err.Error())
			}
			return n
		}
		args := f[1:]
		switch f[0] {
		case "option":
			for _, kv := range args {
				if err := g.opts.Set(kv); err != nil {
					fail(err.Error())
				}
			}
			g.deeds = g.opts.deeds()
		case "cash":
			for i := 0; i+1 < len(args); i += 2 {
				g.cash[seat(args[i])] = num(args[i+1])
			}
		case "at":
			for i := 0; i+1 < len(args); i += 2 {
				s := seat(args[i])
				if args[i+1] == "out" {
					g.at[s] = -1
					g.outOrder[g.nOut] = s
					g.nOut++
					continue
				}
				g.at[s] = int8(num(args[i+1]))
			}
		case "owner":
			for i := 0; i+1 < len(args); i += 2 {
				g.owner[hotel(args[i])] = seat(args[i+1])
			}
		case "built":
			for i := 0; i+1 < len(args); i += 2 {
				g.built[hotel(args[i])] = int8(num(args[i+1]))
			}
		case "entrances":
			h := hotel(args[0])
			for _, a := range args[1:] {
				g.entrance[num(a)] = h
				g.ents[h]++
			}
		case "turn":
			g.startTurn(seat(args[0]))
		default:
			fail("unknown fact")
		}
	}
	return g
}

// play applies record lines to g ("roll 4", "ann buy Royal"), failing the
// test at the first refusal.
func play(t *testing.T, g *Game, lines ...string) {
	t.Helper()
	for _, l := range lines {
		if err := apply(g, l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
}

// refused checks that line is refused by rule, and changes nothing.
func refused(t *testing.T, g *Game, line, rule string) {
	t.Helper()
	before := *g
	err := apply(g, line)
	var re *engine.RuleError
	switch {
	case err == nil:
		t.Fatalf("%s: accepted, want refused (%s)", line, rule)
	case !errors.As(err, &re) || re.Rule != rule:
		t.Fatalf("%s: %v, want a refusal by %s", line, err, rule)
	}
	if *g != before {
		t.Fatalf("%s: refused, but the game changed", line)
	}
}

func apply(g *Game, line string) error {
	seat, text := engine.SplitLine(g.Seats(), line)
	a, err := g.ParseAction(seat, text)
	if err != nil {
		return err
	}
	return g.Apply(seat, a)
}

// legal returns seat's legal actions as text, space-separated.
func legal(g *Game, seat engine.Seat) string {
	var out []string
	for _, a := range g.Legal(seat) {
		out = append(out, a.String())
	}
	return strings.Join(out, ", ")
}

// logged returns the last action's events, one a line.
func logged(g *Game) string { return strings.Join(g.Log(engine.Watcher), "\n") }
