package rooms

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"time"

	"hotels/internal/engine"
)

// What a player asks of a room goes through do: run here if this node
// runs the room, else sent to the node that does, whose verdict comes
// back (cluster.go). Rate limits are the asking node's, which has the
// player's session; the owner checks everything else, as for its own.

// intent is one request of a player to a room.
type intent struct {
	Op     string // one of the op* below
	Room   string
	Player Player
	Text   string // an action, a chat message, a bot's level
	Seat   int    // the seat to kick
	// Here holds sessions on the asking node, by their keys (opHere), and
	// Sub one that ended (opUnsubscribe).
	Here map[string]Player `json:",omitempty"`
	Sub  string            `json:",omitempty"`
}

const (
	opAct         = "act"
	opSit         = "sit"
	opStand       = "stand"
	opBot         = "bot"
	opKick        = "kick"
	opStart       = "start"
	opChat        = "chat"
	opTakeOver    = "take-over"
	opVote        = "vote"
	opRematch     = "rematch"
	opDecline     = "decline-rematch"
	opHere        = "here"
	opUnsubscribe = "unsubscribe"
	opRemove      = "remove" // an admin's kick (admin.go)
	opClose       = "close"  // an admin's close
)

// message is what nodes send each other on their node channels: an
// intent, or the verdict on one (Err, "" if it was done).
type message struct {
	ID     uint64
	From   string
	Intent *intent `json:",omitempty"`
	Err    string  `json:",omitempty"`
	Is     int     `json:",omitempty"` // 1 + the index in sentinels of what Err is, if anything
	Room   string  `json:",omitempty"` // the room a rematch opened
}

type verdict struct {
	err  string
	is   int
	room string
}

// do runs in, here or at the room's owner.
func (r *Room) do(ctx context.Context, in intent) error {
	var err error
	if r.link.Follows() {
		_, err = r.link.Forward(ctx, r, in)
	} else {
		_, err = r.perform(ctx, in)
	}
	return err
}

// perform does what in asks on this node, which runs the room, and
// returns the room a rematch opened.
func (r *Room) perform(ctx context.Context, in intent) (string, error) {
	p := in.Player
	switch in.Op {
	case opAct:
		return "", r.act(ctx, p, in.Text)
	case opSit:
		return "", r.sit(ctx, p)
	case opStand:
		return "", r.stand(ctx, p)
	case opBot:
		return "", r.addBot(ctx, p, in.Text)
	case opKick:
		return "", r.kick(ctx, p, in.Seat)
	case opStart:
		return "", r.start(ctx, p)
	case opChat:
		return "", r.chatLine(ctx, p, in.Text)
	case opTakeOver:
		return "", r.takeOver(ctx, p)
	case opVote:
		return "", r.voteEnd(ctx, p)
	case opRematch:
		next, err := r.rematch(ctx, p)
		if err != nil {
			return "", err
		}
		return next.ID, nil
	case opDecline:
		return "", r.declineRematch(ctx, p)
	case opHere:
		return "", r.call(ctx, func() error { return r.replica().countHere(r, in.Here) })
	case opUnsubscribe:
		r.post(func() bool { return r.replica().unsubscribeRemote(r, in.Sub) })
		return "", nil
	case opRemove:
		return "", r.removeSeat(ctx, in.Seat, in.Text)
	case opClose:
		return "", r.closeFor(ctx, in.Text)
	}
	return "", errors.New("unknown request " + strconv.Quote(in.Op))
}

// Forward sends in to the room's owner: a session's arrival or leaving
// without waiting, anything else waiting for the owner's verdict.
func (rp *replica) Forward(ctx context.Context, r *Room, in intent) (string, error) {
	switch in.Op {
	case opHere:
		here := map[string]Player{}
		for key, p := range in.Here {
			here[rp.key(key)] = p
		}
		in.Here = here
		rp.tell(r, in)
		return "", nil
	case opUnsubscribe:
		in.Sub = rp.key(in.Sub)
		rp.tell(r, in)
		return "", nil
	}
	return rp.ask(ctx, r, in)
}

