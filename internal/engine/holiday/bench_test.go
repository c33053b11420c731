package holiday

import (
	"math/rand/v2"
	"testing"
)

// playout plays g to the end with uniformly random legal decisions and
// returns how many decisions it made.
func playout(g *Game, rng *rand.Rand) int {
	n := 0
	for g.phase != PhaseOver {
		a, _ := g.RandomAction(int(g.turn), rng)
		g.DoLegal(int(g.turn), a) // TestDoLegal checks these actions are legal
		n++
	}
	return n
}

// BenchmarkRandom4p plays whole 4-player games with uniformly random legal
// decisions: the bots' playout loop. It must not allocate.
func BenchmarkRandom4p(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	starts := make([]*Game, 64)
	for i := range starts {
		g, err := New(Deal([]string{"ann", "bob", "cat", "dan"}, rng))
		if err != nil {
			b.Fatal(err)
		}
		g.Quiet()
		starts[i] = g
	}
	decisions := 0
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		g := *starts[i%len(starts)]
		i++
		decisions += playout(&g, rng)
	}
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkLegal measures listing the legal actions over the positions of
// random games.
func BenchmarkLegal(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	var positions []Game
	for range 8 {
		g, _ := New(Deal([]string{"ann", "bob", "cat", "dan"}, rng))
		for !g.Over() {
			positions = append(positions, *g)
			a, _ := g.RandomAction(int(g.turn), rng)
			g.DoLegal(int(g.turn), a)
		}
	}
	buf := make([]Action, 0, maxLegal)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		g := &positions[i%len(positions)]
		i++
		buf = g.AppendLegal(buf[:0], int(g.turn))
	}
}

// BenchmarkDeterminize measures redealing the hidden cards for a bot.
func BenchmarkDeterminize(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	g, _ := New(Deal([]string{"ann", "bob", "cat", "dan"}, rng))
	var d Game
	b.ReportAllocs()
	for b.Loop() {
		g.DeterminizeInto(&d, 1, rng)
	}
}
