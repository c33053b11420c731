package tycoon_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"hotels/internal/bot"
	"hotels/internal/bot/bottest"
	bottycoon "hotels/internal/bot/tycoon"
	"hotels/internal/engine"
	game "hotels/internal/engine/tycoon"
)

// The arena measures strength. By default it plays a few games; for the
// figures, for example
//
//	go test ./internal/bot/tycoon -run Arena -v -arena.games 200 -arena.seed 1
var (
	arenaGames    = flag.Int("arena.games", 6, "2-player games per match")
	arenaSeed     = flag.Uint64("arena.seed", 1, "first game's seed")
	arenaPlayouts = flag.Int("arena.playouts", 600, "hard bot: playouts a decision")
	arenaHorizon  = flag.Int("arena.horizon", bottycoon.DefaultHard.Horizon, "hard bot: actions a playout plays before worth judges it (0: to the end)")
	arenaOptions  = flag.String("arena.options", "", "game options, comma separated: rounds=30,six=again")
)

// maxActions cuts a game that has not ended: worth decides it.
const maxActions = 50000

// match plays games of subject against opponent, seats alternating, and
// returns the subject's wins (a tie counts half), the slowest decision, the
// actions per game and how many games were cut at maxActions.
func match(t *testing.T, subject, opponent string) (wins float64, slowest time.Duration, actions, cut int) {
	opts := strings.FieldsFunc(*arenaOptions, func(r rune) bool { return r == ',' })
	for i := range *arenaGames {
		seed := *arenaSeed + uint64(i)
		rng := rand.New(rand.NewPCG(seed, 1))
		bots := [2]bot.Bot{newBot(t, subject, seed), newBot(t, opponent, seed+1000)}
		me := i % 2 // the subject's seat
		if me == 1 {
			bots[0], bots[1] = bots[1], bots[0]
		}
		eg, _, err := game.Kind.Deal("", opts, []string{"p0", "p1"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		g := eg.(*game.Game)
		n := 0
		for ; !g.Over() && n < maxActions; n++ {
			to, _ := g.ToMove()
			var a engine.Action
			if to == engine.Chance {
				legal := g.Legal(to)
				a = legal[rng.IntN(len(legal))]
			} else {
				start := time.Now()
				a = bots[to].Choose(g, to)
				slowest = max(slowest, time.Since(start))
			}
			if err := g.Apply(to, a); err != nil {
				t.Fatalf("game %d: %s %s: %v", i, g.Seats()[max(to, 0)], a, err)
			}
		}
		actions += n
		if !g.Over() {
			cut++
		}
		switch mine, theirs := g.Worth(me), g.Worth(1-me); {
		case g.Over():
			for _, s := range g.Standings() {
				if int(s.Seat) == me && s.Place == 1 {
					wins += 1 / float64(countFirst(g.Standings()))
				}
			}
		case mine > theirs:
			wins++
		case mine == theirs:
			wins += 0.5
		}
	}
	return wins, slowest, actions / max(*arenaGames, 1), cut
}

func countFirst(st []engine.Standing) int {
	n := 0
	for _, s := range st {
		if s.Place == 1 {
			n++
		}
	}
	return n
}

func newBot(t *testing.T, level string, seed uint64) bot.Bot {
	rng := rand.New(rand.NewPCG(seed, 0xa7e4a))
	if level == "hard" {
		return bottycoon.NewHard(rng, bottycoon.HardOptions{Playouts: *arenaPlayouts, Budget: time.Second, Horizon: *arenaHorizon})
	}
	b, err := bottycoon.New(level, rng)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestArena plays normal against easy and hard against normal in 2-player
// games. It fails when a level is significantly weaker than it must be:
// normal under 70% against easy, hard under 55% against normal (the
// interval's top below the bar), and when hard takes over a second.
func TestArena(t *testing.T) {
	for _, m := range []struct {
		subject, opponent string
		bar               float64
	}{{"normal", "easy", 0.70}, {"hard", "normal", 0.55}} {
		wins, slowest, actions, cut := match(t, m.subject, m.opponent)
		n := *arenaGames
		lo, hi := bottest.Wilson(wins, n)
		msg := fmt.Sprintf("%s vs %s: %.1f/%d = %.0f%% (95%% Wilson %.0f–%.0f%%), %d actions a game, %d cut and judged by worth", m.subject, m.opponent, wins, n, 100*wins/float64(n), 100*lo, 100*hi, actions, cut)
		if m.subject == "hard" {
			msg += fmt.Sprintf(", slowest decision %v", slowest.Round(time.Millisecond))
			if slowest > time.Second+100*time.Millisecond {
				t.Errorf("hard took %v over a decision, more than a second", slowest)
			}
		}
		t.Log(msg)
		if hi < m.bar {
			t.Errorf("%s: significantly under %.0f%%", msg, 100*m.bar)
		}
	}
}
