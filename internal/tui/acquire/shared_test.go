package acquire_test

import (
	"slices"
	"sync"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	acquirescreen "hotels/internal/tui/acquire"
	"hotels/internal/tui/acquire/board"
	"hotels/internal/tui/layout"
	"hotels/internal/tui/room"
	"hotels/internal/tui/theme"
)

// The seats of a room draw the board once a snapshot (issue 22): a row
// that holds none of a seat's tiles is the same string, the same bytes, on
// every seat's board and a watcher's, drawn by the first to draw it. Each
// seat's screen, drawn at the same time as the others', each from its own
// view, is the screen drawn alone, its rack marked on the board. The seats
// draw on their own goroutines, as sessions do: run with -race.
func TestSeatsShare(t *testing.T) {
	names := []string{"alice", "bob", "carol", "dave"}
	g, _, err := acquire.Kind.Deal(acquire.Kind.Rules[0], nil, names, 11)
	if err != nil {
		t.Fatal(err)
	}
	st := theme.DefaultStyles()
	tags := []string{"", "BOT", "", "away"}
	viewer := func(i int) engine.Seat {
		if i == len(names) {
			return engine.Watcher
		}
		return engine.Seat(i)
	}
	screens := make([]room.Screen, len(names)+1) // the seats and a watcher
	boards := make([]board.Model, len(screens))
	for i := range screens {
		screens[i], boards[i] = acquirescreen.New(st), board.New(st)
	}
	shared := 0
	for move := 0; move < 120; move++ {
		seat, ok := g.ToMove()
		if !ok {
			break
		}
		for _, size := range [][2]int{{80, 24}, {120, 40}} {
			w, h := size[0], size[1]
			got := make([][]string, len(screens))
			rows := make([][]string, len(screens))
			views := make([]*acquire.View, len(screens))
			var wg sync.WaitGroup
			for i := range screens {
				views[i] = g.View(viewer(i)).(*acquire.View)
				wg.Go(func() {
					screens[i], _ = screens[i].Show(views[i])
					got[i] = screens[i].Draw(w, h, room.At{You: viewer(i), Tags: tags, Mine: viewer(i) == seat})
					boards[i].SetGame(views[i])
					rows[i] = boards[i].Lines()
				})
			}
			wg.Wait()
			for i := range screens {
				alone, _ := acquirescreen.New(st).Show(views[i])
				if want := alone.Draw(w, h, room.At{You: viewer(i), Tags: tags, Mine: viewer(i) == seat}); !slices.Equal(got[i], want) {
					t.Fatalf("move %d, %d×%d, seat %d drew with the others:\n%q\nalone:\n%q", move, w, h, i, got[i], want)
				}
				for r := range acquire.Rows {
					for c := range acquire.Cols { // the seat's tiles, and no other, marked
						cell := string([]rune(ansi.Strip(rows[i][1+r]))[2+c*board.CellWidth:][:board.CellWidth])
						if tile := acquire.TileAt(c, r); (cell == " + ") != (mine(views[i], tile) && views[i].Phase != acquire.PhaseOver) {
							t.Fatalf("move %d: %s reads %q on seat %d's board", move, tile, cell, i)
						}
					}
					if holds(views[i], r) {
						continue
					}
					watcher := rows[len(names)][1+r]
					if rows[i][1+r] != watcher {
						t.Fatalf("move %d: row %c reads %q on seat %d's board, %q on a watcher's", move, 'A'+r, rows[i][1+r], i, watcher)
					}
					if !layout.Same(rows[i][1+r], watcher) {
						t.Fatalf("move %d: row %c, which holds none of seat %d's tiles, drawn again for it", move, 'A'+r, i)
					}
					shared++
				}
			}
		}
		legal := g.Legal(seat)
		if err := g.Apply(seat, legal[(move*7)%len(legal)]); err != nil {
			t.Fatal(err)
		}
		for s, ok := g.ToMove(); ok && s == engine.Chance; s, ok = g.ToMove() {
			if err := g.Apply(s, g.Legal(s)[0]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if shared == 0 {
		t.Fatal("no row shared")
	}
}

// mine reports whether t is in v's rack.
func mine(v *acquire.View, t acquire.Tile) bool {
	return slices.ContainsFunc(v.Rack, func(ti acquire.TileInfo) bool { return ti.Tile == t })
}

// holds reports whether row r of the board holds a tile of v's rack.
func holds(v *acquire.View, r int) bool {
	for _, ti := range v.Rack {
		if ti.Tile.Row() == r {
			return true
		}
	}
	return false
}
