package tycoon_test

import (
	"math/rand/v2"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/engine/tycoon"
)

// playout plays g to the end with eager random decisions, listing legal
// actions in buf, and returns how many actions (decisions and throws) it
// applied.
func playout(g *tycoon.Game, rng *rand.Rand, buf *[]tycoon.Action) int {
	n := 0
	for !g.Over() {
		seat, _ := g.ToMove()
		a, _ := g.Eager(buf, int(seat), rng)
		g.DoLegal(int(seat), a) // TestDoLegal checks these actions are legal
		n++
	}
	return n
}

// newGame returns a new game for seats named after the first letters.
func newGame(tb testing.TB, opts tycoon.Options, seats int) *tycoon.Game {
	g, err := tycoon.New(tycoon.Setup{Options: opts, Seats: []string{"ann", "bob", "cat", "dan"}[:seats]})
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// BenchmarkRandom3p plays whole 3-player games in which every seat buys,
// builds and bids whenever it can, so that games end by bankruptcy, and
// reports every decision and throw applied as actions/s. It must not
// allocate.
func BenchmarkRandom3p(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	start := newGame(b, tycoon.Options{}, 3)
	actions := 0
	buf := make([]tycoon.Action, 0, 64)
	b.ReportAllocs()
	for b.Loop() {
		g := *start
		g.Quiet()
		actions += playout(&g, rng, &buf)
	}
	b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
}

// BenchmarkRoomMove is the engine's share of a move in a four-seat room
// (internal/rooms): the game copied before the action (house rule 3), the
// action, its log for the watchers and for each seat, and a view for each
// seat. What it allocates is most of what the room's goroutine allocates a
// move (docs/capacity.md, issue 22).
func BenchmarkRoomMove(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	start := newGame(b, tycoon.Options{}, 4)
	var g engine.Game = start
	buf := make([]tycoon.Action, 0, 64)
	b.ReportAllocs()
	for b.Loop() {
		if g.(*tycoon.Game).Over() {
			g = start
		}
		seat, _ := g.ToMove()
		a, _ := g.(*tycoon.Game).Eager(&buf, int(seat), rng)
		next := g.Clone()
		if err := next.Apply(seat, a); err != nil {
			b.Fatal(err)
		}
		g = next
		_ = g.Log(engine.Watcher)
		for s := range engine.Seat(4) {
			_ = g.Log(s)
		}
		for s := range engine.Seat(4) {
			_ = g.View(s)
		}
	}
}
