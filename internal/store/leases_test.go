package store_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"hotels/internal/saved"
	"hotels/internal/store"
	"hotels/internal/store/storetest"
)

// A lease is one node's until it lapses by the database's clock; then
// another node takes it with the next token.
func TestLeaseLapsesToAnotherNode(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	a, err := s.AcquireLease(ctx, "abcd", "node-a", time.Hour)
	if err != nil || a != (store.Lease{Room: "abcd", Node: "node-a", Token: 1}) {
		t.Fatalf("AcquireLease = %+v, %v; want node-a's, token 1", a, err)
	}
	if _, err := s.AcquireLease(ctx, "abcd", "node-b", time.Hour); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("AcquireLease of a live lease by another node = %v; want ErrConflict", err)
	}
	if held, err := s.RenewLeases(ctx, "node-a", time.Hour); err != nil || !slices.Equal(held, []store.Lease{a}) {
		t.Fatalf("RenewLeases = %v, %v; want [%v]", held, err, a)
	}
	if lapsed, err := s.LapsedLeases(ctx); err != nil || len(lapsed) != 0 {
		t.Fatalf("LapsedLeases = %v, %v; want none", lapsed, err)
	}
	if live, err := s.Leases(ctx); err != nil || !slices.Equal(live, []store.Lease{a}) {
		t.Fatalf("Leases = %v, %v; want [%v]", live, err, a)
	}

	// Renewed into the past: node-a stopped renewing long ago.
	if _, err := s.RenewLeases(ctx, "node-a", -time.Minute); err != nil {
		t.Fatal(err)
	}
	if lapsed, err := s.LapsedLeases(ctx); err != nil || !slices.Equal(lapsed, []store.Lease{a}) {
		t.Fatalf("LapsedLeases = %v, %v; want [%v]", lapsed, err, a)
	}
	if live, err := s.Leases(ctx); err != nil || len(live) != 0 {
		t.Fatalf("Leases = %v, %v; want none live", live, err)
	}
	if held, err := s.RenewLeases(ctx, "node-a", time.Hour); err != nil || len(held) != 0 {
		t.Fatalf("RenewLeases of a lapsed lease = %v, %v; want none: it may have been taken", held, err)
	}
	b, err := s.AcquireLease(ctx, "abcd", "node-b", time.Hour)
	if err != nil || b != (store.Lease{Room: "abcd", Node: "node-b", Token: 2}) {
		t.Fatalf("AcquireLease of a lapsed lease = %+v, %v; want node-b's, token 2", b, err)
	}
	if l, live, err := s.LeaseOf(ctx, "abcd"); err != nil || l != b || !live {
		t.Fatalf("LeaseOf = %+v, %v, %v; want %+v, live", l, live, err, b)
	}
	if err := s.ReleaseLease(ctx, a); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.LeaseOf(ctx, "abcd"); err != nil {
		t.Fatalf("a release by the node that lost the lease released it: %v", err)
	}
	if err := s.ReleaseLease(ctx, b); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.LeaseOf(ctx, "abcd"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("LeaseOf a released lease = %v; want ErrNotFound", err)
	}
}

