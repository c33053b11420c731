package room_test

import (
	"context"
	"testing"
	"time"

	"hotels/internal/engine"
	"hotels/internal/tui/room"
	"hotels/internal/tui/theme"
	"hotels/internal/tui/tuitest"
)

// BenchmarkView draws a game in play at 80×24, for a seat and for a
// watcher: every session in a room draws once per move (docs/capacity.md).
func BenchmarkView(b *testing.B) {
	for _, c := range []struct {
		name string
		seat engine.Seat
	}{{"seat", 0}, {"watcher", engine.Watcher}} {
		b.Run(c.name, func(b *testing.B) {
			m := room.New(context.Background(), tuitest.NewTable(nil), "k3vq", alice, theme.DefaultStyles())
			room.SetClock(&m, func() time.Time { return tuitest.Now })
			m.SetSize(80, 24)
			m, _ = m.Update(room.SnapshotMsg{Snapshot: tuitest.FourSeat(b, "play").Snapshot(c.seat)})
			b.ReportAllocs()
			for b.Loop() {
				_ = m.View()
			}
		})
	}
}

// BenchmarkSnapshot is a session taking a new snapshot of its room, as on
// every move, and drawing it.
func BenchmarkSnapshot(b *testing.B) {
	snap := tuitest.FourSeat(b, "play").Snapshot(0)
	m := room.New(context.Background(), tuitest.NewTable(nil), "k3vq", alice, theme.DefaultStyles())
	room.SetClock(&m, func() time.Time { return tuitest.Now })
	m.SetSize(80, 24)
	b.ReportAllocs()
	for b.Loop() {
		next := *snap
		next.Version++
		snap = &next
		m, _ = m.Update(room.SnapshotMsg{Snapshot: snap})
		_ = m.View()
	}
}
