package holiday

import "hotels/internal/engine"

// Taken returns the companies whose shares seat took in a game's action
// lines, a share an entry, by take and option card ("alice take Alps USA"
// gives Alps and USA): the tally a player's profile sums as their favourite
// companies. An exchange's share is left out: it is a swap, not a take.
func Taken(seats []string, seat engine.Seat, lines []string) []string {
	var out []string
	for text := range engine.SeatActions(seats, seat, lines) {
		a, err := ParseAction(text)
		if err != nil || (a.Verb != Take && a.Verb != Option) {
			continue
		}
		for i, c := range [2]Company{a.A, a.B} {
			if int8(i) < a.N {
				out = append(out, c.String())
			}
		}
	}
	return out
}
