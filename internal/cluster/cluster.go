// Package cluster makes several Hotels processes (nodes) on one PostgreSQL
// database behave as one server (issue 18): each node has an id and beats
// in the database, so that the others know who is alive, and nodes tell
// each other what must reach every node at once (a ban, a broadcast, a
// lobby that changed) through PostgreSQL's LISTEN/NOTIFY.
//
// A Node beats every Config.Beat by the database's clock, and deletes the
// nodes whose last beat is older than Config.Lapse, with their sessions and
// seekers: the nodes' own clocks need not agree. A node that was itself
// lapsed (a long pause, a slow database) finds its row gone at its next
// beat, joins again, and tells its handlers to write again what they keep
// in the database (Rejoined).
//
// On SQLite there is one node and no Node: callers take a nil *Node to
// mean "alone", and everything works as before, at no cost.
//
// Healthy says whether the node still has its place among the others (its
// last beat is younger than the lapse), for its /healthz.
//
// cluster imports the store, and nothing above it.
package cluster

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Config is a node's identity and timing.
type Config struct {
	ID    string        // unique among the nodes; e.g. the host's name
	Addr  string        // where it listens, for operators
	Beat  time.Duration // how often it beats; DefaultBeat if 0
	Lapse time.Duration // a node silent this long is gone; DefaultLapse if 0
	Log   *slog.Logger  // slog.Default() if nil
}

// DefaultBeat and DefaultLapse: a node that dies is known gone within 8
// seconds, and a database that takes a few seconds to answer does not
// lapse a live node.
const (
	DefaultBeat  = 2 * time.Second
	DefaultLapse = 6 * time.Second
)

// channel is the PostgreSQL channel of all the nodes; each notification
// on it says who sent it, its kind and what it says, so that handlers of
// any kind can be added while the node listens. A node also listens, on
// the same connection, on its own channel (nodeChannel), for what is
// meant for it alone.
const channel = "hotels"

// maxChannel is PostgreSQL's longest channel name (NAMEDATALEN-1).
const maxChannel = 63

// nodeChannel is the channel of node id's own notifications (Tell).
func nodeChannel(id string) string { return channel + "_node_" + id }

// Kinds of notification every node handles.
const (
	// Rejoined is no channel: handlers of it are called when this node's
	// notifications may have been lost (the connection that hears them
	// was lost) or its row was deleted (it lapsed), so that they write and
	// read again what they keep in the database.
	Rejoined = "rejoined"
	// Gone is sent when nodes lapse; the payload is their ids, space
	// separated.
	Gone = "gone"
)

// Store is what a Node needs of the database.
type Store interface {
	Beat(ctx context.Context, id, addr string) (joined bool, err error)
	LapseNodes(ctx context.Context, lapse time.Duration) ([]string, error)
	LeaveNode(ctx context.Context, id string) error
	Notify(ctx context.Context, channel, payload string) error
	Listen(ctx context.Context, channels []string, connected func(), got func(channel, payload string)) error
}

// Node is this process as one of the nodes. Its methods are safe for
// concurrent use.
type Node struct {
	cfg Config
	st  Store

	mu       sync.Mutex
	handlers map[string][]func(from, payload string)

	beaten atomic.Int64 // when the node last beat, in Unix nanoseconds

	cancel context.CancelFunc
	done   sync.WaitGroup
	closed sync.Once
}

// dbTimeout bounds each of the node's own writes.
const dbTimeout = 5 * time.Second

// Start joins the cluster: it beats once and starts listening (an error if
// the database cannot be written or heard within a few seconds), then
// beats and listens in the background until Close.
// Handlers are registered with On, before Start or after.
func Start(ctx context.Context, st Store, cfg Config) (*Node, error) {
	if cfg.ID == "" || strings.ContainsAny(cfg.ID, " \t\r\n") {
		return nil, fmt.Errorf("cluster: node id %q: give one word, unique among the servers", cfg.ID)
	}
	if len(nodeChannel(cfg.ID)) > maxChannel {
		return nil, fmt.Errorf("cluster: node id %q is too long: at most %d bytes", cfg.ID, maxChannel-len(nodeChannel("")))
	}
	if cfg.Beat <= 0 {
		cfg.Beat = DefaultBeat
	}
	if cfg.Lapse <= 0 {
		cfg.Lapse = DefaultLapse
	}
	if cfg.Lapse <= cfg.Beat {
		return nil, fmt.Errorf("cluster: a lapse of %v must be longer than a beat of %v", cfg.Lapse, cfg.Beat)
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	n := &Node{cfg: cfg, st: st, handlers: map[string][]func(from, payload string){}}
	bctx, cancel := context.WithTimeout(ctx, dbTimeout)
	_, err := st.Beat(bctx, cfg.ID, cfg.Addr)
	cancel()
	if err != nil {
		return nil, fmt.Errorf("cluster: node %s joins: %w", cfg.ID, err)
	}
	n.beaten.Store(time.Now().UnixNano())
	run, stop := context.WithCancel(context.WithoutCancel(ctx))
	n.cancel = stop
	n.done.Add(2)
	go n.beat(run)
	listening := make(chan struct{})
	go n.listen(run, listening)
	select {
	case <-listening:
		return n, nil
	case <-time.After(dbTimeout):
		n.Close()
		return nil, fmt.Errorf("cluster: node %s cannot listen to the others within %v", cfg.ID, dbTimeout)
	}
}

// ID is this node's id.
func (n *Node) ID() string { return n.cfg.ID }

// Healthy says why the node may have lost its place among the nodes, nil
// if it has not: its last beat is older than the lapse, so that the others
// may have taken it for dead and its rooms over (its /healthz then tells
// the load balancer to send players elsewhere until it beats again).
func (n *Node) Healthy() error {
	if since := time.Since(time.Unix(0, n.beaten.Load())); since > n.cfg.Lapse {
		return fmt.Errorf("node %s has not beaten for %v (the others take a node for dead after %v)",
			n.cfg.ID, since.Round(time.Second), n.cfg.Lapse)
	}
	return nil
}

// On calls h with every notification of kind (one word): the node that
// sent it, this one too, and what it said, in the order they were sent;
// and with Rejoined for the handlers of that.
func (n *Node) On(kind string, h func(from, payload string)) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.handlers[kind] = append(n.handlers[kind], h)
}

