package replica_test

import (
	"context"
	"errors"
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

// sharedNode is a server of a cluster on the database at data: a lobby
// whose rooms, lobby list and ranked queue are shared with the others,
// matching when its timers fire.
func sharedNode(t *testing.T, data, id string) (*rooms.Lobby, *roomstest.Timers, *store.Store, *cluster.Node) {
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
	appender := store.NewAppender(st)
	t.Cleanup(appender.Close)
	tm := &roomstest.Timers{}
	journal := store.Journal{Store: st, Appender: appender}
	l := rooms.NewLobby(rooms.Config{
		Journal: journal, Kinds: []engine.Kind{acquire.Kind},
		Ratings: st, Grace: time.Minute, BotDelay: time.Millisecond, After: tm.After,
	})
	replica.Start(l, journal, st, n)
	t.Cleanup(func() { l.Close("test over") })
	replica.ShareLobby(l, n, st)
	replica.ShareQueue(l, n, st)
	return l, tm, st, n
}

// Two players queued on two servers are seated at one table, whose room
// one server opens; the other's player is answered with it too.
func TestSharedQueueMatchesAcrossServers(t *testing.T) {
	if !storetest.Postgres() {
		t.Skip("several servers on one database need PostgreSQL (" + storetest.Env + ")")
	}
	ctx := context.Background()
	data := storetest.Data(t)
	a, tmA, st, _ := sharedNode(t, data, "a")
	b, _, _, _ := sharedNode(t, data, "b")
	players := roomstest.Accounts(t, st, "ann", "bob", "cat")
	ann, bob, cat := players[0], players[1], players[2]

	foundA, leaveA, err := a.Seek(ctx, ann, "acquire", "modern", 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := b.Seek(ctx, ann, "acquire", "modern", 2, 2); !errors.Is(err, rooms.ErrQueued) {
		t.Errorf("ann seeking on b too: %v, want ErrQueued", err)
	}
	// cat seeks on b and leaves: gone from every server's queue.
	_, leaveC, err := b.Seek(ctx, cat, "acquire", "modern", 2, 2)
	if err != nil || !leaveC() {
		t.Fatalf("cat seeks (%v) and leaves: want cat queued until then", err)
	}
	foundB, _, err := b.Seek(ctx, bob, "acquire", "modern", 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	tmA.Fire() // a's match tick: ann and bob form a table, opened on a
	if leaveA() {
		t.Error("leave after the table formed said ann was still queued")
	}
	answer := func(who string, found <-chan *rooms.Room) *rooms.Room {
		select {
		case r := <-found:
			if r == nil {
				t.Fatalf("%s was answered with no room", who)
			}
			return r
		case <-time.After(10 * time.Second):
			t.Fatalf("%s was never answered", who)
		}
		return nil
	}
	ra, rb := answer("ann", foundA), answer("bob", foundB)
	if ra.ID != rb.ID || !ra.Info().Ranked || ra.Info().Status != rooms.Playing || ra.Info().Taken != 2 {
		t.Fatalf("ann's room %s %+v, bob's %s; want one ranked room in play with both seated", ra.ID, ra.Info(), rb.ID)
	}
	games, err := st.UnfinishedGames(ctx)
	if err != nil || len(games) != 1 {
		t.Fatalf("stored games in play: %d, %v; want the one table", len(games), err)
	}
	if left, err := st.Seekers(ctx, "b"); err != nil || len(left) != 0 {
		t.Errorf("b's seekers after the answer: %+v, %v; want none", left, err)
	}
}
