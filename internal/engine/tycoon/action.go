package tycoon

import (
	"fmt"
	"strconv"
	"strings"
)

// Verb is the kind of an action; its name is the record verb.
type Verb uint8

const (
	Roll       Verb = iota // chance: the red die, N the face (T9)
	Permit                 // chance: the permission die, Face (T10)
	BuyLand                // buy Hotel's plot (T15)
	Apply                  // apply to put up N of Hotel's next buildings (T16a)
	Facilities             // install Hotel's facilities (T16b)
	PayDouble              // after `permit double`: pay double and build (T16)
	Free                   // Hotel's next phase, free (T17)
	Entrance               // entrances: Ents[:N] (T19, T20)
	Auction                // the debtor auctions Hotel's complex (T23)
	Bid                    // a bid of N dollars (T24)
	Claim                  // the owner claims the stay (claim=manual, T28)
	Pass                   // decline what is offered
)

var verbNames = [...]string{"roll", "permit", "buy", "build", "facilities", "pay", "free", "entrance", "auction", "bid", "claim", "pass"}

func (v Verb) String() string {
	if int(v) >= len(verbNames) {
		return "verb(" + strconv.Itoa(int(v)) + ")"
	}
	return verbNames[v]
}

// MaxEntrances is the most entrances one action puts up: one per hotel at
// the Town Hall (T20).
const MaxEntrances = Hotels

// Placement is one entrance: a hotel and the road space it goes on.
type Placement struct {
	Hotel Hotel
	Space int8
}

// Action is one decision, or one throw of a die. Its String is its record
// text after the seat's name ("build Royal 2", "roll 4").
type Action struct {
	Verb  Verb
	Hotel Hotel // BuyLand, Apply, Facilities, Free, Auction
	Face  Face  // Permit
	N     int32 // Roll: the face; Apply: buildings; Bid: dollars; Entrance: len(Ents)
	Ents  [MaxEntrances]Placement
}

// String writes the action as a record line writes it, without the seat.
func (a Action) String() string {
	var b strings.Builder
	b.WriteString(a.Verb.String())
	switch a.Verb {
	case Roll, Bid:
		b.WriteString(" " + strconv.Itoa(int(a.N)))
	case Permit:
		b.WriteString(" " + a.Face.String())
	case BuyLand, Facilities, Free, Auction:
		b.WriteString(" " + a.Hotel.String())
	case Apply:
		b.WriteString(" " + a.Hotel.String() + " " + strconv.Itoa(int(a.N)))
	case Entrance:
		for _, p := range a.Ents[:min(max(a.N, 0), MaxEntrances)] {
			b.WriteString(" " + p.Hotel.String() + " " + strconv.Itoa(int(p.Space)))
		}
	}
	return b.String()
}

// ParseAction reads an action from its record text, without the seat:
// "roll 4", "permit green", "buy Royal", "build Royal 2", "facilities
// Royal", "pay", "free Royal", "entrance Royal 11 President 13", "auction
// Royal", "bid 3000", "claim", "pass". Verbs and hotels are read in any case.
func ParseAction(text string) (Action, error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return Action{}, fmt.Errorf("empty action: want one of %s", strings.Join(verbNames[:], ", "))
	}
	var a Action
	verb := strings.ToLower(f[0])
	args := f[1:]
	want := func(n int, form string) error {
		if len(args) != n {
			return fmt.Errorf("%s: want `%s`", verb, form)
		}
		return nil
	}
	number := func(s string, lo, hi int) (int32, error) {
		n, err := strconv.Atoi(s)
		if err != nil || n < lo || n > hi {
			return 0, fmt.Errorf("%s: %q is not a number from %d to %d", verb, s, lo, hi)
		}
		return int32(n), nil
	}
	var err error
	switch verb {
	case "roll":
		a.Verb = Roll
		if err = want(1, "roll N"); err == nil {
			a.N, err = number(args[0], 1, 6)
		}
	case "permit":
		a.Verb = Permit
		if err = want(1, "permit green|red|h|double"); err == nil {
			a.Face, err = ParseFace(args[0])
		}
	case "buy", "facilities", "free", "auction":
		switch verb {
		case "buy":
			a.Verb = BuyLand
		case "facilities":
			a.Verb = Facilities
		case "free":
			a.Verb = Free
		default:
			a.Verb = Auction
		}
		if err = want(1, verb+" HOTEL"); err == nil {
			a.Hotel, err = ParseHotel(args[0])
		}
	case "build":
		a.Verb = Apply
		if err = want(2, "build HOTEL N"); err == nil {
			if a.Hotel, err = ParseHotel(args[0]); err == nil {
				a.N, err = number(args[1], 1, maxPhases)
			}
		}
	case "entrance":
		a.Verb = Entrance
		if len(args) == 0 || len(args)%2 != 0 || len(args) > 2*MaxEntrances {
			return a, fmt.Errorf("entrance: want `entrance HOTEL SPACE`, at the Town Hall up to %d pairs", MaxEntrances)
		}
		for i := 0; i < len(args); i += 2 {
			p := &a.Ents[a.N]
			if p.Hotel, err = ParseHotel(args[i]); err != nil {
				return a, err
			}
			s, err := number(args[i+1], 0, Spaces-1)
			if err != nil {
				return a, err
			}
			p.Space = int8(s)
			a.N++
		}
	case "bid":
		a.Verb = Bid
		if err = want(1, "bid DOLLARS"); err == nil {
			a.N, err = number(args[0], 0, 1<<30)
		}
	case "pay":
		a.Verb = PayDouble
		err = want(0, verb)
	case "claim":
		a.Verb = Claim
		err = want(0, verb)
	case "pass":
		a.Verb = Pass
		err = want(0, verb)
	default:
		return a, fmt.Errorf("unknown action %q: want one of %s", f[0], strings.Join(verbNames[:], ", "))
	}
	return a, err
}
