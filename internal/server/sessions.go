package server

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"charm.land/wish/v2"
	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/metrics"
	"hotels/internal/store"
)

// live is one open session, as the server keeps track of it for the
// per-key cap, admin listings, broadcasts and bans.
type live struct {
	id uint64
	// who is the session as it started; its Key and Admin never change.
	// A key that picks its name in the session gets its account after
	// (signedUp): read the account with identity or accountOf.
	who     identity
	account atomic.Pointer[store.Account]
	remote  string
	started time.Time
	pty     bool
	command string
	// since is when a terminal started by the database's clock, in
	// milliseconds, which orders its account's claims among the nodes
	// (peers.stamp, Server.announced); 0 on a server alone. Set before
	// the session's program starts.
	since int64

	// box reaches the program of an interactive session (its app, or an
	// admin's watch) with broadcasts, bans and the shutdown; nil for a
	// session with no terminal.
	box  *inbox
	sess ssh.Session

	closing bool // taken over or ended, its connection closing; sessions.mu

	// admitted is set by the admit middleware that fills in this entry,
	// which identify made: a connection's sessions share its context,
	// and another session's identify may have replaced this one's.
	admitted atomic.Bool
}

// sessions is the registry of open sessions. Its methods are safe for
// concurrent use.
type sessions struct {
	mu     sync.Mutex
	next   uint64
	open   map[uint64]*live
	perKey map[string]int // open sessions by key fingerprint
}

func newSessions() *sessions {
	return &sessions{open: map[uint64]*live{}, perKey: map[string]int{}}
}

// errTooManySessions refuses a session over Config.MaxSessionsPerKey.
var errTooManySessions = errors.New("too many sessions")

// add registers l unless its key already has max open sessions (0: no
// cap), counting elsewhere's, on the other nodes. A signed-in player's
// interactive session is let in over the cap when the same key already has
// one, here or elsewhere, to take it over (see Server.takeover), so a
// player whose old connections linger is never locked out; but not while
// another of the key's sessions here is still closing: those count against
// the cap (issue 16, F3), or a client that stops reading could pile up
// sessions by taking over its own. remove must be called when the session
// ends.
func (r *sessions) add(l *live, max int, elsewhere elsewhere) (remove func(), err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	fp := l.who.Key.Fingerprint
	takeOver := l.pty && l.who.Known && (r.canTakeOver(fp) || elsewhere.terminal && !r.closing(fp))
	if open := r.perKey[fp] + elsewhere.sessions; max > 0 && open >= max && !takeOver {
		return nil, fmt.Errorf("%w: this key has %d open", errTooManySessions, open)
	}
	r.next++
	l.id = r.next
	r.open[l.id] = l
	r.perKey[fp]++
	return func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		if r.open[l.id] != l {
			return // removed already: l.id is never reused
		}
		delete(r.open, l.id)
		if r.perKey[fp]--; r.perKey[fp] <= 0 {
			delete(r.perKey, fp)
		}
	}, nil
}

// elsewhere is what the other nodes have of a key: how many sessions, and
// whether one is a terminal.
type elsewhere struct {
	sessions int
	terminal bool
}

// closing reports whether one of the key fp's sessions is closing; r.mu is
// held.
func (r *sessions) closing(fp string) bool {
	for _, o := range r.open {
		if o.who.Key.Fingerprint == fp && o.closing {
			return true
		}
	}
	return false
}

// canTakeOver reports whether the key fp has an interactive session to
// take over and none closing; r.mu is held.
func (r *sessions) canTakeOver(fp string) bool {
	interactive := false
	for _, o := range r.open {
		if o.who.Key.Fingerprint != fp {
			continue
		}
		if o.closing {
			return false
		}
		interactive = interactive || o.pty
	}
	return interactive
}

// closeAfter marks l closing and closes its connection after d: a session
// told to end may not, if its client stopped reading (its writes then wait
// forever), and while it is registered it counts against its key's cap.
// The connection is closed even if the session ended by then: a client
// that reads nothing never learns that its channel closed, and would hold
// the connection. Not when keep reports that the connection carries the
// session that took over (OpenSSH's ControlMaster shares one).
func (r *sessions) closeAfter(l *live, d time.Duration, keep func(*gossh.ServerConn) bool) {
	r.markClosing(l)
	time.AfterFunc(d, func() {
		c := connOf(l.sess)
		if c == nil || !keep(c) {
			closeConn(l.sess)
		}
	})
}

// markClosing marks l as closing, to be counted against its key's cap.
func (r *sessions) markClosing(l *live) {
	r.mu.Lock()
	l.closing = true
	r.mu.Unlock()
}

// connOf is the SSH connection of sess, nil if it has none.
func connOf(sess ssh.Session) *gossh.ServerConn {
	c, _ := sess.Context().Value(ssh.ContextKeyConn).(*gossh.ServerConn)
	return c
}

// closeConn closes the connection of sess, which ends every write to it
// waiting on the client; closing only the channel would itself be a write.
func closeConn(sess ssh.Session) {
	if c := connOf(sess); c != nil {
		_ = c.Close()
		return
	}
	_ = sess.Close()
}

// list returns the open sessions, oldest first.
func (r *sessions) list() []*live {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]*live, 0, len(r.open))
	for _, l := range r.open {
		out = append(out, l)
	}
	slices.SortFunc(out, func(a, b *live) int { return int(a.id) - int(b.id) })
	return out
}

