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
	"hotels/internal/rooms/roomstest"
)

// Issue 27, N2: a private room is reached by its invite code, or by its id
// by its members only; to anyone else its id names no room, as a room that
// does not exist.
func TestFindPrivateRoom(t *testing.T) {
	ctx := context.Background()
	l := newLobby(t, newJournal(), &roomstest.Timers{})
	r, err := l.Create(ctx, ann, rooms.Settings{Seats: 3, Private: true})
	if err != nil {
		t.Fatal(err)
	}
	ch, stop, err := r.Subscribe(ctx, ann)
	if err != nil {
		t.Fatal(err)
	}
	code := roomstest.Next(t, ch, func(s *rooms.Snapshot) bool { return s.Code != "" }).Code
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
		Journal: newJournal(), Kinds: []engine.Kind{acquire.Kind}, After: (&roomstest.Timers{}).After,
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
