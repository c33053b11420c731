package server

import (
	"context"
	"errors"
	"net"
	"runtime/debug"
	"time"

	"charm.land/ssh"
	"charm.land/wish/v2"
	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/rooms"
	"hotels/internal/store"
)

// identity is who a session is. It travels in the session context from the
// identify middleware to the ones after it, as its live's who (see
// identityFrom).
type identity struct {
	Key     store.Key
	Account store.Account
	Known   bool // Account is set: the key has picked a name
	// Admin is set when Key, the key the session signed with, is in the
	// admin keys file.
	Admin bool
}

// player is the identity as the rooms know players: no one (the zero
// Player) for a key with no name yet.
func (id identity) player() rooms.Player {
	if !id.Known {
		return rooms.Player{}
	}
	return rooms.Player{ID: id.Account.ID, Name: id.Account.Name, Bot: id.Account.Bot}
}

// logAttrs are the attributes of every log line about a session of id,
// whose short id is session: the key's fingerprint, and the account if the
// key has one.
func (id identity) logAttrs(session string) []any {
	if id.Known {
		return []any{"session", session, "fingerprint", id.Key.Fingerprint, "account", id.Account.ID}
	}
	return []any{"session", session, "fingerprint", id.Key.Fingerprint}
}

// identityFrom returns the identity set by the identify middleware: the
// who of the session's live (liveFrom).
func identityFrom(ctx context.Context) (identity, bool) {
	if l := liveFrom(ctx); l != nil {
		return l.who, true
	}
	return identity{}, false
}

// recoverPanics ends only the session whose handler panicked, logs the panic
// with its stack, and tells the player something went wrong, not what.
func (s *Server) recoverPanics(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		defer func() {
			if r := recover(); r != nil {
				s.logFor(sess).Error("panic in session", "panic", r, "remote", addrString(sess.RemoteAddr()),
					"stack", string(debug.Stack()))
				wish.Fatalln(sess, "hotels: something went wrong on our side and this session was closed. Sorry!")
			}
		}()
		next(sess)
	}
}

// identify looks up the account of the key the session signed with. It reads
// ssh.Session.PublicKey, which the SSH library sets only after the client has
// proven it holds the private key, never state from the auth callbacks (a
// client may offer other people's public keys there).
func (s *Server) identify(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		pk := sess.PublicKey()
		if pk == nil {
			// Only public-key auth can succeed, so this is a server
			// misconfiguration; refuse rather than serve a stranger.
			s.logFor(sess).Error("session without a public key", "remote", addrString(sess.RemoteAddr()))
			wish.Fatalln(sess, "hotels: this session has no SSH key; connect with one.")
			return
		}
		key, err := store.ParseKey(string(gossh.MarshalAuthorizedKey(pk)))
		if err != nil {
			s.logFor(sess).Error("cannot read session key", "err", err)
			wish.Fatalln(sess, "hotels: your SSH key could not be read; try an ed25519 key.")
			return
		}
		id := identity{Key: key, Admin: s.admins.has(key.Fingerprint)}
		acct, err := s.store.AccountByKey(sess.Context(), key.Authorized)
		if err == nil {
			id.Account, id.Known = acct, true
		}
		// logFor makes this logger from the identity from now on.
		log := s.log.With(id.logAttrs(sessionID(sess))...)
		switch {
		case err == nil:
		case errors.Is(err, store.ErrNotFound):
			// A new key: the TUI asks it for a name.
		case sess.Context().Err() != nil:
			log.Debug("client left before its session started")
			return
		default:
			logStoreError(log, "look up account", err)
			wish.Fatalln(sess, "hotels: the player database is not answering; please try again in a minute.")
			return
		}
		// Every line about the session from here on says whose it is
		// (logFor).
		sess.Context().SetValue(liveKey{}, &live{who: id})
		next(sess)
	}
}

// logSessions logs each session's start and end with who it was and how it
// ended. Names and commands come from players, so they are logged as
// attribute values, which the handler quotes, never in the message.
func (s *Server) logSessions(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		start := time.Now()
		s.logFor(sess).Info("session start", sessionAttrs(sess)...)
		next(sess)
		// The attributes are made again, not kept from the start: what a
		// session keeps for its whole life, each collection marks
		// (docs/capacity.md).
		s.logFor(sess).Info("session end", append(sessionAttrs(sess), "duration", time.Since(start).Round(time.Millisecond))...)
	}
}

// sessionAttrs are the attributes of a session's start and end in the
// log: where from, whether with a terminal, who, and the command.
func sessionAttrs(sess ssh.Session) []any {
	id, _ := identityFrom(sess.Context())
	_, _, pty := sess.Pty()
	attrs := make([]any, 0, 12) // room for every one and the end's duration
	attrs = append(attrs, "remote", addrString(sess.RemoteAddr()), "pty", pty)
	if id.Known {
		attrs = append(attrs, "name", id.Account.Name)
	}
	if id.Admin {
		attrs = append(attrs, "admin", true)
	}
	if cmd := sess.RawCommand(); cmd != "" {
		attrs = append(attrs, "command", cmd) // a string: the handler quotes control characters
	}
	return attrs
}

func addrString(a net.Addr) string {
	if a == nil {
		return ""
	}
	return a.String()
}
