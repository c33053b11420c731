package holiday_test

import (
	"slices"
	"testing"

	"hotels/internal/engine/holiday"
)

// Taken counts the shares a seat took, by take and option card, and nothing
// else: another seat's take, a card, an exchange, a bare take.
func TestTaken(t *testing.T) {
	seats := []string{"alice", "bob"}
	lines := []string{"alice take usa alps # a note", "bob take Cities Cities", "alice card Alps-7",
		"alice exchange USA Tropics", "alice option Tropics Tropics", "alice take", "bob option Alps"}
	want := []string{"Alps", "USA", "Tropics", "Tropics"}
	if got := holiday.Taken(seats, 0, lines); !slices.Equal(got, want) {
		t.Errorf("Taken(alice) = %v, want %v", got, want)
	}
	if got, want := holiday.Taken(seats, 1, lines), []string{"Cities", "Cities", "Alps"}; !slices.Equal(got, want) {
		t.Errorf("Taken(bob) = %v, want %v", got, want)
	}
}
