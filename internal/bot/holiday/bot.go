package holiday

import (
	"math/rand/v2"

	"hotels/internal/bot"
	"hotels/internal/engine"
	"hotels/internal/engine/holiday"
)

// Levels lists Holiday AG's bot levels, weakest first; the hard bot thinks
// as DefaultHard says.
var Levels = []bot.Level{
	{ID: "easy", How: "random legal moves", New: func(rng *rand.Rand) bot.Bot { return NewEasy(rng) }},
	{ID: "normal", How: "sound heuristics", New: func(rng *rand.Rand) bot.Bot { return NewNormal(rng) }},
	{ID: "hard", How: "plays ahead on sampled hands", New: func(rng *rand.Rand) bot.Bot { return NewHard(rng, DefaultHard) }},
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
