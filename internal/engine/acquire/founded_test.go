package acquire_test

import (
	"slices"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
)

// Founded counts seat's own found lines only, comments aside and chance
// lines skipped.
func TestFounded(t *testing.T) {
	seats := []string{"ann", "annie", "bob"}
	lines := []string{
		"ann play 5C",
		"ann found Tower",
		"annie found Luxor",
		"roll 4",
		"bob found American",
		"ann found Sackson # a comment",
	}
	if got, want := acquire.Founded(seats, 0, lines), []string{"Tower", "Sackson"}; !slices.Equal(got, want) {
		t.Errorf("Founded(ann) = %q, want %q", got, want)
	}
	if got := acquire.Founded(seats, engine.Seat(1), lines); !slices.Equal(got, []string{"Luxor"}) {
		t.Errorf("Founded(annie) = %q, want [Luxor]", got)
	}
}
