package room_test

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"hotels/internal/engine"
	"hotels/internal/games"
	"hotels/internal/tui/room"
	"hotels/internal/tui/tuitest"
)

// BenchmarkMix is what a move costs the screens of a four-seat room at
// 80×24 in the load tool's mix (scripts/capacity/play; docs/capacity.md):
// the move's snapshots reaching the four seats, as BenchmarkGame, then
// two keys of the decision now due (↓ and ↑) on the mover's screen, and
// four idle keys (z, or F2 where the status line says something) on the
// others', each key followed by its screen. An op is a move and its
// keys: ten frames, as the load's ~9.85 frames an action.
func BenchmarkMix(b *testing.B) {
	for _, kind := range games.All {
		b.Run(kind.Name, func(b *testing.B) {
			moves := gameMoves(b, kind, 7, 60)
			ms := make([]room.Model, len(moves[0]))
			for seat := range ms {
				ms[seat], _ = open(b, moves[0][seat], 80, 24)
			}
			decision := [2]tea.KeyPressMsg{tuitest.Key("down"), tuitest.Key("up")}
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
						ms[mover], _ = ms[mover].Update(k)
						_ = ms[mover].Lines()
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
