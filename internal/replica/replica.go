// Package replica runs a lobby's rooms across several servers (nodes)
// sharing one PostgreSQL database (issue 18): it is the lobby's Cluster
// and each room's Link (internal/rooms), and shares the lobby's list and
// ranked queue with the other nodes (lobby.go, queue.go).
//
// Each room is run by one node at a time, its owner, which holds the
// room's lease (store.AcquireLease) and renews it every renewEvery; the
// lease lapses leaseTTL after the last renewal, by the database's clock.
// The owner does all a room does on a single server, and its journal
// appends carry the lease (saved.Fenced), so that once another node has
// taken the room over, the old owner can write nothing.
//
// After each change the owner announces the room (notifyFrame): a frame
// (frame.go) with what is not stored, the room's State, the notes, chat
// and journaled actions since the last frame (when they fit in a
// notification), and how many actions the journal holds: a follower that
// missed some reads them from the store. A node whose players or watchers
// are in a room it does not own follows it: the same rooms.Room, whose
// state it takes from the frames and the journal, applying each action to
// the same engine, and whose sessions see it as any room. Its players'
// requests (moves, chat, seats, bots, votes, their presence) go to the
// owner, and the owner's verdict comes back (notifyRoom, remote.go).
//
// Every node looks for lapsed leases each renewEvery: the owner takes its
// own back (it lapsed while the database was out of reach), a node that
// follows such a room takes it over at once, any other after lapsedRounds
// more rounds, so that a room with no one elsewhere is taken over too;
// taking a room over is what a restart does (rooms.Lobby.RestoreGame),
// from the journal.
//
// The nodes speak through internal/cluster's one channel (cluster.Node),
// and what may have been lost while it was not heard is read again when
// it says so (cluster.Rejoined).
//
// replica imports rooms, cluster and the store's types; rooms knows it
// only as its ports (rooms.Cluster, rooms.Link, rooms.SharedQueue).
package replica

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"hotels/internal/cluster"
	"hotels/internal/metrics"
	"hotels/internal/rooms"
	"hotels/internal/saved"
)

// Store is what a lobby needs of the database to share rooms with other
// nodes: the store on PostgreSQL.
type Store interface {
	rooms.Archive
	AcquireLease(ctx context.Context, room, node string, ttl time.Duration) (saved.Lease, error)
	RenewLeases(ctx context.Context, node string, ttl time.Duration) ([]saved.Lease, error)
	ReleaseLease(ctx context.Context, l saved.Lease) error
	LeaseOf(ctx context.Context, room string) (saved.Lease, bool, error)
	LapsedLeases(ctx context.Context) ([]saved.Lease, error)
	FindRoom(ctx context.Context, idOrCode string) (saved.OpenRoom, error)
	SeatedRoom(ctx context.Context, account saved.AccountID) (string, error)
	Game(ctx context.Context, id saved.GameID) (saved.Game, error)
}

// Node is what replication needs of this server's node (*cluster.Node).
type Node interface {
	ID() string
	On(kind string, h func(from, payload string))
	Notify(ctx context.Context, kind, payload string) error
	Tell(ctx context.Context, to, kind, payload string) error
}

const (
	leaseTTL   = 5 * time.Second
	renewEvery = time.Second
	// lapsedRounds is how many renewals a node with no one in a room
	// leaves its followers to take it over first.
	lapsedRounds = 2
	// A node tells the owners of the rooms it follows who is here every
	// hereEvery; an owner forgets a session not told of for herePatience.
	hereEvery    = 2 * time.Second
	herePatience = 3 * hereEvery
	// askTimeout bounds the wait for the owner's verdict on a request.
	askTimeout = 5 * time.Second
	// dbTimeout bounds each read and write of the store.
	dbTimeout = 10 * time.Second
)

// Kinds of this package's notifications on the nodes' channel.
const (
	notifyFrame = "frame" // a room as its owner announces it
	notifyRoom  = "room"  // a request for a room's owner, or its verdict
)

// Replica is a lobby's part in a cluster: its rooms.Cluster.
type Replica struct {
	l    *rooms.Lobby
	db   Store
	j    rooms.Journal
	node Node
	log  *slog.Logger
	stop context.CancelFunc
	done sync.WaitGroup

	mu     sync.Mutex
	asks   map[uint64]chan verdict // requests waiting for their verdict, by id
	nextID uint64
	lapsed map[string]int // rooms seen lapsed, by how many rounds
	rounds int            // of the lease loop
	out    chan outgoing  // notifications to send, in order
}

// outgoing is a notification to send: to every node, or to node to alone.
type outgoing struct{ to, kind, payload string }

