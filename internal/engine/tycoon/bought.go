package tycoon

import (
	"strings"

	"hotels/internal/engine"
)

// Bought returns the hotels whose plots seat bought in a game's action
// lines ("carol buy Royal"), in order, by their titles: the tally a
// player's profile sums as their favourite hotels.
func Bought(seats []string, seat engine.Seat, lines []string) []string {
	var out []string
	for action := range engine.SeatActions(seats, seat, lines) {
		if name, ok := strings.CutPrefix(action, "buy "); ok {
			if h, err := ParseHotel(strings.TrimSpace(name)); err == nil {
				out = append(out, h.Title())
			}
		}
	}
	return out
}
