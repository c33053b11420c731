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
	for _, l := range lines {
		l, _, _ = strings.Cut(l, "#")
		s, action := engine.SplitLine(seats, l)
		if chain, ok := strings.CutPrefix(action, "found "); ok && s == seat && strings.TrimSpace(chain) != "" {
			out = append(out, strings.TrimSpace(chain))
		}
	}
	return out
}
