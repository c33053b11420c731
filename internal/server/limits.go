package server

import (
	"io"
	"net"
	"sync"
	"time"

	"charm.land/ssh"
	"charm.land/wish/v2"

	"hotels/internal/mailbox"
	"hotels/internal/rate"
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

// TooManyConnections and TooFastConnections are written, in plain text, to
// a connection refused by the per-address cap or rate before the SSH
// handshake.
const (
	TooManyConnections = "hotels: too many connections from your address; close some and try again.\r\n"
	TooFastConnections = "hotels: too many new connections from your address; wait a minute and try again.\r\n"
)

// connLimiter is a net.Listener that refuses a connection from an address
// that already has max open ones, or opens them faster than rate allows,
// before any SSH work (a key exchange, key lookups) is done for it.
type connLimiter struct {
	net.Listener
	max  int
	rate *rate.Keyed[string]

	mu   sync.Mutex
	open map[string]int // by addrKey
	all  int
}

func limitConns(ln net.Listener, max int, r rate.Limit) *connLimiter {
	return &connLimiter{Listener: ln, max: max, rate: rate.NewKeyed[string](r, nil), open: map[string]int{}}
}

// Accept returns the next connection its address may open; the others are
// told why and closed here.
func (l *connLimiter) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		key := addrKey(c.RemoteAddr())
		l.mu.Lock()
		if l.max > 0 && l.open[key] >= l.max {
			l.mu.Unlock()
			go refuseConn(c, TooManyConnections)
			continue
		}
		if !l.rate.Allow(key) {
			l.mu.Unlock()
			go refuseConn(c, TooFastConnections)
			continue
		}
		l.open[key]++
		l.all++
		l.mu.Unlock()
		return &countedConn{Conn: c, release: func() { l.release(key) }}, nil
	}
}

// refuseConn tells a refused client why, without waiting on it long.
func refuseConn(c net.Conn, why string) {
	_ = c.SetDeadline(time.Now().Add(time.Second))
	_, _ = c.Write([]byte(why))
	// An SSH client sends its version line as soon as it connects.
	// Closing with that line unread makes the kernel send a reset, which
	// can discard the message before the client reads it (2,000 sessions
	// opened at once: most refused clients saw "connection reset by
	// peer"). Half-close, then drain until the client closes or the
	// deadline passes.
	if hc, ok := c.(interface{ CloseWrite() error }); ok {
		_ = hc.CloseWrite()
		_, _ = io.Copy(io.Discard, io.LimitReader(c, 64<<10))
	}
	_ = c.Close()
}

func (l *connLimiter) release(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.all--
	if l.open[key]--; l.open[key] <= 0 {
		delete(l.open, key)
	}
}

// Open returns how many connections are open.
func (l *connLimiter) Open() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.all
}

// countedConn gives its slot back once, when closed.
type countedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *countedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}

// addrKey is who a remote address is for the limits: its IP, or for IPv6
// its /64, which one client usually holds whole.
func addrKey(a net.Addr) string {
	if a == nil {
		return ""
	}
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		host = a.String()
	}
	ip := net.ParseIP(host)
	if ip == nil {
		return host
	}
	if ip.To4() != nil {
		return ip.To4().String()
	}
	return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// limitSessions refuses a new session from an address that opens them too
// fast (Config.SessionLimit), and hands the rest on with their window size
// clamped (see clampWindow).
func (s *Server) limitSessions(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		if !s.newSessions.Allow(addrKey(sess.RemoteAddr())) {
			s.log.Warn("session refused: too many new sessions", "remote", addrString(sess.RemoteAddr()))
			wish.Fatalln(sess, "hotels: too many new sessions from your address; wait a minute and try again.")
			return
		}
		next(clampWindow(sess))
	}
}

// newSessionLimiter is the per-address bucket of new sessions.
func newSessionLimiter(l rate.Limit) *rate.Keyed[string] { return rate.NewKeyed[string](l, nil) }

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

// clampWindow wraps sess so that its Pty reports clamped sizes. Window
// changes are passed on latest-first and never block the session's request
// loop, even when nothing reads them.
func clampWindow(sess ssh.Session) ssh.Session {
	pty, in, ok := sess.Pty()
	if !ok {
		return sess
	}
	w := &windowed{Session: sess, ok: ok, windows: make(chan ssh.Window, 1)}
	pty.Window = clamp(pty.Window)
	w.pty = pty
	go func() {
		for {
			select {
			case win, open := <-in:
				if !open {
					return
				}
				mailbox.Put(w.windows, clamp(win))
			case <-sess.Context().Done():
				return
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
