package enginetest

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"hotels/internal/engine"
)

// race is a small game to test the checker against: two seats in turn add 1
// or 2 to a count; whoever brings it to 10 wins. Its bugs are switched on
// one at a time, and Check must catch each.
type race struct {
	count, turn int
	seen        *int // shared with clones when bug "clone"
	history     []int
	bug         string
	calls       int
}

type add int

func (a add) String() string { return fmt.Sprintf("add %d", int(a)) }

type raceView struct {
	Count, Turn int
	Calls       int
}

func (g *race) Seats() []string { return []string{"ann", "bob"} }

func (g *race) ToMove() (engine.Seat, bool) { return engine.Seat(g.turn), g.count < 10 }
func (g *race) Due() string                 { return fmt.Sprintf("%s is to move", g.Seats()[g.turn]) }

func (g *race) Legal(seat engine.Seat) []engine.Action {
	if g.count >= 10 || int(seat) != g.turn && g.bug != "legal" {
		return nil
	}
	return []engine.Action{add(1), add(2)}
}

func (g *race) ParseAction(_ engine.Seat, text string) (engine.Action, error) {
	var n int
	if _, err := fmt.Sscanf(text, "add %d", &n); err != nil || n < 1 || n > 2 || text != add(n).String() {
		if g.bug == "parse" {
			return nil, errors.New("unreadable")
		}
		return nil, &engine.RuleError{Action: text, Reason: "unreadable"}
	}
	return add(n), nil
}

func (g *race) Apply(seat engine.Seat, a engine.Action) error {
	n, ok := a.(add)
	if g.bug == "refusal" {
		g.history = append(g.history, -1)
	}
	if !ok || g.count >= 10 || int(seat) != g.turn && g.bug != "seat" {
		if g.bug == "unwrapped" {
			return errors.New("refused")
		}
		return &engine.RuleError{Action: fmt.Sprint(a), Reason: "refused"}
	}
	g.count += int(n)
	g.history = append(g.history, int(n))
	if g.seen != nil {
		*g.seen += int(n)
	}
	if g.count < 10 {
		g.turn = 1 - g.turn
	}
	return nil
}

func (g *race) Log(engine.Seat) []string {
	if len(g.history) == 0 {
		return nil
	}
	return []string{fmt.Sprint(g.history[len(g.history)-1])}
}

func (g *race) View(engine.Seat) any {
	v := &raceView{Count: g.count, Turn: g.turn}
	if g.seen != nil {
		v.Count = *g.seen
	}
	if g.bug == "view" {
		g.calls++
		v.Calls = g.calls
	}
	return v
}

func (g *race) Standings() []engine.Standing {
	if g.count < 10 && g.bug != "standings" {
		return nil
	}
	win, lose := g.turn, 1-g.turn
	st := []engine.Standing{
		{Seat: engine.Seat(win), Name: g.Seats()[win], Score: 1, Place: 1},
		{Seat: engine.Seat(lose), Name: g.Seats()[lose], Score: 0, Place: 2},
	}
	if g.bug == "rank" {
		st[0].Score, st[1].Score = 0, 1
	}
	return st
}

func (g *race) Clone() engine.Game {
	c := *g
	c.history = append([]int(nil), g.history...)
	return &c
}

func TestCheck(t *testing.T) {
	for _, bug := range []string{"", "legal", "parse", "refusal", "seat", "unwrapped", "clone", "view", "standings", "rank"} {
		t.Run("bug "+bug, func(t *testing.T) {
			newGame := func(uint64) engine.Game {
				g := &race{bug: bug}
				if bug == "clone" {
					g.seen = new(int)
				}
				return g
			}
			var errs []string
			for seed := range uint64(4) {
				if err := checkGame(newGame, seed, 100); err != nil {
					errs = append(errs, err.Error())
				}
			}
			switch {
			case bug == "" && len(errs) > 0:
				t.Errorf("a good game fails: %s", strings.Join(errs, "; "))
			case bug != "" && len(errs) == 0:
				t.Errorf("bug %q is not caught", bug)
			default:
				t.Logf("%q", errs)
			}
		})
	}
}

func TestCheckEndless(t *testing.T) {
	newGame := func(uint64) engine.Game { return &race{count: -1 << 40} }
	if err := checkGame(newGame, 0, 50); err == nil || !strings.Contains(err.Error(), "not over") {
		t.Errorf("an endless game: %v", err)
	}
}

// Input hands out the bytes in order, little-endian for Uint64, and zeros
// once they are used up.
func TestInput(t *testing.T) {
	in := NewInput([]byte{7, 1, 2, 0, 0, 0, 0, 0, 0, 8, 6})
	if b := in.Byte(); b != 7 {
		t.Errorf("Byte = %d, want 7", b)
	}
	if u := in.Uint64(); u != 0x0201 {
		t.Errorf("Uint64 = %#x, want 0x201", u)
	}
	if b := in.Take(2); string(b) != "\x08\x06" || in.Len() != 0 {
		t.Errorf("Take(2) = %q with %d left, want the last two bytes and none left", b, in.Len())
	}
	if b, u, rest := in.Byte(), in.Uint64(), in.Take(3); b != 0 || u != 0 || len(rest) != 0 {
		t.Errorf("past the end: Byte %d, Uint64 %d, Take %q; want zeros and nothing", b, u, rest)
	}
}
