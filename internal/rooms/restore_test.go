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

// openStore opens the database at path and its journal's appender, as a
// server does as it starts.
func openStore(t *testing.T, path string) (*store.Store, *store.Appender) {
	t.Helper()
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	return st, store.NewAppender(st)
}

// closeStore closes what openStore opened, as a server does as it stops.
func closeStore(st *store.Store, app *store.Appender) {
	app.Close()
	st.Close()
}

func TestRestoreAfterRestart(t *testing.T) {
	ctx := context.Background()
	path := storetest.Data(t)
	st, app := openStore(t, path)
	j := store.Journal{Store: st, Appender: app}
	ps := roomstest.Accounts(t, st, "ann", "bob")
	a, b := ps[0], ps[1]
	tm := &roomstest.Timers{}
	l := rooms.NewLobby(rooms.Config{Journal: j, Kinds: []engine.Kind{acquire.Kind}, BotDelay: roomstest.BotDelay, After: tm.After})
	r, _ := l.Create(ctx, a, rooms.Settings{Seats: 3})
	r.Sit(ctx, b)
	r.AddBot(ctx, a, "")
	if err := r.Start(ctx, a); err != nil {
		t.Fatal(err)
	}
	// Play a dozen decisions with whoever is on turn; bots move when their
	// timers are fired.
	chA, stopA, _ := r.Subscribe(ctx, a)
	chB, stopB, _ := r.Subscribe(ctx, b)
	await := func(ch <-chan *rooms.Snapshot) *rooms.Snapshot {
		for {
			select {
			case s := <-ch:
				return s
			case <-time.After(5 * time.Millisecond):
				tm.Fire()
			}
		}
	}
	var snap *rooms.Snapshot
	for n := 0; n < 12; {
		snap = await(chA)
		p, ps := a, snap
		switch snap.Seats[snap.Turn].Name {
		case "bob":
			p, ps = b, roomstest.Next(t, chB, func(x *rooms.Snapshot) bool { return x.Version >= snap.Version })
		case "ann":
		default:
			continue
		}
		if err := r.Act(ctx, p, roomstest.FirstLegal(ps.Game.(*acquire.View))); err == nil {
			n++
		}
	}
	snap = roomstest.Next(t, chA, func(*rooms.Snapshot) bool { return true })
	var before *acquire.View
	before = snap.Game.(*acquire.View)
	stopA()
	stopB()
	l.Close("restarting")
	closeStore(st, app)

	// The restart.
	st, app = openStore(t, path)
	defer closeStore(st, app)
	l = rooms.NewLobby(rooms.Config{Journal: store.Journal{Store: st, Appender: app}, Kinds: []engine.Kind{acquire.Kind}, After: (&roomstest.Timers{}).After})
	defer l.Close("test over")
	n, err := l.Restore(ctx, st)
	if err != nil || n != 1 {
		t.Fatalf("Restore = %d, %v; want 1 room", n, err)
	}
	r = l.SeatOf(a)
	if r == nil {
		t.Fatal("ann has no seat after the restart")
	}
	ch, stop, err := r.Subscribe(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	after := roomstest.Next(t, ch, func(s *rooms.Snapshot) bool { return roomstest.SeatState(s, "ann") == rooms.SeatReady }).Game.(*acquire.View)
	if fmt.Sprint(after.Board, after.Cash, after.Shares, after.Rack, after.Phase, after.ToMove) !=
		fmt.Sprint(before.Board, before.Cash, before.Shares, before.Rack, before.Phase, before.ToMove) {
		t.Errorf("the game changed across the restart:\nbefore %+v\nafter  %+v", before, after)
	}
}

func TestRestoreMarksBrokenGames(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, storetest.Data(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	id, _ := st.CreateGame(ctx, store.NewGame{Game: "acquire", Rules: "modern", Chance: "hotels-record 1\ngame acquire\nseat ann\nseat bob\nbag 1A 2A\n", Status: store.StatusPlaying,
		Seats: []store.Seat{{Index: 0, Name: "ann"}, {Index: 1, Name: "bob"}}})
	st.AppendAction(ctx, id, 1, "bob play 9I") // not bob's turn, not his tile
	l := rooms.NewLobby(rooms.Config{Journal: st, Kinds: []engine.Kind{acquire.Kind}, After: (&roomstest.Timers{}).After, Grace: time.Minute})
	defer l.Close("")
	if n, err := l.Restore(ctx, st); err != nil || n != 0 {
		t.Fatalf("Restore = %d, %v; want 0 rooms and no error", n, err)
	}
	g, _ := st.Game(ctx, id)
	if g.Status != store.StatusAborted || g.Result == "" {
		t.Errorf("broken game is %s with result %q; want aborted with the reason", g.Status, g.Result)
	}
}

// F4 (issue 16): a private room in play, restarted through the store
// (the database closed and opened again), keeps its id, its invite code
// and privacy, its title, options and clock, its host and its seats: the
// players' names, the bot's level, and a kicked player's seat still played
// by the autopilot. Both its id and its code lead to it after the restart.
func TestF4RestartKeepsRooms(t *testing.T) {
	ctx := context.Background()
	path := storetest.Data(t)
	st, app := openStore(t, path)
	ps := roomstest.Accounts(t, st, "ann", "bob", "cat", "dan")
	a, b, c, d := ps[0], ps[1], ps[2], ps[3]
	config := func(st *store.Store, app *store.Appender) rooms.Config {
		return rooms.Config{
			Journal: store.Journal{Store: st, Appender: app}, Kinds: []engine.Kind{acquire.Kind}, After: (&roomstest.Timers{}).After,
			Bots:      func(string, string) (rooms.Bot, error) { return rooms.RandomBot{}, nil },
			BotLevels: func(string) []string { return []string{"easy", "hard"} }, Autopilot: "easy",
		}
	}
	l := rooms.NewLobby(config(st, app))
	set := rooms.Settings{
		Name: "ann's late game", Seats: 4, Private: true, Rules: "modern",
		Options: []string{"holdings=hidden", "hand=redraw"}, Clock: rooms.Clock{Move: time.Minute},
	}
	r, err := l.Create(ctx, a, set)
	if err != nil {
		t.Fatal(err)
	}
	for _, err := range []error{r.Sit(ctx, b), r.Sit(ctx, c), r.AddBot(ctx, a, "hard"), r.Start(ctx, a)} {
		if err != nil {
			t.Fatal(err)
		}
	}
	ch, stop, _ := r.Subscribe(ctx, a)
	before := roomstest.Next(t, ch, func(s *rooms.Snapshot) bool { return s.Room.Status == rooms.Playing })
	stop()
	id, code, info := r.ID, before.Code, before.Room
	if code == "" {
		t.Fatal("a private room has no invite code")
	}
	bobAt := slices.IndexFunc(before.Seats, func(s rooms.SeatInfo) bool { return s.Name == "bob" })
	if err := r.Kick(ctx, a, bobAt); err != nil {
		t.Fatalf("kick bob: %v", err)
	}
	l.Close("restarting")
	closeStore(st, app)

	// The restart.
	st, app = openStore(t, path)
	defer closeStore(st, app)
	l = rooms.NewLobby(config(st, app))
	defer l.Close("test over")
	if n, err := l.Restore(ctx, st); err != nil || n != 1 {
		t.Fatalf("Restore = %d, %v; want 1 room", n, err)
	}
	byID, err := l.Room(id)
	if err != nil {
		t.Fatalf("room %s after the restart: %v", id, err)
	}
	byCode, err := l.Room(strings.ToUpper(code))
	if err != nil || byCode != byID {
		t.Fatalf("invite code %s after the restart: %v, %v; want room %s", code, byCode, err, id)
	}
	got := byID.Info()
	// Its players are away until they reconnect.
	got.Watchers, info.Watchers, got.Players, info.Players = 0, 0, nil, nil
	if fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", info) {
		t.Errorf("room after the restart:\n got %+v\nwant %+v", got, info)
	}
	lobby, stopLobby := l.Subscribe()
	if s := <-lobby; len(s.Rooms) != 0 {
		t.Errorf("the lobby lists %v: a private room must stay private", s.Rooms)
	}
	stopLobby()
	if l.SeatOf(b) != nil {
		t.Error("bob has his seat back after the restart; he was kicked")
	}
	if err := byCode.Sit(ctx, b); !errors.Is(err, rooms.ErrStarted) {
		t.Errorf("kicked bob sits down again: %v, want ErrStarted", err)
	}
	// ann joins by the invite code, as `join CODE` does: her seat is hers.
	if err := byCode.Sit(ctx, a); err != nil {
		t.Fatalf("ann joins by the invite code: %v", err)
	}
	ch, stop, err = byCode.Subscribe(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	after := roomstest.Next(t, ch, func(s *rooms.Snapshot) bool { return roomstest.SeatState(s, "ann") == rooms.SeatReady })
	want := map[string]rooms.SeatInfo{
		"ann": {Name: "ann", State: rooms.SeatReady, Host: true},
		"bob": {Name: "bob", State: rooms.SeatAutopilot},
		"cat": {Name: "cat", State: rooms.SeatAway},
	}
	for i, s := range after.Seats {
		if s.Name != before.Seats[i].Name {
			t.Errorf("seat %d is %q after the restart, %q before", i, s.Name, before.Seats[i].Name)
		}
		w, ok := want[s.Name]
		if !ok {
			w = rooms.SeatInfo{Name: s.Name, State: rooms.SeatBot, Level: "hard"}
		}
		if s != w {
			t.Errorf("seat %d after the restart = %+v, want %+v", i, s, w)
		}
	}
	if !after.Host || after.Code != code {
		t.Errorf("ann after the restart: host %v, code %q; want the host, code %q", after.Host, after.Code, code)
	}
	// Rooms opened after the restart take other ids and codes (dan's: the
	// others play the restored game).
	for range 50 {
		n, err := l.Create(ctx, d, rooms.Settings{Seats: 2, Private: true})
		if err != nil {
			t.Fatal(err)
		}
		if n.ID == id || n.ID == code || n.Info().Private != true {
			t.Fatalf("a new room took the restored room's id or code: %s", n.ID)
		}
	}
	if r, _ := l.Room(code); r != byID {
		t.Error("the invite code no longer leads to the restored room")
	}
}

// noEnd is a journal that cannot save a game's end: as if the server
// stopped between a game's last action and its end.
type noEnd struct{ store.Journal }

func (noEnd) FinishGame(context.Context, store.GameID, string, []store.Outcome) error {
	return errors.New("the server stopped")
}

// A ranked game whose every action was saved but not its end is finished
// when the server starts again, and its players are rated as the room
// would have rated them.
func TestRestoreRatesARankedGameItFinishes(t *testing.T) {
	ctx := context.Background()
	path := storetest.Data(t)
	st, app := openStore(t, path)
	ps := roomstest.Accounts(t, st, "ann", "bob")
	rt := &ratings{by: map[store.AccountID]store.Rating{}}
	tm := &roomstest.Timers{}
	l := rooms.NewLobby(rooms.Config{
		Journal: noEnd{store.Journal{Store: st, Appender: app}}, Kinds: []engine.Kind{raceKind},
		Ratings: rt, BotDelay: roomstest.BotDelay, After: tm.After,
	})
	var found []<-chan *rooms.Room
	for _, p := range ps {
		ch, leave, err := l.Seek(ctx, p, "race", "", 2, 2)
		if err != nil {
			t.Fatal(err)
		}
		defer leave()
		found = append(found, ch)
	}
	tm.Fire() // the match tick
	r := <-found[0]
	if r == nil || !r.Info().Ranked {
		t.Fatalf("room %v; want a ranked one", r)
	}
	var chs []<-chan *rooms.Snapshot
	for _, p := range ps {
		ch, stop, err := r.Subscribe(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		defer stop()
		chs = append(chs, ch)
	}
	for over := false; !over; {
		select {
		case s := <-chs[0]:
			over = s.Room.Status == rooms.Over
			if !over && s.Turn == s.You {
				r.Act(ctx, ps[0], "go")
			}
		case s := <-chs[1]:
			if s.Room.Status != rooms.Over && s.Turn == s.You {
				r.Act(ctx, ps[1], "go")
			}
		case <-time.After(10 * time.Second):
			t.Fatal("the race did not end")
		}
	}
	if len(rt.changes) != 0 {
		t.Fatalf("rated without the game's end saved: %+v", rt.changes)
	}
	l.Close("restarting")
	closeStore(st, app)

	st, app = openStore(t, path)
	defer closeStore(st, app)
	l = rooms.NewLobby(rooms.Config{Journal: store.Journal{Store: st, Appender: app}, Kinds: []engine.Kind{raceKind}, Ratings: rt})
	defer l.Close("test over")
	if n, err := l.Restore(ctx, st); err != nil || n != 1 {
		t.Fatalf("Restore = %d, %v; want the one game", n, err)
	}
	if r := l.SeatOf(ps[0]); r != nil {
		t.Errorf("ann is seated in %s after the restart; want the game finished", r.ID)
	}
	if open, err := st.UnfinishedGames(ctx); err != nil || len(open) != 0 {
		t.Errorf("unfinished games after the restart: %+v, %v", open, err)
	}
	if len(rt.changes) != 2 || rt.by[ps[0].ID].Games != 1 || rt.by[ps[1].ID].Games != 1 {
		t.Fatalf("ratings recorded at the restart: %+v; want ann's and bob's", rt.changes)
	}
	places := map[int]bool{}
	for _, c := range rt.changes {
		places[c.Place] = true
	}
	if !places[1] || !places[2] {
		t.Errorf("places rated %+v; want a winner and a loser", rt.changes)
	}
}
