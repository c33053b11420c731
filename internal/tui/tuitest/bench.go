package tuitest

import (
	"runtime"
	"runtime/metrics"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hotels/internal/rooms"
	"hotels/internal/tui/room"
)

// BenchMove is a move reaching every seat of a room: each seat's screen,
// opened on its snapshot of after[seat] by open, takes its snapshot a
// move apart in turn and draws it, as every session in a room does on
// every move. An op is a move: every seat's screen (docs/capacity.md).
// The screens are drawn as the sessions draw them: as lines (Model.Lines).
func BenchMove(b *testing.B, before, after []*rooms.Snapshot, open func(*rooms.Snapshot) room.Model) {
	snaps := [2][]*rooms.Snapshot{before, after}
	ms := make([]room.Model, len(after))
	for seat := range ms {
		ms[seat] = open(after[seat])
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		for seat := range ms {
			ms[seat], _ = ms[seat].Update(room.SnapshotMsg{Snapshot: snaps[i%2][seat]})
			_ = ms[seat].Lines()
		}
	}
}

// BenchIdleKey is a key that changes only the status line of m, a screen
// whose decision is another's: z, which says the key does nothing, then
// F2, which clears what it said, as the load tool's players press between
// their turns. An op is one key and its screen.
func BenchIdleKey(b *testing.B, m room.Model) {
	keys := [2]tea.KeyPressMsg{Key("z"), {Code: tea.KeyF2}}
	idle := m.View()
	if m, _ = m.Update(keys[0]); m.View() == idle {
		b.Fatal("z changed nothing")
	}
	if m, _ = m.Update(keys[1]); m.View() != idle {
		b.Fatal("F2 did not clear what z said")
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		m, _ = m.Update(keys[i%2])
		_ = m.Lines()
	}
}

// BenchHeld is what a seat's room screen keeps between moves, the
// collector's mark work for every session (issue 22): 200 screens, each
// opened by open on a seat's snapshot of before, drawn, given its
// snapshot of after and drawn again, then counted after a collection:
// objects/screen and scan-B/screen are the live objects and the
// pointer-holding (scanned) bytes a screen.
func BenchHeld(b *testing.B, before, after []*rooms.Snapshot, open func(*rooms.Snapshot) room.Model) {
	const screens = 200
	live := func() (objects, scan uint64) {
		runtime.GC()
		s := []metrics.Sample{{Name: "/gc/heap/objects:objects"}, {Name: "/gc/scan/heap:bytes"}}
		metrics.Read(s)
		return s[0].Value.Uint64(), s[1].Value.Uint64()
	}
	var objects, scan float64
	for b.Loop() {
		ms := make([]room.Model, screens)
		o0, s0 := live()
		for i := range ms {
			seat := i % len(before)
			m := open(before[seat])
			_ = m.Lines()
			m, _ = m.Update(room.SnapshotMsg{Snapshot: after[seat]})
			_ = m.Lines()
			ms[i] = m
		}
		o1, s1 := live()
		runtime.KeepAlive(ms)
		objects += float64(o1-o0) / screens
		scan += float64(s1-s0) / screens
	}
	b.ReportMetric(objects/float64(b.N), "objects/screen")
	b.ReportMetric(scan/float64(b.N), "scan-B/screen")
}
