package rooms_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/rooms"
	"hotels/internal/rooms/roomstest"
)

// clock is a settable Now.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func clockLobby(t *testing.T, j *journal, tm *roomstest.Timers, now *clock) *rooms.Lobby {
	l := rooms.NewLobby(rooms.Config{
		Journal: j, Kinds: []engine.Kind{acquire.Kind},
		Grace: time.Minute, BotDelay: roomstest.BotDelay, After: tm.After, Now: now.Now,
	})
	t.Cleanup(func() { l.Close("test over") })
	return l
}

// twoPlayers starts a game of ann and bob and returns each one's mailbox.
func twoPlayers(t *testing.T, l *rooms.Lobby, s rooms.Settings) (*rooms.Room, map[string]<-chan *rooms.Snapshot) {
	ctx := context.Background()
	s.Seats = 2
	r, err := l.Create(ctx, ann, s)
	if err != nil {
		t.Fatal(err)
	}
	r.Sit(ctx, bob)
	chs := map[string]<-chan *rooms.Snapshot{}
	for _, p := range []rooms.Player{ann, bob} {
		ch, stop, _ := r.Subscribe(ctx, p)
		t.Cleanup(stop)
		chs[p.Name] = ch
	}
	if err := r.Start(ctx, ann); err != nil {
		t.Fatal(err)
	}
	return r, chs
}

func TestClockCheck(t *testing.T) {
	for _, c := range []rooms.Clock{
		{Move: time.Second}, {Move: time.Hour}, {Game: time.Minute, Move: time.Minute},
		{Increment: time.Second}, {Game: 3 * time.Hour}, {Game: time.Hour, Increment: time.Hour}, {Move: -time.Minute},
	} {
		if err := c.Check(); err == nil {
			t.Errorf("Check(%+v) = nil, want an error", c)
		}
	}
	for _, c := range []rooms.Clock{{}, {Move: time.Minute}, {Game: 10 * time.Minute, Increment: 5 * time.Second}} {
		got, err := rooms.ParseClock(c.Text())
		if err != nil || got != c {
			t.Errorf("ParseClock(%q) = %+v, %v; want %+v", c.Text(), got, err, c)
		}
	}
	words := []struct {
		c           rooms.Clock
		long, short string
	}{
		{rooms.Clock{}, "", ""},
		{rooms.Clock{Move: 60 * time.Second}, "60s a decision", "60s/move"},
		{rooms.Clock{Move: 5 * time.Minute}, "5m a decision", "5m/move"},
		{rooms.Clock{Game: 10 * time.Minute, Increment: 5 * time.Second}, "10m + 5s", "10m+5s"},
		{rooms.Clock{Game: 90 * time.Minute}, "1h30m + 0s", "1h30m+0s"},
		{rooms.Clock{Game: 2 * time.Hour, Increment: time.Minute}, "2h + 60s", "2h+60s"},
	}
	for _, w := range words {
		if got := w.c.String(); got != w.long {
			t.Errorf("%+v.String() = %q, want %q", w.c, got, w.long)
		}
		if got := w.c.Short(); got != w.short {
			t.Errorf("%+v.Short() = %q, want %q", w.c, got, w.short)
		}
	}
}

// A player whose decision's time runs out is played by the autopilot until
// they take their seat back.
func TestMoveClock(t *testing.T) {
	ctx := context.Background()
	tm, now := &roomstest.Timers{BotNow: true}, &clock{now: time.Unix(1e9, 0)}
	l := clockLobby(t, newJournal(), tm, now)
	r, chs := twoPlayers(t, l, rooms.Settings{Clock: rooms.Clock{Move: 30 * time.Second}})
	s := roomstest.Next(t, chs["ann"], func(s *rooms.Snapshot) bool { return s.Room.Status == rooms.Playing })
	if want := now.Now().Add(30 * time.Second); !s.Deadline.Equal(want) {
		t.Fatalf("deadline = %v, want %v", s.Deadline, want)
	}
	slow := s.Seats[s.Turn].Name
	tm.Fire() // the decision's 30 s run out
	s = roomstest.Next(t, chs[slow], func(s *rooms.Snapshot) bool { return roomstest.SeatState(s, slow) == rooms.SeatAutopilot })
	if !strings.Contains(strings.Join(texts(s.Log), "\n"), slow+" ran out of time") {
		t.Errorf("log does not say who ran out of time:\n%s", strings.Join(texts(s.Log), "\n"))
	}
	p := map[string]rooms.Player{"ann": ann, "bob": bob}[slow]
	if err := r.TakeOver(ctx, p); err != nil {
		t.Fatal(err)
	}
	roomstest.Next(t, chs[slow], func(s *rooms.Snapshot) bool { return roomstest.SeatState(s, slow) == rooms.SeatReady })
}

