package acquire

import (
	"strings"

	"hotels/internal/engine"
)

// Founded returns the chains that seat founded in a game's action lines
// ("carol found Tower"), in order: the tally a player's profile sums as
// their favourite chains.
func Founded(seats []string, seat engine.Seat, lines []string) []string {
	var out []string
	for action := range engine.SeatActions(seats, seat, lines) {
		if chain, ok := strings.CutPrefix(action, "found "); ok && strings.TrimSpace(chain) != "" {
			out = append(out, strings.TrimSpace(chain))
		}
	}
	return out
}
