package replica

import (
	"context"
	"sync"
	"sync/atomic"

	"hotels/internal/rooms"
	"hotels/internal/saved"
)

// link is a room's rooms.Link in a cluster: the lease while this node
// runs the room, or what it follows of the node that does, and that node.
type link struct {
	c      *Replica
	lease  atomic.Pointer[saved.Lease]
	follow atomic.Pointer[follower]
	owner  atomic.Pointer[string]
	// Owned by the room's goroutine: how many of the game's actions the
	// frames carried, and the sessions on other nodes in a room run here,
	// by their key.
	announced int
	remote    map[string]*visit
}

// newLink is the link of a room this node runs, fenced by lease if any.
func (c *Replica) newLink(lease *saved.Lease) *link {
	k := &link{c: c}
	if lease != nil && lease.Room != "" {
		k.lease.Store(lease)
	}
	return k
}

// newFollower is the link of a room that node owner runs.
func (c *Replica) newFollower(owner string) *link {
	k := &link{c: c}
	k.follow.Store(&follower{owner: owner})
	k.ownerIs(owner)
	return k
}

// leased returns the room's lease: zero unless this node owns it.
func (k *link) leased() saved.Lease {
	if l := k.lease.Load(); l != nil {
		return *l
	}
	return saved.Lease{}
}

// Commit journals the actions, fenced by the lease while this node runs
// the room.
func (k *link) Commit(ctx context.Context, id saved.GameID, seq int, lines ...string) error {
	if lease := k.leased(); lease.Room != "" {
		ctx = saved.Fenced(ctx, lease) // journaled only while this node runs the room
	}
	return k.c.j.AppendAction(ctx, id, seq, lines...)
}

func (k *link) Follows() bool { return k.follow.Load() != nil }

// ownerIs records which node runs the room, for the room's methods to send
// requests to without entering its goroutine.
func (k *link) ownerIs(node string) { k.owner.Store(&node) }

// frame is a room as its owner announces it to the nodes that follow it:
// what the store does not hold, and how far the journal goes. A follower
// reads the actions up to Seq from the store.
type frame struct {
	Room    string
	Node    string // the owner
	Token   int64  // the owner's lease's
	Version uint64 // the owner's version of the room
	Game    saved.GameID
	Seq     int // the actions journaled
	rooms.State
	// Lines are the actions journaled since the owner's last frame, the
	// first being action From+1, when they fit: a follower that has the
	// ones before applies them without reading the journal.
	From   int
	Lines  []string
	Notes  []string         // notes since the last frame, in order
	Chat   []rooms.ChatLine // chat since the last frame
	Notice string           // why a closed room closed
}

// maxNews bounds the notes and chat lines one frame carries, and again
// its actions: a notification holds at most 8000 bytes.
const maxNews = 2000

// follower is a room's state on a node that follows it: owned by the
// room's goroutine, but for the frames waiting to be applied.
type follower struct {
	owner   string // the owner's node
	token   int64
	version uint64

	mu     sync.Mutex
	frames []frame // heard, not yet applied
}

// Announce sends the room to the nodes that follow it while this node
// runs it: on the room's goroutine, after each change, and once it closed.
func (k *link) Announce(r *rooms.Room, c rooms.Change) {
	if c.Closed {
		k.announceClosed(r, c.Notice)
		return
	}
	lease := k.leased()
	if lease.Room == "" {
		return
	}
	f := frame{Room: r.ID, Node: lease.Node, Token: lease.Token, Version: r.Version(), State: r.State(), Notes: c.Notes, Chat: c.Chat}
	f.Game, f.Seq = r.Journaled()
	size := 0
	for _, n := range f.Notes {
		size += len(n)
	}
	for _, c := range f.Chat {
		size += len(c.Text) + len(c.From)
	}
	if size > maxNews {
		f.Notes, f.Chat = nil, nil // followers miss them; the state is whole
	}
	if from := min(k.announced, f.Seq); f.Game != 0 {
		lines := r.Lines(from)
		size = 0
		for _, line := range lines {
			size += len(line)
		}
		if size <= maxNews {
			f.From, f.Lines = from, lines
		}
	}
	k.announced = f.Seq
	k.c.send("", notifyFrame, f)
}

