// Package games is the registry of the games the server hosts: each Game
// joins a game's engine Kind to what the layers above it need of that game
// (its bots, its screen, its profile tallies), so that adding a game is one
// entry here and nothing else in shared code. The engine packages stay free
// of bots and screens; only this package imports all three.
package games

import (
	"fmt"
	"math/rand/v2"

	"hotels/internal/bot"
	"hotels/internal/bot/acquirebot"
	holidaybot "hotels/internal/bot/holiday"
	tycoonbot "hotels/internal/bot/tycoon"
	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/engine/holiday"
	"hotels/internal/engine/tycoon"
	"hotels/internal/profile"
	acquirescreen "hotels/internal/tui/acquire"
	holidayscreen "hotels/internal/tui/holiday"
	"hotels/internal/tui/room"
	"hotels/internal/tui/theme"
	tycoonscreen "hotels/internal/tui/tycoon"
)

// Game is one hosted game: its engine and everything above it.
type Game struct {
	engine.Kind
	// Bots lists its bot levels, weakest first; a game may have none.
	Bots []bot.Level
	// Screen returns the game's own part of the room screen, drawn with
	// styles.
	Screen func(styles *theme.Styles) room.Screen
	// Tally is what a player's profile counts in their games of it; a zero
	// Tally (no Count) counts nothing.
	Tally profile.Tally
}

// All lists every game, the default first.
var All = []Game{
	{Kind: acquire.Kind, Bots: acquirebot.Levels,
		Screen: func(s *theme.Styles) room.Screen { return acquirescreen.New(s) },
		Tally: profile.Tally{Game: acquire.GameName, Title: "Favourite chains", What: "founded", None: "none founded yet",
			Count: acquire.Founded}},
	{Kind: holiday.Kind, Bots: holidaybot.Levels,
		Screen: func(s *theme.Styles) room.Screen { return holidayscreen.New(s) },
		Tally: profile.Tally{Game: holiday.GameName, Title: "Favourite companies", What: "shares taken", None: "no share taken yet",
			Count: holiday.Taken}},
	{Kind: tycoon.Kind, Bots: tycoonbot.Levels,
		Screen: func(s *theme.Styles) room.Screen { return tycoonscreen.New(s) },
		Tally: profile.Tally{Game: tycoon.GameName, Title: "Favourite hotels", What: "bought", None: "no plot bought yet",
			Count: tycoon.Bought}},
}

// ByName returns the game whose record name is name.
func ByName(name string) (Game, bool) {
	for _, g := range All {
		if g.Name == name {
			return g, true
		}
	}
	return Game{}, false
}

// Names lists the games' record names, in the order of All.
func Names() []string {
	out := make([]string, len(All))
	for i, g := range All {
		out[i] = g.Name
	}
	return out
}

// Hosted lists the engine kinds of the games players can play here, those
// with a screen, in the order of All (the default first).
func Hosted() []engine.Kind {
	var out []engine.Kind
	for _, g := range All {
		if g.Screen != nil {
			out = append(out, g.Kind)
		}
	}
	return out
}

// Bot returns a new bot of the game at level, drawing from rng (seeded from
// crypto/rand if nil).
func (g Game) Bot(level string, rng *rand.Rand) (bot.Bot, error) {
	if len(g.Bots) == 0 {
		return nil, fmt.Errorf("games: %s has no bots", g.Title)
	}
	return bot.ByLevel(g.Bots, level, rng)
}

// Rules returns the game's short rules for a newcomer, as its screen's
// rules page shows them; ok is false for a game with no screen.
func (g Game) Rules() (r room.Rules, ok bool) {
	if g.Screen == nil {
		return room.Rules{}, false
	}
	return g.Screen(theme.DefaultStyles()).Rules(), true
}

// Tallies lists the games' profile tallies, in the order of All.
func Tallies() []profile.Tally {
	var out []profile.Tally
	for _, g := range All {
		if g.Tally.Count != nil {
			out = append(out, g.Tally)
		}
	}
	return out
}

// Screens returns a new screen for the room of the game named kind; ok is
// false for a game with none. It is a room.Screens.
func Screens(kind string, styles *theme.Styles) (room.Screen, bool) {
	g, ok := ByName(kind)
	if !ok || g.Screen == nil {
		return nil, false
	}
	return g.Screen(styles), true
}

var _ room.Screens = Screens

// BotHow says how the game's bots of level play ("random legal moves"); ""
// for a level it has not.
func (g Game) BotHow(level string) string {
	for _, l := range g.Bots {
		if l.ID == level {
			return l.How
		}
	}
	return ""
}

// BotLevels lists the IDs of the game's bot levels, weakest first.
func (g Game) BotLevels() []string {
	out := make([]string, len(g.Bots))
	for i, l := range g.Bots {
		out[i] = l.ID
	}
	return out
}
