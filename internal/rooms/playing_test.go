package rooms_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/rooms"
	"hotels/internal/rooms/roomstest"
	"hotels/internal/store"
)

// Issue 27, N6: one game at a time. ann may sit in two waiting rooms, but
// once one starts, the other does not start while she plays, and she takes
// no other seat, opens no room, gets no quick play and no ranked queue;
// she may still watch. Once her game ends, the other room starts.
func TestOneGameAtATime(t *testing.T) {
	ctx := context.Background()
	l := newLobby(t, newJournal(), &roomstest.Timers{})
	first, err := l.Create(ctx, bob, rooms.Settings{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	second, err := l.Create(ctx, cat, rooms.Settings{Seats: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []*rooms.Room{first, second} {
		if err := r.Sit(ctx, ann); err != nil {
			t.Fatalf("ann sits in waiting room %s: %v", r.ID, err)
		}
	}
	if err := first.Start(ctx, bob); err != nil {
		t.Fatal(err)
	}
	dan := rooms.Player{ID: 9, Name: "dan"}
	// Someone sits by her in the other waiting room: a reconnect still
	// takes her to the game she plays.
	if err := second.Sit(ctx, dan); err != nil {
		t.Fatal(err)
	}
	if l.SeatOf(ann) != first {
		t.Errorf("SeatOf(ann) is not the room of the game she plays, %s", first.ID)
	}
	err = second.Start(ctx, cat)
	if !errors.Is(err, rooms.ErrPlaying) || !strings.Contains(err.Error(), "ann plays in room "+first.ID) {
		t.Errorf("a second game of ann's starts: %v, want ErrPlaying naming ann and room %s", err, first.ID)
	}
	third, err := l.Create(ctx, rooms.Player{ID: 10, Name: "eve"}, rooms.Settings{Seats: 3})
	if err != nil {
		t.Fatal(err)
	}
	for name, do := range map[string]func() error{
		"sit":        func() error { return third.Sit(ctx, ann) },
		"create":     func() error { _, err := l.Create(ctx, ann, rooms.Settings{Seats: 2}); return err },
		"quick play": func() error { _, err := l.QuickPlay(ctx, ann); return err },
	} {
		if err := do(); !errors.Is(err, rooms.ErrPlaying) || !strings.Contains(err.Error(), "room "+first.ID) {
			t.Errorf("ann playing, %s: %v, want ErrPlaying naming room %s", name, err, first.ID)
		}
	}
	if _, stop, err := third.Subscribe(ctx, ann); err != nil {
		t.Errorf("ann playing watches another room: %v", err)
	} else {
		stop()
	}

	if err := first.Close(ctx, "test"); err != nil {
		t.Fatal(err)
	}
	if err := second.Start(ctx, cat); err != nil {
		t.Errorf("once ann's game ended, the other starts: %v", err)
	}
}

// Issue 27, N6: a game in play that the store has, though no room here
// runs it (another server's), holds its player too: no ranked queue, no
// room, no seat.
func TestPlayingElsewhereInTheStore(t *testing.T) {
	ctx := context.Background()
	j := newJournal()
	if _, err := j.CreateGame(ctx, store.NewGame{Game: "acquire", Status: store.StatusPlaying,
		Seats: []store.Seat{{Index: 0, Account: ann.ID, Name: "ann"}}, Room: store.Room{ID: "zzzz"}}); err != nil {
		t.Fatal(err)
	}
	l := rooms.NewLobby(rooms.Config{
		Journal: j, Kinds: []engine.Kind{acquire.Kind}, Ratings: &ratings{by: map[store.AccountID]store.Rating{}},
		After: (&roomstest.Timers{}).After,
	})
	t.Cleanup(func() { l.Close("test over") })
	r, err := l.Create(ctx, bob, rooms.Settings{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	for name, do := range map[string]func() error{
		"seek":   func() error { _, _, err := l.Seek(ctx, ann, "acquire", "modern", 2, 2); return err },
		"create": func() error { _, err := l.Create(ctx, ann, rooms.Settings{Seats: 2}); return err },
		"sit":    func() error { return r.Sit(ctx, ann) },
	} {
		if err := do(); !errors.Is(err, rooms.ErrPlaying) || !strings.Contains(err.Error(), "room zzzz") {
			t.Errorf("%s: %v, want ErrPlaying naming room zzzz", name, err)
		}
	}
}
