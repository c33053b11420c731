package replica_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"hotels/internal/cluster"
	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/replica"
	"hotels/internal/rooms"
	"hotels/internal/rooms/roomstest"
	"hotels/internal/store"
	"hotels/internal/store/storetest"
)

// sharedLobby is a lobby that shares its rooms, as a node of the servers
// on the database at data.
func sharedLobby(t *testing.T, data, id string) (*rooms.Lobby, *cluster.Node, *store.Store) {
	t.Helper()
	st, err := store.Open(context.Background(), data)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	n, err := cluster.Start(context.Background(), st, cluster.Config{ID: id, Addr: id})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.Close)
	l := rooms.NewLobby(rooms.Config{Journal: st, Kinds: []engine.Kind{acquire.Kind}, After: (&roomstest.Timers{}).After})
	t.Cleanup(func() { l.Close("test over") })
	replica.ShareLobby(l, n, st)
	return l, n, st
}

// nextLobby waits for a lobby snapshot that satisfies ok.
func nextLobby(t *testing.T, ch <-chan *rooms.LobbySnapshot, what string, ok func(*rooms.LobbySnapshot) bool) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case s := <-ch:
			if ok(s) {
				return
			}
		case <-deadline:
			t.Fatalf("the lobby never %s", what)
		}
	}
}

// The lobby of one server lists the public rooms, the games in progress
// and the players of another (its bot accounts marked), and forgets them when that server goes.
func TestSharedLobbyListsOtherServersRooms(t *testing.T) {
	if !storetest.Postgres() {
		t.Skip("several servers on one database need PostgreSQL (" + storetest.Env + ")")
	}
	data := storetest.Data(t)
	a, nodeA, st := sharedLobby(t, data, "a")
	b, _, _ := sharedLobby(t, data, "b")
	ch, stop := b.Subscribe()
	defer stop()

	ps := roomstest.Accounts(t, st, "ann", "bob", "cat")
	ann, bob, cat := ps[0], ps[1], ps[2]
	leave := a.Arrive(ann)
	defer leave()
	b.Arrive(bob)
	defer a.Arrive(rooms.Player{ID: 77, Name: "robo", Bot: true})()
	pub, err := a.Create(context.Background(), ann, rooms.Settings{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Create(context.Background(), cat, rooms.Settings{Seats: 2, Private: true}); err != nil {
		t.Fatal(err)
	}
	nextLobby(t, ch, "listed a's public room and ann", func(s *rooms.LobbySnapshot) bool {
		return len(s.Rooms) == 1 && s.Rooms[0].ID == pub.ID && s.Rooms[0].Host == "ann" &&
			slices.Equal(s.Online, []string{"ann", "bob", "robo"}) && slices.Equal(s.Bots, []string{"robo"})
	})
	if err := pub.AddBot(context.Background(), ann, "random"); err != nil {
		t.Fatal(err)
	}
	if err := pub.Start(context.Background(), ann); err != nil {
		t.Fatal(err)
	}
	nextLobby(t, ch, "counted a's game in progress", func(s *rooms.LobbySnapshot) bool {
		return len(s.Rooms) == 1 && s.Rooms[0].Status == rooms.Playing && s.Playing == 1
	})

	nodeA.Close()
	nextLobby(t, ch, "forgot a's room once a was gone", func(s *rooms.LobbySnapshot) bool {
		return len(s.Rooms) == 0 && slices.Equal(s.Online, []string{"bob"}) && len(s.Bots) == 0
	})
}
