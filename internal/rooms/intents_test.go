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

// intentLobby is a lobby that lets each player make burst requests, then
// one a second of the simulated clock.
func intentLobby(t *testing.T, clk *simClock, burst int) *rooms.Lobby {
	t.Helper()
	l := rooms.NewLobby(rooms.Config{
		Journal: newJournal(), Kinds: []engine.Kind{acquire.Kind}, Grace: time.Minute, BotDelay: roomstest.BotDelay,
		After: clk.After, Now: clk.Now, IntentRate: rate.Limit{Every: time.Second, Burst: burst},
	})
	t.Cleanup(func() { l.Close("test over") })
	return l
}

// Issue 16: every request a player makes of the lobby or a room, not only
// game actions, is rate-limited: after the burst, the next one is refused
// with ErrActTooFast, whether or not it would have been refused anyway.
func TestRateLimitEveryRoomIntent(t *testing.T) {
	ctx := context.Background()
	intents := []struct {
		name string
		do   func(l *rooms.Lobby, r *rooms.Room) error
	}{
		{"create", func(l *rooms.Lobby, _ *rooms.Room) error {
			_, err := l.Create(ctx, bob, rooms.Settings{Seats: 2})
			return err
		}},
		{"quick play", func(l *rooms.Lobby, _ *rooms.Room) error { _, err := l.QuickPlay(ctx, bob); return err }},
		{"seek", func(l *rooms.Lobby, _ *rooms.Room) error { _, _, err := l.Seek(ctx, bob, "", "", 2, 4); return err }},
		{"enter", func(_ *rooms.Lobby, r *rooms.Room) error {
			_, stop, err := r.Subscribe(ctx, bob)
			if err == nil {
				stop()
			}
			return err
		}},
		{"sit", func(_ *rooms.Lobby, r *rooms.Room) error { return r.Sit(ctx, bob) }},
		{"stand", func(_ *rooms.Lobby, r *rooms.Room) error { return r.Stand(ctx, bob) }},
		{"add a bot", func(_ *rooms.Lobby, r *rooms.Room) error { return r.AddBot(ctx, bob, "") }},
		{"kick", func(_ *rooms.Lobby, r *rooms.Room) error { return r.Kick(ctx, bob, 0) }},
		{"start", func(_ *rooms.Lobby, r *rooms.Room) error { return r.Start(ctx, bob) }},
		{"chat", func(_ *rooms.Lobby, r *rooms.Room) error { return r.Chat(ctx, bob, "hi") }},
		{"take over", func(_ *rooms.Lobby, r *rooms.Room) error { return r.TakeOver(ctx, bob) }},
		{"vote to end", func(_ *rooms.Lobby, r *rooms.Room) error { return r.VoteEnd(ctx, bob) }},
		{"rematch", func(_ *rooms.Lobby, r *rooms.Room) error { _, err := r.Rematch(ctx, bob); return err }},
		{"decline a rematch", func(_ *rooms.Lobby, r *rooms.Room) error { return r.DeclineRematch(ctx, bob) }},
	}
	const burst = 3
	for _, in := range intents {
		t.Run(in.name, func(t *testing.T) {
			clk := newSimClock()
			l := intentLobby(t, clk, burst)
			r, err := l.Create(ctx, ann, rooms.Settings{Seats: 4})
			if err != nil {
				t.Fatal(err)
			}
			for i := range burst {
				if err := in.do(l, r); errors.Is(err, rooms.ErrActTooFast) {
					t.Fatalf("request %d of a burst of %d refused: %v", i+1, burst, err)
				}
			}
			if err := in.do(l, r); !errors.Is(err, rooms.ErrActTooFast) {
				t.Fatalf("request %d after a burst of %d = %v, want ErrActTooFast", burst+1, burst, err)
			}
			if err := r.Chat(ctx, ann, "ann has her own budget"); err != nil {
				t.Errorf("another player is refused: %v", err)
			}
			clk.mu.Lock()
			clk.now = clk.now.Add(time.Second)
			clk.mu.Unlock()
			if err := in.do(l, r); errors.Is(err, rooms.ErrActTooFast) {
				t.Errorf("refused a second later: %v", err)
			}
		})
	}
}

// Issue 16: a client that sits down and stands up in a loop is told it is
// too fast, and the others in the room see only its first few events:
// refused requests publish nothing.
func TestRateLimitSitStandSpam(t *testing.T) {
	ctx := context.Background()
	const burst = 4
	l := intentLobby(t, newSimClock(), burst)
	r, _ := l.Create(ctx, ann, rooms.Settings{Seats: 4})
	ch, stop, _ := r.Subscribe(ctx, ann)
	defer stop()
	before := roomstest.Next(t, ch, func(*rooms.Snapshot) bool { return true })
	refused := 0
	for i := range 200 {
		do := r.Sit
		if i%2 == 1 {
			do = r.Stand
		}
		switch err := do(ctx, bob); {
		case errors.Is(err, rooms.ErrActTooFast):
			refused++
		case err != nil:
			t.Fatalf("request %d: %v", i, err)
		}
	}
	if refused != 200-burst {
		t.Errorf("%d of 200 requests refused; want all but the %d of the burst", refused, burst)
	}
	if err := r.Chat(ctx, ann, "still here"); err != nil {
		t.Fatal(err)
	}
	after := roomstest.Next(t, ch, func(s *rooms.Snapshot) bool { return len(s.Chat) > 0 })
	if n := after.Version - before.Version; n > burst+1 {
		t.Errorf("ann's room changed %d times for bob's spam and her chat; want at most %d", n, burst+1)
	}
	events := 0
	for _, e := range after.Log {
		if strings.HasPrefix(e.Text, "bob ") {
			events++
		}
	}
	if events != burst {
		t.Errorf("ann's log shows %d of bob's events, want %d: %q", events, burst, texts(after.Log))
	}
}
