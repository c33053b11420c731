package rooms

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"hotels/internal/metrics"
	"hotels/internal/saved"
)

// Several nodes (servers) may share one PostgreSQL database (issue 18).
// Each room is then run by one node at a time, its owner, which holds the
// room's lease (store.AcquireLease) and renews it every renewEvery; the
// lease lapses leaseTTL after the last renewal, by the database's clock.
// The owner does all a room does on a single server, and its journal
// appends carry the lease (saved.Fenced), so that once another node has
// taken the room over, the old owner can write nothing.
//
// After each change the owner announces the room on framesChannel: a frame
// (frame.go) with what is not stored, its seats' states, clocks, votes,
// the notes, chat and journaled actions since the last frame (when they
// fit in a notification), and how many actions the journal holds: a
// follower that missed some reads them from the store. A node whose players
// or watchers are in a room it does not own follows it: the same Room,
// whose state it takes from the frames and the journal, applying each
// action to the same engine, and whose sessions see it as any room. Its
// players' intents (moves, chat, seats, bots, votes, their presence) go to
// the owner on the owner's node channel, and the owner's verdict comes back
// on the asker's (intent.go).
//
// Every node looks for lapsed leases each renewEvery: the owner takes its
// own back (it lapsed while the database was out of reach), a node that
// follows such a room takes it over at once, any other after lapsedRounds
// more rounds, so that a room with no one elsewhere is taken over too;
// taking a room over is what a restart does (Restore), from the journal.

// Cluster is what a lobby needs of the database to share rooms with other
// nodes: the store on PostgreSQL. Nil for a single server.
type Cluster interface {
	Archive
	AcquireLease(ctx context.Context, room, node string, ttl time.Duration) (saved.Lease, error)
	RenewLeases(ctx context.Context, node string, ttl time.Duration) ([]saved.Lease, error)
	ReleaseLease(ctx context.Context, l saved.Lease) error
	LeaseOf(ctx context.Context, room string) (saved.Lease, bool, error)
	LapsedLeases(ctx context.Context) ([]saved.Lease, error)
	ActionsAfter(ctx context.Context, id saved.GameID, seq int) ([]string, error)
	FindRoom(ctx context.Context, idOrCode string) (saved.OpenRoom, error)
	SeatedRoom(ctx context.Context, account saved.AccountID) (string, error)
	Game(ctx context.Context, id saved.GameID) (saved.Game, error)
	Notify(ctx context.Context, channel, payload string) error
	Listen(ctx context.Context, channels []string, connected func(), got func(channel, payload string)) error
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
	// askTimeout bounds the wait for the owner's verdict on an intent.
	askTimeout    = 5 * time.Second
	framesChannel = "hotels_rooms"
)

// nodeChannel is where a node hears intents for the rooms it owns, and
// verdicts on its own intents.
func nodeChannel(node string) string { return "hotels_node_" + node }

// ErrNoAnswer is a follower's intent that the owner did not answer: it
// died, or the room is changing hands.
var ErrNoAnswer = errors.New("the server running this room did not answer: try again in a few seconds")

// cluster is a lobby's part in a cluster.
type cluster struct {
	db   Cluster
	node string
	stop context.CancelFunc
	done sync.WaitGroup

	mu     sync.Mutex
	asks   map[uint64]chan verdict // intents waiting for their verdict, by id
	nextID uint64
	lapsed map[string]int // rooms seen lapsed, by how many rounds
	rounds int            // of the lease loop
	out    chan outgoing  // notifications to send, in order
}

type outgoing struct{ channel, payload string }

// replica is a room's link in a cluster: the lease while this node runs
// the room, or what it follows of the node that does, and that node.
type replica struct {
	c      *cluster
	j      Journal
	lease  atomic.Pointer[saved.Lease]
	follow atomic.Pointer[follower]
	owner  atomic.Pointer[string]
	// Owned by the room's goroutine: how many of the game's actions the
	// frames carried, and the sessions on other nodes, by their key.
	announced int
	remote    map[string]*sub
}

// linkFor is the link of a room this node runs, fenced by lease if it
// has one: the journal alone on a single server.
func (l *Lobby) linkFor(lease *saved.Lease) Link {
	if l.cluster == nil {
		return journalLink{l.cfg.Journal}
	}
	rp := &replica{c: l.cluster, j: l.cfg.Journal}
	if lease != nil && lease.Room != "" {
		rp.lease.Store(lease)
	}
	return rp
}

