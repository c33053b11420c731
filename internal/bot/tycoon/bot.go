package tycoon

import (
	"math/rand/v2"

	"hotels/internal/bot"
	"hotels/internal/engine"
	game "hotels/internal/engine/tycoon"
)

// Levels lists Hotel Tycoon's bot levels, weakest first; the hard bot
// thinks as DefaultHard says.
var Levels = []bot.Level{
	{ID: "easy", How: "random legal moves", New: func(rng *rand.Rand) bot.Bot { return NewEasy(rng) }},
	{ID: "normal", How: "buys and builds keeping a reserve, bids up to a lot's worth", New: func(rng *rand.Rand) bot.Bot { return NewNormal(rng) }},
	{ID: "hard", How: "samples the dice ahead", New: func(rng *rand.Rand) bot.Bot { return NewHard(rng, DefaultHard) }},
}

// decision returns g as a Tycoon game and seat's legal actions in buf, or
// ok false when no decision of seat's is due (or g is another game).
func decision(g engine.Game, seat engine.Seat, buf *[]game.Action) (*game.Game, bool) {
	tg, ok := g.(*game.Game)
	if !ok || seat < 0 {
		return nil, false
	}
	if to, going := tg.ToMove(); !going || to != seat {
		return nil, false
	}
	*buf = tg.AppendLegal((*buf)[:0], int(seat))
	return tg, len(*buf) > 0
}

// Easy plays a uniformly random legal action.
type Easy struct {
	rng *rand.Rand
	buf []game.Action
}

// NewEasy returns an easy bot drawing from rng.
func NewEasy(rng *rand.Rand) *Easy { return &Easy{rng: rng} }

// Choose picks one of seat's legal actions, each equally likely.
func (b *Easy) Choose(g engine.Game, seat engine.Seat) engine.Action {
	if _, ok := decision(g, seat, &b.buf); !ok {
		return nil
	}
	return b.buf[b.rng.IntN(len(b.buf))]
}

// Normal plays by the heuristics of policy.
type Normal struct {
	buf []game.Action
}

// NewNormal returns a normal bot; it draws no chance, so rng is unused but
// kept for a uniform constructor.
func NewNormal(*rand.Rand) *Normal { return &Normal{} }

// Choose picks seat's action by the heuristics.
func (b *Normal) Choose(g engine.Game, seat engine.Seat) engine.Action {
	tg, ok := decision(g, seat, &b.buf)
	if !ok {
		return nil
	}
	return choose(tg, int(seat), b.buf)
}
