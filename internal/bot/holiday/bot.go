package holiday

import (
	"fmt"
	"math/rand/v2"

	"hotels/internal/bot"
	"hotels/internal/engine"
	"hotels/internal/engine/holiday"
)

// Levels lists the level keys New accepts, weakest first.
var Levels = []string{"easy", "normal", "hard"}

// New returns a bot of level easy, normal or hard drawing from rng; the
// hard bot thinks as DefaultHard says.
func New(level string, rng *rand.Rand) (bot.Bot, error) {
	switch level {
	case "easy":
		return NewEasy(rng), nil
	case "normal":
		return NewNormal(rng), nil
	case "hard":
		return NewHard(rng, DefaultHard), nil
	}
	return nil, fmt.Errorf("holiday bot: unknown level %q: want easy, normal or hard", level)
}

var (
	_ bot.Bot = (*Easy)(nil)
	_ bot.Bot = (*Normal)(nil)
	_ bot.Bot = (*Hard)(nil)
)

// Easy plays a uniformly random legal action.
type Easy struct{ rng *rand.Rand }

// NewEasy returns an easy bot drawing from rng.
func NewEasy(rng *rand.Rand) *Easy { return &Easy{rng: rng} }

// Choose picks one of seat's legal actions, each equally likely, or nil if
// no decision of seat's is due.
func (b *Easy) Choose(g engine.Game, seat engine.Seat) engine.Action {
	hg, ok := due(g, seat)
	if !ok {
		return nil
	}
	a, _ := hg.RandomAction(int(seat), b.rng) // reads seat's own hand only
	return a
}

// due returns g as a Holiday AG game when seat's decision is due in it.
func due(g engine.Game, seat engine.Seat) (*holiday.Game, bool) {
	hg, ok := g.(*holiday.Game)
	if !ok {
		return nil, false
	}
	if to, going := hg.ToMove(); !going || to != seat {
		return nil, false
	}
	return hg, true
}