// replica returns the room's link in a cluster.
func (r *Room) replica() *replica { return r.link.(*replica) }

// Commit journals the action, fenced by the lease while this node runs
// the room.
func (rp *replica) Commit(ctx context.Context, id saved.GameID, seq int, line string) error {
	if lease := rp.leased(); lease.Room != "" {
		ctx = saved.Fenced(ctx, lease) // journaled only while this node runs the room
	}
	return rp.j.AppendAction(ctx, id, seq, line)
}

func (rp *replica) Follows() bool { return rp.follow.Load() != nil }

// startCluster starts the lobby's lease renewal and its listener.
func (l *Lobby) startCluster() {
	ctx, stop := context.WithCancel(context.Background())
	c := &cluster{
		db: l.cfg.Cluster, node: l.cfg.Node, stop: stop,
		asks: map[uint64]chan verdict{}, lapsed: map[string]int{},
		out: make(chan outgoing, 4096),
	}
	l.cluster = c
	c.done.Add(3)
	listening := make(chan struct{})
	var once sync.Once
	go func() {
		defer c.done.Done()
		_ = c.db.Listen(ctx, []string{framesChannel, nodeChannel(c.node)}, func() {
			once.Do(func() { close(listening) })
			l.caughtUp()
		}, l.heard)
	}()
	// What other nodes say before this one listens is lost: a node that
	// has just started waits to hear it, for a while.
	select {
	case <-listening:
	case <-time.After(saveTimeout):
		l.cfg.Log.Warn("not listening to the other nodes yet; going on")
	}
	go func() {
		defer c.done.Done()
		l.leases(ctx)
	}()
	go func() {
		defer c.done.Done()
		l.sendOut(ctx)
	}()
}

// halt stops the lobby's part in the cluster without a word to the other
// nodes: its leases lapse, as a node's that died.
func (c *cluster) halt() {
	c.stop()
	c.done.Wait()
}

// send queues a notification; sent in order, without holding the room.
func (c *cluster) send(channel string, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // our own types always marshal
	}
	select {
	case c.out <- outgoing{channel, string(b)}:
	default:
		// Full: the database is slow or gone. Followers catch up from the
		// next frame that gets through.
	}
}

func (l *Lobby) sendOut(ctx context.Context) {
	c := l.cluster
	for {
		select {
		case <-ctx.Done():
			return
		case o := <-c.out:
			sctx, cancel := context.WithTimeout(ctx, saveTimeout)
			if err := c.db.Notify(sctx, o.channel, o.payload); err != nil && ctx.Err() == nil {
				l.cfg.Log.Warn("cannot tell the other nodes", "channel", o.channel, "err", err)
			}
			cancel()
		}
	}
}

// leases renews this node's leases every renewEvery, and takes over the
// rooms whose owner stopped renewing theirs.
func (l *Lobby) leases(ctx context.Context) {
	t := time.NewTicker(renewEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		l.renew(ctx)
		l.takeOver(ctx)
		l.presence()
	}
}

// presence tells the owners of the rooms followed here who is here, every
// hereEvery, and forgets the sessions elsewhere in the rooms owned here
// whose node stopped telling.
func (l *Lobby) presence() {
	c := l.cluster
	c.mu.Lock()
	c.rounds++
	tell := c.rounds%int(hereEvery/renewEvery) == 0
	c.mu.Unlock()
	for _, r := range l.Rooms() {
		rp := r.replica()
		switch {
		case !rp.Follows():
			r.post(func() bool { return rp.forget(r) })
		case tell:
			r.post(func() bool { rp.tellHere(r); return false })
		}
	}
}