// ask sends in to the room's owner and waits for its verdict, and the
// room a rematch opened.
func (rp *replica) ask(ctx context.Context, r *Room, in intent) (string, error) {
	c := rp.c
	owner := *rp.owner.Load()
	in.Room = r.ID
	reply := make(chan verdict, 1)
	c.mu.Lock()
	c.nextID++
	id := c.nextID
	c.asks[id] = reply
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		delete(c.asks, id)
		c.mu.Unlock()
	}()
	c.send(nodeChannel(owner), message{ID: id, From: c.node, Intent: &in})
	select {
	case v := <-reply:
		return v.room, v.error()
	case <-time.After(askTimeout):
		return "", ErrNoAnswer
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// tell sends in to the room's owner without waiting for its verdict.
func (rp *replica) tell(r *Room, in intent) {
	c := rp.c
	in.Room = r.ID
	c.send(nodeChannel(*rp.owner.Load()), message{From: c.node, Intent: &in})
}

// serve runs an intent another node sent, and answers it if asked.
func (l *Lobby) serve(m message) {
	in := *m.Intent
	l.mu.Lock()
	r := l.rooms[in.Room]
	l.mu.Unlock()
	room, err := "", ErrNoAnswer // not run here (any more): the asker's owner is out of date
	if r != nil && !r.link.Follows() {
		ctx, cancel := context.WithTimeout(context.Background(), askTimeout)
		room, err = r.perform(ctx, in)
		cancel()
	}
	if m.ID == 0 {
		return
	}
	v := message{ID: m.ID, From: l.cluster.node, Room: room}
	if err != nil {
		v.Err = err.Error()
		v.Is = 1 + slices.IndexFunc(sentinels, func(s error) bool { return errors.Is(err, s) })
	}
	l.cluster.send(nodeChannel(m.From), v)
}

// sentinels are the errors a player may meet that keep their identity
// from the owner to the asker.
var sentinels = []error{
	ErrNoRoom, ErrRoomFull, ErrNotHost, ErrNotSeated, ErrStarted, ErrNotStarted, ErrSeatsEmpty,
	ErrRoomClosed, ErrChatTooFast, ErrActTooFast, ErrSaveFailed, ErrNotAbandoned, ErrNoAnswer, ErrMovedOn,
	engine.ErrIllegal, ErrNoSeat, ErrPlaying,
}

// error turns a verdict back into the error the owner returned: its
// words, and what it is.
func (v verdict) error() error {
	switch {
	case v.err == "":
		return nil
	case v.is < 1 || v.is > len(sentinels):
		return errors.New(v.err)
	case sentinels[v.is-1].Error() == v.err:
		return sentinels[v.is-1]
	}
	return remoteError{text: v.err, is: sentinels[v.is-1]}
}

// remoteError is an owner's error that wraps a sentinel: its words, and
// the sentinel for errors.Is.
type remoteError struct {
	text string
	is   error
}

func (e remoteError) Error() string { return e.text }
func (e remoteError) Unwrap() error { return e.is }

// countHere counts sessions on another node in the room, as Subscribe does
// one here, for their seats' presence and the watchers: new ones, or ones
// it counts already, which the node tells again every hereEvery. One not
// told of for herePatience is gone with its node.
func (rp *replica) countHere(r *Room, subs map[string]Player) error {
	if r.status == Closed {
		return ErrRoomClosed
	}
	now := time.Now()
	for key, p := range subs {
		if s := rp.remote[key]; s != nil {
			s.seen = now
			continue
		}
		s := &sub{player: p, key: key, seen: now}
		if rp.remote == nil {
			rp.remote = map[string]*sub{}
		}
		rp.remote[key] = s
		r.subs[s] = struct{}{}
		if i := r.seatOf(p); i >= 0 {
			r.present(i)
		}
	}
	return nil
}

// forget drops the sessions on other nodes not told of for herePatience:
// their node died, or lost the database.
func (rp *replica) forget(r *Room) bool {
	changed := false
	for key, s := range rp.remote {
		if time.Since(s.seen) > herePatience {
			changed = rp.unsubscribeRemote(r, key) || changed
		}
	}
	return changed
}

func (rp *replica) unsubscribeRemote(r *Room, key string) bool {
	s := rp.remote[key]
	if s == nil {
		return false
	}
	delete(rp.remote, key)
	return r.unsubscribe(s)
}

// tellHere tells the owner again of every session here.
func (rp *replica) tellHere(r *Room) {
	if len(r.subs) == 0 {
		return
	}
	here := map[string]Player{}
	for s := range r.subs {
		here[rp.key(s.key)] = s.player
	}
	rp.tell(r, intent{Op: opHere, Here: here})
}
