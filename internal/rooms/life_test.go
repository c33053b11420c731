package rooms_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/rooms"
	"hotels/internal/rooms/roomstest"
	"hotels/internal/store"
)

// lobbyNow returns the lobby as a newcomer sees it now.
func lobbyNow(l *rooms.Lobby) *rooms.LobbySnapshot {
	ch, stop := l.Subscribe()
	defer stop()
	return <-ch
}

// ids lists the rooms' IDs.
func ids(list []rooms.Info) []string {
	var out []string
	for _, r := range list {
		out = append(out, r.ID)
	}
	return out
}

// The lobby shows life: who sits where, the games in progress (private
// ones counted, not listed), the ranked queue by game, and a game that
// ended stays listed with its winner for FinishedShown, even once its
// room has closed, then goes.
func TestLobbyShowsLife(t *testing.T) {
	ctx := context.Background()
	tm := &roomstest.Timers{}
	l := rooms.NewLobby(rooms.Config{
		Journal: newJournal(), Kinds: []engine.Kind{raceKind, acquire.Kind}, BotDelay: roomstest.BotDelay, After: tm.After,
		Ratings: &ratings{by: map[store.AccountID]store.Rating{}},
	})
	t.Cleanup(func() { l.Close("test over") })

	pub, err := l.Create(ctx, ann, rooms.Settings{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	priv, err := l.Create(ctx, cat, rooms.Settings{Game: "acquire", Seats: 2, Private: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := priv.AddBot(ctx, cat, ""); err != nil {
		t.Fatal(err)
	}
	if err := priv.Start(ctx, cat); err != nil {
		t.Fatal(err)
	}
	dan := rooms.Player{ID: 4, Name: "dan"}
	if _, leave, err := l.Seek(ctx, dan, "acquire", "", 2, 4); err != nil {
		t.Fatal(err)
	} else {
		defer leave()
	}

	s := lobbyNow(l)
	if got, want := ids(s.Rooms), []string{pub.ID}; !slices.Equal(got, want) {
		t.Errorf("lobby lists %q, want the public room only %q", got, want)
	}
	if s.Playing != 1 {
		t.Errorf("games in progress = %d, want 1 (the private one)", s.Playing)
	}
	if want := []rooms.Queued{{Game: "Race", Players: 0}, {Game: "Acquire", Players: 1}}; !slices.Equal(s.Queue, want) {
		t.Errorf("queue = %+v, want %+v", s.Queue, want)
	}
	if want := []rooms.SeatInfo{{Name: "ann", State: rooms.SeatReady, Host: true}, {State: rooms.SeatEmpty}}; !slices.Equal(s.Rooms[0].Players, want) {
		t.Errorf("players of %s = %+v, want %+v", pub.ID, s.Rooms[0].Players, want)
	}
	// A private room is listed to its members only.
	for _, tt := range []struct {
		p    rooms.Player
		want []string
	}{{ann, []string{pub.ID}}, {cat, []string{pub.ID, priv.ID}}, {rooms.Player{}, []string{pub.ID}}} {
		if got := ids(l.Listed(tt.p)); !slices.Equal(got, tt.want) {
			t.Errorf("Listed(%q) = %q, want %q", tt.p.Name, got, tt.want)
		}
	}
	if p := l.Listed(cat)[1].Players; !slices.ContainsFunc(p, func(s rooms.SeatInfo) bool { return s.State == rooms.SeatBot }) {
		t.Errorf("the private room's seats = %+v, want a bot among them", p)
	}

	// Play the race to its end.
	if err := pub.Sit(ctx, bob); err != nil {
		t.Fatal(err)
	}
	if err := pub.Start(ctx, ann); err != nil {
		t.Fatal(err)
	}
	if got := lobbyNow(l).Playing; got != 2 {
		t.Errorf("games in progress = %d, want 2", got)
	}
	ch, stopAnn, _ := pub.Subscribe(ctx, ann)
	_, stopBob, _ := pub.Subscribe(ctx, bob)
	who := map[string]rooms.Player{"ann": ann, "bob": bob}
	var final *rooms.Snapshot
	for turns := 0; final == nil; turns++ {
		s := roomstest.Next(t, ch, func(s *rooms.Snapshot) bool { return s.Room.Status == rooms.Over || s.Turn >= 0 })
		if s.Room.Status == rooms.Over {
			final = s
			break
		}
		if turns > 40 {
			t.Fatal("the race does not end")
		}
		_ = pub.Act(ctx, who[s.Seats[s.Turn].Name], "go") // a stale snapshot's turn is refused
	}
	winner := final.Game.(engine.Game).Standings()[0].Name

	// Everyone leaves: the room closes, and its game stays listed.
	stopAnn()
	stopBob()
	for deadline := time.Now().Add(5 * time.Second); ; {
		if _, err := l.Room(pub.ID); err != nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the finished room did not close when everyone left")
		}
		time.Sleep(time.Millisecond)
	}
	s = lobbyNow(l)
	if len(s.Rooms) != 1 || s.Rooms[0].ID != pub.ID || s.Rooms[0].Status != rooms.Over {
		t.Fatalf("after the end the lobby lists %+v, want %s as over", s.Rooms, pub.ID)
	}
	if got := s.Rooms[0]; !slices.Equal(got.Winners, []string{winner}) || got.Ended.IsZero() {
		t.Errorf("the ended game shows winners %q ended %v, want [%s] and when", got.Winners, got.Ended, winner)
	}
	if s.Playing != 1 {
		t.Errorf("games in progress after the end = %d, want 1", s.Playing)
	}

	tm.Fire() // FinishedShown later
	if got := ids(lobbyNow(l).Rooms); len(got) != 0 {
		t.Errorf("a minute after the end the lobby lists %q, want nothing", got)
	}
}