// An append carrying a lease is journaled only while that lease is held:
// a node whose room was taken over cannot write to its game any more,
// directly or through the group commit.
func TestFencedAppend(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	id := newGame(t, s, store.Seat{Index: 0, Name: "bot1", Bot: "easy"})
	if err := s.SetStatus(ctx, id, store.StatusPlaying); err != nil {
		t.Fatal(err)
	}
	ap := store.NewAppender(s)
	defer ap.Close()
	a, err := s.AcquireLease(ctx, "abcd", "node-a", time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.AppendAction(saved.Fenced(ctx, a), id, 1, "one"); err != nil {
		t.Fatalf("fenced append with the lease held = %v", err)
	}
	if err := ap.AppendAction(saved.Fenced(ctx, a), id, 2, "two"); err != nil {
		t.Fatalf("fenced group append with the lease held = %v", err)
	}

	if _, err := s.RenewLeases(ctx, "node-a", -time.Minute); err != nil { // lapsed
		t.Fatal(err)
	}
	if err := s.AppendAction(saved.Fenced(ctx, a), id, 3, "lapsed"); !errors.Is(err, store.ErrFenced) {
		t.Fatalf("fenced append after the lease lapsed = %v; want ErrFenced", err)
	}
	b, err := s.AcquireLease(ctx, "abcd", "node-b", time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	for name, append := range map[string]func(context.Context, store.GameID, int, ...string) error{
		"direct": s.AppendAction, "group": ap.AppendAction,
	} {
		if err := append(saved.Fenced(ctx, a), id, 3, "fenced"); !errors.Is(err, store.ErrFenced) {
			t.Errorf("%s append with the old token = %v; want ErrFenced", name, err)
		}
	}
	if err := ap.AppendAction(saved.Fenced(ctx, b), id, 3, "three", "3b"); err != nil {
		t.Fatalf("append of two actions by the new holder = %v", err)
	}
	if err := s.AppendAction(saved.Fenced(ctx, b), id, 5, "3c", "3d"); err != nil {
		t.Fatalf("direct append of two actions by the new holder = %v", err)
	}
	for name, append := range map[string]func(context.Context, store.GameID, int, ...string) error{
		"direct": s.AppendAction, "group": ap.AppendAction,
	} {
		if err := append(saved.Fenced(ctx, a), id, 7, "fenced", "too"); !errors.Is(err, store.ErrFenced) {
			t.Errorf("%s append of two actions with the old token = %v; want ErrFenced", name, err)
		}
	}
	lines, err := s.Actions(ctx, id)
	if want := []string{"one", "two", "three", "3b", "3c", "3d"}; err != nil || !slices.Equal(lines, want) {
		t.Fatalf("Actions = %q, %v; want %q", lines, err, want)
	}
	if err := s.ReleaseLease(ctx, b); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendAction(saved.Fenced(ctx, b), id, 7, "released"); !errors.Is(err, store.ErrFenced) {
		t.Fatalf("fenced append after the release = %v; want ErrFenced", err)
	}
	if err := s.AppendAction(ctx, id, 7, "four"); err != nil {
		t.Fatalf("an append without a lease (one server) = %v", err)
	}
}

// Notifications reach a listener in order, and a listener that lost its
// connection says when it listens again, so that its node catches up.
func TestNotifyListen(t *testing.T) {
	if !storetest.Postgres() {
		if err := func() error { s, _ := open(t); return s.Notify(context.Background(), "c", "p") }(); !errors.Is(err, store.ErrNoNotify) {
			t.Fatalf("Notify on SQLite = %v; want ErrNoNotify", err)
		}
		t.Skip("notifications are PostgreSQL's")
	}
	s, data := open(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	connected := make(chan struct{}, 4)
	got := make(chan string, 16)
	done := make(chan error, 1)
	go func() {
		done <- s.Listen(ctx, []string{"hotels rooms"}, func() { connected <- struct{}{} },
			func(ch, p string) { got <- ch + ": " + p })
	}()
	<-connected
	for _, p := range []string{"one", "two"} {
		if err := s.Notify(ctx, "hotels rooms", p); err != nil {
			t.Fatal(err)
		}
	}
	for _, want := range []string{"hotels rooms: one", "hotels rooms: two"} {
		if p := <-got; p != want {
			t.Fatalf("got %q; want %q", p, want)
		}
	}
	back := storetest.Outage(t, data)
	back()
	<-connected // listening again
	// The store's pooled connections were ended too: the first use of
	// each fails, as any query's would.
	for i := 0; s.Notify(ctx, "hotels rooms", "three") != nil; i++ {
		if i == 10 {
			t.Fatal("Notify fails after the outage")
		}
	}
	if p := <-got; p != "hotels rooms: three" {
		t.Fatalf("after the outage got %q; want three", p)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Listen = %v; want nil once its context ends", err)
	}
}
