package replica

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"hotels/internal/cluster"
	"hotels/internal/rooms"
	"hotels/internal/saved"
)

// Lobbies is what a shared lobby needs of the store: each node's share is
// kept in its row.
type Lobbies interface {
	SetNodeLobby(ctx context.Context, id, lobby string) error
	Nodes(ctx context.Context) ([]saved.Node, error)
}

// notifyLobby says that a node wrote its share.
const notifyLobby = "lobby"

// shareTimeout bounds each read and write of the shares.
const shareTimeout = 5 * time.Second

// shareEvery bounds how often the others' shares are read: as often as a
// lobby publishes its list.
const shareEvery = 250 * time.Millisecond

// ShareLobby makes l show the other servers' public rooms and players
// online beside its own (rooms.Share), and theirs show l's: each server
// writes its share to its node's row when it changes and notifies the
// others, which read the rows again (at most every shareEvery). A room of
// another server is entered through that server's (Replica.Follow). It
// returns when the first read is done.
func ShareLobby(l *rooms.Lobby, node Node, st Lobbies) {
	w := &sharer{l: l, node: node, st: st, out: make(chan rooms.Share, 1), in: make(chan struct{}, 1)}
	node.On(notifyLobby, func(from, _ string) {
		if from != node.ID() {
			w.read()
		}
	})
	node.On(cluster.Gone, func(string, string) { w.read() }) // their shares go with them
	node.On(cluster.Rejoined, func(string, string) {         // ours was deleted, theirs may have changed
		w.write(l.Own())
		w.read()
	})
	w.load()
	go w.writing()
	go w.reading()
	l.ShareWith(w.write)
}

// sharer writes this server's share and reads the others'.
type sharer struct {
	l    *rooms.Lobby
	node Node
	st   Lobbies
	out  chan rooms.Share // the latest share to write
	in   chan struct{}    // the others' shares changed
}

// write queues own to be written, the latest winning.
func (w *sharer) write(own rooms.Share) {
	select {
	case <-w.out:
	default:
	}
	w.out <- own
}

func (w *sharer) read() {
	select {
	case w.in <- struct{}{}:
	default:
	}
}

func (w *sharer) writing() {
	for {
		select {
		case <-w.l.Done():
			return
		case own := <-w.out:
			b, _ := json.Marshal(own)
			ctx, cancel := context.WithTimeout(context.Background(), shareTimeout)
			err := w.st.SetNodeLobby(ctx, w.node.ID(), string(b))
			if err == nil {
				err = w.node.Notify(ctx, notifyLobby, "")
			}
			cancel()
			if err != nil && !errors.Is(err, saved.ErrNotFound) { // lapsed: written again on rejoining
				w.l.Log().Warn("share the lobby with the other servers", "err", err)
			}
		}
	}
}

func (w *sharer) reading() {
	for {
		select {
		case <-w.l.Done():
			return
		case <-w.in:
		}
		w.load()
		select { // at most every shareEvery
		case <-w.l.Done():
			return
		case <-time.After(shareEvery):
		}
	}
}

// load reads the other nodes' shares into the lobby.
func (w *sharer) load() {
	ctx, cancel := context.WithTimeout(context.Background(), shareTimeout)
	defer cancel()
	nodes, err := w.st.Nodes(ctx)
	if err != nil {
		w.l.Log().Warn("read the other servers' lobbies", "err", err)
		return
	}
	var shares []rooms.Share
	for _, n := range nodes {
		if n.ID == w.node.ID() || n.Lobby == "" {
			continue
		}
		var sh rooms.Share
		if err := json.Unmarshal([]byte(n.Lobby), &sh); err != nil {
			w.l.Log().Warn("another server's lobby makes no sense", "node", n.ID, "err", err)
			continue
		}
		shares = append(shares, sh)
	}
	w.l.Elsewhere(shares)
}
