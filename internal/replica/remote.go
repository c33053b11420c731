package replica

import (
	"context"
	"errors"
	"slices"
	"time"

	"hotels/internal/engine"
	"hotels/internal/rooms"
)

// message is what nodes send each other about rooms (notifyRoom): a
// request for the room's owner, or the verdict on one (Err, "" if it was
// done), for node To.
type message struct {
	ID     uint64
	From   string
	To     string
	Intent *rooms.Intent `json:",omitempty"`
	Err    string        `json:",omitempty"`
	Is     int           `json:",omitempty"` // 1 + the index in sentinels of what Err is, if anything
	Room   string        `json:",omitempty"` // the room a rematch opened
}

type verdict struct {
	err  string
	is   int
	room string
}

// key names a session here to the owner of a room this node follows.
func (k *link) key(s string) string { return k.c.node.ID() + "/" + s }

// Forward sends in to the room's owner: a session's arrival or leaving
// without waiting, anything else waiting for the owner's verdict.
func (k *link) Forward(ctx context.Context, r *rooms.Room, in rooms.Intent) (string, error) {
	switch in.Op {
	case rooms.OpHere:
		here := map[string]rooms.Player{}
		for key, p := range in.Here {
			here[k.key(key)] = p
		}
		in.Here = here
		k.tell(r, in)
		return "", nil
	case rooms.OpUnsubscribe:
		in.Sub = k.key(in.Sub)
		k.tell(r, in)
		return "", nil
	}
	return k.ask(ctx, r, in)
}

// ask sends in to the room's owner and waits for its verdict, and the
// room a rematch opened.
func (k *link) ask(ctx context.Context, r *rooms.Room, in rooms.Intent) (string, error) {
	c := k.c
	owner := *k.owner.Load()
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
	c.send(owner, notifyRoom, message{ID: id, From: c.node.ID(), To: owner, Intent: &in})
	select {
	case v := <-reply:
		return v.room, v.error()
	case <-time.After(askTimeout):
		return "", rooms.ErrNoAnswer
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// tell sends in to the room's owner without waiting for its verdict.
func (k *link) tell(r *rooms.Room, in rooms.Intent) {
	in.Room = r.ID
	owner := *k.owner.Load()
	k.c.send(owner, notifyRoom, message{From: k.c.node.ID(), To: owner, Intent: &in})
}

// serve runs a request another node sent, and answers it if asked.
func (c *Replica) serve(m message) {
	in := *m.Intent
	r, _ := c.l.Local(in.Room)
	room, err := "", rooms.ErrNoAnswer // not run here (any more): the asker's owner is out of date
	if r != nil && !r.Link().Follows() {
		ctx, cancel := context.WithTimeout(context.Background(), askTimeout)
		room, err = c.perform(ctx, r, in)
		cancel()
	}
	if m.ID == 0 {
		return
	}
	v := message{ID: m.ID, From: c.node.ID(), To: m.From, Room: room}
	if err != nil {
		v.Err = err.Error()
		v.Is = 1 + slices.IndexFunc(sentinels, func(s error) bool { return errors.Is(err, s) })
	}
	c.send(m.From, notifyRoom, v)
}

// perform does what in asks of room r, run here: the sessions on other
// nodes are this package's to count, the rest the room's.
func (c *Replica) perform(ctx context.Context, r *rooms.Room, in rooms.Intent) (string, error) {
	k := linkOf(r)
	switch in.Op {
	case rooms.OpHere:
		return "", r.Call(ctx, func() error { return k.countHere(r, in.Here) })
	case rooms.OpUnsubscribe:
		r.Post(func() bool { return k.unsubscribeRemote(in.Sub) })
		return "", nil
	}
	return r.Perform(ctx, in)
}

// sentinels are the errors a player may meet that keep their identity
// from the owner to the asker.
var sentinels = []error{
	rooms.ErrNoRoom, rooms.ErrRoomFull, rooms.ErrNotHost, rooms.ErrNotSeated, rooms.ErrStarted, rooms.ErrNotStarted, rooms.ErrSeatsEmpty,
	rooms.ErrRoomClosed, rooms.ErrChatTooFast, rooms.ErrActTooFast, rooms.ErrSaveFailed, rooms.ErrNotAbandoned, rooms.ErrNoAnswer, rooms.ErrMovedOn,
	engine.ErrIllegal, rooms.ErrNoSeat, rooms.ErrPlaying,
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

// visit is a session on another node in a room run here.
type visit struct {
	leave func() bool // ends it, on the room's goroutine
	seen  time.Time   // when its node last told of it
}

// countHere counts sessions on another node in the room, as Subscribe does
// one here, for their seats' presence and the watchers: new ones, or ones
// it counts already, which the node tells again every hereEvery. One not
// told of for herePatience is gone with its node.
func (k *link) countHere(r *rooms.Room, subs map[string]rooms.Player) error {
	now := time.Now()
	for key, p := range subs {
		if v := k.remote[key]; v != nil {
			v.seen = now
			continue
		}
		leave, err := r.Visit(p)
		if err != nil {
			return err
		}
		if k.remote == nil {
			k.remote = map[string]*visit{}
		}
		k.remote[key] = &visit{leave: leave, seen: now}
	}
	return nil
}

// forget drops the sessions on other nodes not told of for herePatience:
// their node died, or lost the database.
func (k *link) forget() bool {
	changed := false
	for key, v := range k.remote {
		if time.Since(v.seen) > herePatience {
			changed = k.unsubscribeRemote(key) || changed
		}
	}
	return changed
}

func (k *link) unsubscribeRemote(key string) bool {
	v := k.remote[key]
	if v == nil {
		return false
	}
	delete(k.remote, key)
	return v.leave()
}

// tellHere tells the owner again of every session here.
func (k *link) tellHere(r *rooms.Room) {
	here := r.Sessions()
	if len(here) == 0 {
		return
	}
	in := rooms.Intent{Op: rooms.OpHere, Here: map[string]rooms.Player{}}
	for key, p := range here {
		in.Here[k.key(key)] = p
	}
	k.tell(r, in)
}
