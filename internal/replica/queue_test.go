package replica_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"hotels/internal/rooms"
	"hotels/internal/rooms/roomstest"
)

// Two players queued on two servers are seated at one table, whose room
// one server opens; the other's player is answered with it too.
func TestSharedQueueMatchesAcrossServers(t *testing.T) {
	ctx := context.Background()
	a, b := twoNodes(t, nodeConfig{fakeClock: true, share: true})
	players := roomstest.Accounts(t, a.st, "ann", "bob", "cat")
	ann, bob, cat := players[0], players[1], players[2]

	foundA, leaveA, err := a.l.Seek(ctx, ann, "acquire", "modern", 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := b.l.Seek(ctx, ann, "acquire", "modern", 2, 2); !errors.Is(err, rooms.ErrQueued) {
		t.Errorf("ann seeking on b too: %v, want ErrQueued", err)
	}
	// cat seeks on b and leaves: gone from every server's queue.
	_, leaveC, err := b.l.Seek(ctx, cat, "acquire", "modern", 2, 2)
	if err != nil || !leaveC() {
		t.Fatalf("cat seeks (%v) and leaves: want cat queued until then", err)
	}
	foundB, _, err := b.l.Seek(ctx, bob, "acquire", "modern", 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	a.tm.Fire() // a's match tick: ann and bob form a table, opened on a
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
	games, err := a.st.UnfinishedGames(ctx)
	if err != nil || len(games) != 1 {
		t.Fatalf("stored games in play: %d, %v; want the one table", len(games), err)
	}
	if left, err := a.st.Seekers(ctx, "b"); err != nil || len(left) != 0 {
		t.Errorf("b's seekers after the answer: %+v, %v; want none", left, err)
	}
}
