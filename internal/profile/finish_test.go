package profile_test

import (
	"testing"

	"hotels/internal/profile"
)

func TestFinish(t *testing.T) {
	const result = "carol 53400 alice 41200 bob 41200 dan 100"
	tests := []struct {
		name             string
		place, of, money int
		ok               bool
	}{
		{"carol", 1, 4, 53400, true},
		{"alice", 2, 4, 41200, true},
		{"bob", 2, 4, 41200, true}, // equal money shares a place (A26)
		{"dan", 4, 4, 100, true},
		{"erin", 0, 0, 0, false},
	}
	for _, tt := range tests {
		place, of, money, ok := profile.Finish(result, tt.name)
		if place != tt.place || of != tt.of || money != tt.money || ok != tt.ok {
			t.Errorf("Finish(%q) = %d, %d, %d, %v; want %d, %d, %d, %v", tt.name, place, of, money, ok, tt.place, tt.of, tt.money, tt.ok)
		}
	}
	for _, bad := range []string{"", "ann", "ann x", "aborted: every player left"} {
		if _, _, _, ok := profile.Finish(bad, "ann"); ok {
			t.Errorf("Finish(%q) read a result", bad)
		}
	}
}
