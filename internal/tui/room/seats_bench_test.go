package room_test

import (
	"flag"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"

	"hotels/internal/cputime"
	"hotels/internal/games"
	"hotels/internal/tui/room"
	"hotels/internal/tui/tuitest"
)

var showChanges = flag.Bool("changes", false, "BenchmarkSeats: log the lines each move changes on each seat's screen")

// BenchmarkSeats is a move reaching the four seats' 80×24 terminals, for
// the first 60 moves of a game of each kind dealt from a fixed seed
// (gameMoves, as BenchmarkGame): each seat's frames, a move apart, go
// through a real Bubble Tea program of their own, as BenchmarkFrame. An op
// is a move: four frames. B/move is what the four terminals are sent,
// cpu-µs/move the process's CPU time, and lines/move and cells/move how
// many of the four screens' lines and cells a move changes, which the
// renderer parses, diffs and writes (docs/capacity.md). With -changes it
// logs the lines each move changes.
func BenchmarkSeats(b *testing.B) {
	for _, kind := range games.All {
		b.Run(kind.Name, func(b *testing.B) {
			moves := gameMoves(b, kind, 7, 60)
			frames := make([][]titled, len(moves[0])) // by seat, a frame a move
			var lines, cells int
			for seat := range frames {
				m, _ := open(b, moves[0][seat], 80, 24)
				frames[seat] = []titled{{m.View(), m.Title()}}
				for i, snaps := range moves[1:] {
					m, _ = m.Update(room.SnapshotMsg{Snapshot: snaps[seat]})
					frames[seat] = append(frames[seat], titled{m.View(), m.Title()})
					l, c := changed(frames[seat][i].content, frames[seat][i+1].content)
					lines, cells = lines+len(l), cells+c
					if *showChanges {
						for _, y := range l {
							b.Logf("seat %d move %d line %2d: %s", seat, i+1, y, tuitest.Plain(strings.Split(frames[seat][i+1].content, "\n")[y]))
						}
					}
				}
			}
			wrote := make([]*tuitest.Counter, len(frames))
			programs := make([]*tea.Program, len(frames))
			for seat := range programs {
				wrote[seat] = tuitest.NewCounter()
				programs[seat] = tuitest.ProgramOf(b, frames[seat][0], wrote[seat], 80, 24)
				<-wrote[seat].Signal // the first frame
			}
			sent := func() (n int64) {
				for _, c := range wrote {
					n += c.N.Load()
				}
				return n
			}
			before, cpu := sent(), cputime.Used(b)
			for i := 0; b.Loop(); i++ {
				move := (i + 1) % len(moves) // and back to the first after the last
				for seat, p := range programs {
					p.Send(frames[seat][move])
					<-wrote[seat].Signal
				}
			}
			b.ReportMetric(float64(sent()-before)/float64(b.N), "B/move")
			cputime.Report(b, cpu, time.Microsecond, "cpu-µs/move")
			b.ReportMetric(float64(lines)/float64(len(moves)-1), "lines/move") // but the last's back to the first
			b.ReportMetric(float64(cells)/float64(len(moves)-1), "cells/move")
		})
	}
}

// changed is the lines in which 80×24 frames a and b differ, and the
// number of cells that differ, in text or style.
func changed(a, b string) (lines []int, cells int) {
	ba, bb := uv.NewScreenBuffer(80, 24), uv.NewScreenBuffer(80, 24)
	uv.NewStyledString(a).Draw(ba, ba.Bounds())
	uv.NewStyledString(b).Draw(bb, bb.Bounds())
	for y := range 24 {
		n := 0
		for x := range 80 {
			if !ba.CellAt(x, y).Equal(bb.CellAt(x, y)) {
				n++
			}
		}
		if n > 0 {
			lines = append(lines, y)
			cells += n
		}
	}
	return lines, cells
}