// Start makes l, whose rooms journal to j, one node of those on db: it
// renews this node's leases, takes over the rooms of nodes that stopped,
// and hears the others through node. Call it before l restores its rooms.
func Start(l *rooms.Lobby, j rooms.Journal, db Store, node Node) *Replica {
	ctx, stop := context.WithCancel(context.Background())
	c := &Replica{
		l: l, db: db, j: j, node: node, log: l.Log(), stop: stop,
		asks: map[uint64]chan verdict{}, lapsed: map[string]int{},
		out: make(chan outgoing, 4096),
	}
	node.On(notifyFrame, func(from, payload string) {
		if ctx.Err() == nil && from != node.ID() {
			c.heardFrame(payload)
		}
	})
	node.On(notifyRoom, func(_, payload string) {
		if ctx.Err() == nil {
			c.heardRoom(payload)
		}
	})
	// What was announced while the node did not listen is lost.
	node.On(cluster.Rejoined, func(string, string) {
		if ctx.Err() == nil {
			c.caughtUp()
		}
	})
	l.Replicate(c)
	c.done.Add(2)
	go func() {
		defer c.done.Done()
		c.leases(ctx)
	}()
	go func() {
		defer c.done.Done()
		c.sendOut(ctx)
	}()
	return c
}

// Halt stops the node's part in the cluster without a word to the other
// nodes: its leases lapse, as a node's that died.
func (c *Replica) Halt() {
	c.stop()
	c.done.Wait()
}

// Close halts, then lets this node's leases lapse now rather than in
// leaseTTL: the other nodes take its rooms over at once. The lobby calls
// it as it closes.
func (c *Replica) Close() {
	c.Halt()
	ctx, cancel := context.WithTimeout(context.Background(), dbTimeout)
	defer cancel()
	if _, err := c.db.RenewLeases(ctx, c.node.ID(), 0); err != nil {
		c.log.Warn("cannot hand the rooms over: they are taken over when their leases lapse", "err", err)
	}
}

// send queues a notification for node to ("" for every node); sent in
// order, without holding the room.
func (c *Replica) send(to, kind string, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // our own types always marshal
	}
	select {
	case c.out <- outgoing{to, kind, string(b)}:
	default:
		// Full: the database is slow or gone. Followers catch up from the
		// next frame that gets through.
	}
}

func (c *Replica) sendOut(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case o := <-c.out:
			sctx, cancel := context.WithTimeout(ctx, dbTimeout)
			var err error
			if o.to == "" {
				err = c.node.Notify(sctx, o.kind, o.payload)
			} else {
				err = c.node.Tell(sctx, o.to, o.kind, o.payload)
			}
			if err != nil && ctx.Err() == nil {
				c.log.Warn("cannot tell the other nodes", "kind", o.kind, "err", err)
			}
			cancel()
		}
	}
}

// leases renews this node's leases every renewEvery, and takes over the
// rooms whose owner stopped renewing theirs.
func (c *Replica) leases(ctx context.Context) {
	t := time.NewTicker(renewEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		c.renew(ctx)
		c.takeOver(ctx)
		c.presence()
	}
}

// linkOf returns the room's link, which is this package's: the lobby's
// every room has one.
func linkOf(r *rooms.Room) *link { return r.Link().(*link) }

// presence tells the owners of the rooms followed here who is here, every
// hereEvery, and forgets the sessions elsewhere in the rooms owned here
// whose node stopped telling.
func (c *Replica) presence() {
	c.mu.Lock()
	c.rounds++
	tell := c.rounds%int(hereEvery/renewEvery) == 0
	c.mu.Unlock()
	for _, r := range c.l.Rooms() {
		k := linkOf(r)
		switch {
		case !k.Follows():
			r.Post(func() bool { return k.forget() })
		case tell:
			r.Post(func() bool { k.tellHere(r); return false })
		}
	}
}

// renew renews this node's leases; a room whose lease another node took
// (this node was cut off long enough) is closed here, its players told to
// reconnect, which brings them to it where it is run now.
func (c *Replica) renew(ctx context.Context) {
	rctx, cancel := context.WithTimeout(ctx, renewEvery)
	held, err := c.db.RenewLeases(rctx, c.node.ID(), leaseTTL)
	cancel()
	if err != nil {
		return // the store logs; the leases lapse if this goes on
	}
	tokens := map[string]int64{}
	for _, h := range held {
		tokens[h.Room] = h.Token
	}
	for _, r := range c.l.Rooms() {
		k := linkOf(r)
		lease := k.leased()
		if lease.Room == "" || tokens[lease.Room] == lease.Token {
			continue
		}
		if now, _, err := c.db.LeaseOf(ctx, lease.Room); err != nil && !errors.Is(err, saved.ErrNotFound) || now == lease {
			continue // lapsed, but no one took it: reclaim takes it back
		}
		c.log.Warn("lost the lease of a room: another node runs it now", "room", r.ID)
		r.Post(func() bool {
			if k.leased() == lease {
				// The store's room is the new owner's.
				r.Disown("This server lost contact with the game. Reconnect to go on playing.")
			}
			return false
		})
	}
}

