package store_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"hotels/internal/cputime"
	"hotels/internal/saved"
	"hotels/internal/store"
	"hotels/internal/store/storetest"
)

func newGames(t testing.TB, s *store.Store, n int) []store.GameID {
	ids := make([]store.GameID, n)
	for i := range ids {
		id, err := s.CreateGame(context.Background(), store.NewGame{Game: "acquire", Rules: "modern", Status: store.StatusPlaying})
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = id
	}
	return ids
}

func TestAppenderCommitsEachAction(t *testing.T) {
	s, _ := open(t)
	a := store.NewAppender(s)
	defer a.Close()
	ctx := context.Background()
	ids := newGames(t, s, 8)
	var wg sync.WaitGroup
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seq := 1; seq <= 50; seq++ {
				if err := a.AppendAction(ctx, id, seq, fmt.Sprintf("ann play %dA", seq)); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	for _, id := range ids {
		lines, err := s.Actions(ctx, id)
		if err != nil || len(lines) != 50 || lines[49] != "ann play 50A" {
			t.Fatalf("game %d: %d lines, %v", id, len(lines), err)
		}
	}
	// A refused action fails alone.
	if err := a.AppendAction(ctx, ids[0], 52, "gap"); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a gap: %v, want ErrConflict", err)
	}
	if err := a.AppendAction(ctx, ids[0], 51, "ann end"); err != nil {
		t.Errorf("the next action: %v", err)
	}
	a.Close()
	if err := a.AppendAction(ctx, ids[0], 52, "late"); !errors.Is(err, store.ErrClosed) {
		t.Errorf("after Close: %v, want ErrClosed", err)
	}
}

