package tycoon

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"hotels/internal/engine"
)

// invariants reports the first broken invariant of g, or "".
func (g *Game) invariants() string {
	var ents [Hotels]int8
	for sp, h := range g.entrance {
		if h == NoHotel {
			continue
		}
		if !slotOf[h][sp] || g.built[h] == 0 || g.owner[h] < 0 {
			return fmt.Sprintf("entrance of %v on %d: slot %v, built %d, owner %d (T6, T18)", h, sp, slotOf[h][sp], g.built[h], g.owner[h])
		}
		ents[h]++
	}
	if ents != g.ents {
		return fmt.Sprintf("entrance counts %v, on the road %v", g.ents, ents)
	}
	for s := range g.seats {
		if g.cash[s] < 0 {
			return fmt.Sprintf("%s has %d", g.names[s], g.cash[s])
		}
		for t := range g.seats {
			if s != t && g.in(s) && g.at[s] == g.at[t] && g.at[s] != 0 {
				return fmt.Sprintf("two cars on %d (T11)", g.at[s])
			}
		}
	}
	for h, o := range g.owner {
		if o >= 0 && !g.in(o) {
			return fmt.Sprintf("%v held by %s, who is out", Hotel(h), g.names[o])
		}
		if g.built[h] > g.deeds[h].Phases() || (o < 0 && g.built[h] > 0) {
			return fmt.Sprintf("%v: %d phases built, owner %d", Hotel(h), g.built[h], o)
		}
	}
	return ""
}

// FuzzGame plays a game chosen by the fuzzer's bytes: seats and options,
// then a mix of legal actions, arbitrary actions and arbitrary text. After
// every action it checks the invariants, and that a refusal changes
// nothing.
func FuzzGame(f *testing.F) {
	f.Add([]byte{}, "h=free")
	f.Add([]byte{1, 2, 3, 200, 17, 4, 99}, "permit=D claim=manual six=again")
	f.Add([]byte{9, 9, 9, 9, 1, 0, 250}, "rounds=3 landbuy=half deeds=european")
	f.Fuzz(func(t *testing.T, data []byte, options string) {
		var opts Options
		for _, kv := range strings.Fields(options) {
			if opts.Set(kv) != nil {
				return
			}
		}
		next := func() byte {
			if len(data) == 0 {
				return 0
			}
			b := data[0]
			data = data[1:]
			return b
		}
		g, err := New(Setup{Options: opts, Seats: []string{"ann", "bob", "cat", "dan"}[:2+next()%3]})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(len(data)), 3))
		words := []string{"roll", "permit", "buy", "build", "facilities", "pay", "free", "entrance", "auction", "bid", "claim", "pass",
			"green", "double", "h", "Royal", "safari", "2", "20", "3000", "-50", "7", "x"}
		var buf []Action
		for n := 0; !g.Over() && n < 4000; n++ {
			seat, _ := g.ToMove()
			before := *g
			switch b := next(); {
			case b < 200: // a legal action
				buf = g.AppendLegal(buf[:0], int(seat))
				if err := g.Do(int(seat), buf[int(b)%len(buf)]); err != nil {
					t.Fatalf("legal %s refused: %v", buf[int(b)%len(buf)], err)
				}
			case b < 230: // an arbitrary action
				a := Action{Verb: Verb(next() % 14), Hotel: Hotel(int8(next())%10 - 1), Face: Face(next() % 5), N: int32(int8(next())) * 50}
				a.Ents[0] = Placement{Hotel(next() % 9), int8(next() % 33)}
				if err := g.Do(int(int8(next()%6))-2, a); err != nil && *g != before {
					t.Fatalf("refused %s changed the game", a)
				}
			default: // arbitrary text
				var w []string
				for range next() % 6 {
					w = append(w, words[int(next())%len(words)])
				}
				a, err := g.ParseAction(seat, strings.Join(w, " "))
				if err == nil {
					if err := g.Apply(seat, a); err != nil && *g != before {
						t.Fatalf("refused %q changed the game", w)
					}
				}
			}
			if bad := g.invariants(); bad != "" {
				t.Fatalf("after %d actions: %s", n, bad)
			}
			if len(data) == 0 && rng.IntN(2) == 0 {
				data = []byte{byte(rng.IntN(200))}
			}
		}
		_ = g.ViewFor(engine.Watcher)
		_ = g.Standings()
	})
}

// FuzzRecord reads arbitrary record text: it never panics, and an error
// names a line.
func FuzzRecord(f *testing.F) {
	f.Add("hotels-record 1\ngame tycoon\noption h=free\nseat ann\nseat bob\nroll 2\nann buy Boomerang\nroll 3\ncheck cash ann 24500\n")
	f.Add("hotels-record 1\ngame tycoon\nseat a\nseat b\nroll 6\nroll 1\npermit red\ncheck entrances Royal 20 Safari\nresult a 0\n")
	f.Add("hotels-record 1\ngame tycoon\noption permit=D rounds=1\nseat a\nseat b\nroll 4\nroll 2\ncheck at a 4 b out\ncheck owner Royal bank\n")
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := engine.ReadRecord(strings.NewReader(text))
		if err != nil {
			return
		}
		rp, err := ReadRecord(rec)
		if err != nil {
			if _, ok := err.(*engine.LineError); !ok {
				t.Fatalf("error %v names no line", err)
			}
			return
		}
		if bad := rp.Game.invariants(); bad != "" {
			t.Fatal(bad)
		}
	})
}
