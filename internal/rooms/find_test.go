package rooms_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/rate"
	"hotels/internal/rooms"
	"hotels/internal/store/storetest"
)

// Issue 27, N2: a private room is reached by its invite code, or by its id
// by its members only; to anyone else its id names no room, as a room that
// does not exist.
func TestFindPrivateRoom(t *testing.T) {
	ctx := context.Background()
	l := newLobby(t, newJournal(), &timers{})
	r, err := l.Create(ctx, ann, rooms.Settings{Seats: 3, Private: true})
	if err != nil {
		t.Fatal(err)
	}
	ch, stop, err := r.Subscribe(ctx, ann)
	if err != nil {
		t.Fatal(err)
	}
	code := next(t, ch, func(s *rooms.Snapshot) bool { return s.Code != "" }).Code
	stop()
	if len(code) != 10 {
		t.Errorf("invite code %q: %d characters, want 10", code, len(code))
	}
	if err := r.Sit(ctx, bob); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		who  rooms.Player
		name string
		want error
	}{
		{ann, r.ID, nil},                        // the host
		{bob, strings.ToUpper(r.ID), nil},       // a seated player
		{cat, code, nil},                        // anyone with the code
		{cat, " " + strings.ToUpper(code), nil}, // as typed
		{cat, r.ID, rooms.ErrNoRoom},            // a stranger with the id
		{rooms.Player{}, r.ID, rooms.ErrNoRoom},
	} {
		got, err := l.Find(ctx, tt.who, tt.name)
		if !errors.Is(err, tt.want) || (err == nil && got != r) {
			t.Errorf("%q finds %q: %v; want the room or %v", tt.who.Name, tt.name, err, tt.want)
		}
	}
	// A public room is found by its id.
	pub, err := l.Create(ctx, cat, rooms.Settings{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := l.Find(ctx, ann, pub.ID); err != nil || got != pub {
		t.Errorf("a public room by its id: %v, %v", got, err)
	}
}

// Issue 27, N2: failed look-ups are limited by account and by address:
// after the burst, every look-up is refused for a while, a right one too;
// another account from the same address is refused as well, and the same
// account from another address. Found rooms cost nothing.
func TestFindGuessesLimited(t *testing.T) {
	ctx := context.Background()
	clock := time.Unix(1e9, 0)
	l := rooms.NewLobby(rooms.Config{
		Journal: newJournal(), Kinds: []engine.Kind{acquire.Kind}, After: (&timers{}).after,
		MissRate: rate.Limit{Every: time.Minute, Burst: 3}, Now: func() time.Time { return clock },
	})
	t.Cleanup(func() { l.Close("test over") })
	r, err := l.Create(ctx, ann, rooms.Settings{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	home, away := rooms.WithAddress(ctx, "10.0.0.1"), rooms.WithAddress(ctx, "10.0.0.2")
	for range 10 {
		if _, err := l.Find(home, bob, r.ID); err != nil {
			t.Fatalf("a room that is there: %v", err)
		}
	}
	for i := range 3 {
		if _, err := l.Find(home, bob, "zzzz"); !errors.Is(err, rooms.ErrNoRoom) {
			t.Fatalf("guess %d: %v, want ErrNoRoom", i+1, err)
		}
	}
	for _, tt := range []struct {
		name string
		ctx  context.Context
		who  rooms.Player
	}{
		{"the right id, after the burst", home, bob},
		{"another account, same address", home, cat},
		{"same account, another address", away, bob},
	} {
		if _, err := l.Find(tt.ctx, tt.who, r.ID); !errors.Is(err, rooms.ErrTooManyMisses) {
			t.Errorf("%s: %v, want ErrTooManyMisses", tt.name, err)
		}
	}
	if _, err := l.Find(away, cat, r.ID); err != nil {
		t.Errorf("another account from another address: %v", err)
	}
	clock = clock.Add(time.Minute)
	if _, err := l.Find(home, bob, r.ID); err != nil {
		t.Errorf("a minute later: %v", err)
	}
}

// Issue 27, N2, across servers: on node B, a private room node A runs is
// found by its code and, by its id, by its members only; a stranger's look-up
// by its id finds nothing and leaves B following nothing.
func TestClusterFindPrivateRoom(t *testing.T) {
	skipWithoutPostgres(t)
	ctx := context.Background()
	data := storetest.Data(t)
	a, b := startNode(t, data, "a"), startNode(t, data, "b")
	ps := accounts(t, a.st, "ann", "bob", "cat")
	r, err := a.l.Create(ctx, ps[0], rooms.Settings{Seats: 3, Private: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Sit(ctx, ps[1]); err != nil {
		t.Fatal(err)
	}
	if _, err := b.l.Find(ctx, ps[2], r.ID); !errors.Is(err, rooms.ErrNoRoom) {
		t.Errorf("a stranger on node B finds the private room by its id: %v, want ErrNoRoom", err)
	}
	if n := len(b.l.Rooms()); n != 0 {
		t.Errorf("node B follows %d rooms after a stranger's look-up, want none", n)
	}
	in, err := r.Inspect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		who  rooms.Player
		name string
	}{{ps[1], r.ID}, {ps[2], in.Code}} {
		if got, err := b.l.Find(ctx, tt.who, tt.name); err != nil || got.ID != r.ID {
			t.Errorf("%s on node B finds %q: %v", tt.who.Name, tt.name, err)
		}
	}
}
