package holiday_test

import (
	"strings"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/engine/holiday"
	"hotels/internal/tui/tuitest"
)

// No seat's screen and no watcher's names a card it may not see (H25):
// another hand's or one still in the stock, by its full or short name, at
// every size, through a whole game.
func TestNoHiddenCards(t *testing.T) {
	g := game(t, 3, func(h *holiday.Game) bool { return h.StockLeft() < 30 })
	for _, viewer := range []engine.Seat{0, 1, 2, 3, engine.Watcher} {
		seen := map[holiday.Card]bool{} // what viewer may see: its hand, the pile
		v := g.ViewFor(viewer)
		for _, k := range v.Hand {
			seen[k] = true
		}
		for _, k := range v.Discard {
			seen[k] = true
		}
		hidden := 0
		for k := range holiday.Exchange { // destinations: special cards are words on any screen
			if !seen[k] && !g.Suitcase(k.Company(), k.Number()) {
				hidden++
			}
		}
		if hidden == 0 {
			t.Fatal("no hidden card to look for")
		}
		for _, size := range tuitest.Sizes {
			for _, keys := range []string{"", "?"} {
				m, _ := open(t, snapshot(g, viewer), size[0], size[1])
				screen := tuitest.Plain(press(m, keys).View())
				words := map[string]bool{}
				for _, w := range strings.FieldsFunc(screen, func(r rune) bool { return strings.ContainsRune(" \n:,.;()>", r) }) {
					words[w] = true
				}
				if keys == "" && viewer >= 0 {
					if own := v.Hand[0].String(); !words[own] && !words[own[:1]+strings.SplitN(own, "-", 2)[1]] {
						t.Fatalf("viewer %d's own first card is not on its screen: the test reads no cards", viewer)
					}
				}
				for k := range holiday.Exchange {
					if seen[k] || g.Suitcase(k.Company(), k.Number()) {
						continue
					}
					_, number, _ := strings.Cut(k.String(), "-")
					if short := k.String()[:1] + number; words[k.String()] || words[short] {
						t.Fatalf("viewer %d at %dx%d sees %s, which it may not:\n%s", viewer, size[0], size[1], k, screen)
					}
				}
			}
		}
	}
}
