package holiday_test

import (
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hotels/internal/engine"
	"hotels/internal/engine/holiday"
	holidayscreen "hotels/internal/tui/holiday"
	"hotels/internal/tui/room"
	"hotels/internal/tui/theme"
)

// The seats of a room draw what they see alike once (issue 22): the counts
// and the news read the same on every seat's screen, and a seat's row of
// the players the same on every screen but its own, where its name is in
// bold. Each seat's screen, drawn at the same time as the others', each
// from its own view, is the screen drawn alone. The seats draw on their
// own goroutines, as sessions do: run with -race.
func TestSeatsShare(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 1))
	deck := holiday.FullDeck()
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	g, err := holiday.New(holiday.Setup{Seats: seats, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	st := theme.DefaultStyles()
	tags := []string{"", "BOT", "", "away"}
	screens := make([]room.Screen, len(seats)+1) // the seats and a watcher
	for i := range screens {
		screens[i] = holidayscreen.New(st)
	}
	viewer := func(i int) engine.Seat {
		if i == len(seats) {
			return engine.Watcher
		}
		return engine.Seat(i)
	}
	const players = 10 // the players' rows' first line: under the tracks, the counts, the news, a blank and the heading
	for move := 0; move < 150 && !g.Over(); move++ {
		for _, size := range [][2]int{{80, 24}, {120, 40}} {
			w, h := size[0], size[1]
			got := make([][]string, len(screens))
			var wg sync.WaitGroup
			for i := range screens {
				wg.Go(func() {
					screens[i], _ = screens[i].Show(g.View(viewer(i)))
					got[i] = screens[i].Draw(w, h, room.At{You: viewer(i), Tags: tags})
				})
			}
			wg.Wait()
			watcher := got[len(seats)]
			hand := 30 // the hand's panel, beside the players
			if w >= 110 && h >= 30 {
				hand = 46
			}
			row := func(screen []string, y int) string { return ansi.Cut(screen[y], hand+1, w) }
			for i := range screens {
				for y := 6; y <= 7; y++ { // the counts and the news
					if got[i][y] != watcher[y] {
						t.Fatalf("move %d, %d×%d: line %d reads %q on seat %d's screen, %q on a watcher's", move, w, h, y, got[i][y], i, watcher[y])
					}
				}
				for j := range seats {
					y := players + j
					if mine, theirs := row(got[j], y), row(got[i], y); i != j && (mine == theirs || theirs != row(watcher, y)) {
						t.Fatalf("move %d, %d×%d: seat %d's row reads on its screen %q, on seat %d's %q, on a watcher's %q",
							move, w, h, j, mine, i, theirs, row(watcher, y))
					}
				}
				alone, _ := holidayscreen.New(st).Show(g.View(viewer(i)))
				if want := alone.Draw(w, h, room.At{You: viewer(i), Tags: tags}); !slices.Equal(got[i], want) {
					t.Fatalf("move %d, %d×%d, seat %d drew with the others:\n%q\nalone:\n%q", move, w, h, i, got[i], want)
				}
			}
		}
		seat, _ := g.ToMove()
		a, _ := g.RandomAction(int(seat), rng)
		if err := g.Do(int(seat), a); err != nil {
			t.Fatal(err)
		}
	}
}
