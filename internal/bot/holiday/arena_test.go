package holiday

import (
	"math/rand/v2"
	"testing"

	"hotels/internal/bot"
	"hotels/internal/bot/bottest"
	"hotels/internal/engine/holiday"
)

// TestArena measures strength; it runs only when asked (bottest's flags),
// for example
//
//	go test ./internal/bot/holiday -run TestArena -v -arena.games 400
//	go test ./internal/bot/holiday -run TestArena -v -arena.games 200 -arena.match hard-normal -arena.seed 7
//
// Normal must win 70% against easy, hard 45% against normal (issue 14).
func TestArena(t *testing.T) {
	bottest.Arena{
		Kind:  holiday.Kind,
		Seats: 4,
		NewBot: func(level string, seed uint64) bot.Bot {
			rng := rand.New(rand.NewPCG(seed, 0xa7e4a))
			if iters, budget := bottest.Hard(); level == "hard" && (iters > 0 || budget > 0) {
				return NewHard(rng, HardOptions{Iterations: iters, Budget: budget})
			}
			b, err := bot.ByLevel(Levels, level, rng)
			if err != nil {
				t.Fatal(err)
			}
			return b
		},
		Want: func(match string, _ int) float64 {
			return map[string]float64{"normal-easy": 0.70, "hard-normal": 0.45}[match]
		},
	}.Run(t)
}
