// Package screens is the registry of the games' room screens, beside the
// screens: each game's own part of the room screen by its record name (the
// engine Kind's Name). A game with a screen is one players can play here
// (Hosted). It is one of the registries a game is added to (see
// internal/games). Its tests play hosted games whole through a room, as
// the server hosts them, by their screens' keys.
package screens

import (
	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/engine/holiday"
	"hotels/internal/engine/tycoon"
	"hotels/internal/games"
	acquirescreen "hotels/internal/tui/acquire"
	holidayscreen "hotels/internal/tui/holiday"
	"hotels/internal/tui/room"
	"hotels/internal/tui/theme"
	tycoonscreen "hotels/internal/tui/tycoon"
)

// byGame makes each game's screen, drawn with styles.
var byGame = map[string]func(styles *theme.Styles) room.Screen{
	acquire.GameName: func(s *theme.Styles) room.Screen { return acquirescreen.New(s) },
	holiday.GameName: func(s *theme.Styles) room.Screen { return holidayscreen.New(s) },
	tycoon.GameName:  func(s *theme.Styles) room.Screen { return tycoonscreen.New(s) },
}

// New returns a new screen for the room of the game named kind; ok is
// false for a game with none. It is a room.Screens.
func New(kind string, styles *theme.Styles) (room.Screen, bool) {
	screen, ok := byGame[kind]
	if !ok {
		return nil, false
	}
	return screen(styles), true
}

var _ room.Screens = New

// Hosted lists the engine kinds of the games players can play here, those
// with a screen, in the order of games.All (the default first).
func Hosted() []engine.Kind {
	var out []engine.Kind
	for _, k := range games.All {
		if _, ok := byGame[k.Name]; ok {
			out = append(out, k)
		}
	}
	return out
}

// Rules returns the short rules for a newcomer of the game named kind, as
// its screen's rules page shows them; ok is false for a game with no
// screen.
func Rules(kind string) (r room.Rules, ok bool) {
	s, ok := New(kind, theme.DefaultStyles())
	if !ok {
		return room.Rules{}, false
	}
	return s.Rules(), true
}

// Has reports whether the game named kind has a screen.
func Has(kind string) bool {
	_, ok := byGame[kind]
	return ok
}
