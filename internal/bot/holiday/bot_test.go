package holiday

import (
	"math/rand/v2"
	"testing"

	"hotels/internal/bot"
	"hotels/internal/engine"
	"hotels/internal/engine/holiday"
)

// deal returns a new game of n seats from seed.
func deal(tb testing.TB, n int, seed uint64) *holiday.Game {
	tb.Helper()
	names := []string{"p0", "p1", "p2", "p3", "p4", "p5"}[:n]
	g, err := holiday.New(holiday.Deal(names, rand.New(rand.NewPCG(seed, 1))))
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// play plays g to the end with one bot a seat, failing on any illegal or
// missing action.
func play(tb testing.TB, g *holiday.Game, bots []bot.Bot) {
	tb.Helper()
	for steps := 0; !g.Over(); steps++ {
		seat, _ := g.ToMove()
		for s, b := range bots {
			if engine.Seat(s) != seat && b.Choose(g, engine.Seat(s)) != nil {
				tb.Fatalf("seat %d chose while seat %d is due", s, seat)
			}
		}
		a := bots[seat].Choose(g, seat)
		if a == nil {
			tb.Fatalf("seat %d chose nothing: %s", seat, g.Due())
		}
		if err := g.Apply(seat, a); err != nil || steps > 1000 {
			tb.Fatalf("seat %d: %v (step %d)", seat, err, steps)
		}
	}
}

// TestLevels plays whole games of 2 to 6 seats with every level: each
// choice is legal.
func TestLevels(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := holiday.MinSeats; n <= holiday.MaxSeats; n++ {
		bots := make([]bot.Bot, n)
		for s := range bots {
			switch s % 3 {
			case 0:
				bots[s] = NewEasy(rng)
			case 1:
				bots[s] = NewNormal(rng)
			default:
				bots[s] = NewHard(rng, HardOptions{Iterations: 30})
			}
		}
		play(t, deal(t, n, uint64(n)), bots)
	}
	for _, level := range Levels {
		if _, err := bot.ByLevel(Levels, level.ID, rng); err != nil {
			t.Error(err)
		}
	}
	if _, err := bot.ByLevel(Levels, "grandmaster", rng); err == nil {
		t.Error("ByLevel accepted an unknown level")
	}
}

// TestPolicyLegal plays games with the playout policy through Do: every
// action it chooses is legal.
func TestPolicyLegal(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 40 {
		g := deal(t, 2+i%5, uint64(i))
		for !g.Over() {
			seat, _ := g.ToMove()
			if err := g.Do(int(seat), policy(g, int(seat), rng)); err != nil {
				t.Fatalf("game %d: the policy chose an illegal action: %v", i, err)
			}
		}
	}
}

// TestNoPeeking gives the bots two games that differ only in what their
// seat cannot see (the other hands and the stock): bots seeded alike choose
// alike.
func TestNoPeeking(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 30 {
		g := deal(t, 4, uint64(100+i))
		for range 5 + i*3 { // somewhere into the game
			if g.Over() {
				break
			}
			seat, _ := g.ToMove()
			a, _ := g.RandomAction(int(seat), rng)
			g.DoLegal(int(seat), a)
		}
		if g.Over() {
			continue
		}
		seat, _ := g.ToMove()
		other := g.Determinize(int(seat), rng)
		for _, level := range []string{"normal", "hard"} {
			mk := func() bot.Bot {
				r := rand.New(rand.NewPCG(uint64(i), 7))
				if level == "hard" {
					return NewHard(r, HardOptions{Iterations: 200})
				}
				return NewNormal(r)
			}
			a, b := mk().Choose(g, seat), mk().Choose(other, seat)
			if a.String() != b.String() {
				t.Errorf("game %d: %s chose %s and %s in two games it cannot tell apart", i, level, a, b)
			}
		}
	}
}
