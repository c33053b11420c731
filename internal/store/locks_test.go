package store_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"hotels/internal/saved"
	"hotels/internal/store"
	"hotels/internal/store/storetest"
)

// These tests hold one transaction open in the middle of its work and run
// another beside it, as two nodes would: what the first read must still
// hold when it writes, and a write that needs nothing of it must not wait
// for it. There is no cluster-wide write lock on PostgreSQL: each
// transaction locks what it depends on.

// stuck is how long a test lets a write that must not wait run while
// another transaction is held open; only a write that waits for it takes
// that long.
const stuck = 10 * time.Second

// holdTx runs fn in a transaction of s and keeps the transaction open
// until release is called, which commits it and returns fn's error.
func holdTx(t *testing.T, s *store.Store, fn func(*store.Tx) error) (release func() error) {
	t.Helper()
	ready, done, result := make(chan error, 1), make(chan struct{}), make(chan error, 1)
	go func() {
		result <- s.WithTx(context.Background(), func(tx *store.Tx) error {
			err := fn(tx)
			ready <- err
			<-done
			return err
		})
	}()
	if err := <-ready; err != nil {
		t.Fatal(err)
	}
	return func() error { close(done); return <-result }
}

// Two key removals at once, each of one of an account's two keys, leave
// it one key: the second counts the keys only once the first is done.
func TestConcurrentKeyRemovalsKeepAKey(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	alice, err := s.CreateAccount(ctx, "alice", keyAlice)
	if err != nil {
		t.Fatal(err)
	}
	code, _, err := s.RequestKey(ctx, alice.ID, keyBob)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ConfirmKey(ctx, keyBob, code); err != nil {
		t.Fatal(err)
	}
	keys, err := s.Keys(ctx, alice.ID)
	if err != nil || len(keys) != 2 {
		t.Fatalf("Keys = %v, %v; want two", keys, err)
	}

	release := holdTx(t, s, func(tx *store.Tx) error { return tx.RemoveKey(ctx, alice.ID, keys[0].Fingerprint) })
	second := make(chan error, 1)
	go func() { second <- s.RemoveKey(ctx, alice.ID, keys[1].Fingerprint) }()
	var err2 error
	got := false
	select {
	case err2 = <-second: // it did not wait: the first removal is not counted
		got = true
	case <-time.After(200 * time.Millisecond): // waiting, as it should
	}
	err1 := release()
	if !got {
		err2 = <-second
	}
	if err1 != nil || !errors.Is(err2, store.ErrLastKey) {
		t.Errorf("two removals at once = %v and %v; want the first done and the second ErrLastKey", err1, err2)
	}
	if left, err := s.Keys(ctx, alice.ID); err != nil || len(left) != 1 {
		t.Errorf("alice's keys after two removals at once = %v, %v; want one", left, err)
	}
}

// Two nodes matching the ranked queue at once never put a seeker at two
// tables; on PostgreSQL the second does not wait for the first, and skips
// the seekers it holds.
func TestTakeTablesAtOnce(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	for _, n := range []string{"a", "b"} {
		if _, err := s.Beat(ctx, n, n); err != nil {
			t.Fatal(err)
		}
	}
	for i, key := range []string{keyAlice, keyBob} {
		acct, err := s.CreateAccount(ctx, []string{"alice", "bob"}[i], key)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.AddSeeker(ctx, store.Seeker{Account: acct.ID, Node: "a", Name: acct.Name, Game: "acquire",
			Rules: "modern", Min: 2, Max: 2, Rating: 1000, Since: time.Now().Add(time.Duration(i) * time.Second)}); err != nil {
			t.Fatal(err)
		}
	}
	pair := func(waiting []store.Seeker) [][]int {
		if len(waiting) < 2 {
			return nil
		}
		return [][]int{{0, 1}}
	}
	// Node a's match holds its transaction open once it has formed its table.
	formed, hold := make(chan struct{}), make(chan struct{})
	var tablesA [][]store.Seeker
	doneA := make(chan error, 1)
	go func() {
		var err error
		tablesA, err = s.TakeTables(ctx, "a", func(w []store.Seeker) [][]int {
			close(formed)
			<-hold
			return pair(w)
		})
		doneA <- err
	}()
	<-formed
	var tablesB [][]store.Seeker
	doneB := make(chan error, 1)
	go func() {
		var err error
		tablesB, err = s.TakeTables(ctx, "b", pair)
		doneB <- err
	}()
	patience := 200 * time.Millisecond // SQLite's b waits for a's write lock
	if storetest.Postgres() {
		patience = stuck
	}
	var errB error
	waited := false
	select {
	case errB = <-doneB:
	case <-time.After(patience):
		waited = true
	}
	close(hold)
	if err := <-doneA; err != nil {
		t.Fatal(err)
	}
	if waited {
		errB = <-doneB
		if storetest.Postgres() {
			t.Errorf("node b's match waited for node a's")
		}
	}
	if errB != nil {
		t.Fatal(errB)
	}
	if len(tablesA) != 1 || len(tablesB) != 0 {
		t.Errorf("node a took %d tables and node b %d at once from two seekers; want 1 and 0", len(tablesA), len(tablesB))
	}
}