// broadcast sends msg to every interactive session and returns how many.
func (r *sessions) broadcast(msg string) int {
	return r.post(noticeMsg{text: msg})
}

// post posts msg to every interactive session and returns how many.
func (r *sessions) post(msg tea.Msg) int {
	n := 0
	for _, l := range r.list() {
		if l.box != nil {
			l.box.post(msg)
			n++
		}
	}
	return n
}

// end ends every session for which match holds, telling it why, and
// returns how many. An interactive session's app shows why and quits; an
// exec session is told on stderr and closed.
func (r *sessions) end(match func(*live) bool, why string) int {
	n := 0
	for _, l := range r.list() {
		if !match(l) {
			continue
		}
		n++
		if l.box != nil {
			l.box.post(endedMsg{why: why})
			// If the app is not there to read it (still starting, or
			// stuck), the connection goes anyway.
			r.closeAfter(l, endGrace, func(*gossh.ServerConn) bool { return false })
			continue
		}
		_, _ = fmt.Fprintf(l.sess.Stderr(), "%s\r\n", why)
		_ = l.sess.Exit(1)
		_ = l.sess.Close()
	}
	return n
}

// endGrace is how long an interactive session has to show why it was ended
// (by an admin, or taken over) before its connection is closed.
const endGrace = 3 * time.Second

// count returns how many sessions are open and how many of them are
// interactive.
func (r *sessions) count() (all, interactive int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, l := range r.open {
		all++
		if l.pty {
			interactive++
		}
	}
	return all, interactive
}

// admit checks a session against bans and the per-key cap, and registers
// it while it runs. It comes after identify: bans on an account are known
// only once the key's account is.
func (s *Server) admit(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		l := liveFrom(sess.Context())
		if l == nil {
			wish.Fatalln(sess, "hotels: this session has no identity; please reconnect.")
			return
		}
		if !l.admitted.CompareAndSwap(false, true) {
			// Another session of the connection, which shares its
			// context, took identify's: this one gets its own.
			l = &live{who: l.who}
			l.admitted.Store(true)
			sess.Context().SetValue(liveKey{}, l)
		}
		id := l.who
		_, _, pty := sess.Pty()
		l.remote, l.started, l.pty, l.command, l.sess = addrString(sess.RemoteAddr()), time.Now(), pty, sess.RawCommand(), sess
		if pty {
			l.box = &inbox{}
		}
		var others elsewhere
		if s.cfg.MaxSessionsPerKey > 0 {
			others.sessions, others.terminal = s.peers.others(sess.Context(), id.Key.Fingerprint)
		}
		remove, err := s.live.add(l, s.cfg.MaxSessionsPerKey, others)
		if err != nil {
			metrics.Refuse(metrics.RefusedSessionCap)
			s.logFor(sess).Warn("session refused: too many sessions for the key", "err", err)
			wish.Fatalf(sess, "hotels: this key already has %d sessions open, the most allowed; close one and try again.\r\n",
				s.cfg.MaxSessionsPerKey)
			return
		}
		defer remove()
		unshare := s.peers.add(l)
		defer unshare()
		// The ban check comes after the session is registered: a ban made
		// meanwhile either is seen here or ends the session (admin ban
		// ends the registered sessions after saving the ban).
		if msg, refuse, err := s.banned(sess.Context(), id); refuse {
			switch {
			case sess.Context().Err() != nil:
				// The client left, which ended the lookup: no ban, and
				// nothing for the operator.
				s.logFor(sess).Debug("client left before its session started")
				return
			case err != nil:
				logStoreError(s.logFor(sess), "session refused: the store did not answer", err)
			default:
				metrics.Refuse(metrics.RefusedBan)
				s.logFor(sess).Info("session refused: banned")
			}
			wish.Fatalln(sess, msg)
			return
		}
		next(sess)
	}
}

type liveKey struct{}

// liveFrom returns the session's registry entry: identify sets it with
// only the identity, and admit fills it in. One value in the context, not
// one for each: its map of values fills its first group with the eighth,
// and grew into a table (three objects more, which the connection kept for
// each collection to mark: docs/capacity.md) at the next, even one that
// replaced a value.
func liveFrom(ctx interface{ Value(any) any }) *live {
	l, _ := ctx.Value(liveKey{}).(*live)
	return l
}

// identity is who the session is now: as it started, with the account
// its key signed up as since, if it did.
func (l *live) identity() identity {
	id := l.who
	if a := l.account.Load(); a != nil {
		id.Account, id.Known = *a, true
	}
	return id
}

// accountOf is the account a live session belongs to, 0 if none.
func (l *live) accountOf() store.AccountID {
	id := l.identity()
	if !id.Known {
		return 0
	}
	return id.Account.ID
}

// signedUp records that the session's key has just picked its name as
// acct, so that from now on bans, kicks, the admins' lists and the
// per-key caps know whose it is, on the other servers too; and ends the
// session if the account was banned meanwhile (a ban by name made
// between the account's creation and this was matched against no
// session).
func (s *Server) signedUp(l *live, acct store.Account) {
	if l == nil {
		return
	}
	l.account.Store(&acct)
	s.peers.rename(l)
	ctx, cancel := context.WithTimeout(context.Background(), peerTimeout)
	defer cancel()
	if msg, refuse, err := s.banned(ctx, l.identity()); refuse && err == nil {
		s.log.Info("session ended: banned as it signed up", "fingerprint", l.who.Key.Fingerprint, "account", acct.ID)
		s.live.end(func(o *live) bool { return o == l }, msg)
	}
}
