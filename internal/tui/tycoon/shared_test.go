package tycoon_test

import (
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/engine/tycoon"
	"hotels/internal/tui/room"
	"hotels/internal/tui/theme"
	tycoonscreen "hotels/internal/tui/tycoon"
)

// The seats of a room draw the part of the screen they share once (issue
// 22): each seat's screen, drawn at the same time as the others' from the
// one view the room gives them all, is the screen drawn alone, with its
// own row of the players in its colour and no other seat's. The seats draw
// on their own goroutines, as sessions do: run with -race.
func TestSeatsShare(t *testing.T) {
	g, err := tycoon.New(tycoon.Setup{Seats: []string{"alice", "bob", "carol", "dave"}})
	if err != nil {
		t.Fatal(err)
	}
	st := theme.DefaultStyles()
	tags := []string{"", "bot", "", "away"}
	rng := rand.New(rand.NewPCG(5, 7))
	var buf []tycoon.Action
	seats := make([]room.Screen, 5) // four seats and a watcher
	for i := range seats {
		seats[i] = tycoonscreen.New(st)
	}
	atOf := func(i int) room.At {
		you := engine.Seat(i)
		if i == 4 {
			you = engine.Watcher
		}
		return room.At{You: you, Tags: tags}
	}
	for move := 0; move < 120 && !g.Over(); move++ {
		view := g.View(engine.Watcher) // one for every seat, as the room gives a game that hides nothing
		for _, size := range [][2]int{{80, 24}, {120, 40}} {
			w, h := size[0], size[1]
			got := make([][]string, len(seats))
			var wg sync.WaitGroup
			for i := range seats {
				wg.Go(func() {
					seats[i], _ = seats[i].Show(view)
					got[i] = seats[i].Draw(w, h, atOf(i))
				})
			}
			wg.Wait()
			// A seat's row of the players reads the same on every screen
			// but its own, where it stands out.
			for j := range 4 {
				y := 8 + j // under the road and the tables' heading
				for i := range seats {
					if mine, theirs := got[j][y], got[i][y]; i != j && (mine == theirs || theirs != got[4][y]) {
						t.Fatalf("move %d, %d×%d: seat %d's row reads on its screen %q, on seat %d's %q, on a watcher's %q",
							move, w, h, j, mine, i, theirs, got[4][y])
					}
				}
			}
			for i := range seats {
				alone, _ := tycoonscreen.New(st).Show(g.View(engine.Seat(i)))
				if want := alone.Draw(w, h, atOf(i)); !slices.Equal(got[i], want) {
					t.Fatalf("move %d, %d×%d, seat %d drew with the others:\n%q\nalone:\n%q", move, w, h, i, got[i], want)
				}
			}
		}
		seat, _ := g.ToMove()
		a, ok := g.Eager(&buf, int(seat), rng)
		if !ok {
			break
		}
		if err := g.Do(int(seat), a); err != nil {
			t.Fatal(err)
		}
	}
}
