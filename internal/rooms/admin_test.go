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

// startedRoom is a two-seat game of ann and a bot, with ann subscribed.
func startedRoom(t *testing.T, l *rooms.Lobby) (*rooms.Room, <-chan *rooms.Snapshot) {
	t.Helper()
	ctx := context.Background()
	r, err := l.Create(ctx, ann, rooms.Settings{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	ch, stop, err := r.Subscribe(ctx, ann)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	if err := r.AddBot(ctx, ann, ""); err != nil {
		t.Fatal(err)
	}
	if err := r.Start(ctx, ann); err != nil {
		t.Fatal(err)
	}
	roomstest.Next(t, ch, func(s *rooms.Snapshot) bool { return s.Game != nil })
	return r, ch
}

// An admin's inspection holds every seat's rack, which no snapshot does.
func TestInspectSeesEveryRack(t *testing.T) {
	ctx := context.Background()
	l := newLobby(t, newJournal(), &roomstest.Timers{})
	r, _ := startedRoom(t, l)
	wch, wstop, err := r.Subscribe(ctx, cat)
	if err != nil {
		t.Fatal(err)
	}
	defer wstop()
	watched := roomstest.Next(t, wch, func(*rooms.Snapshot) bool { return true })

	in, err := r.Inspect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if in.Info.ID != r.ID || in.Game == 0 || len(in.Seats) != 2 || len(in.Hidden) < 3 || in.Due == "" {
		t.Fatalf("Inspect = %+v; want room %s, a stored game, 2 seats, what is due and the hidden sections", in, r.ID)
	}
	if len(in.Watchers) != 1 || in.Watchers[0] != "cat" || in.Bots != nil {
		t.Errorf("watchers = %q, bots %q; want [cat] and no bots", in.Watchers, in.Bots)
	}
	for i, st := range in.Seats {
		// Each seat's section shows its whole rack (Acquire's Reveal).
		sec := in.Hidden[i]
		if sec.Title != st.Name || len(sec.Lines) < 2 || len(strings.Fields(sec.Lines[1])) != 1+acquire.RackSize {
			t.Errorf("seat %d (%s): hidden section %+v, want its cash and its rack of %d", i, st.Name, sec, acquire.RackSize)
		}
		if st.Name == "ann" && st.Account != ann.ID {
			t.Errorf("ann's seat has account %d, want %d", st.Account, ann.ID)
		}
	}

	// Looking publishes nothing: the watcher gets no new snapshot.
	select {
	case s := <-wch:
		t.Errorf("Inspect published snapshot %d (watcher had %d)", s.Version, watched.Version)
	case <-time.After(50 * time.Millisecond):
	}
}

func TestAdminRemovesSeats(t *testing.T) {
	ctx := context.Background()
	l := newLobby(t, newJournal(), &roomstest.Timers{})

	// Waiting: the seat empties and the player is told.
	r, err := l.Create(ctx, ann, rooms.Settings{Seats: 3})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Sit(ctx, bob); err != nil {
		t.Fatal(err)
	}
	bch, bstop, err := r.Subscribe(ctx, bob)
	if err != nil {
		t.Fatal(err)
	}
	defer bstop()
	if seat, err := r.RemoveName(ctx, "BOB", "removed by an admin"); err != nil || seat != 1 {
		t.Fatalf("RemoveName(BOB) = %d, %v; want seat 1", seat, err)
	}
	last := roomstest.Next(t, bch, func(s *rooms.Snapshot) bool { return s.Closed })
	if last.Notice != "removed by an admin" {
		t.Errorf("bob's last notice = %q", last.Notice)
	}
	if _, err := r.RemoveName(ctx, "bob", ""); !errors.Is(err, rooms.ErrNoSeat) {
		t.Errorf("RemoveName(bob) again = %v, want ErrNoSeat", err)
	}
	if _, err := r.RemoveSeat(ctx, 5, ""); !errors.Is(err, rooms.ErrNoSeat) {
		t.Errorf("RemoveSeat(5) = %v, want ErrNoSeat", err)
	}

	// Playing: the autopilot takes a player's seat; a bot's stays.
	g, ch := startedRoom(t, l)
	in, err := g.Inspect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	annSeat, botSeat := 0, 1
	if in.Seats[0].Name != "ann" {
		annSeat, botSeat = 1, 0
	}
	if _, err := g.RemoveSeat(ctx, botSeat, ""); !errors.Is(err, rooms.ErrStarted) {
		t.Errorf("RemoveSeat(bot) in a game = %v, want ErrStarted", err)
	}
	if name, err := g.RemoveSeat(ctx, annSeat, "bye"); err != nil || name != "ann" {
		t.Fatalf("RemoveSeat(ann) = %q, %v", name, err)
	}
	last = roomstest.Next(t, ch, func(s *rooms.Snapshot) bool { return s.Closed })
	if last.Notice != "bye" {
		t.Errorf("ann's last notice = %q, want bye", last.Notice)
	}
	// ann was the only player, so the game ends as abandoned.
	if _, err := g.Inspect(ctx); !errors.Is(err, rooms.ErrRoomClosed) {
		t.Errorf("Inspect after the last player was removed = %v, want ErrRoomClosed", err)
	}
}

// A bot account watching is named among the watchers and the bots
// (issue 24), for the admins' lists to mark it.
func TestInspectMarksBotWatchers(t *testing.T) {
	ctx := context.Background()
	l := newLobby(t, newJournal(), &roomstest.Timers{})
	r, _ := startedRoom(t, l)
	for _, p := range []rooms.Player{cat, {ID: 99, Name: "robo", Bot: true}} {
		ch, stop, err := r.Subscribe(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		defer stop()
		roomstest.Next(t, ch, func(*rooms.Snapshot) bool { return true })
	}
	in, err := r.Inspect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(in.Watchers, ",") != "cat,robo" || strings.Join(in.Bots, ",") != "robo" {
		t.Errorf("watchers %q, bots %q; want [cat robo] and [robo]", in.Watchers, in.Bots)
	}
}

// An admin's close aborts the game with the reason, and everyone is told.
func TestAdminClose(t *testing.T) {
	ctx := context.Background()
	j := newJournal()
	l := newLobby(t, j, &roomstest.Timers{})
	r, ch := startedRoom(t, l)
	in, err := r.Inspect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Close(ctx, "cheating"); err != nil {
		t.Fatalf("Close = %v", err)
	}
	last := roomstest.Next(t, ch, func(s *rooms.Snapshot) bool { return s.Closed })
	if !strings.Contains(last.Notice, "closed by an admin: cheating") {
		t.Errorf("notice = %q, want the reason", last.Notice)
	}
	if _, result := j.saved(in.Game); result != "aborted: closed by an admin: cheating" {
		t.Errorf("stored result = %q", result)
	}
	if err := r.Close(ctx, "again"); !errors.Is(err, rooms.ErrRoomClosed) {
		t.Errorf("Close twice = %v, want ErrRoomClosed", err)
	}
	if _, err := l.Room(r.ID); !errors.Is(err, rooms.ErrNoRoom) {
		t.Errorf("lobby still has the closed room: %v", err)
	}
}

// A player may act only so fast (Config.ActionRate), whether or not the
// actions are legal.
func TestActionRateLimit(t *testing.T) {
	ctx := context.Background()
	tm := &roomstest.Timers{}
	l := rooms.NewLobby(rooms.Config{
		Journal: newJournal(), Kinds: []engine.Kind{acquire.Kind},
		Grace: time.Minute, BotDelay: roomstest.BotDelay, After: tm.After,
		ActionRate: rate.Limit{Every: time.Hour, Burst: 3},
	})
	t.Cleanup(func() { l.Close("test over") })
	r, _ := startedRoom(t, l)
	for i := range 3 {
		if err := r.Act(ctx, ann, "nonsense"); err == nil || errors.Is(err, rooms.ErrActTooFast) {
			t.Fatalf("action %d = %v, want refused as no action", i+1, err)
		}
	}
	if err := r.Act(ctx, ann, "nonsense"); !errors.Is(err, rooms.ErrActTooFast) {
		t.Errorf("action 4 = %v, want ErrActTooFast", err)
	}
	if err := r.Act(ctx, bob, "nonsense"); errors.Is(err, rooms.ErrActTooFast) {
		t.Errorf("bob's first action = %v: each player has a limit of their own", err)
	}
}
