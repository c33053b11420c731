package replica_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"hotels/internal/engine/acquire"
	"hotels/internal/rooms"
	"hotels/internal/rooms/roomstest"
	"hotels/internal/store"
)

// Issue 18: a player on node B plays in a room node A runs, as if it were
// B's: seats, chat and moves go to A, and A's changes come back. When A
// dies, B takes the room over from the journal within the lease's time,
// the players keep their seats, and the game goes on to its end with
// every acknowledged action in a record that replays.
func TestClusterFollowAndFailover(t *testing.T) {
	ctx := context.Background()
	a, b := twoNodes(t, nodeConfig{})
	r, annA, bobB, ps := annAndBob(t, a, b, 2)
	ann, bob := ps[0], ps[1]
	annA.until(t, func(s *rooms.Snapshot) bool { return s.Room.Taken == 2 && s.Seats[1].Name == "bob" })
	bobB.until(t, func(s *rooms.Snapshot) bool { return s.You == 1 && logs(s, "bob sits down") })
	if err := bobB.r.Start(ctx, bob); !errors.Is(err, rooms.ErrNotHost) {
		t.Errorf("bob starts from node B = %v; want the owner's verdict %v", err, rooms.ErrNotHost)
	}
	if err := bobB.r.Chat(ctx, bob, "hello from B"); err != nil {
		t.Fatal(err)
	}
	annA.until(t, func(s *rooms.Snapshot) bool {
		return slices.ContainsFunc(s.Chat, func(c rooms.ChatLine) bool { return c.From == "bob" && c.Text == "hello from B" })
	})
	if err := annA.r.Chat(ctx, ann, "hello from A"); err != nil {
		t.Fatal(err)
	}
	bobB.until(t, func(s *rooms.Snapshot) bool {
		return slices.ContainsFunc(s.Chat, func(c rooms.ChatLine) bool { return c.From == "ann" && c.Text == "hello from A" })
	})
	if err := annA.r.Start(ctx, ann); err != nil {
		t.Fatal(err)
	}
	bobB.until(t, func(s *rooms.Snapshot) bool { return s.Game != nil })
	acked := turns(t, 12, annA, bobB)

	var gameID store.GameID
	{
		found, err := a.st.FindRoom(ctx, r.ID)
		if err != nil || found.Game == nil {
			t.Fatalf("FindRoom = %+v, %v", found, err)
		}
		gameID = found.Game.ID
	}
	before, err := b.st.Actions(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	// Issue 26: A runs the room, B follows it; each counts it so.
	for _, g := range []struct {
		n    *node
		name string
		want float64
	}{{a, "cluster_leases_held", 1}, {a, "cluster_rooms_followed", 0}, {b, "cluster_leases_held", 0}, {b, "cluster_rooms_followed", 1}} {
		if got := gauge(t, g.n.rep.Metrics(), g.name); got != g.want {
			t.Errorf("hotels_%s = %v on node %s, want %v", g.name, got, map[*node]string{a: "a", b: "b"}[g.n], g.want)
		}
	}
	if got := gauge(t, a.l.Metrics(), "rooms", "game", "acquire", "state", "playing") + gauge(t, b.l.Metrics(), "rooms", "game", "acquire", "state", "playing"); got != 1 {
		t.Errorf("the nodes count %v rooms playing between them, want 1", got)
	}
	failed := failovers(t)

	a.kill()
	killed := time.Now()
	s := bobB.until(t, func(s *rooms.Snapshot) bool { return logs(s, "the game goes on here") })
	t.Logf("node B took the room over %v after node A died", time.Since(killed).Round(100*time.Millisecond))
	if roomstest.SeatState(s, "bob") != rooms.SeatReady || roomstest.SeatState(s, "ann") != rooms.SeatAway || s.Seats[s.You].Name != "bob" {
		t.Errorf("after the takeover the seats are %+v, bob's %d; want bob here and ann away, each in their seat", s.Seats, s.You)
	}
	lease, live, err := b.st.LeaseOf(ctx, r.ID)
	if err != nil || !live || lease.Node != "b" {
		t.Errorf("LeaseOf = %+v, %v, %v; want node b's, live", lease, live, err)
	}
	if got := failovers(t); got <= failed {
		t.Errorf("hotels_cluster_failovers_total = %v after the takeover, was %v", got, failed)
	}

	// ann reconnects, to node B: her seat waits for her.
	annB := join(t, b.l, r.ID, ann)
	if annB.r != bobB.r {
		t.Fatal("ann's room on B is not the one B took over")
	}
	annB.until(t, func(s *rooms.Snapshot) bool {
		return s.You >= 0 && s.Seats[s.You].Name == "ann" && roomstest.SeatState(s, "ann") == rooms.SeatReady
	})
	acked += turns(t, 1000, annB, bobB)
	final := annB.last
	if final.Room.Status != rooms.Over {
		final = annB.until(t, func(s *rooms.Snapshot) bool { return s.Room.Status == rooms.Over })
	}

	g, err := b.st.Game(ctx, gameID)
	if err != nil || g.Status != store.StatusFinished {
		t.Fatalf("the stored game is %v (%v); want finished", g.Status, err)
	}
	lines, err := b.st.Actions(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(lines[:len(before)], before) {
		t.Errorf("the journal changed what it held when node A died")
	}
	player := 0
	for _, line := range lines {
		if strings.HasPrefix(line, "ann ") || strings.HasPrefix(line, "bob ") {
			player++
		}
	}
	if player < acked {
		t.Errorf("%d players' actions journaled, %d acknowledged", player, acked)
	}
	replayed, err := acquire.Kind.Resume(g.Chance, lines)
	if err != nil {
		t.Fatalf("the record does not replay: %v", err)
	}
	if got, want := fmt.Sprint(replayed.Standings()), fmt.Sprint(final.Game.(*acquire.View).Standings); got != want {
		t.Errorf("replayed standings %s, room's %s", got, want)
	}
}

// Issue 18: a node cut off from the others (it stopped renewing its
// leases, but still reaches the database) cannot journal once another node
// has taken its room over: its player's move is refused and nothing is
// written.
func TestClusterFencedNodeCannotJournal(t *testing.T) {
	ctx := context.Background()
	a, b := twoNodes(t, nodeConfig{})
	r, annA, bobA, _ := annAndBobPlay(t, a, a)
	turns(t, 4, annA, bobA)
	found, err := a.st.FindRoom(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := a.st.Actions(ctx, found.Game.ID)

	a.rep.Halt() // cut off: A renews nothing, and hears nothing
	deadline := time.Now().Add(15 * time.Second)
	for {
		if l, live, err := b.st.LeaseOf(ctx, r.ID); err == nil && live && l.Node == "b" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("node B did not take the room over")
		}
		time.Sleep(100 * time.Millisecond)
	}
	var on *at
	for _, x := range []*at{annA, bobA} {
		for more := true; more; {
			select {
			case x.last = <-x.ch:
			default:
				more = false
			}
		}
		if x.last.Turn == x.last.You {
			on = x
		}
	}
	if on == nil {
		t.Fatal("nobody on turn on node A")
	}
	if err := on.r.Act(ctx, on.p, roomstest.FirstLegal(on.last.Game.(*acquire.View))); !errors.Is(err, rooms.ErrSaveFailed) {
		t.Fatalf("a move on the cut-off node = %v; want %v", err, rooms.ErrSaveFailed)
	}
	after, _ := b.st.Actions(ctx, found.Game.ID)
	if len(after) < len(before) || !slices.Equal(after[:len(before)], before) {
		t.Fatalf("the journal lost actions: %d before, %d after", len(before), len(after))
	}
	for _, line := range after[len(before):] {
		t.Errorf("journaled after node A was cut off, but not by B: %q", line)
	}
}

// Issue 18: when the node a player reached dies, the room's owner stops
// counting the player's session once that node stops telling of it: the
// seat is away, held for the grace period, as after any dropped
// connection.
func TestClusterFollowerNodeDies(t *testing.T) {
	a, b := twoNodes(t, nodeConfig{})
	r, annA, _, ps := annAndBob(t, a, b, 2)
	annA.until(t, func(s *rooms.Snapshot) bool { return s.Room.Taken == 2 && s.Seats[1].State == rooms.SeatReady })
	b.kill()
	s := annA.until(t, func(s *rooms.Snapshot) bool { return s.Seats[1].State == rooms.SeatAway })
	if !logs(s, "bob is away") {
		t.Errorf("the log does not say bob is away: %+v", s.Log)
	}

	// bob reaches a third node: it sends him back to his seat.
	c := startNode(t, a.data, "c", nodeConfig{})
	back := c.l.Rejoin(ps[1])
	if back == nil || back.ID != r.ID || back == r {
		t.Fatalf("Rejoin on node C = %v; want room %s followed there", back, r.ID)
	}
	bobC := join(t, c.l, r.ID, ps[1])
	bobC.until(t, func(s *rooms.Snapshot) bool { return s.You == 1 })
	annA.until(t, func(s *rooms.Snapshot) bool { return s.Seats[1].State == rooms.SeatReady })
}

// Issue 18: a room whose lease lapsed while its node could not reach the
// database (no other node took it) is its node's again, with a new token,
// and play goes on.
func TestClusterOwnerTakesItsLapsedLeaseBack(t *testing.T) {
	ctx := context.Background()
	a := nodeA(t, nodeConfig{})
	r, annA, bobA, _ := annAndBobPlay(t, a, a)
	turns(t, 2, annA, bobA)
	was, _, err := a.st.LeaseOf(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.st.RenewLeases(ctx, "a", -time.Minute); err != nil { // lapsed
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if l, live, err := a.st.LeaseOf(ctx, r.ID); err == nil && live && l.Node == "a" && l.Token > was.Token {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("node A did not take its lapsed lease back")
		}
	}
	if n := turns(t, 4, annA, bobA); n != 4 {
		t.Errorf("%d moves after the lease came back; want 4", n)
	}
}

// Issue 18: a room still waiting for players is taken over too: its seats
// are held, its host can start the game from the node that took it over,
// and a bot seated before goes on playing there.
func TestClusterWaitingRoomFailover(t *testing.T) {
	ctx := context.Background()
	a, b := twoNodes(t, nodeConfig{})
	r, _, bobB, ps := annAndBob(t, a, b, 3)
	if err := r.AddBot(ctx, ps[0], ""); err != nil {
		t.Fatal(err)
	}
	bobB.until(t, func(s *rooms.Snapshot) bool { return s.Room.Taken == 3 })

	a.kill()
	s := bobB.until(t, func(s *rooms.Snapshot) bool { return logs(s, "the game goes on here") })
	if s.Room.Status != rooms.Waiting || s.Room.Taken != 3 || roomstest.SeatState(s, "ann") != rooms.SeatAway || roomstest.SeatState(s, "bob") != rooms.SeatReady {
		t.Fatalf("the waiting room after the takeover: %+v, seats %+v", s.Room, s.Seats)
	}
	annB := join(t, b.l, r.ID, ps[0])
	if err := annB.r.Start(ctx, ps[0]); err != nil {
		t.Fatalf("ann starts the game on node B: %v", err)
	}
	annB.until(t, func(s *rooms.Snapshot) bool { return s.Game != nil })
	if n := turns(t, 1000, annB, bobB); n == 0 {
		t.Fatal("no move made")
	}
	final := annB.last
	if final.Room.Status != rooms.Over {
		final = annB.until(t, func(s *rooms.Snapshot) bool { return s.Room.Status == rooms.Over })
	}
	if len(final.Game.(*acquire.View).Standings) != 3 {
		t.Errorf("final standings %v; want three seats", final.Game.(*acquire.View).Standings)
	}
}

// Issue 18: once a game is over, a player on another node than the room's
// owner asks for the rematch: the owner opens it, the players on its node
// see the offer and join the same room. On each node the rematch's seats
// are the owner's: ann's is held for her (invited) until she comes, even
// in bob's first sight of it on node B, which the store alone cannot give
// (it keeps who sits, not who is invited or away).
func TestClusterRematch(t *testing.T) {
	ctx := context.Background()
	a, b := twoNodes(t, nodeConfig{})
	_, annA, bobB, ps := annAndBobPlay(t, a, b)
	turns(t, 1000, annA, bobB)
	bobB.until(t, func(s *rooms.Snapshot) bool { return s.Room.Status == rooms.Over })

	next, err := bobB.r.Rematch(ctx, ps[1])
	if err != nil {
		t.Fatalf("bob asks for a rematch on node B: %v", err)
	}
	bobNext := join(t, b.l, next.ID, ps[1]) // bob's screen goes to the rematch at once
	if s := bobNext.until(t, func(*rooms.Snapshot) bool { return true }); roomstest.SeatState(s, "ann") != rooms.SeatInvited {
		t.Errorf("bob first sees the rematch's seats %+v on node B; want ann's invited, as node A has it", s.Seats)
	}
	s := annA.until(t, func(s *rooms.Snapshot) bool { return s.Rematch != nil })
	if s.Rematch.By != "bob" || s.Rematch.Room != next.ID {
		t.Errorf("ann sees the rematch %+v; want bob's, in room %s", s.Rematch, next.ID)
	}
	if lease, _, err := a.st.LeaseOf(ctx, next.ID); err != nil || lease.Node != "a" {
		t.Errorf("the rematch's lease is %+v, %v; want node a's, which ran the game", lease, err)
	}
	mine, err := annA.r.Rematch(ctx, ps[0])
	if err != nil || mine.ID != next.ID {
		t.Fatalf("ann's rematch = %v, %v; want room %s", mine, err, next.ID)
	}
	// She has answered; her seat is hers once she is in the room, as on
	// one server (TestRematch): her screen goes there.
	join(t, a.l, next.ID, ps[0])
	bobNext.until(t, func(s *rooms.Snapshot) bool {
		return s.Room.Taken == 2 && roomstest.SeatState(s, "ann") == rooms.SeatReady
	})
}

// journalReads counts a node's reads of a game's journal.
type journalReads struct {
	rooms.Journal
	n atomic.Int64
}

func (j *journalReads) ActionsAfter(ctx context.Context, id store.GameID, seq int) ([]string, error) {
	j.n.Add(1)
	return j.Journal.ActionsAfter(ctx, id, seq)
}

// A follower takes each action from the owner's frame, not from a read of
// the journal per move: the journal is read only when frames were missed.
func TestClusterFramesCarryActions(t *testing.T) {
	reads := &journalReads{}
	a := nodeA(t, nodeConfig{})
	b := startNode(t, a.data, "b", nodeConfig{journal: func(j rooms.Journal) rooms.Journal { reads.Journal = j; return reads }})
	_, annA, bobB, _ := annAndBobPlay(t, a, b)
	before := reads.n.Load()
	moves := turns(t, 20, annA, bobB)
	// Both sides agree on the game after every move.
	want := annA.until(t, func(s *rooms.Snapshot) bool { return true }).Game.(*acquire.View)
	got := bobB.until(t, func(s *rooms.Snapshot) bool {
		v := s.Game.(*acquire.View)
		return v.Due == want.Due && v.Tile == want.Tile
	}).Game.(*acquire.View)
	if got.Due != want.Due {
		t.Fatalf("node B shows %q, node A %q", got.Due, want.Due)
	}
	if n := reads.n.Load() - before; n > 2 {
		t.Errorf("node B read the journal %d times for %d moves; want the frames to carry them", n, moves)
	}
}

// Issue 27, N2, across servers: on node B, a private room node A runs is
// found by its code and, by its id, by its members only; a stranger's look-up
// by its id finds nothing and leaves B following nothing.
func TestClusterFindPrivateRoom(t *testing.T) {
	ctx := context.Background()
	a, b := twoNodes(t, nodeConfig{})
	ps := roomstest.Accounts(t, a.st, "ann", "bob", "cat")
	r, err := a.l.Create(ctx, ps[0], rooms.Settings{Seats: 3, Private: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Sit(ctx, ps[1]); err != nil {
		t.Fatal(err)
	}
	if _, err := b.l.Find(ctx, ps[2], r.ID); !errors.Is(err, rooms.ErrNoRoom) {
		t.Errorf("a stranger on node B finds the private room by its id: %v, want ErrNoRoom", err)
	}
	if n := len(b.l.Rooms()); n != 0 {
		t.Errorf("node B follows %d rooms after a stranger's look-up, want none", n)
	}
	in, err := r.Inspect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		who  rooms.Player
		name string
	}{{ps[1], r.ID}, {ps[2], in.Code}} {
		if got, err := b.l.Find(ctx, tt.who, tt.name); err != nil || got.ID != r.ID {
			t.Errorf("%s on node B finds %q: %v", tt.who.Name, tt.name, err)
		}
	}
}

// Issue 27, N6, across servers: ann plays in a room node A runs; on node B,
// which runs no room of hers, she opens no room and sits nowhere, because
// the store knows her seat.
func TestClusterOneGameAtATime(t *testing.T) {
	ctx := context.Background()
	a, b := twoNodes(t, nodeConfig{})
	ps := roomstest.Accounts(t, a.st, "ann", "bob")
	r, err := a.l.Create(ctx, ps[0], rooms.Settings{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.AddBot(ctx, ps[0], ""); err != nil {
		t.Fatal(err)
	}
	if err := r.Start(ctx, ps[0]); err != nil {
		t.Fatal(err)
	}
	if _, err := b.l.Create(ctx, ps[0], rooms.Settings{Seats: 2}); !errors.Is(err, rooms.ErrPlaying) {
		t.Errorf("ann opens a room on node B while playing on A: %v, want ErrPlaying", err)
	}
	other, err := b.l.Create(ctx, ps[1], rooms.Settings{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	if err := other.Sit(ctx, ps[0]); !errors.Is(err, rooms.ErrPlaying) {
		t.Errorf("ann sits on node B while playing on A: %v, want ErrPlaying", err)
	}
}