// takeOver takes the rooms whose leases lapsed: at once those this node
// follows, the others after lapsedRounds.
func (c *Replica) takeOver(ctx context.Context) {
	lapsed, err := c.db.LapsedLeases(ctx)
	if err != nil {
		return
	}
	c.mu.Lock()
	seen := c.lapsed
	c.lapsed = map[string]int{}
	var due []saved.Lease
	for _, lease := range lapsed {
		c.lapsed[lease.Room] = seen[lease.Room] + 1
		if c.lapsed[lease.Room] > lapsedRounds {
			due = append(due, lease)
		}
	}
	c.mu.Unlock()
	for _, lease := range lapsed {
		r, _ := c.l.Local(lease.Room)
		switch {
		case r != nil && linkOf(r).leased().Room == lease.Room:
			c.reclaim(ctx, r)
		case r != nil && r.Link().Follows():
			c.takeFollowed(ctx, r)
		case r == nil:
			for _, d := range due {
				if d == lease {
					c.adopt(ctx, lease.Room)
				}
			}
		}
	}
}

// reclaim takes back the lease of a room run here that lapsed while the
// database could not be reached, unless another node was first: then the
// next renewal finds it lost.
func (c *Replica) reclaim(ctx context.Context, r *rooms.Room) {
	lease, err := c.claim(ctx, r.ID)
	if err != nil {
		return
	}
	linkOf(r).lease.Store(&lease)
	c.log.Info("took back the lease of a room after it lapsed", "room", r.ID)
}

// claim takes room id's lease for this node. A room another node runs
// is rooms.ErrElsewhere.
func (c *Replica) claim(ctx context.Context, id string) (saved.Lease, error) {
	lease, err := c.db.AcquireLease(ctx, id, c.node.ID(), leaseTTL)
	if errors.Is(err, saved.ErrConflict) {
		return saved.Lease{}, fmt.Errorf("room %s: %w", id, rooms.ErrElsewhere)
	}
	return lease, err
}

// Claim returns the link of room id, which this node is to run, fenced
// by its lease: a new room's, whose id and code no room in the store may
// have, or a stored one's. Id "" is a room of this node alone, unfenced.
func (c *Replica) Claim(ctx context.Context, id, code string, fresh bool) (rooms.Link, error) {
	if id == "" {
		return c.newLink(nil), nil
	}
	if !fresh {
		lease, err := c.claim(ctx, id)
		if err != nil {
			return nil, err
		}
		return c.newLink(&lease), nil
	}
	ctx, cancel := context.WithTimeout(ctx, dbTimeout)
	defer cancel()
	for _, name := range []string{id, code} {
		if name == "" {
			continue
		}
		_, err := c.db.FindRoom(ctx, name)
		if err == nil {
			return nil, rooms.ErrElsewhere
		}
		if !errors.Is(err, saved.ErrNotFound) {
			c.l.SaveFailed("create room", err, "room", id)
			return nil, rooms.ErrSaveFailed
		}
	}
	lease, err := c.claim(ctx, id)
	if errors.Is(err, rooms.ErrElsewhere) {
		return nil, err
	}
	if err != nil {
		c.l.SaveFailed("create room", err, "room", id)
		return nil, rooms.ErrSaveFailed
	}
	return c.newLink(&lease), nil
}

// adopt takes over a room no one here is in, as a restart reopens it.
func (c *Replica) adopt(ctx context.Context, id string) {
	found, err := c.db.FindRoom(ctx, id)
	if errors.Is(err, saved.ErrNotFound) {
		// Its game finished or was aborted: nothing to run.
		if lease, err := c.claim(ctx, id); err == nil {
			_ = c.db.ReleaseLease(ctx, lease)
		}
		return
	}
	if err != nil {
		return
	}
	if found.Waiting != nil {
		err = c.l.Reopen(ctx, *found.Waiting)
	} else {
		err = c.l.RestoreGame(ctx, c.db, *found.Game)
	}
	if err != nil && !errors.Is(err, rooms.ErrElsewhere) {
		c.log.Error("cannot take over a room whose node stopped", "room", id, "err", err)
		return
	}
	if err == nil {
		metrics.Failovers.Inc()
		c.log.Info("took over a room whose node stopped", "room", id)
	}
}

