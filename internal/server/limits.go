package server

import (
	"time"

	"charm.land/ssh"
	"charm.land/wish/v2"
	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/mailbox"
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

// limitSessions clamps a session's window size (see clampWindow), then
// refuses a new session of a key that opens them too fast
// (Config.SessionLimit), saying when to try again, and hands the rest on.
// The limit is a key's, not an address's: players behind one NAT share an
// address, not a key.
func (s *Server) limitSessions(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		// First: clampWindow reads the window changes that charm.land/ssh
		// queues for the session, which a refused session must do as well.
		sess = clampWindow(sess)
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

// windowed is a session whose terminal sizes are clamped to
// maxWidth×maxHeight, both the size asked for with the terminal and every
// window change after, so nothing downstream sizes a buffer from what the
// client claims.
type windowed struct {
	ssh.Session
	pty     ssh.Pty
	ok      bool
	windows chan ssh.Window
}

// windowEvery is how often a session's program is given a new window
// size at most: a change is passed on at once, and the changes that come
// within windowEvery after it as one, the latest. A person dragging a
// window's corner makes dozens a second; a client that sends thousands
// (issue 27, N7) made the program redraw for each, 1.3 cores.
const windowEvery = 100 * time.Millisecond

// clampWindow wraps sess so that its Pty reports clamped sizes. Window
// changes are passed on latest-first, at most one each windowEvery, and
// never block the session's request loop, even when nothing reads them:
// they are read until the request loop ends, which closes them, even after
// the handler has returned (a window change left unread would stop the
// loop and the connection's reader with it; see guardRequests).
func clampWindow(sess ssh.Session) ssh.Session {
	pty, in, ok := sess.Pty()
	if !ok {
		return sess
	}
	w := &windowed{Session: sess, ok: ok, windows: make(chan ssh.Window, 1)}
	pty.Window = clamp(pty.Window)
	w.pty = pty
	go func() {
		var (
			latest  ssh.Window
			waiting bool             // latest is not passed on yet
			pause   <-chan time.Time // until the next may be; nil if it may now
		)
		for {
			select {
			case win, ok := <-in:
				if !ok {
					return
				}
				latest, waiting = clamp(win), true
			case <-pause:
				pause = nil
			}
			if waiting && pause == nil {
				mailbox.Put(w.windows, latest)
				waiting, pause = false, time.After(windowEvery)
			}
		}
	}()
	return w
}

// Pty returns the terminal with its size clamped, and the clamped window
// changes.
func (w *windowed) Pty() (ssh.Pty, <-chan ssh.Window, bool) {
	return w.pty, w.windows, w.ok
}

func clamp(win ssh.Window) ssh.Window {
	win.Width = min(max(win.Width, 0), maxWidth)
	win.Height = min(max(win.Height, 0), maxHeight)
	return win
}