// Notify sends payload to every node's handlers of kind (one word). A
// payload is at most a few kilobytes (PostgreSQL's bound is 8000 bytes).
func (n *Node) Notify(ctx context.Context, kind, payload string) error {
	return n.st.Notify(ctx, channel, n.cfg.ID+" "+kind+" "+payload)
}

// Tell sends payload to the handlers of kind of node to alone (this one
// too, if it is this one), as Notify does to every node: a request for
// the owner of a room and its answer need not wake the other nodes.
func (n *Node) Tell(ctx context.Context, to, kind, payload string) error {
	return n.st.Notify(ctx, nodeChannel(to), n.cfg.ID+" "+kind+" "+payload)
}

// Close stops beating and listening and deletes this node's row, with its
// sessions and seekers, telling the others it is Gone: they need not wait
// for it to lapse. Calls after the first do nothing.
func (n *Node) Close() {
	n.closed.Do(n.leave)
}

func (n *Node) leave() {
	n.cancel()
	n.done.Wait()
	ctx, cancel := context.WithTimeout(context.Background(), dbTimeout)
	defer cancel()
	err := n.st.LeaveNode(ctx, n.cfg.ID)
	if err == nil {
		err = n.Notify(ctx, Gone, n.cfg.ID)
	}
	if err != nil {
		n.cfg.Log.Warn("leave the other servers", "node", n.cfg.ID, "err", err)
	}
}

func (n *Node) call(kind, from, payload string) {
	n.mu.Lock()
	hs := n.handlers[kind]
	n.mu.Unlock()
	for _, h := range hs {
		h(from, payload)
	}
}

// beat beats and lapses the silent nodes, every Config.Beat.
func (n *Node) beat(ctx context.Context) {
	defer n.done.Done()
	t := time.NewTicker(n.cfg.Beat)
	defer t.Stop()
	failing := false
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		err := n.beatOnce(ctx)
		switch {
		case ctx.Err() != nil:
			return
		case err != nil && !failing:
			n.cfg.Log.Error("cannot beat: the other servers will take this one for dead", "node", n.cfg.ID, "err", err)
		case err == nil && failing:
			n.cfg.Log.Info("beating again", "node", n.cfg.ID)
		}
		failing = err != nil
	}
}

func (n *Node) beatOnce(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, dbTimeout)
	defer cancel()
	joined, err := n.st.Beat(ctx, n.cfg.ID, n.cfg.Addr)
	if err != nil {
		return err
	}
	n.beaten.Store(time.Now().UnixNano())
	if joined {
		n.cfg.Log.Warn("this server was taken for dead and has joined again", "node", n.cfg.ID)
		n.call(Rejoined, n.cfg.ID, "")
	}
	gone, err := n.st.LapseNodes(ctx, n.cfg.Lapse)
	if err != nil {
		return err
	}
	if len(gone) > 0 {
		n.cfg.Log.Warn("servers gone silent", "nodes", gone)
		return n.Notify(ctx, Gone, strings.Join(gone, " "))
	}
	return nil
}

// listen hands the notifications to the handlers until ctx ends, closing
// listening once it listens.
func (n *Node) listen(ctx context.Context, listening chan struct{}) {
	defer n.done.Done()
	first := true
	err := n.st.Listen(ctx, []string{channel, nodeChannel(n.cfg.ID)}, func() {
		if first {
			first = false
			close(listening)
			return
		}
		n.call(Rejoined, n.cfg.ID, "")
	}, func(_, message string) {
		from, rest, _ := strings.Cut(message, " ")
		kind, payload, _ := strings.Cut(rest, " ")
		n.call(kind, from, payload)
	})
	if err != nil && !errors.Is(err, context.Canceled) {
		n.cfg.Log.Error("cannot hear the other servers", "node", n.cfg.ID, "err", err)
	}
}
