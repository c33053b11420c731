package acquirebot_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"hotels/internal/bot"
	"hotels/internal/bot/acquirebot"
	"hotels/internal/bot/bottest"
	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
)

// The arena measures strength; it runs only when asked, for example
//
//	go test ./internal/bot -run TestArena -v -arena=1000 -arena.match=normal-easy
//	go test ./internal/bot -run TestArena -v -arena=200 -arena.match=hard-normal -arena.iters=1000
var (
	arenaGames   = flag.Int("arena", 0, "games per match in TestArena; 0 skips it")
	arenaMatch   = flag.String("arena.match", "normal-easy,hard-normal", "matches, comma separated: SUBJECT-OPPONENT plays one SUBJECT against the rest OPPONENT")
	arenaSeats   = flag.Int("arena.seats", 4, "seats a game")
	arenaRules   = flag.String("arena.rules", "modern", "rule set: modern or classic")
	arenaOptions = flag.String("arena.options", "", "game options, comma separated: holdings=hidden,hand=redraw")
	arenaIters   = flag.Int("arena.iters", 0, "hard bot: playouts a decision (0: the default)")
	arenaBudget  = flag.Duration("arena.budget", 0, "hard bot: time a decision (0: the default unless -arena.iters is set)")
	arenaSeed    = flag.Uint64("arena.seed", 1, "first deal's seed")
	arenaWorkers = flag.Int("arena.workers", 0, "games played at once (0: GOMAXPROCS)")
)

// arenaBot makes a bot of level id for the arena.
func arenaBot(id string, seed uint64) bot.Bot {
	rng := rand.New(rand.NewPCG(seed, 0xa7e4a))
	if id == "hard" {
		opts := acquirebot.DefaultHard
		if *arenaIters > 0 || *arenaBudget > 0 {
			opts = acquirebot.HardOptions{Iterations: *arenaIters, Budget: *arenaBudget}
		}
		return acquirebot.NewHard(rng, opts)
	}
	for _, l := range acquirebot.Levels {
		if l.ID == id {
			return l.New(rng)
		}
	}
	panic("no level " + id)
}

// timed counts the time a bot spends on decisions with more than one choice.
type timed struct {
	bot.Bot
	moves    int
	spent    time.Duration
	playouts int
}

func (t *timed) Choose(g engine.Game, seat engine.Seat) engine.Action {
	start := time.Now()
	a := t.Bot.Choose(g, seat)
	if ag := g.(*acquire.Game); len(ag.AppendLegal(nil, int(seat))) > 1 {
		t.moves++
		t.spent += time.Since(start)
		if h, ok := t.Bot.(*acquirebot.Hard); ok {
			t.playouts += h.Playouts()
		}
	}
	return a
}

// arenaResult is the subject's outcome in one game.
type arenaResult struct {
	win      float64 // 1, or 1/k for a k-way tie for first, or 0
	place    int
	money    int // the subject's final money
	rest     int // the opponents' average final money
	moves    int
	spent    time.Duration
	playouts int
}

// TestArena plays seat-rotated games of one subject bot against opponents
// and prints the subject's win rate (ties split) with a 95% confidence
// interval (Wilson's). Each deal is played once with the subject in every
// seat. It fails if the interval does not lie above an even share
// (1/seats).
func TestArena(t *testing.T) {
	if *arenaGames <= 0 {
		t.Skip("the arena runs with -arena=N")
	}
	r, err := acquire.RulesByKey(*arenaRules)
	if err != nil {
		t.Fatal(err)
	}
	var opts acquire.Options
	for _, o := range strings.Split(*arenaOptions, ",") {
		if o != "" {
			if err := opts.Set(o); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, match := range strings.Split(*arenaMatch, ",") {
		subject, opponent, ok := strings.Cut(match, "-")
		if !ok {
			t.Fatalf("match %q: want SUBJECT-OPPONENT", match)
		}
		t.Run(match, func(t *testing.T) { arena(t, r, opts, subject, opponent) })
	}
}

func arena(t *testing.T, r *acquire.Rules, opts acquire.Options, subject, opponent string) {
	n, games := *arenaSeats, *arenaGames
	workers := *arenaWorkers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	results := make([]arenaResult, games)
	jobs := make(chan int)
	var wg sync.WaitGroup
	start := time.Now()
	for range workers {
		wg.Go(func() {
			for i := range jobs {
				results[i] = arenaGame(t, r, opts, subject, opponent, n, i)
			}
		})
	}
	for i := range games {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	if t.Failed() {
		return
	}
	if n := bot.Faults(); n > 0 {
		t.Errorf("bots failed %d times and played at random instead", n)
	}

	var wins, place, money, rest float64
	var moves, playouts int
	var spent time.Duration
	for _, res := range results {
		wins += res.win
		place += float64(res.place)
		money += float64(res.money)
		rest += float64(res.rest)
		moves += res.moves
		spent += res.spent
		playouts += res.playouts
	}
	k := float64(games)
	p := wins / k
	lo, hi := bottest.Wilson(wins, games)
	perMove := time.Duration(0)
	if moves > 0 {
		perMove = spent / time.Duration(moves)
	}
	t.Logf("%s vs %d×%s, %s %v, %d seats: %d games in %v on %d workers",
		subject, n-1, opponent, r.Key, opts.List(), n, games, time.Since(start).Round(time.Second), workers)
	t.Logf("  %s wins %.1f%% (95%% CI %.1f%%–%.1f%%; an even share is %.1f%%), mean place %.2f",
		subject, 100*p, 100*lo, 100*hi, 100/float64(n), place/k)
	t.Logf("  final money: %s $%.0f, each %s $%.0f on average", subject, money/k, opponent, rest/k)
	t.Logf("  %s: %d decisions with a choice, %v and %d playouts each on average", subject, moves, perMove.Round(time.Microsecond), playouts/max(moves, 1))
	if lo <= 1/float64(n) {
		t.Errorf("%s does not clearly beat %s: the interval %.1f%%–%.1f%% reaches %.1f%%", subject, opponent, 100*lo, 100*hi, 100/float64(n))
	}
}

// arenaGame plays game i: deal i/n with the subject in seat position i%n.
func arenaGame(t *testing.T, r *acquire.Rules, opts acquire.Options, subject, opponent string, n, i int) arenaResult {
	seed := *arenaSeed + uint64(i/n)
	pos := i % n
	g := game(t, r, opts, n, seed)
	bots := make([]bot.Bot, n)
	sub := &timed{Bot: arenaBot(subject, seed*16+uint64(pos))}
	for s := range bots {
		if s == pos {
			bots[s] = sub
		} else {
			bots[s] = arenaBot(opponent, seed*16+uint64(s))
		}
	}
	for steps := 0; !g.Over(); steps++ {
		seat, _ := g.ToMove()
		var who int
		fmt.Sscanf(g.Name(int(seat)), "p%d", &who)
		a := bots[who].Choose(g, seat)
		if err := g.Apply(seat, a); err != nil || steps > 5000 {
			t.Errorf("game %d: %q: %v", i, a, err)
			return arenaResult{}
		}
	}
	res := arenaResult{moves: sub.moves, spent: sub.spent, playouts: sub.playouts}
	st := g.Standings()
	winners := 0
	for _, s := range st {
		if s.Place == 1 {
			winners++
		}
	}
	name := fmt.Sprintf("p%d", pos)
	for _, s := range st {
		if s.Name == name {
			res.place, res.money = s.Place, s.Score
			if s.Place == 1 {
				res.win = 1 / float64(winners)
			}
		} else {
			res.rest += s.Score
		}
	}
	res.rest /= n - 1
	return res
}
