// Package bots is the registry of the games' bot levels, beside the bots:
// each game's levels by its record name (the engine Kind's Name). It is
// one of the registries a game is added to (see internal/games); the rooms
// get bots from it through their Config, and the room screen its levels'
// descriptions.
package bots

import (
	"fmt"
	"math/rand/v2"

	"hotels/internal/bot"
	"hotels/internal/bot/acquirebot"
	holidaybot "hotels/internal/bot/holiday"
	tycoonbot "hotels/internal/bot/tycoon"
	"hotels/internal/engine/acquire"
	"hotels/internal/engine/holiday"
	"hotels/internal/engine/tycoon"
)

// byGame lists each game's bot levels, weakest first; a game may have none.
var byGame = map[string][]bot.Level{
	acquire.GameName: acquirebot.Levels,
	holiday.GameName: holidaybot.Levels,
	tycoon.GameName:  tycoonbot.Levels,
}

// New returns a new bot of game (its record name) at level, drawing from
// rng (seeded from crypto/rand if nil).
func New(game, level string, rng *rand.Rand) (bot.Bot, error) {
	levels := byGame[game]
	if len(levels) == 0 {
		return nil, fmt.Errorf("bots: %s has no bots", game)
	}
	return bot.ByLevel(levels, level, rng)
}

// How says how game's bots of level play ("random legal moves"); "" for a
// level it has not.
func How(game, level string) string {
	for _, l := range byGame[game] {
		if l.ID == level {
			return l.How
		}
	}
	return ""
}

// Levels lists the IDs of game's bot levels, weakest first.
func Levels(game string) []string {
	levels := byGame[game]
	out := make([]string, len(levels))
	for i, l := range levels {
		out[i] = l.ID
	}
	return out
}
