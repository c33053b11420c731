package tycoon_test

import (
	"math/rand/v2"
	"testing"
	"time"

	bottycoon "hotels/internal/bot/tycoon"
	"hotels/internal/engine"
	game "hotels/internal/engine/tycoon"
)

// humanDecision is what a person takes over a decision, on average: the
// figure a ranked game's length is planned with.
const humanDecision = 5 * time.Second

// A ranked game of four that runs to game.RankedRounds lasts about half an
// hour of human decisions: the normal bots, playing without a limit, make
// so many decisions a round (4.5 at four seats).
func TestRankedRounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	decisions, rounds := 0, 0
	for range 100 {
		gg, _, err := game.Kind.Deal("", nil, []string{"ann", "bob", "cat", "dan"}, 0)
		if err != nil {
			t.Fatal(err)
		}
		g := gg.(*game.Game)
		b := bottycoon.NewNormal(nil)
		for range 50000 {
			s, ok := g.ToMove()
			if !ok {
				break
			}
			var a engine.Action
			if s == engine.Chance {
				l := g.Legal(engine.Chance)
				a = l[rng.IntN(len(l))]
			} else {
				a = b.Choose(g, s)
				decisions++
			}
			if err := g.Apply(s, a); err != nil {
				t.Fatal(err)
			}
		}
		rounds += int(g.ViewFor(0).Round)
	}
	perRound := float64(decisions) / float64(rounds)
	long := time.Duration(float64(game.RankedRounds) * perRound * float64(humanDecision))
	t.Logf("%.2f decisions a round (%d in %d rounds of 100 games): %d rounds take %v", perRound, decisions, rounds, game.RankedRounds, long.Round(time.Minute))
	if long < 25*time.Minute || long > 35*time.Minute {
		t.Errorf("a ranked game of %d rounds takes %v of human decisions, want about 30 minutes", game.RankedRounds, long.Round(time.Minute))
	}
	if g, err := game.NewSetup("", game.Kind.Ranked, []string{"ann", "bob"}); err != nil || g.Options.Rounds != game.RankedRounds {
		t.Errorf("the ranked options %q give %+v, %v; want rounds=%d", game.Kind.Ranked, g.Options, err, game.RankedRounds)
	}
}
