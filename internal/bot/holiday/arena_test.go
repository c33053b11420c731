package holiday

import (
	"flag"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"hotels/internal/bot"
	"hotels/internal/bot/bottest"
	"hotels/internal/engine"
	"hotels/internal/engine/holiday"
)

// The arena measures strength; it runs only when asked, for example
//
//	go test ./internal/bot/holiday -run Arena -v -arena.games 400
//	go test ./internal/bot/holiday -run Arena -v -arena.games 200 -arena.match hard-normal -arena.seed 7
var (
	arenaGames   = flag.Int("arena.games", 0, "games per match in TestArena; 0 skips it")
	arenaMatch   = flag.String("arena.match", "normal-easy,hard-normal", "matches, comma separated: SUBJECT-OPPONENT plays one SUBJECT against the rest OPPONENT")
	arenaSeats   = flag.Int("arena.seats", 4, "seats a game")
	arenaSeed    = flag.Uint64("arena.seed", 1, "first deal's seed")
	arenaIters   = flag.Int("arena.iters", 0, "hard bot: playouts a decision (0: the default)")
	arenaBudget  = flag.Duration("arena.budget", 0, "hard bot: time a decision (0: the default unless -arena.iters is set)")
	arenaWorkers = flag.Int("arena.workers", 0, "games played at once (0: GOMAXPROCS)")
)

// arenaWant is the win rate each match must reach (issue 14).
var arenaWant = map[string]float64{"normal-easy": 0.70, "hard-normal": 0.45}

func arenaBot(level string, seed uint64) bot.Bot {
	rng := rand.New(rand.NewPCG(seed, 0xa7e4a))
	if level == "hard" && (*arenaIters > 0 || *arenaBudget > 0) {
		return NewHard(rng, HardOptions{Iterations: *arenaIters, Budget: *arenaBudget})
	}
	b, err := New(level, rng)
	if err != nil {
		panic(err)
	}
	return b
}

// timed keeps the longest time a bot took over a decision with a choice.
type timed struct {
	bot.Bot
	moves   int
	spent   time.Duration
	longest time.Duration
}

func (t *timed) Choose(g engine.Game, seat engine.Seat) engine.Action {
	start := time.Now()
	a := t.Bot.Choose(g, seat)
	if len(g.Legal(seat)) > 1 {
		d := time.Since(start)
		t.moves++
		t.spent += d
		t.longest = max(t.longest, d)
	}
	return a
}

type arenaResult struct {
	win            float64 // 1, or 1/k for a k-way tie for first, or 0
	score, rest    int     // the subject's points, the opponents' mean
	moves          int
	spent, longest time.Duration
}

// TestArena plays seat-rotated games of one subject bot against opponents
// and reports the subject's win rate (ties split) with a 95% confidence
// interval (Wilson's). Each deal is played once with the subject in every
// seat. It fails if the win rate is under the mark.
func TestArena(t *testing.T) {
	if *arenaGames <= 0 {
		t.Skip("the arena runs with -arena.games N")
	}
	for _, match := range strings.Split(*arenaMatch, ",") {
		subject, opponent, ok := strings.Cut(match, "-")
		if !ok {
			t.Fatalf("match %q: want SUBJECT-OPPONENT", match)
		}
		t.Run(match, func(t *testing.T) { arena(t, match, subject, opponent) })
	}
}

func arena(t *testing.T, match, subject, opponent string) {
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
				results[i] = arenaGame(t, subject, opponent, n, i)
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
	var wins, score, rest float64
	var moves int
	var spent, longest time.Duration
	for _, r := range results {
		wins += r.win
		score += float64(r.score)
		rest += float64(r.rest)
		moves += r.moves
		spent += r.spent
		longest = max(longest, r.longest)
	}
	k := float64(games)
	p := wins / k
	lo, hi := bottest.Wilson(wins, games)
	t.Logf("%s vs %d×%s, %d seats: %d games from seed %d in %v on %d workers",
		subject, n-1, opponent, n, games, *arenaSeed, time.Since(start).Round(time.Second), workers)
	t.Logf("  %s wins %.1f%% (95%% CI %.1f%%–%.1f%%; an even share is %.1f%%)", subject, 100*p, 100*lo, 100*hi, 100/float64(n))
	t.Logf("  points: %s %.1f, each %s %.1f on average", subject, score/k, opponent, rest/k)
	t.Logf("  %s: %d decisions with a choice, %v each on average, %v at most", subject, moves, (spent / time.Duration(max(moves, 1))).Round(time.Microsecond), longest.Round(time.Millisecond))
	if want, ok := arenaWant[match]; ok && p < want {
		t.Errorf("%s wins %.1f%%, under the %.0f%% wanted", subject, 100*p, 100*want)
	}
}

// arenaGame plays game i: deal i/n with the subject in seat i%n.
func arenaGame(t *testing.T, subject, opponent string, n, i int) arenaResult {
	seed := *arenaSeed + uint64(i/n)
	pos := i % n
	names := []string{"p0", "p1", "p2", "p3", "p4", "p5"}[:n]
	g, err := holiday.New(holiday.Deal(names, rand.New(rand.NewPCG(seed, 1))))
	if err != nil {
		t.Error(err)
		return arenaResult{}
	}
	bots := make([]bot.Bot, n)
	sub := &timed{Bot: arenaBot(subject, seed*16+uint64(pos))}
	for s := range bots {
		bots[s] = arenaBot(opponent, seed*16+uint64(s))
	}
	// Deal's rotation moved the names: the subject sits at seat pos of
	// the turn order.
	bots[pos] = sub
	for steps := 0; !g.Over(); steps++ {
		seat, _ := g.ToMove()
		a := bots[seat].Choose(g, seat)
		if err := g.Apply(seat, a); err != nil || steps > 2000 {
			t.Errorf("game %d: %v: %v", i, a, err)
			return arenaResult{}
		}
	}
	res := arenaResult{moves: sub.moves, spent: sub.spent, longest: sub.longest}
	for _, st := range g.Standings() {
		if int(st.Seat) == pos {
			res.score = st.Score
			continue
		}
		res.rest += st.Score
	}
	res.rest /= n - 1
	tied := 0
	for _, st := range g.Standings() {
		if st.Place == 1 {
			tied++
		}
	}
	for _, st := range g.Standings() {
		if int(st.Seat) == pos && st.Place == 1 {
			res.win = 1 / float64(tied)
		}
	}
	return res
}
