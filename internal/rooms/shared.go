package rooms

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"

	"hotels/internal/saved"
)

// Share is one server's part of the lobby that several servers on one
// PostgreSQL database show alike (issue 18): the public rooms it runs, how
// many games it runs, its players online and its players in the ranked
// queue.
type Share struct {
	Rooms   []Info   `json:"rooms"`
	Playing int      `json:"playing"`
	Online  []string `json:"online"`
	Bots    []string `json:"bots,omitempty"` // those of Online that are bot accounts
	Queue   []Queued `json:"queue"`
}

// sameShare reports whether two shares, sorted, would list alike.
func sameShare(a, b *Share) bool {
	return a != nil && b != nil && slices.EqualFunc(a.Rooms, b.Rooms, sameInfo) && a.Playing == b.Playing &&
		slices.Equal(a.Online, b.Online) && slices.Equal(a.Bots, b.Bots) && slices.Equal(a.Queue, b.Queue)
}

// ownLocked is this server's share, unsorted, but for the queue; l.mu is
// held.
func (l *Lobby) ownLocked() Share {
	sh := Share{Playing: l.playingLocked()}
	sh.Online, sh.Bots = l.onlineLocked()
	for _, info := range l.listed(Player{}) {
		if r := l.rooms[info.ID]; r == nil || !r.link.Follows() { // one it follows is its owner's to share
			sh.Rooms = append(sh.Rooms, info)
		}
	}
	return sh
}

// merge adds the other servers' shares to a snapshot of this one's lobby:
// their rooms, their games in progress, their players online and in the
// queue.
func (s *LobbySnapshot) merge(shares []Share) {
	if len(shares) == 0 {
		return
	}
	s.Rooms = withShared(s.Rooms, shares)
	online := map[string]bool{}
	for _, name := range s.Online {
		online[name] = true
	}
	for _, sh := range shares {
		for _, name := range sh.Online {
			if !online[name] {
				online[name] = true
				s.Online = append(s.Online, name)
				if _, bot := slices.BinarySearch(sh.Bots, name); bot {
					s.Bots = append(s.Bots, name)
				}
			}
		}
		s.Playing += sh.Playing
		for _, q := range sh.Queue {
			for i := range s.Queue {
				if s.Queue[i].Game == q.Game {
					s.Queue[i].Players += q.Players
				}
			}
		}
	}
}

// withShared adds the rooms of the other servers' shares to rooms listed
// here, but those listed here already (which this server follows), in the
// lobby's order.
func withShared(rooms []Info, shares []Share) []Info {
	if len(shares) == 0 {
		return rooms
	}
	here := map[string]bool{}
	for _, info := range rooms {
		here[info.ID] = true
	}
	for _, sh := range shares {
		for _, info := range sh.Rooms {
			if !here[info.ID] {
				here[info.ID] = true
				rooms = append(rooms, info)
			}
		}
	}
	sortListed(rooms)
	return rooms
}

// shareOwn hands this server's share to the function ShareWith set, if it
// changed since last, and returns it; it runs on the publish goroutine,
// whether or not anyone here watches the lobby.
func (l *Lobby) shareOwn(last *Share) *Share {
	l.mu.Lock()
	share := l.share
	if share == nil {
		l.mu.Unlock()
		return nil
	}
	own := l.ownLocked()
	l.mu.Unlock()
	own.Queue = l.queued()
	slices.SortFunc(own.Rooms, func(a, b Info) int { return strings.Compare(a.ID, b.ID) })
	slices.Sort(own.Online)
	slices.Sort(own.Bots)
	if sameShare(last, &own) {
		return last
	}
	share(own)
	return &own
}

// Node is what a lobby shared with other servers needs of this server's
// node (*cluster.Node).
type Node interface {
	ID() string
	On(kind string, h func(from, payload string))
	Notify(ctx context.Context, kind, payload string) error
}

// Lobbies is what a shared lobby needs of the store: each node's share is
// kept in its row.
type Lobbies interface {
	SetNodeLobby(ctx context.Context, id, lobby string) error
	Nodes(ctx context.Context) ([]saved.Node, error)
}

// Kinds of the notifications of shared lobbies, and those of the cluster
// they heed.
const (
	notifyLobby = "lobby"    // a node wrote its share
	nodesGone   = "gone"     // cluster.Gone: their shares go with them
	rejoined    = "rejoined" // cluster.Rejoined: write ours again, read theirs
)

// shareTimeout bounds each read and write of the shares.
const shareTimeout = 5 * time.Second

// ShareWith makes l show the other servers' public rooms and players
// online beside its own, and theirs show l's: each server writes its share
// to its node's row when it changes (at most every publishEvery) and
// notifies the others, which read the rows again (at most as often). A
// room of another server is entered through that server's (cluster-rooms).
// It returns when the first read is done.
func (l *Lobby) ShareWith(node Node, st Lobbies) {
	w := &sharer{l: l, node: node, st: st, out: make(chan Share, 1), in: make(chan struct{}, 1)}
	node.On(notifyLobby, func(from, _ string) {
		if from != node.ID() {
			w.read()
		}
	})
	node.On(nodesGone, func(string, string) { w.read() })
	node.On(rejoined, func(string, string) {
		w.rewrite()
		w.read()
	})
	w.load()
	go w.writing()
	go w.reading()
	l.mu.Lock()
	l.share = w.write
	l.mu.Unlock()
	l.changed()
}

// sharer writes this server's share and reads the others'.
type sharer struct {
	l    *Lobby
	node Node
	st   Lobbies
	out  chan Share    // the latest share to write
	in   chan struct{} // the others' shares changed
}

// write queues own to be written, the latest winning.
func (w *sharer) write(own Share) {
	select {
	case <-w.out:
	default:
	}
	w.out <- own
}

// rewrite writes the last share again: this node's row was deleted.
func (w *sharer) rewrite() {
	w.l.mu.Lock()
	own := w.l.ownLocked()
	w.l.mu.Unlock()
	own.Queue = w.l.queued()
	w.write(own)
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
		case <-w.l.done:
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
				w.l.cfg.Log.Warn("share the lobby with the other servers", "err", err)
			}
		}
	}
}

func (w *sharer) reading() {
	for {
		select {
		case <-w.l.done:
			return
		case <-w.in:
		}
		w.load()
		select { // at most every publishEvery
		case <-w.l.done:
			return
		case <-time.After(publishEvery):
		}
	}
}

// load reads the other nodes' shares into the lobby.
func (w *sharer) load() {
	ctx, cancel := context.WithTimeout(context.Background(), shareTimeout)
	defer cancel()
	nodes, err := w.st.Nodes(ctx)
	if err != nil {
		w.l.cfg.Log.Warn("read the other servers' lobbies", "err", err)
		return
	}
	var shares []Share
	for _, n := range nodes {
		if n.ID == w.node.ID() || n.Lobby == "" {
			continue
		}
		var sh Share
		if err := json.Unmarshal([]byte(n.Lobby), &sh); err != nil {
			w.l.cfg.Log.Warn("another server's lobby makes no sense", "node", n.ID, "err", err)
			continue
		}
		shares = append(shares, sh)
	}
	w.l.mu.Lock()
	w.l.elsewhere = shares
	w.l.mu.Unlock()
	w.l.changed()
}
