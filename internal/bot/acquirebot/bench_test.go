package acquirebot_test

import (
	"math/rand/v2"
	"testing"

	"hotels/internal/bot"
	"hotels/internal/bot/acquirebot"
	"hotels/internal/engine/acquire"
)

// positions returns the decisions with a choice in a few 4-seat games of
// normal bots, rules r.
func positions(tb testing.TB, r *acquire.Rules) []*acquire.Game {
	var out []*acquire.Game
	for seed := range uint64(3) {
		g := game(tb, r, acquire.Options{}, 4, seed)
		bots := []bot.Bot{newBot("normal", 1), newBot("normal", 2), newBot("normal", 3), newBot("normal", 4)}
		for i := 0; !g.Over(); i++ {
			seat, _ := g.ToMove()
			if len(g.AppendLegal(nil, int(seat))) > 1 {
				c := *g
				out = append(out, &c)
			}
			if err := g.Apply(seat, bots[i%4].Choose(g, seat)); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return out
}

func benchMove(b *testing.B, mk func() bot.Bot) {
	for _, r := range acquire.RuleSets {
		b.Run(r.Key, func(b *testing.B) {
			ps := positions(b, r)
			bt := mk()
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				g := ps[i%len(ps)]
				i++
				seat, _ := g.ToMove()
				bt.Choose(g, seat)
			}
		})
	}
}

// BenchmarkHardMove is the time of a hard decision at a fixed number of
// playouts, and at the default budget.
func BenchmarkHardMove(b *testing.B) {
	b.Run("iters=1000", func(b *testing.B) {
		benchMove(b, func() bot.Bot {
			return acquirebot.NewHard(rand.New(rand.NewPCG(1, 2)), acquirebot.HardOptions{Iterations: 1000})
		})
	})
	b.Run("default", func(b *testing.B) {
		benchMove(b, func() bot.Bot { return acquirebot.NewHard(rand.New(rand.NewPCG(1, 2)), acquirebot.DefaultHard) })
	})
}

// BenchmarkNormalMove is the time of a normal decision.
func BenchmarkNormalMove(b *testing.B) {
	benchMove(b, func() bot.Bot { return acquirebot.NewNormal(rand.New(rand.NewPCG(1, 2))) })
}

// BenchmarkEasyMove is the time of an easy decision.
func BenchmarkEasyMove(b *testing.B) {
	benchMove(b, func() bot.Bot { return acquirebot.NewEasy(rand.New(rand.NewPCG(1, 2))) })
}
