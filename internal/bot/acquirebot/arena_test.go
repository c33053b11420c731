package acquirebot_test

import (
	"math/rand/v2"
	"testing"

	"hotels/internal/bot"
	"hotels/internal/bot/acquirebot"
	"hotels/internal/bot/bottest"
	"hotels/internal/engine/acquire"
)

// TestArena measures strength; it runs only when asked (bottest's flags),
// for example
//
//	go test ./internal/bot/acquirebot -run TestArena -v -arena.games 1000 -arena.match normal-easy
//	go test ./internal/bot/acquirebot -run TestArena -v -arena.games 200 -arena.match hard-normal -arena.iters 1000 -arena.rules classic
//
// Each subject must win more than an even share.
func TestArena(t *testing.T) {
	bottest.Arena{
		Kind:  acquire.Kind,
		Seats: 4,
		NewBot: func(level string, seed uint64) bot.Bot {
			rng := rand.New(rand.NewPCG(seed, 0xa7e4a))
			if iters, budget := bottest.Hard(); level == "hard" && (iters > 0 || budget > 0) {
				return acquirebot.NewHard(rng, acquirebot.HardOptions{Iterations: iters, Budget: budget})
			}
			b, err := bot.ByLevel(acquirebot.Levels, level, rng)
			if err != nil {
				t.Fatal(err)
			}
			return b
		},
	}.Run(t)
}
