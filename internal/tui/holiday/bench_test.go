package holiday_test

import (
	"math/rand/v2"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hotels/internal/engine"
	"hotels/internal/engine/holiday"
	"hotels/internal/rooms"
	"hotels/internal/tui/room"
	"hotels/internal/tui/tuitest"
)

// BenchmarkMove is a decision reaching a four-seat Holiday AG room at
// 80×24: each seat's screen takes its new snapshot, a decision from the
// last, and draws it. An op is a decision: four screens (docs/capacity.md).
func BenchmarkMove(b *testing.B) {
	g := game(b, 2, func(g *holiday.Game) bool { return due(2, holiday.PhasePlay)(g) && g.StockLeft() < 60 })
	var snaps [2][4]*rooms.Snapshot // a move apart, by seat
	for i := range snaps {
		for seat := range snaps[i] {
			snaps[i][seat] = snapshot(g, engine.Seat(seat))
		}
		seat, _ := g.ToMove()
		a, _ := g.RandomAction(int(seat), rand.New(rand.NewPCG(1, 2)))
		if err := g.Do(int(seat), a); err != nil {
			b.Fatal(err)
		}
	}
	var ms [4]room.Model
	for seat := range ms {
		ms[seat], _ = open(b, snaps[1][seat], 80, 24)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		for seat := range ms {
			ms[seat], _ = ms[seat].Update(room.SnapshotMsg{Snapshot: snaps[i%2][seat]})
			_ = ms[seat].View()
		}
	}
}

// BenchmarkIdleKey is a key that changes only the status line, on a
// Holiday AG screen at 80×24 whose decision is another's: z, then F2, as
// room.BenchmarkIdleKey.
func BenchmarkIdleKey(b *testing.B) {
	m, _ := open(b, snapshot(game(b, 2, due(2, holiday.PhasePlay)), 0), 80, 24)
	keys := [2]tea.KeyPressMsg{tuitest.Key("z"), {Code: tea.KeyF2}}
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
		_ = m.View()
	}
}
