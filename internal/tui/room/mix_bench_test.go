package room_test

import (
	"context"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hotels/internal/engine"
	"hotels/internal/games"
	"hotels/internal/rooms"
	"hotels/internal/tui/room"
	"hotels/internal/tui/screens"
	"hotels/internal/tui/theme"
	"hotels/internal/tui/tuitest"
)

// BenchmarkMix is what a move costs the screens of a four-seat room at
// 80×24 in the load tool's mix (scripts/capacity/play; docs/capacity.md):
// the move's snapshots reaching the four seats, as BenchmarkGame, then
// two keys of the decision now due on the mover's screen, ↓ and enter
// (which sends the decision, or answers why not; the room's answer to a
// decision sent is one more frame), and four idle keys (z, or F2 where
// the status line says something) on the others', each key followed by
// its screen. An op is a move and its keys: ten or eleven frames, as the
// load's ~9.85 frames an action.
func BenchmarkMix(b *testing.B) {
	for _, kind := range games.All {
		b.Run(kind.Name, func(b *testing.B) {
			moves := gameMoves(b, kind, 7, 60)
			ms := make([]room.Model, len(moves[0]))
			for seat := range ms {
				ms[seat] = openQuiet(moves[0][seat], 80, 24)
			}
			decision := [2]tea.KeyPressMsg{tuitest.Key("down"), tuitest.Key("enter")}
			idle := [2]tea.KeyPressMsg{tuitest.Key("z"), {Code: tea.KeyF2}}
			b.ReportAllocs()
			idler := 0
			for i := 0; b.Loop(); i++ {
				snaps := moves[1+i%(len(moves)-1)]
				for seat, snap := range snaps {
					ms[seat], _ = ms[seat].Update(room.SnapshotMsg{Snapshot: snap})
					_ = ms[seat].Lines()
				}
				mover := snaps[0].Turn
				if mover >= 0 && int(mover) < len(ms) {
					for _, k := range decision {
						var cmd tea.Cmd
						ms[mover], cmd = ms[mover].Update(k)
						_ = ms[mover].Lines()
						if cmd != nil { // the decision sent: the room's answer
							ms[mover], _ = ms[mover].Update(cmd())
							_ = ms[mover].Lines()
						}
					}
				}
				for range 4 {
					idler = (idler + 1) % len(ms)
					if engine.Seat(idler) == mover {
						idler = (idler + 1) % len(ms)
					}
					k := idle[0]
					if room.Status(ms[idler]) != "" {
						k = idle[1]
					}
					ms[idler], _ = ms[idler].Update(k)
					_ = ms[idler].Lines()
				}
			}
		})
	}
}

// openQuiet is open with a table that keeps no record of the decisions
// sent: the benchmark sends one a move, for as long as it runs.
func openQuiet(snap *rooms.Snapshot, w, h int) room.Model {
	m := room.New(context.Background(), quietTable{tuitest.NewTable(nil)}, "k3vq", alice, theme.DefaultStyles(), screens.New)
	room.SetClock(&m, func() time.Time { return tuitest.Now })
	m.SetBotLevels(levels)
	m.SetSize(w, h)
	m, _ = m.Update(room.SnapshotMsg{Snapshot: snap})
	return m
}

// quietTable is a fake table that takes every decision and records none.
type quietTable struct{ *tuitest.Table }

func (quietTable) Act(context.Context, rooms.Player, string) error { return nil }
