package tycoon_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/engine/tycoon"
	"hotels/internal/rooms"
	"hotels/internal/tui/room"
	"hotels/internal/tui/theme"
	"hotels/internal/tui/tuitest"
	tycoonscreen "hotels/internal/tui/tycoon"
)

// seatSnapshot is snapshot as seat sees it.
func seatSnapshot(g *tycoon.Game, seat engine.Seat) *rooms.Snapshot {
	s := snapshot(g, nil)
	s.You, s.Host, s.Game = seat, seat == 0, g.View(seat)
	return s
}

// openRoom returns the room screen showing snap at 80×24.
func openRoom(snap *rooms.Snapshot) room.Model {
	screens := func(string, *theme.Styles) (room.Screen, bool) { return tycoonscreen.New(theme.DefaultStyles()), true }
	m := room.New(context.Background(), tuitest.NewTable(nil), "t9cn", rooms.Player{ID: 1, Name: "alice"}, theme.DefaultStyles(), screens)
	m.SetSize(80, 24)
	m, _ = m.Update(room.SnapshotMsg{Snapshot: snap})
	return m
}

// BenchmarkMove is a decision reaching a three-seat Hotel Tycoon room at
// 80×24 as the room sends it: each seat's screen takes its new snapshot,
// a decision from the last, and draws it. The seats' snapshots carry one
// view, as a room's do for a game that hides nothing (engine.Public), and
// a new one at every op, as a room never sends a view twice: the seats
// draw what they show alike once a view (public). An op is a decision:
// three screens (docs/capacity.md).
func BenchmarkMove(b *testing.B) {
	before, after := moveSnapshots(b)
	snaps := [2][]*rooms.Snapshot{before, after}
	ms := make([]room.Model, len(after))
	for seat := range ms {
		ms[seat] = openRoom(after[seat])
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		from := snaps[i%2]
		view := *from[0].Game.(*tycoon.View) // the same game, a new view
		for seat := range ms {
			snap := *from[seat]
			snap.Game = &view
			ms[seat], _ = ms[seat].Update(room.SnapshotMsg{Snapshot: &snap})
			_ = ms[seat].Lines()
		}
	}
}

// BenchmarkHeld is what a seat's Hotel Tycoon screen keeps between
// decisions at 80×24 (tuitest.BenchHeld).
func BenchmarkHeld(b *testing.B) {
	before, after := moveSnapshots(b)
	tuitest.BenchHeld(b, before, after, openRoom)
}

// moveSnapshots is each seat's snapshot of a three-seat game in round 3,
// and each seat's a decision later.
func moveSnapshots(b *testing.B) (before, after []*rooms.Snapshot) {
	g := find(b, "round 3", func(g *tycoon.Game) bool { return g.Round() >= 3 && g.Phase() == tycoon.PhaseRoll })
	rng := rand.New(rand.NewPCG(3, 3))
	var buf []tycoon.Action
	var snaps [2][3]*rooms.Snapshot // a decision apart, by seat
	for i := range snaps {
		view := g.View(engine.Watcher) // one for every seat, as the room's
		for seat := range snaps[i] {
			snaps[i][seat] = seatSnapshot(g, engine.Seat(seat))
			snaps[i][seat].Game = view
		}
		seat, _ := g.ToMove()
		a, _ := g.Eager(&buf, int(seat), rng)
		if err := g.Do(int(seat), a); err != nil {
			b.Fatal(err)
		}
	}
	return snaps[0][:], snaps[1][:]
}

// BenchmarkIdleKey is a key that changes only the status line, on a Hotel
// Tycoon screen at 80×24 whose decision is another's: z, then F2, as
// room.BenchmarkIdleKey.
func BenchmarkIdleKey(b *testing.B) {
	g := find(b, "bob's turn", func(g *tycoon.Game) bool {
		return g.Round() >= 2 && g.ViewFor(0).Turn == 1 && g.Phase() == tycoon.PhaseRoll
	})
	m := openRoom(seatSnapshot(g, 0))
	tuitest.BenchIdleKey(b, m)
}

// BenchmarkMenuKey is ↓ walking Hotel Tycoon's menu of a decision with
// four choices or more, on the player's 80×24 screen through a real Bubble
// Tea program: B/key is what the terminal is sent for each (issue 22).
func BenchmarkMenuKey(b *testing.B) {
	g := find(b, "a menu of four", func(g *tycoon.Game) bool {
		seat, _ := g.ToMove()
		return seat == 0 && g.Phase() == tycoon.PhaseSpace && len(g.Legal(seat)) >= 4
	})
	m := openRoom(seatSnapshot(g, 0))
	var frames []tuitest.Frame
	for range len(g.Legal(0)) {
		frames = append(frames, tuitest.Frame(m.View()))
		m, _ = m.Update(tuitest.Key("down"))
	}
	wrote := tuitest.NewCounter()
	p := tuitest.Program(b, frames[len(frames)-1], wrote, 80, 24)
	<-wrote.Signal // the first frame
	sent := wrote.N.Load()
	for i := 0; b.Loop(); i++ {
		p.Send(frames[i%len(frames)])
		<-wrote.Signal
	}
	b.ReportMetric(float64(wrote.N.Load()-sent)/float64(b.N), "B/key")
}

// BenchmarkDecisionKey is ↓ walking Hotel Tycoon's menu of a decision with
// four choices or more on the player's 80×24 room screen, each key's
// screen drawn: the decision's lines are drawn again at every key.
func BenchmarkDecisionKey(b *testing.B) {
	g := find(b, "a menu of four", func(g *tycoon.Game) bool {
		seat, _ := g.ToMove()
		return seat == 0 && g.Phase() == tycoon.PhaseSpace && len(g.Legal(seat)) >= 4
	})
	m := openRoom(seatSnapshot(g, 0))
	down := tuitest.Key("down")
	b.ReportAllocs()
	for b.Loop() {
		m, _ = m.Update(down)
		_ = m.Lines()
	}
}
