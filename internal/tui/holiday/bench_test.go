package holiday_test

import (
	"math/rand/v2"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/engine/holiday"
	"hotels/internal/rooms"
	"hotels/internal/tui/room"
	"hotels/internal/tui/tuitest"
)

// BenchmarkMove is a decision reaching a four-seat Holiday AG room at
// 80×24: each seat's screen takes its new snapshot, a decision from the
// last, and draws it. The screens go through 100 decisions of a game, one
// after another, as in play: the seats draw what they see alike once a
// snapshot (public), and a room never sees one twice. An op is a
// decision: four screens (docs/capacity.md).
func BenchmarkMove(b *testing.B) {
	g := game(b, 2, func(g *holiday.Game) bool { return due(2, holiday.PhasePlay)(g) && g.StockLeft() < 60 })
	rng := rand.New(rand.NewPCG(1, 2))
	var moves [][]*rooms.Snapshot // by decision, by seat
	for range 101 {
		if g.Over() {
			break
		}
		snaps := make([]*rooms.Snapshot, len(seats))
		for seat := range snaps {
			snaps[seat] = snapshot(g, engine.Seat(seat))
		}
		moves = append(moves, snaps)
		seat, _ := g.ToMove()
		a, _ := g.RandomAction(int(seat), rng)
		if err := g.Do(int(seat), a); err != nil {
			b.Fatal(err)
		}
	}
	ms := make([]room.Model, len(seats))
	for seat := range ms {
		ms[seat], _ = open(b, moves[0][seat], 80, 24)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		for seat, snap := range moves[1+i%(len(moves)-1)] {
			ms[seat], _ = ms[seat].Update(room.SnapshotMsg{Snapshot: snap})
			_ = ms[seat].Lines()
		}
	}
}

// BenchmarkHeld is what a seat's Holiday AG screen keeps between
// decisions at 80×24 (tuitest.BenchHeld).
func BenchmarkHeld(b *testing.B) {
	before, after := moveSnapshots(b)
	tuitest.BenchHeld(b, before, after, func(s *rooms.Snapshot) room.Model {
		m, _ := open(b, s, 80, 24)
		return m
	})
}

// moveSnapshots is each seat's snapshot of a four-seat game in play, and
// each seat's a decision later.
func moveSnapshots(b *testing.B) (before, after []*rooms.Snapshot) {
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
	return snaps[0][:], snaps[1][:]
}

// BenchmarkIdleKey is a key that changes only the status line, on a
// Holiday AG screen at 80×24 whose decision is another's: z, then F2, as
// room.BenchmarkIdleKey.
func BenchmarkIdleKey(b *testing.B) {
	m, _ := open(b, snapshot(game(b, 2, due(2, holiday.PhasePlay)), 0), 80, 24)
	tuitest.BenchIdleKey(b, m)
}
