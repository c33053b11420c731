package rooms_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/rooms"
	"hotels/internal/rooms/roomstest"
	"hotels/internal/store"
	"hotels/internal/store/storetest"
)

// F4 (issue 16): rooms still waiting for players survive a restart through
// the store (the database closed and opened again). A private room with a
// title, options, a clock, a hard bot and a seated player comes back with
// its id, invite code, title and seats, the player's seat held for the
// grace period; `join CODE` seats a newcomer, and the game starts and is
// played, its room stored once. A room whose only player stood up before
// the restart does not come back, and one whose player does not return
// within the grace period closes and is forgotten.
func TestF4RestartKeepsWaitingRooms(t *testing.T) {
	ctx := context.Background()
	path := storetest.Data(t)
	st, app := openStore(t, path)
	accts := roomstest.Accounts(t, st, "ann", "bob", "cat", "dee")
	a, b, c, d := accts[0], accts[1], accts[2], accts[3]
	players := map[string]rooms.Player{"ann": a, "bob": b, "cat": c, "dee": d}
	config := func(st *store.Store, app *store.Appender, tm *roomstest.Timers) rooms.Config {
		return rooms.Config{
			Journal: store.Journal{Store: st, Appender: app}, Kinds: []engine.Kind{acquire.Kind}, After: tm.After,
			Grace: time.Minute, BotDelay: roomstest.BotDelay,
			Bots:      func(string, string) (rooms.Bot, error) { return rooms.RandomBot{}, nil },
			BotLevels: func(string) []string { return []string{"easy", "hard"} }, Autopilot: "easy",
		}
	}
	l := rooms.NewLobby(config(st, app, &roomstest.Timers{}))
	r, err := l.Create(ctx, a, rooms.Settings{
		Name: "ann's friends", Seats: 4, Private: true, Rules: "modern",
		Options: []string{"holdings=hidden"}, Clock: rooms.Clock{Move: time.Minute},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, err := range []error{r.Sit(ctx, b), r.AddBot(ctx, a, "hard")} {
		if err != nil {
			t.Fatal(err)
		}
	}
	ch, stop, _ := r.Subscribe(ctx, a)
	before := roomstest.Next(t, ch, func(s *rooms.Snapshot) bool { return s.Room.Taken == 3 })
	stop()
	id, code, info := r.ID, before.Code, before.Room
	lapsed, err := l.Create(ctx, d, rooms.Settings{Seats: 3})
	if err != nil {
		t.Fatal(err)
	}
	if err := lapsed.AddBot(ctx, d, "easy"); err != nil {
		t.Fatal(err)
	}
	gone, err := l.Create(ctx, c, rooms.Settings{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	if err := gone.Stand(ctx, c); err != nil {
		t.Fatal(err)
	}
	l.Close("restarting")
	closeStore(st, app)

	// The restart.
	st, app = openStore(t, path)
	defer closeStore(st, app)
	tm := &roomstest.Timers{}
	l = rooms.NewLobby(config(st, app, tm))
	defer l.Close("test over")
	if n, err := l.Restore(ctx, st); err != nil || n != 2 {
		t.Fatalf("Restore = %d, %v; want 2 waiting rooms", n, err)
	}
	if _, err := l.Room(gone.ID); !errors.Is(err, rooms.ErrNoRoom) {
		t.Errorf("the room closed before the restart came back: %v", err)
	}
	byID, err := l.Room(id)
	if err != nil {
		t.Fatalf("room %s after the restart: %v", id, err)
	}
	if byCode, err := l.Room(strings.ToUpper(code)); err != nil || byCode != byID {
		t.Fatalf("invite code %s after the restart: %v, %v; want room %s", code, byCode, err, id)
	}
	got := byID.Info()
	// Its players are away until they reconnect.
	got.Watchers, info.Watchers, got.Players, info.Players = 0, 0, nil, nil
	if fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", info) {
		t.Errorf("room after the restart:\n got %+v\nwant %+v", got, info)
	}
	if l.SeatOf(b) != byID || l.SeatOf(a) != byID {
		t.Error("ann's and bob's seats are not held for them after the restart")
	}
	lobby, stopLobby := l.Subscribe()
	if s := <-lobby; len(s.Rooms) != 1 || s.Rooms[0].ID != lapsed.ID {
		t.Errorf("the lobby lists %+v; want dee's public room alone", s.Rooms)
	}
	stopLobby()

	// ann and bob come back; dee does not, and her seat lapses.
	chans := map[string]<-chan *rooms.Snapshot{}
	for _, p := range []rooms.Player{a, b} {
		ch, stop, err := byID.Subscribe(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		defer stop()
		chans[p.Name] = ch
	}
	after := roomstest.Next(t, chans["ann"], func(s *rooms.Snapshot) bool { return roomstest.SeatState(s, "bob") == rooms.SeatReady })
	want := []rooms.SeatInfo{
		{Name: "ann", State: rooms.SeatReady, Host: true},
		{Name: "bob", State: rooms.SeatReady},
		{Name: "bot1", State: rooms.SeatBot, Level: "hard"},
		{State: rooms.SeatEmpty},
	}
	if fmt.Sprintf("%+v", after.Seats) != fmt.Sprintf("%+v", want) || !after.Host || after.Code != code {
		t.Errorf("after the restart: seats %+v, host %v, code %q\nwant seats %+v, the host, code %q",
			after.Seats, after.Host, after.Code, want, code)
	}
	tm.Fire()
	closed(t, l, lapsed.ID) // graceOver runs on the room's goroutine

	// cat joins by the invite code, as `join CODE` does, and ann starts.
	joined, err := l.Room(code)
	if err != nil {
		t.Fatal(err)
	}
	if err := joined.Sit(ctx, c); err != nil {
		t.Fatalf("cat joins by the invite code: %v", err)
	}
	ch, stop, err = joined.Subscribe(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	chans["cat"] = ch
	tm.SetBotNow(true) // the bot moves at once
	if err := joined.Start(ctx, a); err != nil {
		t.Fatalf("start after the restart: %v", err)
	}
	for acted := 0; acted < 6; {
		s := roomstest.Next(t, chans["ann"], func(s *rooms.Snapshot) bool { return s.Room.Status == rooms.Playing })
		name := s.Seats[s.Turn].Name
		if players[name].ID == 0 {
			continue // the bot's turn
		}
		ps := s // ann's own view
		if name != "ann" {
			ps = roomstest.Next(t, chans[name], func(x *rooms.Snapshot) bool { return x.Version >= s.Version })
		}
		if err := joined.Act(ctx, players[name], roomstest.FirstLegal(ps.Game.(*acquire.View))); err == nil {
			acted++
		}
	}

	waiting, err := st.WaitingRooms(ctx)
	if err != nil || len(waiting) != 0 {
		t.Errorf("waiting rooms stored after the start = %+v, %v; want none", waiting, err)
	}
	games, err := st.UnfinishedGames(ctx)
	if err != nil || len(games) != 1 {
		t.Fatalf("games in play = %+v, %v; want one", games, err)
	}
	if g := games[0]; g.Room.ID != id || g.Room.Code != code || g.Room.Title != "ann's friends" || g.Room.Host != a.ID {
		t.Errorf("the game's room = %+v; want %s, code %s, ann's", g.Room, id, code)
	}
	if lines, err := st.Actions(ctx, games[0].ID); err != nil || len(lines) < 6 {
		t.Errorf("the game's record has %d lines, %v; want at least the 6 actions played", len(lines), err)
	}
}

// F4 and house rule 3: each change of a waiting room's seats is stored
// before anyone sees it; one the store refuses changes nothing, and the
// room is forgotten when it closes.
func TestF4WaitingRoomSavedFirst(t *testing.T) {
	ctx := context.Background()
	j := newJournal()
	l := newLobby(t, j, &roomstest.Timers{})
	stored := func(id string) string {
		j.mu.Lock()
		defer j.mu.Unlock()
		w, ok := j.waiting[id]
		if !ok {
			return "none"
		}
		var seats []string
		for _, s := range w.Taken {
			seats = append(seats, fmt.Sprint(s.Index, s.Name, s.Bot))
		}
		return fmt.Sprintf("host %d: %s", w.Host, strings.Join(seats, ", "))
	}
	fail := func(on bool) { j.mu.Lock(); j.fail = on; j.mu.Unlock() }
	r, err := l.Create(ctx, ann, rooms.Settings{Seats: 4, Private: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Sit(ctx, bob); err != nil {
		t.Fatal(err)
	}
	if got, want := stored(r.ID), "host 1: 0ann, 1bob"; got != want {
		t.Errorf("stored after bob sat: %s, want %s", got, want)
	}
	fail(true)
	for what, err := range map[string]error{
		"cat sits": r.Sit(ctx, cat), "a bot sits": r.AddBot(ctx, ann, ""),
		"bob stands": r.Stand(ctx, bob), "ann kicks bob": r.Kick(ctx, ann, 1),
	} {
		if !errors.Is(err, rooms.ErrSaveFailed) {
			t.Errorf("%s with the store refusing: %v, want ErrSaveFailed", what, err)
		}
	}
	if _, err := l.Create(ctx, cat, rooms.Settings{Seats: 2}); !errors.Is(err, rooms.ErrSaveFailed) {
		t.Errorf("a room created with the store refusing: %v, want ErrSaveFailed", err)
	}
	if info := r.Info(); info.Taken != 2 || l.SeatOf(bob) != r || l.SeatOf(cat) != nil {
		t.Errorf("refused changes were made: %d seats taken, bob in %v, cat in %v", info.Taken, l.SeatOf(bob), l.SeatOf(cat))
	}
	fail(false)
	if err := r.AddBot(ctx, ann, ""); err != nil {
		t.Fatal(err)
	}
	if err := r.Stand(ctx, ann); err != nil {
		t.Fatal(err)
	}
	if got, want := stored(r.ID), "host 2: 1bob, 2bot1random"; got != want {
		t.Errorf("stored after ann stood up: %s, want %s", got, want)
	}
	ch, stop, err := r.Subscribe(ctx, bob)
	if err != nil {
		t.Fatal(err)
	}
	if s := <-ch; !s.Host || !slices.Contains(texts(s.Log), "bob is now the host") {
		t.Errorf("bob after ann stood up: host %v, log %q; want the host, told so", s.Host, texts(s.Log))
	}
	stop()
	if err := r.Stand(ctx, bob); err != nil {
		t.Fatal(err)
	}
	closed(t, l, r.ID) // bob's subscription ends on the room's goroutine
	if got := stored(r.ID); got != "none" {
		t.Errorf("a closed room is still stored: %s", got)
	}
}

// closed waits until the lobby has no room id.
func closed(t *testing.T, l *rooms.Lobby, id string) {
	t.Helper()
	for wait := time.Now(); ; time.Sleep(time.Millisecond) {
		_, err := l.Room(id)
		if errors.Is(err, rooms.ErrNoRoom) {
			return
		}
		if time.Since(wait) > 10*time.Second {
			t.Fatalf("room %s is still open: %v", id, err)
		}
	}
}
