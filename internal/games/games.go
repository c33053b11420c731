// Package games is the registry of the games the server hosts: adding a
// game is one line here.
package games

import (
	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/engine/holiday"
	"hotels/internal/engine/tycoon"
)

// All lists every game, the default first.
var All = []engine.Kind{
	acquire.Kind,
	holiday.Kind,
	tycoon.Kind,
}

// ByName returns the game whose record name is name.
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
