package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"hotels/internal/cluster"
	"hotels/internal/store"
)

// Cluster is this server as one node of several on one PostgreSQL
// database (issue 18); *cluster.Node is one. A server alone (SQLite) has
// none.
type Cluster interface {
	ID() string
	On(kind string, h func(from, payload string))
	Notify(ctx context.Context, kind, payload string) error
}

// Kinds of the notifications the servers send each other.
const (
	notifyBan       = "ban"       // a ban was saved: end its sessions
	notifyBroadcast = "broadcast" // an admin's message for every screen
	notifyTakeover  = "takeover"  // an account's new interactive session
)

// peerStore is what the servers' shared registry of sessions needs of the
// store.
type peerStore interface {
	AddNodeSession(ctx context.Context, ns store.NodeSession) error
	DropNodeSession(ctx context.Context, node string, session int64) error
	KeySessions(ctx context.Context, fingerprint, node string) (all, terminals int, err error)
	NodeSessions(ctx context.Context) ([]store.NodeSession, error)
	BanOn(ctx context.Context, fingerprint string, account store.AccountID) (store.Ban, error)
	Clock(ctx context.Context) (time.Time, error)
}

// peers is what a server shares with the other nodes: its sessions, in
// the database, so that the per-key cap and the admins' lists count every
// node's; and the bans, broadcasts and takeovers that must reach sessions
// on every node, by notification. A nil *peers is a server alone: its
// methods then do nothing and count nothing.
type peers struct {
	node Cluster
	st   peerStore
	s    *Server
}

// peerTimeout bounds each database call made for the other nodes.
const peerTimeout = 5 * time.Second

// newPeers joins s to the other nodes through node; nil if node is nil.
func newPeers(s *Server, node Cluster, st peerStore) *peers {
	if node == nil {
		return nil
	}
	p := &peers{node: node, st: st, s: s}
	node.On(notifyBan, p.onBan)
	node.On(notifyBroadcast, p.onBroadcast)
	node.On(notifyTakeover, p.onTakeover)
	node.On(cluster.Rejoined, func(string, string) { p.rejoin() }) // write the sessions again
	return p
}

// others counts the open sessions of the key with fingerprint on the other
// nodes, and whether one is a terminal (which a new one may take over). A
// database that does not answer counts none: a cap is not worth refusing
// everyone while it is away.
func (p *peers) others(ctx context.Context, fingerprint string) (n int, terminal bool) {
	if p == nil {
		return 0, false
	}
	ctx, cancel := context.WithTimeout(ctx, peerTimeout)
	defer cancel()
	n, terminals, err := p.st.KeySessions(ctx, fingerprint, p.node.ID())
	if err != nil {
		logStoreError(p.s.log, "count the key's sessions on the other servers", err)
		return 0, false
	}
	return n, terminals > 0
}

// add writes l to the shared registry, and returns what removes it. A
// terminal's start is read from the database's clock first (stamp).
func (p *peers) add(l *live) (remove func()) {
	if p == nil {
		return func() {}
	}
	if l.pty {
		p.stamp(l)
	}
	p.write(l)
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), peerTimeout)
		defer cancel()
		if err := p.st.DropNodeSession(ctx, p.node.ID(), int64(l.id)); err != nil {
			logStoreError(p.s.log, "forget a session on the other servers", err)
		}
	}
}

// stamp reads when the terminal l starts by the database's clock, before
// it shows anything: a player who sees this session and then connects again
// elsewhere makes a session that starts later, by a clock every node
// shares, whatever each node's own says and however late their
// notifications are (announced). When the database does not answer, the
// node's own clock does, which is near it where the nodes keep NTP: better
// than taking the new session for the oldest, which the old one would end.
func (p *peers) stamp(l *live) {
	ctx, cancel := context.WithTimeout(context.Background(), peerTimeout)
	defer cancel()
	now, err := p.st.Clock(ctx)
	if err != nil {
		logStoreError(p.s.log, "read the database's clock for a new session", err)
		now = time.Now()
	}
	l.since = now.UnixMilli()
}

func (p *peers) write(l *live) {
	id := l.identity()
	ns := store.NodeSession{
		Node: p.node.ID(), Session: int64(l.id), Fingerprint: id.Key.Fingerprint, Account: l.accountOf(),
		Admin: id.Admin, Remote: l.remote, Started: l.started, Terminal: l.pty, Command: l.command,
	}
	if id.Known {
		ns.Name = id.Account.Name
	}
	ctx, cancel := context.WithTimeout(context.Background(), peerTimeout)
	defer cancel()
	if err := p.st.AddNodeSession(ctx, ns); err != nil && !errors.Is(err, store.ErrConflict) {
		logStoreError(p.s.log, "tell the other servers of a session", err)
	}
}

// rename writes l again once its key has picked a name, so that the
// other servers' admins, bans and caps see its account.
func (p *peers) rename(l *live) {
	if p == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), peerTimeout)
	defer cancel()
	if err := p.st.DropNodeSession(ctx, p.node.ID(), int64(l.id)); err != nil {
		logStoreError(p.s.log, "tell the other servers of a session's new name", err)
		return
	}
	p.write(l)
}

