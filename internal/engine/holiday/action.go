package holiday

import (
	"fmt"
	"strconv"
	"strings"

	"hotels/internal/engine"
)

// Verb is the kind of an action; its name is the record verb.
type Verb uint8

const (
	Take   Verb = iota // take 0–2 shares (H10, D3)
	Option             // use an option card: 0–2 more shares (H11)
	Play               // play a destination card ("card Alps-7", H12a)
	Swap               // play an Exchange card ("exchange", H12b, D5)
	Lift               // play a Raise card on a company ("raise", H12c, H16)
	Pass               // the final round only: play no card (H20)
)

var verbNames = [...]string{"take", "option", "card", "exchange", "raise", "pass"}

func (v Verb) String() string {
	if int(v) >= len(verbNames) {
		return "verb(" + strconv.Itoa(int(v)) + ")"
	}
	return verbNames[v]
}

// Action is one decision. Its String is its record text after the seat's
// name.
type Action struct {
	Verb Verb
	Card Card // Play
	// N counts the shares of a Take or Option (0–2), or is 1 for an
	// Exchange that swaps (A given, B taken) and 0 for one that swaps
	// nothing.
	N int8
	// A and B are the companies: a Take's or Option's shares (A ≤ B), an
	// Exchange's given and taken shares, a Raise's company.
	A, B Company
}

// String writes a as a record does.
func (a Action) String() string {
	var b strings.Builder
	b.WriteString(a.Verb.String())
	switch a.Verb {
	case Take, Option:
		if a.N >= 1 {
			b.WriteString(" " + a.A.String())
		}
		if a.N >= 2 {
			b.WriteString(" " + a.B.String())
		}
	case Play:
		b.WriteString(" " + a.Card.String())
	case Swap:
		if a.N > 0 {
			b.WriteString(" " + a.A.String() + " " + a.B.String())
		}
	case Lift:
		b.WriteString(" " + a.A.String())
	}
	return b.String()
}

// shares returns a Take's or Option's shares in order, as a take.
func shares(n int8, x, y Company) Action {
	if n == 2 && y < x {
		x, y = y, x
	}
	if n < 2 {
		y = NoCompany
	}
	if n < 1 {
		x = NoCompany
	}
	return Action{N: n, A: x, B: y}
}

// ParseAction reads an action from its record text, without the seat:
// "take Alps USA", "option Alps Alps", "card Alps-7", "exchange USA Alps",
// "exchange", "raise Cities", "pass". Verbs, companies and cards are read in
// any case; a Take's companies in any order.
func ParseAction(text string) (Action, error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return Action{}, fmt.Errorf("empty action: want take, option, card, exchange, raise or pass")
	}
	verb, args := strings.ToLower(f[0]), f[1:]
	companies := func(max int) ([2]Company, error) {
		out := [2]Company{NoCompany, NoCompany}
		if len(args) > max {
			return out, fmt.Errorf("%s: at most %d companies, got %q", verb, max, strings.Join(args, " "))
		}
		for i, w := range args {
			c, err := ParseCompany(w)
			if err != nil {
				return out, fmt.Errorf("%s: %w", verb, err)
			}
			out[i] = c
		}
		return out, nil
	}
	switch verb {
	case "take", "option":
		cs, err := companies(2)
		if err != nil {
			return Action{}, engine.Cite("H10", err)
		}
		a := shares(int8(len(args)), cs[0], cs[1])
		a.Verb = Take
		if verb == "option" {
			a.Verb = Option
		}
		return a, nil
	case "card":
		if len(args) != 1 {
			return Action{}, fmt.Errorf("card: name one destination card, like Alps-7")
		}
		k, err := ParseCard(args[0])
		if err != nil {
			return Action{}, fmt.Errorf("card: %w", err)
		}
		switch k {
		case Exchange:
			return Action{}, engine.Cite("D5", fmt.Errorf("card %s: an Exchange card is played with `exchange`", args[0]))
		case Raise:
			return Action{}, engine.Cite("D5", fmt.Errorf("card %s: a Raise card is played with `raise COMPANY`", args[0]))
		}
		return Action{Verb: Play, Card: k, A: NoCompany, B: NoCompany}, nil
	case "exchange":
		if len(args) != 0 && len(args) != 2 {
			return Action{}, engine.Cite("D5", fmt.Errorf("exchange: want `exchange GIVE TAKE` or a bare `exchange`"))
		}
		cs, err := companies(2)
		if err != nil {
			return Action{}, err
		}
		return Action{Verb: Swap, N: int8(len(args) / 2), A: cs[0], B: cs[1]}, nil
	case "raise":
		if len(args) != 1 {
			return Action{}, fmt.Errorf("raise: name one company, like `raise Cities`")
		}
		cs, err := companies(1)
		if err != nil {
			return Action{}, err
		}
		return Action{Verb: Lift, A: cs[0], B: NoCompany}, nil
	case "pass":
		if len(args) != 0 {
			return Action{}, fmt.Errorf("pass: unexpected %q", strings.Join(args, " "))
		}
		return Action{Verb: Pass, A: NoCompany, B: NoCompany}, nil
	}
	return Action{}, fmt.Errorf("unknown action %q: want take, option, card, exchange, raise or pass", f[0])
}
