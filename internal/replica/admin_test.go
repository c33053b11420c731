package replica_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"hotels/internal/rooms"
	"hotels/internal/rooms/roomstest"
)

// An admin on one server kicks and closes in a room another server runs:
// the owner does it, and the seat and the room change on both.
func TestAdminActsOnRoomElsewhere(t *testing.T) {
	ctx := context.Background()
	a, b := twoNodes(t, nodeConfig{})
	ps := roomstest.Accounts(t, a.st, "ann", "bob", "cat")
	ann, bob, cat := ps[0], ps[1], ps[2]

	r, err := a.l.Create(ctx, ann, rooms.Settings{Seats: 3})
	if err != nil {
		t.Fatal(err)
	}
	annA := join(t, a.l, r.ID, ann)
	for _, p := range []rooms.Player{bob, cat} {
		if err := r.Sit(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	annA.until(t, func(s *rooms.Snapshot) bool { return s.Room.Taken == 3 })
	followed, err := b.l.Room(r.ID)
	if err != nil || followed == r {
		t.Fatalf("node B's room %v, %v; want its follower of A's", followed, err)
	}
	bobB := join(t, b.l, r.ID, bob)
	bobB.until(t, func(s *rooms.Snapshot) bool { return s.Room.Taken == 3 })

	if name, err := followed.RemoveSeat(ctx, 2, "bye"); err != nil || name != "cat" {
		t.Fatalf("RemoveSeat(3) from B = %q, %v; want cat removed", name, err)
	}
	annA.until(t, func(s *rooms.Snapshot) bool { return s.Room.Taken == 2 && logs(s, "was removed by an admin") })
	if _, err := followed.RemoveName(ctx, "nobody", "bye"); !errors.Is(err, rooms.ErrNoSeat) {
		t.Errorf("RemoveName(nobody) from B = %v, want ErrNoSeat", err)
	}
	if seat, err := followed.RemoveName(ctx, "BOB", "bye"); err != nil || seat != 1 {
		t.Errorf("RemoveName(BOB) from B = %d, %v; want seat 2 emptied", seat+1, err)
	}
	annA.until(t, func(s *rooms.Snapshot) bool { return s.Room.Taken == 1 })

	if err := followed.Close(ctx, "testing"); err != nil {
		t.Fatalf("Close from B = %v", err)
	}
	last := annA.until(t, func(s *rooms.Snapshot) bool { return s.Closed })
	if !strings.Contains(last.Notice, "closed by an admin: testing") {
		t.Errorf("ann is told %q, want the reason", last.Notice)
	}
	if err := r.Close(ctx, "again"); !errors.Is(err, rooms.ErrRoomClosed) {
		t.Errorf("closing it again on A = %v, want ErrRoomClosed", err)
	}
}
