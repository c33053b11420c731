package protocol_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/engine/tycoon"
	"hotels/internal/protocol"
)

// pair is one `HOTEL SPACE` of an entrance action.
type pair struct {
	hotel string
	space int
}

// entranceText is the action that puts up the entrances of set.
func entranceText(set []pair) string {
	var b strings.Builder
	b.WriteString("entrance")
	for _, p := range set {
		fmt.Fprintf(&b, " %s %d", p.hotel, p.space)
	}
	return b.String()
}

// described reports whether e, as docs/protocol.md tells a program to read
// it, allows the entrances of set in one action.
func described(e *protocol.Entrances, set []pair) bool {
	if e == nil || len(set) == 0 {
		return false
	}
	total := 0
	hotels, spaces := map[string]bool{}, map[int]bool{}
	for _, p := range set {
		i := slices.IndexFunc(e.Hotels, func(h protocol.EntranceHotel) bool { return h.Hotel == p.hotel })
		if i < 0 || hotels[p.hotel] || spaces[p.space] || !slices.Contains(e.Hotels[i].Spaces, p.space) {
			return false
		}
		hotels[p.hotel], spaces[p.space] = true, true
		total += e.Hotels[i].Price
	}
	return total <= e.Cash
}

// expand lists the sets e allows, at most limit of them: each hotel with
// none or one of its spaces, no space twice, within the cash.
func expand(e *protocol.Entrances, limit int) [][]pair {
	var out [][]pair
	var walk func(i, cash int, set []pair)
	walk = func(i, cash int, set []pair) {
		if len(out) >= limit {
			return
		}
		if i == len(e.Hotels) {
			if len(set) > 0 {
				out = append(out, slices.Clone(set))
			}
			return
		}
		walk(i+1, cash, set)
		h := e.Hotels[i]
		if h.Price > cash {
			return
		}
		for _, sp := range h.Spaces {
			if !slices.ContainsFunc(set, func(p pair) bool { return p.space == sp }) {
				walk(i+1, cash-h.Price, append(set, pair{h.Hotel, sp}))
			}
		}
	}
	if e != nil {
		walk(0, e.Cash, nil)
	}
	return out
}

// singles are the entrances of e one at a time, as the engine's legal
// list writes them.
func singles(e *protocol.Entrances) []string {
	var out []string
	for _, h := range e.Hotels {
		for _, sp := range h.Spaces {
			if h.Price <= e.Cash {
				out = append(out, entranceText([]pair{{h.Hotel, sp}}))
			}
		}
	}
	return out
}

// randomSet is one of the sets e allows, drawn with rng (nil if none).
func randomSet(e *protocol.Entrances, rng *rand.Rand) []pair {
	if e == nil || len(e.Hotels) == 0 {
		return nil
	}
	for {
		var set []pair
		for _, h := range e.Hotels {
			if rng.IntN(2) == 0 {
				set = append(set, pair{h.Hotel, h.Spaces[rng.IntN(len(h.Spaces))]})
			}
		}
		if described(e, set) {
			return set
		}
	}
}

// checkTownHall checks that the sets a turn's entrances object describes
// are exactly those the engine accepts in one action (T18, T20, D5): every
// hotel on every road space alone, every two entrances of any hotels on
// their slots, every set described (or a sample where there are very
// many), and random larger sets of any hotels on their slots.
func checkTownHall(t *testing.T, g engine.Game, seat engine.Seat, e *protocol.Entrances, rng *rand.Rand) (sets int) {
	t.Helper()
	check := func(set []pair) {
		text := entranceText(set)
		c := g.Clone()
		a, err := c.ParseAction(seat, text)
		engines := err == nil && c.Apply(seat, a) == nil
		if want := described(e, set); engines != want {
			t.Fatalf("%q: the engine accepts it: %v; the turn's entrances %+v say %v (%s)", text, engines, e, want, g.Due())
		}
	}
	var slots []pair // every hotel on each of its slots
	for h := range tycoon.Hotel(tycoon.Hotels) {
		for sp := range tycoon.Spaces {
			check([]pair{{h.String(), sp}})
		}
		for _, sp := range tycoon.Slots[h] {
			slots = append(slots, pair{h.String(), int(sp)})
		}
	}
	for i, p := range slots {
		for _, q := range slots[i+1:] {
			check([]pair{p, q})
		}
	}
	all := expand(e, 5000)
	for _, set := range all {
		check(set)
	}
	if len(all) == 5000 {
		for range 500 {
			check(randomSet(e, rng))
		}
	}
	var offered []pair // the hotels offered on each of their slots, taken or free
	for _, p := range slots {
		if e != nil && slices.ContainsFunc(e.Hotels, func(h protocol.EntranceHotel) bool { return h.Hotel == p.hotel }) {
			offered = append(offered, p)
		}
	}
	for _, from := range [][]pair{slots, offered} {
		for range 300 {
			if len(from) < 3 {
				break
			}
			set := slices.Clone(from)
			rng.Shuffle(len(set), func(i, j int) { set[i], set[j] = set[j], set[i] })
			check(set[:3+rng.IntN(min(6, len(set)-2))])
		}
	}
	return len(all)
}