// A node taking a room's lease over waits for the append under the old
// lease still in progress, and then sees it: an append the old holder was
// told was saved is never missed by the new one.
func TestTakeoverWaitsForAppendInProgress(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	id := newGames(t, s, 1)[0]
	const ttl = 3 * time.Second
	old, err := s.AcquireLease(ctx, "abcd", "node-a", ttl)
	if err != nil {
		t.Fatal(err)
	}
	release := holdTx(t, s, func(tx *store.Tx) error { return tx.AppendAction(saved.Fenced(ctx, old), id, 1, "one") })
	for deadline := time.Now().Add(2 * ttl); ; time.Sleep(50 * time.Millisecond) { // node-a stops renewing
		if _, live, err := s.LeaseOf(ctx, "abcd"); err != nil || !live || time.Now().After(deadline) {
			break
		}
	}
	type taking struct {
		lease store.Lease
		err   error
	}
	took := make(chan taking, 1)
	go func() {
		l, err := s.AcquireLease(ctx, "abcd", "node-b", time.Hour)
		took <- taking{l, err}
	}()
	var b taking
	got := false
	select {
	case b = <-took:
		got = true
		t.Errorf("node-b took the lease while an append under node-a's was in progress")
	case <-time.After(200 * time.Millisecond): // waiting, as it should
	}
	if err := release(); err != nil {
		t.Fatal(err)
	}
	if !got {
		b = <-took
	}
	if b.err != nil {
		t.Fatal(b.err)
	}
	lines, err := s.Actions(ctx, id)
	if err != nil || len(lines) != 1 || lines[0] != "one" {
		t.Errorf("the journal as node-b took the room = %q, %v; want node-a's append", lines, err)
	}
	if err := s.AppendAction(saved.Fenced(ctx, b.lease), id, 2, "two"); err != nil {
		t.Errorf("append under the new lease = %v", err)
	}
}

// On PostgreSQL the writes of one room do not wait for another's: an
// append to a room's game goes on while another room's lease is being
// taken, a transaction held open.
func TestRoomsDoNotWaitOnEachOther(t *testing.T) {
	if !storetest.Postgres() {
		t.Skip("SQLite runs one write transaction at a time")
	}
	ctx := context.Background()
	s, _ := open(t)
	id := newGames(t, s, 1)[0]
	mine, err := s.AcquireLease(ctx, "mine", "node-a", time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	release := holdTx(t, s, func(tx *store.Tx) error {
		_, err := tx.AcquireLease(ctx, "other", "node-b", time.Hour)
		return err
	})
	defer func() {
		if err := release(); err != nil {
			t.Error(err)
		}
	}()
	appended := make(chan error, 1)
	go func() { appended <- s.AppendAction(saved.Fenced(ctx, mine), id, 1, "one") }()
	select {
	case err := <-appended:
		if err != nil {
			t.Errorf("append = %v", err)
		}
	case <-time.After(stuck):
		t.Errorf("an append to room mine waited %v for room other's lease to be taken", stuck)
	}
}

// BenchmarkWritersInParallel is several nodes journaling at once on one
// PostgreSQL database: each writer, a store of its own as a node has,
// appends the actions of its own room's game, each in a transaction fenced
// by the room's lease. Without a cluster-wide lock they do not queue
// behind one another; compare -cpu 1 with -cpu 8 (writers = GOMAXPROCS).
//
//	scripts/pgtest -run XXX -bench WritersInParallel -cpu 1,8 ./internal/store/
func BenchmarkWritersInParallel(b *testing.B) {
	if !storetest.Postgres() {
		b.Skip("several nodes share PostgreSQL only")
	}
	ctx := context.Background()
	s, data := storetest.Open(b)
	writers := runtime.GOMAXPROCS(0)
	ids := newGames(b, s, writers)
	type writer struct {
		s     *store.Store
		id    store.GameID
		lease store.Lease
		seq   int
	}
	free := make(chan *writer, writers)
	for i := range writers {
		node, err := store.Open(ctx, data)
		if err != nil {
			b.Fatal(err)
		}
		defer func() { _ = node.Close() }()
		room := fmt.Sprintf("room%d", i)
		lease, err := node.AcquireLease(ctx, room, "node"+room, time.Hour)
		if err != nil {
			b.Fatal(err)
		}
		free <- &writer{s: node, id: ids[i], lease: lease}
	}
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		w := <-free
		for pb.Next() {
			w.seq++
			if err := w.s.AppendAction(saved.Fenced(ctx, w.lease), w.id, w.seq, "line"); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "appends/s")
}

// On SQLite a transaction waiting for another's write lock waits its turn
// in this server, first come first served, rather than polling in SQLite's
// busy handler, where a later one could go first and one could wait out
// the busy timeout while others came and went.
func TestSQLiteTransactionsTakeTurns(t *testing.T) {
	storetest.SkipOnPostgres(t, "PostgreSQL's transactions run side by side")
	s, _ := open(t)
	ctx := context.Background()
	held, release := make(chan struct{}), make(chan struct{})
	go func() {
		_ = s.WithTx(ctx, func(*store.Tx) error {
			close(held)
			<-release
			return nil
		})
	}()
	<-held
	const waiters = 8
	var (
		mu    sync.Mutex
		order []int
		wg    sync.WaitGroup
	)
	for i := range waiters {
		wg.Go(func() {
			err := s.WithTx(ctx, func(tx *store.Tx) error {
				mu.Lock()
				defer mu.Unlock()
				order = append(order, i)
				return nil
			})
			if err != nil {
				t.Error(err)
			}
		})
		time.Sleep(20 * time.Millisecond) // waiting before the next comes
	}
	close(release)
	wg.Wait()
	if !slices.IsSorted(order) {
		t.Errorf("transactions went in the order %v, want the order they came in", order)
	}
}
