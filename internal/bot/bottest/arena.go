package bottest

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
	"hotels/internal/engine"
)

// The arena's flags, the same for every game; for example
//
//	go test ./internal/bot/tycoon -run TestArena -v -arena.games 200 -arena.match hard-normal -arena.seats 2 -arena.seed 7
var (
	arenaGames   = flag.Int("arena.games", 0, "games per match in TestArena; 0 skips it")
	arenaMatch   = flag.String("arena.match", "normal-easy,hard-normal", "matches, comma separated: SUBJECT-OPPONENT plays one SUBJECT against the rest OPPONENT")
	arenaSeats   = flag.Int("arena.seats", 0, "seats a game (0: the game's own default)")
	arenaSeed    = flag.Uint64("arena.seed", 1, "first deal's seed")
	arenaRules   = flag.String("arena.rules", "", "rule set, for a game that has several (\"\": its default)")
	arenaOptions = flag.String("arena.options", "", "game options, comma separated key=value")
	arenaIters   = flag.Int("arena.iters", 0, "hard bot: playouts a decision (0: the default)")
	arenaBudget  = flag.Duration("arena.budget", 0, "hard bot: time a decision (0: the default unless -arena.iters is set)")
	arenaWorkers = flag.Int("arena.workers", 0, "games played at once (0: GOMAXPROCS)")
)

// Hard is how the arena's flags ask the hard bot to think: iterations
// (playouts) and budget a decision; both 0 for the level's defaults.
func Hard() (iters int, budget time.Duration) { return *arenaIters, *arenaBudget }

// Arena is one game's arena: how to deal it and make its bots.
type Arena struct {
	Kind engine.Kind
	// Seats is the seats a game when -arena.seats is not given.
	Seats int
	// NewBot makes a bot of level drawing its chance from seed; the hard
	// bot thinks as Hard says.
	NewBot func(level string, seed uint64) bot.Bot
	// Want is the least win rate the subject of match must reach at seats;
	// nil or 0 for an even share (1/seats).
	Want func(match string, seats int) float64
}

// maxSteps cuts a game that does not end: an error.
const maxSteps = 50000

// Run plays seat-rotated games of one subject bot against opponents for each
// match of -arena.match, and reports the subject's win rate (a tie for first
// split) with a 95% confidence interval (Wilson's), its score against the
// opponents' and its slowest decision. Each deal is played once with the
// subject in every seat. It fails when the win rate is under the bar
// (Arena.Want) or a bot failed. Without -arena.games it skips.
func (a Arena) Run(t *testing.T) {
	if *arenaGames <= 0 {
		t.Skip("the arena runs with -arena.games N")
	}
	n := a.Seats
	if *arenaSeats > 0 {
		n = *arenaSeats
	}
	var opts []string
	for o := range strings.SplitSeq(*arenaOptions, ",") {
		if o != "" {
			opts = append(opts, o)
		}
	}
	for _, match := range strings.Split(*arenaMatch, ",") {
		subject, opponent, ok := strings.Cut(match, "-")
		if !ok {
			t.Fatalf("match %q: want SUBJECT-OPPONENT", match)
		}
		want := 1 / float64(n)
		if a.Want != nil {
			if w := a.Want(match, n); w > 0 {
				want = w
			}
		}
		t.Run(match, func(t *testing.T) { a.match(t, opts, subject, opponent, n, want) })
	}
}

// result is the subject's outcome in one game.
type result struct {
	win            float64 // 1, or 1/k for a k-way tie for first, or 0
	place          int
	score, rest    int // the subject's score, the opponents' mean
	moves          int // decisions with a choice
	spent, longest time.Duration
	playouts       int
}