// renew renews this node's leases; a room whose lease another node took
// (this node was cut off long enough) is closed here, its players told to
// reconnect, which brings them to it where it is run now.
func (l *Lobby) renew(ctx context.Context) {
	c := l.cluster
	rctx, cancel := context.WithTimeout(ctx, renewEvery)
	held, err := c.db.RenewLeases(rctx, c.node, leaseTTL)
	cancel()
	if err != nil {
		return // the store logs; the leases lapse if this goes on
	}
	tokens := map[string]int64{}
	for _, h := range held {
		tokens[h.Room] = h.Token
	}
	for _, r := range l.Rooms() {
		lease := r.leased()
		if lease.Room == "" || tokens[lease.Room] == lease.Token {
			continue
		}
		if now, _, err := c.db.LeaseOf(ctx, lease.Room); err != nil && !errors.Is(err, saved.ErrNotFound) || now == lease {
			continue // lapsed, but no one took it: reclaim takes it back
		}
		l.cfg.Log.Warn("lost the lease of a room: another node runs it now", "room", r.ID)
		r.post(func() bool {
			if r.leased() == lease {
				r.shutting = true // the store's room is the new owner's
				r.close("This server lost contact with the game. Reconnect to go on playing.")
			}
			return false
		})
	}
}

// takeOver takes the rooms whose leases lapsed: at once those this node
// follows, the others after lapsedRounds.
func (l *Lobby) takeOver(ctx context.Context) {
	c := l.cluster
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
		l.mu.Lock()
		r := l.rooms[lease.Room]
		l.mu.Unlock()
		switch {
		case r != nil && r.leased().Room == lease.Room:
			l.reclaim(ctx, r)
		case r != nil && r.link.Follows():
			l.takeFollowed(ctx, r)
		case r == nil:
			for _, d := range due {
				if d == lease {
					l.adopt(ctx, lease.Room)
				}
			}
		}
	}
}

// reclaim takes back the lease of a room run here that lapsed while the
// database could not be reached, unless another node was first: then the
// next renewal finds it lost.
func (l *Lobby) reclaim(ctx context.Context, r *Room) {
	lease, err := l.claim(ctx, r.ID)
	if err != nil {
		return
	}
	r.replica().lease.Store(&lease)
	l.cfg.Log.Info("took back the lease of a room after it lapsed", "room", r.ID)
}

// claim takes room id's lease for this node, if it has a cluster: the
// zero lease otherwise. A room another node runs is errElsewhere.
func (l *Lobby) claim(ctx context.Context, id string) (saved.Lease, error) {
	if l.cluster == nil {
		return saved.Lease{}, nil
	}
	lease, err := l.cluster.db.AcquireLease(ctx, id, l.cluster.node, leaseTTL)
	if errors.Is(err, saved.ErrConflict) {
		return saved.Lease{}, fmt.Errorf("room %s: %w", id, errElsewhere)
	}
	return lease, err
}

// adopt takes over a room no one here is in, as a restart reopens it.
func (l *Lobby) adopt(ctx context.Context, id string) {
	found, err := l.cluster.db.FindRoom(ctx, id)
	if errors.Is(err, saved.ErrNotFound) {
		// Its game finished or was aborted: nothing to run.
		if lease, err := l.claim(ctx, id); err == nil {
			_ = l.cluster.db.ReleaseLease(ctx, lease)
		}
		return
	}
	if err != nil {
		return
	}
	if found.Waiting != nil {
		err = l.reopen(ctx, *found.Waiting)
	} else {
		err = l.restore(ctx, l.cluster.db, *found.Game)
	}
	if err != nil && !errors.Is(err, errElsewhere) {
		l.cfg.Log.Error("cannot take over a room whose node stopped", "room", id, "err", err)
		return
	}
	if err == nil {
		metrics.Failovers.Inc()
		l.cfg.Log.Info("took over a room whose node stopped", "room", id)
	}
}

// takeFollowed makes this node the owner of a room it follows.
func (l *Lobby) takeFollowed(ctx context.Context, r *Room) {
	lease, err := l.claim(ctx, r.ID)
	if err != nil {
		return // another node was first
	}
	found, err := l.cluster.db.FindRoom(ctx, r.ID)
	if err != nil {
		l.cfg.Log.Error("cannot take over a followed room", "room", r.ID, "err", err)
		_ = l.cluster.db.ReleaseLease(ctx, lease)
		return
	}
	var lines []string
	if found.Game != nil {
		if lines, err = l.cluster.db.Actions(ctx, found.Game.ID); err != nil {
			l.cfg.Log.Error("cannot take over a followed room", "room", r.ID, "err", err)
			return // the lease lapses again, and is tried again
		}
	}
	metrics.Failovers.Inc()
	l.cfg.Log.Info("took over a room whose node stopped", "room", r.ID)
	r.post(func() bool { return r.replica().own(r, lease, found, lines) })
}

