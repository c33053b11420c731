package acquire

import (
	"fmt"
	"strconv"
	"strings"

	"hotels/internal/engine"
)

// Verb is the kind of an action; its name is the record verb.
type Verb uint8

const (
	Skip     Verb = iota // no playable tile: the play is skipped (A21); never written
	Play                 // play a tile
	Found                // name the founded chain
	Survivor             // choose the survivor
	Next                 // choose the next defunct chain
	Dispose              // sell, trade and keep a defunct chain's shares
	Buy                  // buy 0–3 shares
	End                  // declare the end
)

var verbNames = [...]string{"skip", "play", "found", "survivor", "next", "dispose", "buy", "end"}

func (v Verb) String() string {
	if int(v) >= len(verbNames) {
		return "verb(" + strconv.Itoa(int(v)) + ")"
	}
	return verbNames[v]
}

// Action is one decision. Its String is its record text after the seat's
// name; the rules set gives chains their names, so Text takes them.
type Action struct {
	Verb  Verb
	Tile  Tile  // Play
	Chain Chain // Found, Survivor, Next, Dispose
	Sell  int8  // Dispose
	Trade int8  // Dispose: defunct shares given, two for one
	N     int8  // Buy: how many of Buys
	Buys  [3]Chain
}

// Text writes a with the chain names of rules r.
func (a Action) Text(r *Rules) string {
	var b strings.Builder
	b.WriteString(a.Verb.String())
	switch a.Verb {
	case Play:
		b.WriteString(" " + a.Tile.String())
	case Found, Survivor, Next:
		b.WriteString(" " + r.chainName(a.Chain))
	case Dispose:
		b.WriteString(" " + r.chainName(a.Chain))
		if a.Sell > 0 {
			b.WriteString(" sell " + strconv.Itoa(int(a.Sell)))
		}
		if a.Trade > 0 {
			b.WriteString(" trade " + strconv.Itoa(int(a.Trade)))
		}
	case Buy:
		// Clamped: a refusal writes out any action, even one with a count
		// no buy can have.
		for _, c := range a.Buys[:min(max(a.N, 0), int8(len(a.Buys)))] {
			b.WriteString(" " + r.chainName(c))
		}
	}
	return b.String()
}

func (r *Rules) chainName(c Chain) string {
	if c < 0 || c >= Chains {
		return "?"
	}
	return r.Chains[c].Name
}

// ParseAction reads an action from its record text, without the seat:
// "play 6D", "found Tower", "dispose Luxor sell 2 trade 4", "buy Tower Luxor",
// "end". Verbs and chains are read in any case.
func (r *Rules) ParseAction(text string) (Action, error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return Action{}, fmt.Errorf("empty action: want play, found, survivor, next, dispose, buy or end")
	}
	var a Action
	verb := strings.ToLower(f[0])
	args := f[1:]
	chain := func() error {
		if len(args) == 0 {
			return fmt.Errorf("%s: name a chain", verb)
		}
		c, err := r.ChainByName(args[0])
		a.Chain = c
		args = args[1:]
		return err
	}
	var err error
	switch verb {
	case "play":
		a.Verb = Play
		if len(args) == 0 {
			return a, fmt.Errorf("play: name a tile, like 6D")
		}
		if a.Tile, err = ParseTile(args[0]); err != nil {
			return a, err
		}
		args = args[1:]
	case "found":
		a.Verb = Found
		err = chain()
	case "survivor":
		a.Verb = Survivor
		err = chain()
	case "next":
		a.Verb = Next
		err = chain()
	case "dispose":
		a.Verb = Dispose
		if err = chain(); err != nil {
			return a, err
		}
		for len(args) > 0 {
			what := strings.ToLower(args[0])
			if (what != "sell" && what != "trade") || len(args) < 2 {
				return a, fmt.Errorf("dispose: want `sell N` and/or `trade N` after the chain, got %q", strings.Join(args, " "))
			}
			count := &a.Sell
			if what == "trade" {
				count = &a.Trade
			}
			// The bound is on the total: int8 counts summed over repeated
			// words would wrap, reading "trade 99 trade 99 trade 60" as 2.
			n, perr := strconv.Atoi(args[1])
			if perr != nil || n < 0 || int(*count)+n > 99 {
				return a, fmt.Errorf("dispose: %s %q is not a count from 0 to 99", what, args[1])
			}
			*count += int8(n)
			args = args[2:]
		}
	case "buy":
		a.Verb = Buy
		if len(args) > len(a.Buys) {
			return a, engine.Cite("A20", fmt.Errorf("buy: at most %d shares a turn", len(a.Buys)))
		}
		for _, name := range args {
			c, cerr := r.ChainByName(name)
			if cerr != nil {
				return a, cerr
			}
			a.Buys[a.N] = c
			a.N++
		}
		args = nil
	case "end":
		a.Verb = End
	default:
		return a, fmt.Errorf("unknown action %q: want play, found, survivor, next, dispose, buy or end", f[0])
	}
	if err != nil {
		return a, err
	}
	if len(args) > 0 {
		return a, fmt.Errorf("%s: unexpected %q", verb, strings.Join(args, " "))
	}
	return a, nil
}
