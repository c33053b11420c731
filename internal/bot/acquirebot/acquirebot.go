package acquirebot

import (
	"math/rand/v2"

	"hotels/internal/bot"
	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
)

// Levels lists Acquire's bot levels, weakest first.
var Levels = []bot.Level{
	{ID: "easy", How: "random legal moves", New: func(rng *rand.Rand) bot.Bot { return NewEasy(rng) }},
	{ID: "normal", How: "sound heuristics", New: func(rng *rand.Rand) bot.Bot { return NewNormal(rng) }},
	{ID: "hard", How: "searches ahead", New: func(rng *rand.Rand) bot.Bot { return NewHard(rng, DefaultHard) }},
}

// choose is what every level does around its own decision: the checks, the
// one-choice shortcut, the action in the game's own chain names, and
// bot.Guard should decide fail.
func choose(g engine.Game, seat engine.Seat, rng *rand.Rand, buf *[]acquire.Action, decide func(*acquire.Game, int) acquire.Action) (a engine.Action) {
	if to, ok := g.ToMove(); !ok || to != seat {
		return nil
	}
	ag := g.(*acquire.Game) // the registry seats these bots at Acquire only
	*buf = ag.AppendLegal((*buf)[:0], int(seat))
	if len(*buf) == 1 {
		return ag.Named((*buf)[0])
	}
	defer bot.Guard(g, seat, rng, &a)
	return ag.Named(decide(ag, int(seat)))
}
