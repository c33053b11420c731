package holiday_test

import (
	"testing"

	"hotels/internal/engine"
	"hotels/internal/engine/holiday"
	holidayscreen "hotels/internal/tui/holiday"
	"hotels/internal/tui/layout"
	"hotels/internal/tui/room"
	"hotels/internal/tui/theme"
)

// Every line the screen says the room screen need not measure (Holds) fits
// the width it says, for every seat and a watcher, in play and in the final
// round, at widths from narrower than the tracks to wide.
func TestHeldLinesFit(t *testing.T) {
	for _, g := range []*holiday.Game{game(t, 2, due(2, holiday.PhasePlay)), find(t, due(0, holiday.PhaseFinal))} {
		for _, seat := range []engine.Seat{0, 1, 2, 3, engine.Watcher} {
			for _, size := range [][2]int{{60, 24}, {79, 24}, {80, 24}, {120, 40}, {150, 50}} {
				w, h := size[0], size[1]
				s, _ := holidayscreen.New(theme.DefaultStyles()).Show(g.ViewFor(seat))
				laid := s.(interface{ Layout() layout.Laid }).Layout()
				held := 0
				for _, l := range s.Draw(w, h, room.At{You: seat}) {
					for _, within := range []int{w, layout.Width(l) - 1} {
						if laid.Holds(l, within) && layout.Width(l) > within {
							t.Errorf("%dx%d, seat %d: %q is held to fit %d cells, it takes %d", w, h, seat, l, within, layout.Width(l))
						}
					}
					if laid.Holds(l, w) {
						held++
					}
				}
				if held == 0 {
					t.Errorf("%dx%d, seat %d: no line held", w, h, seat)
				}
			}
		}
	}
}
