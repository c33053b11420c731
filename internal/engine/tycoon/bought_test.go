package tycoon_test

import (
	"slices"
	"testing"

	"hotels/internal/engine/tycoon"
)

// Bought counts the plots a seat bought, by title, and nothing else:
// another seat's purchase, a chance line, a build.
func TestBought(t *testing.T) {
	seats := []string{"alice", "bob"}
	lines := []string{"roll 4", "alice buy Etoile", "bob buy Royal", "alice build Etoile 1 # a note", "alice buy TajMahal"}
	if got, want := tycoon.Bought(seats, 0, lines), []string{"L'Etoile", "Taj Mahal"}; !slices.Equal(got, want) {
		t.Errorf("Bought(alice) = %v, want %v", got, want)
	}
}