// announceClosed tells the followers that the room closed for good: on
// the owner, which releases its lease too.
func (k *link) announceClosed(r *rooms.Room, notice string) {
	lease := k.leased()
	if lease.Room == "" {
		return
	}
	k.c.send("", notifyFrame, frame{Room: r.ID, Node: lease.Node, Token: lease.Token, Version: r.Version() + 1,
		State: rooms.State{Status: rooms.Closed}, Notice: notice})
	ctx, cancel := context.WithTimeout(context.Background(), dbTimeout)
	defer cancel()
	if err := k.c.db.ReleaseLease(ctx, lease); err != nil {
		k.c.log.Warn("cannot release a closed room's lease: another node opens it again once it lapses", "room", r.ID, "err", err)
	}
}

// queueFrame hands a heard frame to the room's goroutine; frames are
// applied in the order heard.
func (k *link) queueFrame(r *rooms.Room, f frame) {
	fl := k.follow.Load()
	if fl == nil {
		return
	}
	fl.mu.Lock()
	fl.frames = append(fl.frames, f)
	first := len(fl.frames) == 1
	fl.mu.Unlock()
	if first {
		r.Post(func() bool { return k.applyFrames(r, fl) })
	}
}

func (k *link) applyFrames(r *rooms.Room, fl *follower) bool {
	fl.mu.Lock()
	frames := fl.frames
	fl.frames = nil
	fl.mu.Unlock()
	if k.follow.Load() != fl {
		return false // this node took the room over meanwhile
	}
	changed := false
	for _, f := range frames {
		changed = k.applyFrame(r, fl, f) || changed
	}
	return changed
}

// applyFrame makes the room what the owner's frame says, with the
// journal's actions up to the frame's.
func (k *link) applyFrame(r *rooms.Room, fl *follower, f frame) bool {
	if f.Token < fl.token || f.Token == fl.token && f.Version <= fl.version {
		return false // an older owner's, or one applied
	}
	if f.Node != fl.owner {
		fl.owner = f.Node
		k.ownerIs(f.Node)
		k.tellHere(r)
	}
	fl.token, fl.version = f.Token, f.Version
	if f.Status == rooms.Closed {
		r.Disown(f.Notice) // the owner closed it; nothing here to store
		return false
	}
	game, have := r.Journaled()
	if f.Game == game && f.From <= have && have < f.Seq && f.From+len(f.Lines) == f.Seq {
		if err := r.ApplyLines(f.Lines[have-f.From:]); err != nil {
			k.c.log.Warn("cannot follow a room's game", "room", r.ID, "game", f.Game, "err", err)
		}
	}
	if game, have = r.Journaled(); f.Game != 0 && (f.Game != game || f.Seq > have) {
		if err := k.catchUp(r, f.Game); err != nil {
			k.c.log.Warn("cannot follow a room's game", "room", r.ID, "game", f.Game, "err", err)
		}
	}
	r.Mirror(f.State, f.Notes, f.Chat)
	return true
}

// catchUp brings the followed room's game up to what its journal holds:
// the game of id, dealt from the store if it is new here.
func (k *link) catchUp(r *rooms.Room, id saved.GameID) error {
	ctx, cancel := context.WithTimeout(context.Background(), dbTimeout)
	defer cancel()
	if game, _ := r.Journaled(); id != game {
		sg, err := k.c.db.Game(ctx, id)
		if err != nil {
			return err
		}
		lines, err := k.c.db.Actions(ctx, id)
		if err != nil {
			return err
		}
		return r.Replay(sg, lines)
	}
	_, err := r.ReadJournal(ctx)
	return err
}

// resync reads the followed room's journal again after notifications may
// have been lost, and tells the owner again who is here.
func (k *link) resync(r *rooms.Room) bool {
	if !k.Follows() {
		return false
	}
	if game, _ := r.Journaled(); game != 0 {
		if err := k.catchUp(r, game); err != nil {
			k.c.log.Warn("cannot follow a room's game", "room", r.ID, "err", err)
		}
	}
	k.tellHere(r)
	return true
}

// own makes this node, which followed the room, its owner with lease,
// from the store's room and the journal's lines: what a restart does.
func (k *link) own(r *rooms.Room, lease saved.Lease, found saved.OpenRoom, lines []string) bool {
	if !k.Follows() {
		return false
	}
	return r.Adopt(found, lines, func() {
		k.follow.Store(nil)
		k.lease.Store(&lease)
		k.ownerIs(lease.Node)
	})
}
