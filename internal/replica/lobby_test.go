package replica_test

import (
	"context"
	"slices"
	"testing"

	"hotels/internal/rooms"
	"hotels/internal/rooms/roomstest"
)

// The lobby of one server lists the public rooms, the games in progress
// and the players of another (its bot accounts marked), and forgets them when that server goes.
func TestSharedLobbyListsOtherServersRooms(t *testing.T) {
	// Each node runs its own rooms: only the lobby's list is shared.
	a, b := twoNodes(t, nodeConfig{fakeClock: true, share: true, alone: true})
	ch, stop := b.l.Subscribe()
	defer stop()

	ps := roomstest.Accounts(t, a.st, "ann", "bob", "cat")
	ann, bob, cat := ps[0], ps[1], ps[2]
	leave := a.l.Arrive(ann)
	defer leave()
	b.l.Arrive(bob)
	defer a.l.Arrive(rooms.Player{ID: 77, Name: "robo", Bot: true})()
	pub, err := a.l.Create(context.Background(), ann, rooms.Settings{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.l.Create(context.Background(), cat, rooms.Settings{Seats: 2, Private: true}); err != nil {
		t.Fatal(err)
	}
	// b lists a's public room and who is online on either.
	roomstest.Next(t, ch, func(s *rooms.LobbySnapshot) bool {
		return len(s.Rooms) == 1 && s.Rooms[0].ID == pub.ID && s.Rooms[0].Host == "ann" &&
			slices.Equal(s.Online, []string{"ann", "bob", "robo"}) && slices.Equal(s.Bots, []string{"robo"})
	})
	if err := pub.AddBot(context.Background(), ann, "random"); err != nil {
		t.Fatal(err)
	}
	if err := pub.Start(context.Background(), ann); err != nil {
		t.Fatal(err)
	}
	// b counts a's game in progress.
	roomstest.Next(t, ch, func(s *rooms.LobbySnapshot) bool {
		return len(s.Rooms) == 1 && s.Rooms[0].Status == rooms.Playing && s.Playing == 1
	})

	// a is gone: b forgets its room and its players.
	a.node.Close()
	roomstest.Next(t, ch, func(s *rooms.LobbySnapshot) bool {
		return len(s.Rooms) == 0 && slices.Equal(s.Online, []string{"bob"}) && len(s.Bots) == 0
	})
}