// rejoin writes every open session again, since this node's rows were
// deleted if it was taken for dead, and checks each against the bans, since
// a ban's notification may have been lost meanwhile. It announces this
// node's claims again, since a newer claim's notification may have been
// lost too: the node that made it answers (onTakeover).
func (p *peers) rejoin() {
	p.s.claimed(p.takeover)
	for _, l := range p.s.live.list() {
		p.write(l)
		ctx, cancel := context.WithTimeout(context.Background(), peerTimeout)
		msg, refuse, err := p.s.banned(ctx, l.identity())
		cancel()
		if refuse && err == nil {
			p.s.live.end(func(o *live) bool { return o == l }, msg)
		}
	}
}

// sessions returns every node's open sessions; nil when alone.
func (p *peers) sessions(ctx context.Context) ([]store.NodeSession, error) {
	if p == nil {
		return nil, nil
	}
	return p.st.NodeSessions(ctx)
}

// banNotice is a ban's notification: whose sessions end.
type banNotice struct {
	Fingerprint string          `json:"fingerprint,omitempty"`
	Account     store.AccountID `json:"account,omitempty"`
}

// ban tells the other nodes to end the sessions of a ban just saved, and
// returns how many they have open.
func (p *peers) ban(ctx context.Context, t banTarget) int {
	if p == nil {
		return 0
	}
	list, err := p.st.NodeSessions(ctx)
	if err != nil {
		logStoreError(p.s.log, "count the banned sessions on the other servers", err)
	}
	n := 0
	for _, ns := range list {
		if ns.Node != p.node.ID() && (t.account != 0 && ns.Account == t.account || t.account == 0 && ns.Fingerprint == t.fingerprint) {
			n++
		}
	}
	b, _ := json.Marshal(banNotice{Fingerprint: t.fingerprint, Account: t.account})
	if err := p.node.Notify(ctx, notifyBan, string(b)); err != nil {
		logStoreError(p.s.log, "tell the other servers of a ban", err)
	}
	return n
}

// onBan ends this node's sessions of a ban another node saved, telling
// them the ban as the store has it.
func (p *peers) onBan(from, payload string) {
	if from == p.node.ID() {
		return // ended by the ban command already
	}
	var b banNotice
	if err := json.Unmarshal([]byte(payload), &b); err != nil {
		p.s.log.Warn("a ban's notification makes no sense", "from", from, "payload", payload)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), peerTimeout)
	defer cancel()
	ban, err := p.st.BanOn(ctx, b.Fingerprint, b.Account)
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) { // lifted meanwhile: nothing to end
			logStoreError(p.s.log, "read a ban made on another server", err)
		}
		return
	}
	n := p.s.live.end(func(l *live) bool {
		if b.Account != 0 {
			return l.accountOf() == b.Account
		}
		return l.who.Key.Fingerprint == b.Fingerprint
	}, banMessage(ban))
	if n > 0 {
		p.s.log.Info("sessions ended by a ban made on another server", "from", from, "sessions", n)
	}
}

// broadcast sends msg to the other nodes' screens and returns how many
// they have.
func (p *peers) broadcast(ctx context.Context, msg string) int {
	if p == nil {
		return 0
	}
	list, err := p.st.NodeSessions(ctx)
	if err != nil {
		logStoreError(p.s.log, "count the screens on the other servers", err)
	}
	n := 0
	for _, ns := range list {
		if ns.Node != p.node.ID() && ns.Terminal {
			n++
		}
	}
	if err := p.node.Notify(ctx, notifyBroadcast, msg); err != nil {
		logStoreError(p.s.log, "send a broadcast to the other servers", err)
	}
	return n
}

func (p *peers) onBroadcast(from, msg string) {
	if from != p.node.ID() {
		p.s.live.broadcast(msg)
	}
}

// takeover tells the other nodes that the account has an interactive
// session here, which started at since: theirs end if it is newer
// (Server.announced).
func (p *peers) takeover(id store.AccountID, since int64) {
	if p == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), peerTimeout)
	defer cancel()
	if err := p.node.Notify(ctx, notifyTakeover, fmt.Sprintf("%d %d", id, since)); err != nil {
		logStoreError(p.s.log, "tell the other servers of a takeover", err)
	}
}

// onTakeover ends this node's session of the account if the other node's
// is newer; otherwise it answers with its own, the newer, which the other
// node may have missed (a lost notification): it ends its own on hearing it.
func (p *peers) onTakeover(from, payload string) {
	if from == p.node.ID() {
		return // it replaced this node's others as it was made
	}
	var id, since int64
	if _, err := fmt.Sscanf(payload, "%d %d", &id, &since); err != nil {
		p.s.log.Warn("a takeover's notification makes no sense", "from", from, "payload", payload)
		return
	}
	if mine, newer := p.s.announced(store.AccountID(id), from, since); newer {
		go p.takeover(store.AccountID(id), mine) // not on the listener's goroutine
	}
}
