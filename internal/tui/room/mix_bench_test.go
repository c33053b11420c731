package room_test

import (
	"context"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hotels/internal/cputime"
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
			b.ReportAllocs()
			cpu := cputime.Used(b)
			for i := 0; b.Loop(); i++ {
				mixMove(ms, moves[1+i%(len(moves)-1)], i)
			}
			cputime.Report(b, cpu, time.Nanosecond, "cpu-ns/op")
		})
	}
}

// The keys of BenchmarkMix: a decision's, and the idle keys.
var (
	decisionKeys = [2]tea.KeyPressMsg{tuitest.Key("down"), tuitest.Key("enter")}
	idleKeys     = [2]tea.KeyPressMsg{tuitest.Key("z"), {Code: tea.KeyF2}}
)

// mixMove is BenchmarkMix's op, the i-th, on a room's screens ms: the
// move's snapshots, the mover's keys and four idle keys.
func mixMove(ms []room.Model, snaps []*rooms.Snapshot, i int) {
	for seat, snap := range snaps {
		ms[seat], _ = ms[seat].Update(room.SnapshotMsg{Snapshot: snap})
		_ = ms[seat].Lines()
	}
	mover := snaps[0].Turn
	if mover >= 0 && int(mover) < len(ms) {
		for _, k := range decisionKeys {
			var cmd tea.Cmd
			ms[mover], cmd = ms[mover].Update(k)
			_ = ms[mover].Lines()
			if cmd != nil { // the decision sent: the room's answer
				ms[mover], _ = ms[mover].Update(cmd())
				_ = ms[mover].Lines()
			}
		}
	}
	idler := i % len(ms)
	for range 4 {
		idler = (idler + 1) % len(ms)
		if engine.Seat(idler) == mover {
			idler = (idler + 1) % len(ms)
		}
		k := idleKeys[0]
		if room.Status(ms[idler]) != "" {
			k = idleKeys[1]
		}
		ms[idler], _ = ms[idler].Update(k)
		_ = ms[idler].Lines()
	}
}

// BenchmarkMixCold is BenchmarkMix over 625 rooms at once, 2,500 screens,
// a move in each room in turn, as the load run's 2,500 players in 625
// rooms: what a move costs when the screens' memory is not in the
// processor's caches, as at that load, where the same work took four
// times BenchmarkMix's time (docs/capacity.md). The rooms share the game's
// snapshots, which the load's rooms do not.
func BenchmarkMixCold(b *testing.B) {
	const rooms = 625
	for _, kind := range games.All {
		b.Run(kind.Name, func(b *testing.B) {
			moves := gameMoves(b, kind, 7, 60)
			ms := make([][]room.Model, rooms)
			for r := range ms {
				ms[r] = make([]room.Model, len(moves[0]))
				for seat := range ms[r] {
					ms[r][seat] = openQuiet(moves[0][seat], 80, 24)
					_ = ms[r][seat].Lines()
				}
			}
			b.ReportAllocs()
			cpu := cputime.Used(b)
			for i := 0; b.Loop(); i++ {
				mixMove(ms[i%rooms], moves[1+(i/rooms)%(len(moves)-1)], i)
			}
			cputime.Report(b, cpu, time.Nanosecond, "cpu-ns/op")
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