// takeFollowed makes this node the owner of a room it follows.
func (c *Replica) takeFollowed(ctx context.Context, r *rooms.Room) {
	lease, err := c.claim(ctx, r.ID)
	if err != nil {
		return // another node was first
	}
	found, err := c.db.FindRoom(ctx, r.ID)
	if err != nil {
		c.log.Error("cannot take over a followed room", "room", r.ID, "err", err)
		_ = c.db.ReleaseLease(ctx, lease)
		return
	}
	var lines []string
	if found.Game != nil {
		if lines, err = c.db.Actions(ctx, found.Game.ID); err != nil {
			c.log.Error("cannot take over a followed room", "room", r.ID, "err", err)
			return // the lease lapses again, and is tried again
		}
	}
	metrics.Failovers.Inc()
	c.log.Info("took over a room whose node stopped", "room", r.ID)
	k := linkOf(r)
	r.Post(func() bool { return k.own(r, lease, found, lines) })
}

// caughtUp runs each time the node may have missed notifications: what
// was announced meanwhile is lost, so every followed room reads its
// journal and tells its owner again who is here.
func (c *Replica) caughtUp() {
	for _, r := range c.l.Rooms() {
		if k := linkOf(r); k.Follows() {
			r.Post(func() bool { return k.resync(r) })
		}
	}
}

// heardFrame takes a room's frame from its owner.
func (c *Replica) heardFrame(payload string) {
	var f frame
	if err := json.Unmarshal([]byte(payload), &f); err != nil {
		return
	}
	if r, _ := c.l.Local(f.Room); r != nil {
		linkOf(r).queueFrame(r, f)
	}
}

// heardRoom takes a request for a room run here, or a verdict on one of
// this node's.
func (c *Replica) heardRoom(payload string) {
	var m message
	if err := json.Unmarshal([]byte(payload), &m); err != nil {
		// Its size, not its text: a request may carry a player's chat.
		c.log.Warn("a node sent what this node cannot read", "bytes", len(payload), "err", err)
		return
	}
	if m.To != c.node.ID() {
		return
	}
	if m.Intent != nil {
		go c.serve(m)
		return
	}
	c.mu.Lock()
	ch := c.asks[m.ID]
	delete(c.asks, m.ID)
	c.mu.Unlock()
	if ch != nil {
		ch <- verdict{err: m.Err, is: m.Is, room: m.Room}
	}
}

// Follow returns the room with id or invite code idOrCode that another
// node runs, followed here; a room with no live owner is taken over here.
// For p, a private room p may not reach by that name is not followed.
func (c *Replica) Follow(p *rooms.Player, idOrCode string) (*rooms.Room, error) {
	ctx, cancel := context.WithTimeout(context.Background(), dbTimeout)
	defer cancel()
	found, err := c.db.FindRoom(ctx, idOrCode)
	if errors.Is(err, saved.ErrNotFound) {
		return nil, fmt.Errorf("%w %q", rooms.ErrNoRoom, idOrCode)
	}
	if err != nil {
		c.l.SaveFailed("find room", err, "room", idOrCode)
		return nil, rooms.ErrSaveFailed
	}
	room, members := saved.Room{}, []saved.Seat(nil)
	if w := found.Waiting; w != nil {
		room, members = w.Room, w.Taken
	} else {
		room, members = found.Game.Room, found.Game.Seats
	}
	if p != nil && room.Code != "" && idOrCode != room.Code && !member(*p, room, members) {
		return nil, rooms.ErrNoRoom
	}
	lease, live, err := c.db.LeaseOf(ctx, room.ID)
	if err != nil && !errors.Is(err, saved.ErrNotFound) {
		c.l.SaveFailed("find room", err, "room", idOrCode)
		return nil, rooms.ErrSaveFailed
	}
	if err != nil || !live {
		// No one runs it: this node does.
		c.adopt(ctx, room.ID)
		return c.l.Local(idOrCode)
	}
	var lines []string
	if found.Game != nil {
		if lines, err = c.db.Actions(ctx, found.Game.ID); err != nil {
			c.l.SaveFailed("follow room", err, "room", idOrCode)
			return nil, rooms.ErrSaveFailed
		}
	}
	return c.l.Follow(room.ID, found, lines, c.newFollower(lease.Node))
}

// member reports whether p hosts the stored room or has a seat in it.
func member(p rooms.Player, room saved.Room, seats []saved.Seat) bool {
	if p.ID == 0 {
		return false
	}
	if room.Host == p.ID {
		return true
	}
	for _, s := range seats {
		if s.Account == p.ID {
			return true
		}
	}
	return false
}

// SeatedRoom returns the room the store has account seated in, on any
// node.
func (c *Replica) SeatedRoom(ctx context.Context, account saved.AccountID) (string, error) {
	return c.db.SeatedRoom(ctx, account)
}
