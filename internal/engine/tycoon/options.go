package tycoon

import (
	"fmt"
	"strconv"
	"strings"

	"hotels/internal/engine"
)

// MaxFaces bounds the permission die (option permit, T28).
const MaxFaces = 12

// Options are the options of T28; the zero value is the rulebook's game
// with its default permission die, GGGRHD.
type Options struct {
	HFree       bool // h=free: the H face makes the buildings free
	LandBuyHalf bool // landbuy=half: another player's vacant plot costs half
	SixAgain    bool // six=again: a move roll of 6 gives another turn
	European    bool // deeds=european: the Royal's deed of the European edition
	ClaimManual bool // claim=manual: the owner decides whether to claim a stay
	// Rounds ends the game after this many rounds (D8); 0 plays to the
	// last player left.
	Rounds int32
	// Die is the permission die's faces in order; NFaces 0 is GGGRHD.
	Die    [MaxFaces]Face
	NFaces int8
}

// DefaultDie is the permission die of T10.
const DefaultDie = "GGGRHD"

// defaultFaces are DefaultDie's faces.
var defaultFaces = [...]Face{Green, Green, Green, Red, H, Double}

// Faces returns the permission die's faces in order. The caller must not
// change them.
func (o *Options) Faces() []Face {
	if o.NFaces == 0 {
		return defaultFaces[:]
	}
	return o.Die[:o.NFaces]
}

// Keys lists the option keys in the order of T28.
var Keys = []string{"h", "landbuy", "six", "deeds", "permit", "claim", "rounds"}

// maxRounds bounds rounds=N so that a round count never overflows.
const maxRounds = 1_000_000

// Set sets one option from its `key=value` text (T28, D9).
func (o *Options) Set(kv string) error {
	key, value, ok := strings.Cut(kv, "=")
	if !ok {
		return engine.Cite("T28", fmt.Errorf("option %q: want key=value", kv))
	}
	key = strings.ToLower(key)
	flag := func(p *bool, no, yes string) error {
		switch strings.ToLower(value) {
		case no:
			*p = false
		case yes:
			*p = true
		default:
			return engine.Cite("T28", fmt.Errorf("option %s=%s: want %s or %s", key, value, no, yes))
		}
		return nil
	}
	switch key {
	case "h":
		return flag(&o.HFree, "half", "free")
	case "landbuy":
		return flag(&o.LandBuyHalf, "full", "half")
	case "six":
		return flag(&o.SixAgain, "none", "again")
	case "deeds":
		return flag(&o.European, "rulebook", "european")
	case "claim":
		return flag(&o.ClaimManual, "auto", "manual")
	case "permit":
		if len(value) < 1 || len(value) > MaxFaces {
			return engine.Cite("T28", fmt.Errorf("option permit=%s: want 1 to %d faces, one letter each of G, R, H, D", value, MaxFaces))
		}
		var die [MaxFaces]Face
		for i := range len(value) {
			f := strings.IndexByte("GRHD", value[i])
			if f < 0 {
				f = strings.IndexByte("grhd", value[i])
			}
			if f < 0 {
				return engine.Cite("T28", fmt.Errorf("option permit=%s: %q is no face: want G, R, H or D", value, value[i]))
			}
			die[i] = Face(f)
		}
		o.Die, o.NFaces = die, int8(len(value))
		if strings.EqualFold(value, DefaultDie) {
			o.Die, o.NFaces = [MaxFaces]Face{}, 0
		}
	case "rounds":
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 || n > maxRounds {
			return engine.Cite("T28", fmt.Errorf("option rounds=%s: want a number of rounds from 0 (no limit) to %d", value, maxRounds))
		}
		o.Rounds = int32(n)
	default:
		return engine.Cite("T28", fmt.Errorf("option %q: unknown key: want one of %s", key, strings.Join(Keys, ", ")))
	}
	return nil
}

// Value returns the value of option key as Set reads it.
func (o *Options) Value(key string) string {
	pick := func(b bool, no, yes string) string {
		if b {
			return yes
		}
		return no
	}
	switch key {
	case "h":
		return pick(o.HFree, "half", "free")
	case "landbuy":
		return pick(o.LandBuyHalf, "full", "half")
	case "six":
		return pick(o.SixAgain, "none", "again")
	case "deeds":
		return pick(o.European, "rulebook", "european")
	case "claim":
		return pick(o.ClaimManual, "auto", "manual")
	case "permit":
		if o.NFaces == 0 {
			return DefaultDie
		}
		b := make([]byte, o.NFaces)
		for i, f := range o.Die[:o.NFaces] {
			b[i] = faceLetters[f]
		}
		return string(b)
	case "rounds":
		return strconv.Itoa(int(o.Rounds))
	}
	return ""
}

// List returns the options that differ from the defaults as key=value, in
// the order of T28.
func (o Options) List() []string {
	var out []string
	for _, k := range Keys {
		if v := o.Value(k); v != (&Options{}).Value(k) {
			out = append(out, k+"="+v)
		}
	}
	return out
}

// deeds returns the deed set the options choose.
func (o *Options) deeds() *Deeds {
	if o.European {
		return &EuropeanDeeds
	}
	return &RulebookDeeds
}
