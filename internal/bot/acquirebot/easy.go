package acquirebot

import (
	"math/rand/v2"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
)

// Easy plays a uniformly random legal action.
type Easy struct {
	rng *rand.Rand
	buf []acquire.Action
}

// NewEasy returns an easy bot drawing from rng.
func NewEasy(rng *rand.Rand) *Easy { return &Easy{rng: rng} }

// Choose picks one of seat's legal actions, each equally likely.
func (b *Easy) Choose(g engine.Game, seat engine.Seat) engine.Action {
	return choose(g, seat, b.rng, &b.buf, func(g *acquire.Game, s int) acquire.Action {
		a, _ := g.RandomAction(s, b.rng) // reads seat's own rack and cash only
		return a
	})
}