// caughtUp runs each time the listener is listening again: what was
// announced meanwhile is lost, so every followed room reads its journal
// and tells its owner again who is here.
func (l *Lobby) caughtUp() {
	for _, r := range l.Rooms() {
		if r.link.Follows() {
			r.post(func() bool { return r.replica().resync(r) })
		}
	}
}

// heard takes a notification from another node.
func (l *Lobby) heard(channel, payload string) {
	if channel == framesChannel {
		var f frame
		if err := json.Unmarshal([]byte(payload), &f); err != nil || f.Node == l.cluster.node {
			return
		}
		l.mu.Lock()
		r := l.rooms[f.Room]
		l.mu.Unlock()
		if r != nil {
			r.replica().queueFrame(r, f)
		}
		return
	}
	var m message
	if err := json.Unmarshal([]byte(payload), &m); err != nil {
		// Its size, not its text: a request may carry a player's chat.
		l.cfg.Log.Warn("a node sent what this node cannot read", "bytes", len(payload), "err", err)
		return
	}
	if m.Intent != nil {
		go l.serve(m)
		return
	}
	l.cluster.mu.Lock()
	ch := l.cluster.asks[m.ID]
	delete(l.cluster.asks, m.ID)
	l.cluster.mu.Unlock()
	if ch != nil {
		ch <- verdict{err: m.Err, is: m.Is, room: m.Room}
	}
}

// Follow returns the room with id or invite code idOrCode that another
// node runs, followed here; a room with no live owner is taken over here.
func (l *Lobby) follow(idOrCode string) (*Room, error) {
	ctx, cancel := context.WithTimeout(context.Background(), saveTimeout)
	defer cancel()
	db := l.cluster.db
	found, err := db.FindRoom(ctx, idOrCode)
	if errors.Is(err, saved.ErrNotFound) {
		return nil, fmt.Errorf("%w %q", ErrNoRoom, idOrCode)
	}
	if err != nil {
		l.saveFailed("find room", err, "room", idOrCode)
		return nil, ErrSaveFailed
	}
	id := ""
	if found.Waiting != nil {
		id = found.Waiting.ID
	} else {
		id = found.Game.Room.ID
	}
	lease, live, err := db.LeaseOf(ctx, id)
	if err != nil && !errors.Is(err, saved.ErrNotFound) {
		l.saveFailed("find room", err, "room", idOrCode)
		return nil, ErrSaveFailed
	}
	if err != nil || !live {
		// No one runs it: this node does.
		l.adopt(ctx, id)
		return l.local(idOrCode)
	}
	var lines []string
	if found.Game != nil {
		if lines, err = db.Actions(ctx, found.Game.ID); err != nil {
			l.saveFailed("follow room", err, "room", idOrCode)
			return nil, ErrSaveFailed
		}
	}
	r, err := l.newFollower(id, found, lines, lease.Node)
	if err != nil {
		return nil, err
	}
	return r, nil
}

// errElsewhere is a room that another node runs.
var errElsewhere = errors.New("another node runs the room")

// claimNew takes the lease of a new room with id and invite code, which no
// room in the store may have: nil in a single server, whose lobby knows
// every room.
func (l *Lobby) claimNew(id, code string) (*saved.Lease, error) {
	if l.cluster == nil {
		return nil, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), saveTimeout)
	defer cancel()
	for _, c := range []string{id, code} {
		if c == "" {
			continue
		}
		_, err := l.cluster.db.FindRoom(ctx, c)
		if err == nil {
			return nil, errElsewhere
		}
		if !errors.Is(err, saved.ErrNotFound) {
			l.saveFailed("create room", err, "room", id)
			return nil, ErrSaveFailed
		}
	}
	lease, err := l.claim(ctx, id)
	if errors.Is(err, errElsewhere) {
		return nil, err
	}
	if err != nil {
		l.saveFailed("create room", err, "room", id)
		return nil, ErrSaveFailed
	}
	return &lease, nil
}

// subKey names a session here, among this node's; a node that follows
// a room names it to the room's owner with its own name before it.
func (l *Lobby) subKey() string {
	return strconv.FormatUint(l.subKeys.Add(1), 10)
}

// key names a session here to the owner of a room this node follows.
func (rp *replica) key(s string) string { return rp.c.node + "/" + s }