// A batch is one statement for the first request of each game, and the
// rest one at a time after it: each request is answered as AppendAction
// alone would answer it, in the order of the batch, and the actions of a
// request (a move and the throw it made due) are saved all or none.
func TestAppenderBatchAnswersEachAction(t *testing.T) {
	s, _ := open(t)
	a := store.NewAppender(s)
	defer a.Close()
	ctx := context.Background()
	ids := newGames(t, s, 8)
	for _, pre := range []struct {
		id    store.GameID
		lines []string
	}{{ids[1], []string{"bob play 1A"}}, {ids[5], []string{"fay play 1A"}}, {ids[6], []string{"gus play 1A", "roll 3"}}} {
		if err := s.AppendAction(ctx, pre.id, 1, pre.lines...); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.FinishGame(ctx, ids[2], "", nil); err != nil {
		t.Fatal(err)
	}
	gone, cancel := context.WithCancel(ctx)
	cancel()
	batch := []store.Batched{
		{ctx, ids[0], 1, []string{"ann play 1A"}},
		{ctx, ids[0], 1, []string{"ann play 9A"}},  // a duplicate
		{ctx, ids[0], 2, []string{"ann play 2A"}},  // follows one in the same batch
		{ctx, ids[1], 1, []string{"bob play 1A"}},  // the retry of a commit whose answer was lost
		{ctx, ids[1], 3, []string{"bob play 3A"}},  // a gap
		{ctx, ids[2], 1, []string{"cat play 1A"}},  // a finished game
		{gone, ids[3], 1, []string{"dan play 1A"}}, // given up
		{ctx, ids[4], 1, []string{"eve play 1A", "roll 4"}},
		{ctx, ids[4], 3, []string{"eve play 3A", "roll 2", "roll 6"}}, // follows two in the same batch
		{ctx, ids[5], 1, []string{"fay play 1A", "roll 6"}},           // the first a duplicate: neither saved
		{ctx, ids[6], 1, []string{"gus play 1A", "roll 3"}},           // the retry of both
		{ctx, ids[6], 1, []string{"gus play 1A", "roll 5"}},           // a retry that throws again
		{ctx, ids[7], 2, []string{"hal play 2A", "roll 1"}},           // a gap
		{ctx, ids[7] + 1, 1, []string{"ivy play 1A"}},
	}
	want := []error{nil, store.ErrConflict, nil, nil, store.ErrConflict, store.ErrConflict, context.Canceled,
		nil, nil, store.ErrConflict, nil, store.ErrConflict, store.ErrConflict, store.ErrNotFound}
	for i, err := range store.Commit(a, batch) {
		if !errors.Is(err, want[i]) || (want[i] == nil) != (err == nil) {
			t.Errorf("%+v: %v, want %v", batch[i], err, want[i])
		}
	}
	for id, want := range map[store.GameID]string{
		ids[0]: "[ann play 1A ann play 2A]", ids[1]: "[bob play 1A]", ids[3]: "[]",
		ids[4]: "[eve play 1A roll 4 eve play 3A roll 2 roll 6]", ids[5]: "[fay play 1A]",
		ids[6]: "[gus play 1A roll 3]", ids[7]: "[]",
	} {
		if lines, err := s.Actions(ctx, id); err != nil || fmt.Sprint(lines) != want {
			t.Errorf("Actions(game %d) = %q, %v; want %s", id, lines, err, want)
		}
	}
	// Alone in their batch, the first requests of the games all go in the
	// one statement, the two actions of each included.
	more := []store.Batched{
		{ctx, ids[0], 3, []string{"ann play 3A", "roll 1"}},
		{ctx, ids[3], 1, []string{"dan play 1A", "roll 2"}},
		{ctx, ids[7], 1, []string{"hal play 1A"}},
	}
	for i, err := range store.Commit(a, more) {
		if err != nil {
			t.Errorf("%+v: %v", more[i], err)
		}
	}
	for id, want := range map[store.GameID]string{
		ids[0]: "[ann play 1A ann play 2A ann play 3A roll 1]", ids[3]: "[dan play 1A roll 2]", ids[7]: "[hal play 1A]",
	} {
		if lines, err := s.Actions(ctx, id); err != nil || fmt.Sprint(lines) != want {
			t.Errorf("Actions(game %d) = %q, %v; want %s", id, lines, err, want)
		}
	}
}

// A batch's statement has rows of NULLs up to a power of two, which
// insert nothing, so that its few shapes are prepared once and kept (on
// SQLite; pgx keeps PostgreSQL's): every size of batch, with leases or
// without, saves each action once and nothing else.
func TestAppenderBatchesOfEverySize(t *testing.T) {
	s, _ := open(t)
	a := store.NewAppender(s)
	defer a.Close()
	ctx := context.Background()
	lease, err := s.AcquireLease(ctx, "abcd", "node-a", time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	const most = 9
	ids := newGames(t, s, most)
	for n := 1; n <= most; n++ {
		for _, fenced := range []bool{false, true} {
			var batch []store.Batched
			for i, id := range ids[:n] {
				lines, err := s.Actions(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				c := ctx
				if fenced && i%2 == 0 { // some with a lease, some without
					c = saved.Fenced(ctx, lease)
				}
				batch = append(batch, store.Batched{Ctx: c, Game: id, Seq: len(lines) + 1, Lines: []string{fmt.Sprintf("batch %d %v", n, fenced)}})
			}
			for i, err := range store.Commit(a, batch) {
				if err != nil {
					t.Fatalf("batch of %d (fenced %v): %+v: %v", n, fenced, batch[i], err)
				}
			}
		}
	}
	for i, id := range ids {
		lines, err := s.Actions(ctx, id)
		if want := 2 * (most - i); err != nil || len(lines) != want {
			t.Errorf("game %d: %d actions, %v; want %d", id, len(lines), err, want)
		}
	}
	// Shapes 1, 2, 4, 8 and 16, without leases and with.
	if got, want := store.Kept(a), 10; !storetest.Postgres() && got != want {
		t.Errorf("%d statements kept, want %d", got, want)
	}
}

// On SQLite the Appender commits on a connection of its own; one that
// fails fails its batch, and the next commit takes another connection
// rather than failing for good.
func TestAppenderTakesAnotherConnectionAfterAFailure(t *testing.T) {
	storetest.SkipOnPostgres(t, "the Appender's own connection is SQLite's")
	s, _ := open(t)
	a := store.NewAppender(s)
	defer a.Close()
	ctx := context.Background()
	id := newGames(t, s, 1)[0]
	commit := func(seq int, line string) error {
		return store.Commit(a, []store.Batched{{Ctx: ctx, Game: id, Seq: seq, Lines: []string{line}}})[0]
	}
	if err := commit(1, "ann play 1A"); err != nil {
		t.Fatal(err)
	}
	store.BreakOwn(a)
	if err := commit(2, "ann play 2A"); err == nil {
		t.Fatal("a commit on a broken connection succeeded")
	}
	if err := commit(2, "ann play 2A"); err != nil {
		t.Fatalf("the commit after the failure: %v", err)
	}
	if lines, err := s.Actions(ctx, id); err != nil || fmt.Sprint(lines) != "[ann play 1A ann play 2A]" {
		t.Errorf("Actions = %q, %v", lines, err)
	}
}

// The Appender's own connection (SQLite's) does without the foreign keys'
// checks, which its appends' fence makes needless; it never goes back to
// the pool, whose connections all check them still.
func TestAppenderLeavesThePoolItsForeignKeys(t *testing.T) {
	storetest.SkipOnPostgres(t, "the Appender's own connection is SQLite's")
	s, _ := open(t)
	a := store.NewAppender(s)
	ctx := context.Background()
	id := newGames(t, s, 1)[0]
	if err := a.AppendAction(ctx, id, 1, "ann play 1A"); err != nil {
		t.Fatal(err)
	}
	a.Close()
	on, err := store.ForeignKeys(s)
	if err != nil || len(on) == 0 || slices.Contains(on, 0) {
		t.Errorf("foreign_keys of the pool's connections: %v, %v; want all 1", on, err)
	}
	if err := store.Exec(s, `INSERT INTO actions (game_id, seq, line, at) VALUES (?, 1, 'x', 'y')`, id+1); err == nil {
		t.Error("an action of no game was inserted")
	}
}

// BenchmarkDurableActions appends actions from concurrent games, each
// waiting for its commit like a room does: the durable actions per second
// the server sustains, and cpu-µs/action, the process's CPU time per
// action (ns/op is mostly the wait for the disk), and actions/commit, how
// many actions a commit serves; paced, p50-ms/commit and p99-ms/commit
// are how long an action waits to be committed. With one game every
// commit is one action, as at a few moves a second; with 64 the Appender
// commits many together. Paced, each of 64 games acts about every 200 ms
// (some 300 actions a second, as 2,500 players do on one core): the load
// of a server, whose commits are each only a few actions. And 625 games
// each acting about every 2.7 s are a one-core load run's (625 Holiday AG
// rooms, some 230 actions a second, 1.66 actions a commit); give it a count
// of actions rather than a time, so that it runs at that rate long enough:
//
//	go test -run XXX -bench DurableActions -benchmem -count 5 ./internal/store/
//	go test -run XXX -bench 'DurableActions/appender/games=625' -benchtime 3000x -cpu 1 -count 6 ./internal/store/
//	scripts/pgtest -run XXX -bench DurableActions -benchmem -count 5 ./internal/store/
func BenchmarkDurableActions(b *testing.B) {
	for _, c := range []struct {
		mode  string
		games int
		pace  time.Duration // the mean wait between a game's actions
	}{{"appender", 1, 0}, {"appender", 64, 0}, {"direct", 64, 0}, {"appender", 64, 200 * time.Millisecond},
		{"appender", 625, 2700 * time.Millisecond}} {
		name := fmt.Sprintf("%s/games=%d", c.mode, c.games)
		if c.pace > 0 {
			name += "/paced"
		}
		b.Run(name, func(b *testing.B) {
			s, _ := storetest.Open(b)
			a := store.NewAppender(s)
			defer a.Close()
			appendAction := s.AppendAction
			if c.mode == "appender" {
				appendAction = a.AppendAction
			}
			ids := newGames(b, s, c.games)
			var left atomic.Int64 // actions still to append
			left.Store(int64(b.N))
			waits := make([]time.Duration, b.N) // each action's, until committed
			var wg sync.WaitGroup
			b.ResetTimer()
			cpu, commits := cputime.Used(b), storetest.Commits(b)
			for _, id := range ids { // a goroutine a game, as a room
				wg.Go(func() {
					line := []string{"ann buy Tower Tower Luxor"} // the room's own, as a room's lines
					for seq := 1; ; seq++ {
						n := left.Add(-1)
						if n < 0 {
							return
						}
						if c.pace > 0 { // a player's thought, between a half and one and a half pace
							time.Sleep(c.pace/2 + rand.N(c.pace))
						}
						start := time.Now()
						if err := appendAction(context.Background(), id, seq, line...); err != nil {
							b.Error(err)
							return
						}
						waits[n] = time.Since(start)
					}
				})
			}
			wg.Wait()
			cputime.Report(b, cpu, time.Microsecond, "cpu-µs/action")
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "actions/s")
			b.ReportMetric(float64(b.N)/float64(storetest.Commits(b)-commits), "actions/commit")
			if c.pace > 0 { // how long an action waits for its commit, the wait for others' included
				slices.Sort(waits)
				b.ReportMetric(float64(waits[len(waits)/2])/float64(time.Millisecond), "p50-ms/commit")
				b.ReportMetric(float64(waits[len(waits)*99/100])/float64(time.Millisecond), "p99-ms/commit")
			}
		})
	}
}

// BenchmarkAppenderCommit is one commit of the Appender's, of n actions of
// n different games among 625 (a one-core load run's rooms, whose commits
// are of one to three actions), without the wait for others: what a
// commit and its rows cost on the database, the disk's sync included, or,
// unsynced, not (the sync, most of it, varies with the disk and what else
// uses it, more than the rest).
//
//	go test -run XXX -bench AppenderCommit -benchmem -cpu 1 -count 6 ./internal/store/
func BenchmarkAppenderCommit(b *testing.B) {
	for _, c := range []struct {
		n        int
		unsynced bool
	}{{1, false}, {3, false}, {1, true}, {3, true}} {
		name := fmt.Sprintf("actions=%d", c.n)
		if c.unsynced {
			name += "/unsynced"
		}
		b.Run(name, func(b *testing.B) {
			if c.unsynced && storetest.Postgres() {
				b.Skip("the Appender's own connection is SQLite's")
			}
			s, _ := storetest.Open(b)
			a := store.NewAppender(s)
			defer a.Close()
			ids := newGames(b, s, 625)
			seqs := make([]int, len(ids))
			line := []string{"ann buy Tower Tower Luxor"}
			batch := make([]store.Batched, c.n)
			next := 0
			commit := func() {
				for i := range batch {
					seqs[next]++
					batch[i] = store.Batched{Ctx: context.Background(), Game: ids[next], Seq: seqs[next], Lines: line}
					next = (next + 1) % len(ids)
				}
				for _, err := range store.Commit(a, batch) {
					if err != nil {
						b.Fatal(err)
					}
				}
			}
			for range 2 * len(ids) { // some actions in every game first
				commit()
			}
			if c.unsynced {
				if err := store.Unsynced(a); err != nil {
					b.Fatal(err)
				}
			}
			b.ResetTimer()
			cpu := cputime.Used(b)
			for range b.N {
				commit()
			}
			cputime.Report(b, cpu, time.Microsecond, "cpu-µs/commit")
		})
	}
}
