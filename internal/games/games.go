// Package games is the registry of the games the server knows, at the
// engine layer: each game's engine Kind, all that records, replays and
// rooms need of it. It imports the engines alone, so that a rules tool
// (internal/replay) links no screen and no database (TestLayers checks
// that, and that rooms and screens link no database driver).
//
// The layers above keep their own registry of the same games, keyed by the
// Kind's Name, beside the code that uses it: internal/bot/bots (each
// game's bot levels), internal/tui/screens (each game's room screen, and so
// the games players can play here) and internal/profile/tallies (what a
// profile counts of each game). Adding a game is an entry in each of these
// four registries and nothing else in shared code.
package games

import (
	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/engine/holiday"
	"hotels/internal/engine/tycoon"
)

// All lists every game's engine kind, the default first.
var All = []engine.Kind{acquire.Kind, holiday.Kind, tycoon.Kind}

// ByName returns the kind of the game whose record name is name.
func ByName(name string) (engine.Kind, bool) {
	for _, k := range All {
		if k.Name == name {
			return k, true
		}
	}
	return engine.Kind{}, false
}

// Names lists the games' record names, in the order of All.
func Names() []string {
	out := make([]string, len(All))
	for i, k := range All {
		out[i] = k.Name
	}
	return out
}
