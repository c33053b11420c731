package acquire_test

import (
	"math/rand/v2"
	"testing"

	"hotels/internal/engine/acquire"
)

// playout plays g to the end with uniformly random legal decisions and
// returns how many decisions it made.
func playout(g *acquire.Game, rng *rand.Rand) int {
	n := 0
	for !g.Over() {
		seat, _ := g.ToMove()
		a, _ := g.RandomAction(int(seat), rng)
		g.DoLegal(int(seat), a) // TestDoLegal checks these actions are legal
		n++
	}
	return n
}

// TestDoLegal plays random games twice over, through Do and through
// DoLegal: every action RandomAction draws is legal, and skipping the check
// changes nothing.
func TestDoLegal(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, r := range acquire.RuleSets {
		for _, g := range deals(t, r, acquire.Options{}, 20, rng) {
			fast := *g
			for !g.Over() {
				seat, _ := g.ToMove()
				a, _ := g.RandomAction(int(seat), rng)
				if err := g.Do(int(seat), a); err != nil {
					t.Fatalf("%s: RandomAction drew an illegal action: %v", r.Key, err)
				}
				fast.DoLegal(int(seat), a)
				if fast != *g {
					t.Fatalf("%s: DoLegal(%s) and Do differ", r.Key, a.Text(r))
				}
			}
		}
	}
}

// deals returns n freshly dealt 4-seat games.
func deals(tb testing.TB, r *acquire.Rules, opts acquire.Options, n int, rng *rand.Rand) []*acquire.Game {
	games := make([]*acquire.Game, n)
	for i := range games {
		g, err := acquire.New(acquire.Deal(r, opts, []string{"ann", "bob", "cat", "dan"}, rng))
		if err != nil {
			tb.Fatal(err)
		}
		games[i] = g
	}
	return games
}

// BenchmarkRandomGame4p plays whole 4-player games with uniformly random
// legal decisions: the bots' playout loop. It must not allocate.
func BenchmarkRandomGame4p(b *testing.B) {
	for _, r := range acquire.RuleSets {
		b.Run(r.Key, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			starts := deals(b, r, acquire.Options{}, 64, rng)
			decisions := 0
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				g := *starts[i%len(starts)]
				g.Quiet()
				i++
				decisions += playout(&g, rng)
			}
			b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
		})
	}
}

// BenchmarkLegal measures legal-move generation over the positions of
// random games.
func BenchmarkLegal(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	var positions []acquire.Game
	buf := make([]acquire.Action, 0, 256)
	for _, g := range deals(b, acquire.Modern, acquire.Options{}, 8, rng) {
		for !g.Over() {
			positions = append(positions, *g)
			seat, _ := g.ToMove()
			buf = g.AppendLegal(buf[:0], int(seat))
			if err := g.Do(int(seat), buf[rng.IntN(len(buf))]); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		g := &positions[i%len(positions)]
		i++
		seat, _ := g.ToMove()
		buf = g.AppendLegal(buf[:0], int(seat))
	}
}
