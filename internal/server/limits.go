package server

import (
	"encoding/binary"
	"time"

	"charm.land/ssh"
	"charm.land/wish/v2"
	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/metrics"
)

// Fixed limits on what a client may send. They are far above what a player
// needs, and not flags: no server needs them different.
const (
	// defaultHandshakeTimeout bounds how long a connection may take to
	// authenticate, so idle half-open connections cannot pile up.
	defaultHandshakeTimeout = 30 * time.Second
	// maxWidth and maxHeight bound the terminal a session may ask for:
	// the program keeps a cell buffer of the whole window, so a
	// 100000×100000 window would cost the server gigabytes.
	maxWidth, maxHeight = 500, 200
	// maxExecArgs and maxExecBytes bound an exec command line before cobra
	// reads it.
	maxExecArgs  = 64
	maxExecBytes = 4096
)

// limitSessions refuses a new session of a key that opens them too fast
// (Config.SessionLimit), saying when to try again, and hands the rest on.
// The limit is a key's, not an address's: players behind one NAT share an
// address, not a key.
func (s *Server) limitSessions(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		var fp string
		if pk := sess.PublicKey(); pk != nil {
			fp = gossh.FingerprintSHA256(pk)
		}
		if ok, wait := s.newSessions.Take(fp); !ok {
			metrics.Refuse(metrics.RefusedRate)
			if s.sessionsLogged.Allow(fp) {
				s.logFor(sess).Warn("sessions refused: too many new sessions (logged once a minute for each key)",
					"remote", addrString(sess.RemoteAddr()), "fingerprint", fp)
			}
			wish.Fatalf(sess, "hotels: too many new sessions with your key; try again in %s.\n", retryIn(wait))
			return
		}
		next(sess)
	}
}

// clampWindow clamps, in place, the columns and rows at the start of p (a
// window change's payload) to maxWidth×maxHeight, so nothing downstream
// sizes a buffer from what the client claims. A payload too short is left
// for charm.land/ssh to refuse.
func clampWindow(p []byte) {
	if len(p) < 8 {
		return
	}
	binary.BigEndian.PutUint32(p, min(binary.BigEndian.Uint32(p), maxWidth))
	binary.BigEndian.PutUint32(p[4:], min(binary.BigEndian.Uint32(p[4:]), maxHeight))
}

// clampPty clamps, in place, the size a pty-req asks for: it follows the
// TERM string.
func clampPty(p []byte) {
	if len(p) < 4 {
		return
	}
	if n := uint64(binary.BigEndian.Uint32(p)); n+4 <= uint64(len(p)) {
		clampWindow(p[4+n:])
	}
}