func (a Arena) match(t *testing.T, opts []string, subject, opponent string, n int, want float64) {
	games := *arenaGames
	workers := *arenaWorkers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	before := bot.Faults()
	results := make([]result, games)
	jobs := make(chan int)
	var wg sync.WaitGroup
	start := time.Now()
	for range workers {
		wg.Go(func() {
			for i := range jobs {
				results[i] = a.game(t, opts, subject, opponent, n, i)
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
	if f := bot.Faults() - before; f > 0 {
		t.Errorf("bots failed %d times and played at random instead", f)
	}
	var wins, place, score, rest float64
	var moves, playouts int
	var spent, longest time.Duration
	for _, r := range results {
		wins += r.win
		place += float64(r.place)
		score += float64(r.score)
		rest += float64(r.rest)
		moves += r.moves
		spent += r.spent
		longest = max(longest, r.longest)
		playouts += r.playouts
	}
	k := float64(games)
	p := wins / k
	lo, hi := Wilson(wins, games)
	t.Logf("%s vs %d×%s, %s %v, %d seats: %d games from seed %d in %v on %d workers",
		subject, n-1, opponent, a.Kind.Name, opts, n, games, *arenaSeed, time.Since(start).Round(time.Second), workers)
	t.Logf("  %s wins %.1f%% (95%% Wilson %.1f%%–%.1f%%; an even share is %.1f%%), mean place %.2f",
		subject, 100*p, 100*lo, 100*hi, 100/float64(n), place/k)
	t.Logf("  score: %s %s, each %s %s on average", subject, a.Kind.Unit.Format(int(score/k)), opponent, a.Kind.Unit.Format(int(rest/k)))
	t.Logf("  %s: %d decisions with a choice, %v and %d playouts each on average, %v at most",
		subject, moves, (spent / time.Duration(max(moves, 1))).Round(time.Microsecond), playouts/max(moves, 1), longest.Round(time.Millisecond))
	if p < want {
		t.Errorf("%s wins %.1f%% against %s, under the %.1f%% wanted", subject, 100*p, opponent, 100*want)
	}
}

// game plays game i: deal i/n with the subject in seat position i%n of the
// names p0, p1, …; the throws of a game with chance seats come from the
// deal's seed.
func (a Arena) game(t *testing.T, opts []string, subject, opponent string, n, i int) result {
	seed := *arenaSeed + uint64(i/n)
	pos := i % n
	names := make([]string, n)
	bots := make([]bot.Bot, n)
	for s := range n {
		names[s] = fmt.Sprintf("p%d", s)
		bots[s] = a.NewBot(opponent, seed*16+uint64(s))
	}
	sub := &timed{Bot: a.NewBot(subject, seed*16+uint64(pos))}
	bots[pos] = sub
	rules, err := a.Kind.RuleSet(*arenaRules)
	if err != nil {
		t.Error(err)
		return result{}
	}
	g, _, err := a.Kind.Deal(rules, opts, names, seed)
	if err != nil {
		t.Error(err)
		return result{}
	}
	// The deal may seat the names in another order.
	who := make([]int, n)
	for s, name := range g.Seats() {
		fmt.Sscanf(name, "p%d", &who[s])
	}
	dice := rand.New(rand.NewPCG(seed, 0xd1ce))
	for steps := 0; ; steps++ {
		seat, going := g.ToMove()
		if !going {
			break
		}
		var act engine.Action
		if seat == engine.Chance {
			legal := g.Legal(seat)
			act = legal[dice.IntN(len(legal))]
		} else {
			act = bots[who[seat]].Choose(g, seat)
		}
		if err := g.Apply(seat, act); err != nil || steps > maxSteps {
			t.Errorf("game %d, step %d: %v: %v", i, steps, act, err)
			return result{}
		}
	}
	r := result{moves: sub.moves, spent: sub.spent, longest: sub.longest, playouts: sub.playouts}
	st := g.Standings()
	firsts := 0
	for _, s := range st {
		if s.Place == 1 {
			firsts++
		}
	}
	for _, s := range st {
		if s.Name != names[pos] {
			r.rest += s.Score
			continue
		}
		r.place, r.score = s.Place, s.Score
		if s.Place == 1 {
			r.win = 1 / float64(firsts)
		}
	}
	r.rest /= n - 1
	return r
}

// timed counts the time a bot spends on decisions with more than one
// choice, and its playouts where it counts them.
type timed struct {
	bot.Bot
	moves          int
	spent, longest time.Duration
	playouts       int
}

func (t *timed) Choose(g engine.Game, seat engine.Seat) engine.Action {
	start := time.Now()
	a := t.Bot.Choose(g, seat)
	if len(g.Legal(seat)) > 1 {
		d := time.Since(start)
		t.moves++
		t.spent += d
		t.longest = max(t.longest, d)
		if p, ok := t.Bot.(interface{ Playouts() int }); ok {
			t.playouts += p.Playouts()
		}
	}
	return a
}