// A game clock is charged for the time a player thinks, plus the
// increment.
func TestGameClock(t *testing.T) {
	ctx := context.Background()
	tm, now := &roomstest.Timers{}, &clock{now: time.Unix(1e9, 0)}
	l := clockLobby(t, newJournal(), tm, now)
	r, chs := twoPlayers(t, l, rooms.Settings{Clock: rooms.Clock{Game: 5 * time.Minute, Increment: 5 * time.Second}})
	s := roomstest.Next(t, chs["ann"], func(s *rooms.Snapshot) bool { return s.Room.Status == rooms.Playing })
	mover := s.Seats[s.Turn].Name
	p := map[string]rooms.Player{"ann": ann, "bob": bob}[mover]
	ms := s
	if mover != "ann" {
		ms = roomstest.Next(t, chs[mover], func(x *rooms.Snapshot) bool { return x.Version >= s.Version })
	}
	now.advance(20 * time.Second)
	if err := r.Act(ctx, p, roomstest.FirstLegal(ms.Game.(*acquire.View))); err != nil {
		t.Fatal(err)
	}
	after := roomstest.Next(t, chs[mover], func(x *rooms.Snapshot) bool { return x.Version > ms.Version })
	if want := 5*time.Minute - 20*time.Second + 5*time.Second; after.Clocks[s.Turn] != want {
		t.Errorf("%s's clock = %v, want %v", mover, after.Clocks[s.Turn], want)
	}
}

// When a player has left, the others may vote to end the game.
func TestVoteToEnd(t *testing.T) {
	ctx := context.Background()
	j, tm := newJournal(), &roomstest.Timers{}
	l := newLobby(t, j, tm)
	r, _ := l.Create(ctx, ann, rooms.Settings{Seats: 3})
	r.Sit(ctx, bob)
	r.Sit(ctx, cat)
	chA, stopA, _ := r.Subscribe(ctx, ann)
	defer stopA()
	_, stopC, _ := r.Subscribe(ctx, cat)
	defer stopC()
	_, stopB, _ := r.Subscribe(ctx, bob)
	r.Start(ctx, ann)
	if err := r.VoteEnd(ctx, ann); !errors.Is(err, rooms.ErrNotAbandoned) {
		t.Fatalf("vote with everyone here: %v", err)
	}
	stopB()
	roomstest.Next(t, chA, func(s *rooms.Snapshot) bool { return roomstest.SeatState(s, "bob") == rooms.SeatAway })
	tm.Fire() // bob's grace period ends
	roomstest.Next(t, chA, func(s *rooms.Snapshot) bool { return s.Abandoned })
	if err := r.VoteEnd(ctx, ann); err != nil {
		t.Fatal(err)
	}
	s := roomstest.Next(t, chA, func(s *rooms.Snapshot) bool { return len(s.Votes) == 1 })
	if s.Closed {
		t.Fatal("one vote of two ended the game")
	}
	if err := r.VoteEnd(ctx, cat); err != nil {
		t.Fatal(err)
	}
	s = roomstest.Next(t, chA, func(s *rooms.Snapshot) bool { return s.Closed })
	_, result := j.saved(1)
	for _, text := range []string{s.Notice, result} {
		if !strings.Contains(text, "ended by a vote of") || !strings.Contains(text, "ann") || !strings.Contains(text, "cat") || strings.Contains(text, "bob") {
			t.Errorf("notice %q / saved result %q: want ended by a vote of ann and cat", s.Notice, result)
		}
	}
}

// A game every player has left ends.
func TestEveryoneLeft(t *testing.T) {
	ctx := context.Background()
	j, tm := newJournal(), &roomstest.Timers{}
	l := newLobby(t, j, tm)
	r, _ := l.Create(ctx, ann, rooms.Settings{Seats: 3})
	r.Sit(ctx, bob)
	r.AddBot(ctx, ann, "")
	r.Start(ctx, ann)
	_, stopA, _ := r.Subscribe(ctx, ann)
	_, stopB, _ := r.Subscribe(ctx, bob)
	w, stopW, _ := r.Subscribe(ctx, cat)
	defer stopW()
	stopA()
	stopB()
	roomstest.Next(t, w, func(s *rooms.Snapshot) bool {
		return roomstest.SeatState(s, "ann") == rooms.SeatAway && roomstest.SeatState(s, "bob") == rooms.SeatAway
	})
	tm.Fire()
	roomstest.Next(t, w, func(s *rooms.Snapshot) bool { return s.Closed })
	if _, result := j.saved(1); !strings.HasPrefix(result, "aborted: abandoned") {
		t.Errorf("saved result = %q", result)
	}
}

// A seat the autopilot plays because an admin removed its player opens the
// vote too (issue 28): the players here are its voters.
func TestVoteToEndAfterARemoval(t *testing.T) {
	ctx := context.Background()
	j, tm := newJournal(), &roomstest.Timers{}
	l := newLobby(t, j, tm)
	r, _ := l.Create(ctx, ann, rooms.Settings{Seats: 3})
	r.Sit(ctx, bob)
	r.Sit(ctx, cat)
	chA, stopA, _ := r.Subscribe(ctx, ann)
	defer stopA()
	_, stopC, _ := r.Subscribe(ctx, cat)
	defer stopC()
	_, stopB, _ := r.Subscribe(ctx, bob)
	defer stopB()
	r.Start(ctx, ann)
	if _, err := r.RemoveName(ctx, "bob", "removed"); err != nil {
		t.Fatal(err)
	}
	s := roomstest.Next(t, chA, func(s *rooms.Snapshot) bool { return s.Abandoned })
	if v := slices.Sorted(slices.Values(s.Voters)); !slices.Equal(v, []string{"ann", "cat"}) {
		t.Errorf("voters %q, want ann and cat", s.Voters)
	}
	if err := r.VoteEnd(ctx, ann); err != nil {
		t.Fatal(err)
	}
	if err := r.VoteEnd(ctx, cat); err != nil {
		t.Fatal(err)
	}
	roomstest.Next(t, chA, func(s *rooms.Snapshot) bool { return s.Closed })
}
