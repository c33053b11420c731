package tycoon_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/engine/enginetest"
	"hotels/internal/engine/tycoon"
)

// randomOptions draws a set of T28 options, every value of every key
// possible.
func randomOptions(rng *rand.Rand) []string {
	var out []string
	for _, o := range tycoon.Kind.Options {
		if rng.IntN(2) == 0 {
			continue
		}
		v := o.Values[rng.IntN(len(o.Values))]
		if o.Key == "permit" && rng.IntN(2) == 0 {
			die := make([]byte, 1+rng.IntN(tycoon.MaxFaces))
			for i := range die {
				die[i] = "GRHD"[rng.IntN(4)]
			}
			v = string(die)
		}
		out = append(out, o.Key+"="+v)
	}
	return out
}

// deal makes a game of 2–4 seats with random options, as a room would.
func deal(tb testing.TB, rng *rand.Rand) (*tycoon.Game, string) {
	seats := []string{"ann", "bob", "cat", "dan"}[:2+rng.IntN(3)]
	g, header, err := tycoon.Kind.Deal("", randomOptions(rng), seats, rng.Uint64())
	if err != nil {
		tb.Fatal(err)
	}
	return g.(*tycoon.Game), header
}

func TestEngineContract(t *testing.T) {
	// Uniformly random play passes half the time and plays long: rounds
	// bound it, and every other game is played to the last player by
	// enginetest's own choices among eager seats' legal actions.
	enginetest.Check(t, func(seed uint64) engine.Game {
		rng := rand.New(rand.NewPCG(seed, 7))
		opts := append(randomOptions(rng), "rounds=40")
		g, _, err := tycoon.Kind.Deal("", opts, []string{"ann", "bob", "cat", "dan"}[:2+seed%3], seed)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}, enginetest.Options{Games: 12, MaxActions: 20000})
}

// TestDoLegal plays eager random games twice over, through Do and through
// DoLegal: every action Eager draws is legal, and skipping the check
// changes nothing.
func TestDoLegal(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var buf []tycoon.Action
	for range 50 {
		g, _ := deal(t, rng)
		fast := *g
		for !g.Over() {
			seat, _ := g.ToMove()
			a, _ := g.Eager(&buf, int(seat), rng)
			if err := g.Do(int(seat), a); err != nil {
				t.Fatalf("Eager drew an illegal action: %v", err)
			}
			fast.DoLegal(int(seat), a)
			if fast != *g {
				t.Fatalf("DoLegal(%s) and Do differ", a)
			}
		}
	}
}

// TestRecordRoundTrip plays random games with random options, writes each
// as a record with a check line now and then and its result, and replays
// it: the same standings, the same final view.
func TestRecordRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	var buf []tycoon.Action
	for i := range 60 {
		g, header := deal(t, rng)
		seats := g.Seats()
		var lines []string
		for n := 0; !g.Over() && n < 3000; n++ {
			seat, _ := g.ToMove()
			var a tycoon.Action
			if rng.IntN(4) == 0 { // sometimes a uniformly random choice
				buf = g.AppendLegal(buf[:0], int(seat))
				a = buf[rng.IntN(len(buf))]
			} else {
				a, _ = g.Eager(&buf, int(seat), rng)
			}
			if err := g.Do(int(seat), a); err != nil {
				t.Fatal(err)
			}
			lines = append(lines, engine.JoinLine(seats, seat, a.String()))
			if rng.IntN(20) == 0 {
				lines = append(lines, "check cash "+cashes(g))
			}
		}
		if g.Over() {
			var res []string
			for _, s := range g.Standings() {
				res = append(res, fmt.Sprintf("%s %d", s.Name, s.Score))
			}
			lines = append(lines, "result "+strings.Join(res, " "))
		}
		text := header + strings.Join(lines, "\n") + "\n"
		rec, err := engine.ReadRecord(strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		r, err := tycoon.Kind.Replay(rec)
		if err != nil {
			t.Fatalf("game %d: %v\n%s", i, err, text)
		}
		if !reflect.DeepEqual(r.Standings(), g.Standings()) || !reflect.DeepEqual(r.View(engine.Watcher), g.View(engine.Watcher)) {
			t.Fatalf("game %d: the replay differs: %v, want %v", i, r.Standings(), g.Standings())
		}
		// Resume, as a room does after a restart, reaches the same game.
		body := text[len(header):]
		res, err := tycoon.Kind.Resume(header, strings.Split(strings.TrimSuffix(body, "\n"), "\n"))
		if err != nil || !reflect.DeepEqual(res.View(engine.Watcher), g.View(engine.Watcher)) {
			t.Fatalf("game %d: Resume: %v", i, err)
		}
		var w bytes.Buffer
		if err := engine.WriteRecord(&w, tycoon.Setup{Seats: seats}.Header(), nil); err != nil || !strings.HasPrefix(w.String(), "hotels-record 1\ngame tycoon\n") {
			t.Fatalf("WriteRecord: %q, %v", w.String(), err)
		}
	}
}

func cashes(g *tycoon.Game) string {
	v := g.ViewFor(engine.Watcher)
	var out []string
	for _, s := range v.Seats {
		out = append(out, fmt.Sprintf("%s %d", s.Name, s.Cash))
	}
	return strings.Join(out, " ")
}
