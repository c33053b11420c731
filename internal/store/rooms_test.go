package store_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"hotels/internal/store"
	"hotels/internal/store/storetest"
)

// F4 (issue 16): a game keeps the room it is played in (id, invite code,
// title, host) and which players were removed from its table, across a
// close and reopen of the database.
func TestF4RoomRoundTrip(t *testing.T) {
	ctx := context.Background()
	s, path := open(t)
	a, err := s.CreateAccount(ctx, "alice", keyAlice)
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.CreateAccount(ctx, "bob", keyBob)
	if err != nil {
		t.Fatal(err)
	}
	room := store.Room{ID: "k3vq", Code: "x7h2mp", Title: "alice's <private> table", Host: a.ID}
	id, err := s.CreateGame(ctx, store.NewGame{
		Game: "acquire", Rules: "classic", Options: "hand=redraw", Status: store.StatusPlaying, Room: room,
		Seats: []store.Seat{{Index: 0, Account: b.ID, Name: "bob"}, {Index: 1, Name: "bot1", Bot: "hard"}, {Index: 2, Account: a.ID, Name: "alice"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	plain := newGame(t, s, store.Seat{Index: 0, Account: a.ID, Name: "alice"})
	if err := s.RemovePlayer(ctx, id, 0); err != nil {
		t.Fatalf("RemovePlayer(seat 0) = %v", err)
	}
	for _, c := range []struct {
		seat int
		want error
	}{{1, store.ErrNotFound}, {7, store.ErrNotFound}} {
		if err := s.RemovePlayer(ctx, id, c.seat); !errors.Is(err, c.want) {
			t.Errorf("RemovePlayer(seat %d) = %v, want %v", c.seat, err, c.want)
		}
	}
	s.Close()

	s, err = store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	games, err := s.UnfinishedGames(ctx)
	if err != nil || len(games) != 2 {
		t.Fatalf("UnfinishedGames = %d games, %v; want 2", len(games), err)
	}
	room.Removed = []int{0}
	if got := games[0].Room; fmt.Sprint(got) != fmt.Sprint(room) {
		t.Errorf("room of game %d = %+v, want %+v", id, got, room)
	}
	if got := games[1].Room; fmt.Sprint(got) != fmt.Sprint(store.Room{}) {
		t.Errorf("room of a game stored without one = %+v, want none", got)
	}
	if g, err := s.Game(ctx, id); err != nil || g.Room.Code != room.Code || len(g.Seats) != 3 {
		t.Errorf("Game(%d) = room %+v, %d seats, %v", id, g.Room, len(g.Seats), err)
	}
	if err := s.FinishGame(ctx, plain, "alice 6000", nil); err != nil {
		t.Fatal(err)
	}
	if err := s.RemovePlayer(ctx, plain, 0); !errors.Is(err, store.ErrConflict) {
		t.Errorf("RemovePlayer in a finished game = %v, want ErrConflict", err)
	}
}

// F4 (issue 16): a waiting room is stored as it is after each change and
// comes back after a close and reopen of the database with its seats;
// when its game starts it leaves the waiting rooms in the game's
// transaction (no second room), and a dropped one is gone.
func TestF4WaitingRoomRoundTrip(t *testing.T) {
	ctx := context.Background()
	s, path := open(t)
	a, err := s.CreateAccount(ctx, "alice", keyAlice)
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.CreateAccount(ctx, "bob", keyBob)
	if err != nil {
		t.Fatal(err)
	}
	private := store.WaitingRoom{
		Room: store.Room{ID: "k3vq", Code: "x7h2mp", Title: "alice's table", Host: a.ID},
		Game: "acquire", Rules: "classic", Options: "hand=redraw", Clock: "move=1m0s", Seats: 4,
		Taken: []store.Seat{{Index: 0, Account: a.ID, Name: "alice"}, {Index: 1, Account: b.ID, Name: "bob"}},
	}
	public := store.WaitingRoom{Room: store.Room{ID: "p2zz", Title: "bob's table", Host: b.ID}, Game: "acquire", Rules: "modern", Seats: 2, Ranked: true}
	for _, w := range []store.WaitingRoom{private, public} {
		if err := s.SaveWaitingRoom(ctx, w); err != nil {
			t.Fatal(err)
		}
	}
	// bob stands up, a bot sits at seat 2 and bob becomes the host.
	private.Taken = []store.Seat{{Index: 0, Account: a.ID, Name: "alice"}, {Index: 2, Name: "bot1", Bot: "hard"}}
	private.Host = b.ID
	if err := s.SaveWaitingRoom(ctx, private); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveWaitingRoom(ctx, store.WaitingRoom{Room: store.Room{ID: "zero"}, Game: "acquire"}); err == nil {
		t.Error("a waiting room with no seats was saved")
	}
	s.Close()

	s, err = store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.WaitingRooms(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := []store.WaitingRoom{private, public}; fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", want) {
		t.Fatalf("WaitingRooms =\n %+v\nwant\n %+v", got, want)
	}
	if _, err := s.CreateGame(ctx, store.NewGame{
		Game: "acquire", Rules: "classic", Status: store.StatusPlaying, Room: private.Room,
		Seats: []store.Seat{{Index: 0, Name: "bot1", Bot: "hard"}, {Index: 1, Account: a.ID, Name: "alice"}},
	}); err != nil {
		t.Fatal(err)
	}
	if err := s.DropWaitingRoom(ctx, public.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.DropWaitingRoom(ctx, "none"); err != nil {
		t.Errorf("DropWaitingRoom of a room never stored = %v, want nil", err)
	}
	if got, err := s.WaitingRooms(ctx); err != nil || len(got) != 0 {
		t.Errorf("WaitingRooms after the start and the drop = %+v, %v; want none", got, err)
	}
	games, err := s.UnfinishedGames(ctx)
	if err != nil || len(games) != 1 || games[0].Room.ID != private.ID || games[0].Room.Code != private.Code {
		t.Errorf("UnfinishedGames = %+v, %v; want the started room's game", games, err)
	}
}

// BenchmarkSaveWaitingRoom stores a four-seat waiting room's table once a
// seat changes, as a room does before anyone sees the change: what a sit,
// stand, bot or kick costs in writes.
func BenchmarkSaveWaitingRoom(b *testing.B) {
	ctx := context.Background()
	s, err := store.Open(ctx, storetest.Data(b))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	a, err := s.CreateAccount(ctx, "alice", keyAlice)
	if err != nil {
		b.Fatal(err)
	}
	w := store.WaitingRoom{
		Room: store.Room{ID: "k3vq", Code: "x7h2mp", Title: "alice's table", Host: a.ID},
		Game: "acquire", Rules: "classic", Seats: 4,
		Taken: []store.Seat{{Index: 0, Account: a.ID, Name: "alice"}, {Index: 1, Name: "bot1", Bot: "hard"}},
	}
	for b.Loop() {
		if err := s.SaveWaitingRoom(ctx, w); err != nil {
			b.Fatal(err)
		}
	}
}

// A node finds a room by its id or its invite code, waiting or in play,
// and a player's room, and no room once its game is over.
func TestFindRoom(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	a, err := s.CreateAccount(ctx, "alice", keyAlice)
	if err != nil {
		t.Fatal(err)
	}
	w := store.WaitingRoom{Room: store.Room{ID: "abcd", Code: "secret", Title: "t", Host: a.ID}, Game: "acquire", Rules: "modern", Seats: 2,
		Taken: []store.Seat{{Index: 0, Account: a.ID, Name: "alice"}}}
	if err := s.SaveWaitingRoom(ctx, w); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"abcd", "secret"} {
		if found, err := s.FindRoom(ctx, key); err != nil || found.Waiting == nil || found.Waiting.ID != "abcd" || found.Game != nil {
			t.Errorf("FindRoom(%q) of a waiting room = %+v, %v", key, found, err)
		}
	}
	if room, err := s.SeatedRoom(ctx, a.ID); err != nil || room != "abcd" {
		t.Errorf("SeatedRoom = %q, %v; want the waiting room", room, err)
	}
	if room, err := s.PlayingRoom(ctx, a.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("PlayingRoom of a player in a waiting room = %q, %v; want ErrNotFound", room, err)
	}
	id, err := s.CreateGame(ctx, store.NewGame{Game: "acquire", Rules: "modern", Status: store.StatusPlaying,
		Seats: []store.Seat{{Index: 0, Account: a.ID, Name: "alice"}}, Room: w.Room})
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"abcd", "secret"} {
		if found, err := s.FindRoom(ctx, key); err != nil || found.Game == nil || found.Game.ID != id || found.Waiting != nil {
			t.Errorf("FindRoom(%q) of a room in play = %+v, %v", key, found, err)
		}
	}
	if room, err := s.SeatedRoom(ctx, a.ID); err != nil || room != "abcd" {
		t.Errorf("SeatedRoom = %q, %v; want the room in play", room, err)
	}
	if room, err := s.PlayingRoom(ctx, a.ID); err != nil || room != "abcd" {
		t.Errorf("PlayingRoom = %q, %v; want the room in play", room, err)
	}
	if err := s.AbortGame(ctx, id, "test"); err != nil {
		t.Fatal(err)
	}
	if room, err := s.SeatedRoom(ctx, a.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SeatedRoom once the game is over = %q, %v; want ErrNotFound", room, err)
	}
	if room, err := s.PlayingRoom(ctx, a.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("PlayingRoom once the game is over = %q, %v; want ErrNotFound", room, err)
	}
	if _, err := s.FindRoom(ctx, "abcd"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("FindRoom of a closed room = %v; want ErrNotFound", err)
	}
	if _, err := s.FindRoom(ctx, ""); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("FindRoom(\"\") = %v; want ErrNotFound", err)
	}
}
