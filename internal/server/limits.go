package server

import (
	"io"
	"log/slog"
	"net"
	"sync"
	"time"

	"charm.land/ssh"
	"charm.land/wish/v2"

	"hotels/internal/mailbox"
	"hotels/internal/metrics"
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

// TooManyConnections, TooFastConnections and TooManyHandshakes are
// written, in plain text, to a connection refused by the per-address cap or
// rate, or by the cap on handshakes under way, before the SSH handshake.
const (
	TooManyConnections = "hotels: too many connections from your address; close some and try again.\r\n"
	TooFastConnections = "hotels: too many new connections from your address; wait a minute and try again.\r\n"
	TooManyHandshakes  = "hotels: the server is busy with too many new connections; try again in a minute.\r\n"
)

// connLimiter is a net.Listener that refuses a connection from an address
// that already has max open ones, or opens them faster than rate allows,
// or while maxHandshakes connections are still in their handshake, before
// any SSH work (a key exchange, key lookups) is done for it. It also closes
// a connection that has no session open for idle (see countedConn).
type connLimiter struct {
	net.Listener
	max           int
	maxHandshakes int
	idle          time.Duration
	rate          *rate.Keyed[string]
	log           *slog.Logger // refusals, at DEBUG; none if nil

	mu        sync.Mutex
	open      map[string]int // by addrKey
	all       int
	handshake int // connections not yet authenticated
}

// connLimits are the settings of a connLimiter; a zero turns its limit off.
type connLimits struct {
	perAddr    int           // open connections per address
	rate       rate.Limit    // new connections per address
	handshakes int           // connections in their handshake, from everywhere
	idle       time.Duration // how long a connection may have no session open
	log        *slog.Logger  // where refusals are logged, at DEBUG
}

func limitConns(ln net.Listener, c connLimits) *connLimiter {
	return &connLimiter{Listener: ln, max: c.perAddr, maxHandshakes: c.handshakes, idle: c.idle, log: c.log,
		rate: rate.NewKeyed[string](c.rate, nil), open: map[string]int{}}
}

// Accept returns the next connection the limits allow; the others are told
// why and closed here.
func (l *connLimiter) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		key := addrKey(c.RemoteAddr())
		l.mu.Lock()
		if l.maxHandshakes > 0 && l.handshake >= l.maxHandshakes {
			l.mu.Unlock()
			l.refuse(c, metrics.RefusedHandshakes, TooManyHandshakes)
			continue
		}
		if l.max > 0 && l.open[key] >= l.max {
			l.mu.Unlock()
			l.refuse(c, metrics.RefusedPerAddress, TooManyConnections)
			continue
		}
		if !l.rate.Allow(key) {
			l.mu.Unlock()
			l.refuse(c, metrics.RefusedRate, TooFastConnections)
			continue
		}
		l.open[key]++
		l.all++
		l.handshake++
		l.mu.Unlock()
		return &countedConn{Conn: c, l: l, key: key}, nil
	}
}

// refuse counts a connection refused for reason and logs it, at DEBUG: a
// flood would fill the disk at INFO, and hotels_refused_total counts them
// anyway. The client is told why.
func (l *connLimiter) refuse(c net.Conn, reason, why string) {
	metrics.Refuse(reason)
	if l.log != nil {
		l.log.Debug("connection refused", "reason", reason, "remote", addrString(c.RemoteAddr()))
	}
	go refuseConn(c, why)
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

// Open returns how many connections are open.
func (l *connLimiter) Open() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.all
}

// countedConn is a connection the limiter let in. It gives its slots back
// once, its handshake slot when authenticated or closed, its address slot
// when closed; and it closes itself when it has had no session channel
// open for the limiter's idle time (`ssh -N`, or a client that only
// authenticates), counted from its authentication or its last session:
// until it authenticates, the handshake timeout bounds it.
type countedConn struct {
	net.Conn
	l   *connLimiter
	key string

	handshakeOnce, closeOnce sync.Once

	mu       sync.Mutex
	sessions int         // session channels open
	idle     *time.Timer // nil before authentication, or if there is no idle limit
	closed   bool
}

// handshook frees the connection's handshake slot and starts its idle
// clock.
func (c *countedConn) handshook() {
	c.handshakeOnce.Do(func() {
		c.l.mu.Lock()
		c.l.handshake--
		c.l.mu.Unlock()
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.l.idle > 0 && !c.closed {
			c.idle = time.AfterFunc(c.l.idle, func() { _ = c.Close() })
		}
	})
}

func (c *countedConn) Close() error {
	err := c.Conn.Close()
	c.handshook()
	c.closeOnce.Do(func() {
		c.mu.Lock()
		c.closed = true
		if c.idle != nil {
			c.idle.Stop()
		}
		c.mu.Unlock()
		c.l.mu.Lock()
		defer c.l.mu.Unlock()
		c.l.all--
		if c.l.open[c.key]--; c.l.open[c.key] <= 0 {
			delete(c.l.open, c.key)
		}
	})
	return err
}

// openSession counts a new session channel unless max are open, and stops
// the idle clock.
func (c *countedConn) openSession(max int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sessions >= max {
		return false
	}
	c.sessions++
	if c.idle != nil {
		c.idle.Stop()
	}
	return true
}

// closeSession counts a session channel closed, and starts the idle clock
// when it was the last.
func (c *countedConn) closeSession() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sessions--; c.sessions == 0 && c.idle != nil && !c.closed {
		c.idle.Reset(c.l.idle)
	}
}

type countedKey struct{}

// countedFrom returns the connection's countedConn, which connCallback put
// in its context; nil for a connection that did not come through a
// connLimiter.
func countedFrom(ctx interface{ Value(any) any }) *countedConn {
	c, _ := ctx.Value(countedKey{}).(*countedConn)
	return c
}

// connCallback is the ssh.Server's ConnCallback: it keeps the
// connection's countedConn in its context.
func connCallback(ctx ssh.Context, c net.Conn) net.Conn {
	if cc, ok := c.(*countedConn); ok {
		ctx.SetValue(countedKey{}, cc)
	}
	return c
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

// limitSessions clamps a session's window size (see clampWindow), then
// refuses a new session from an address that opens them too fast
// (Config.SessionLimit) and hands the rest on.
func (s *Server) limitSessions(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		// First: clampWindow reads the window changes that charm.land/ssh
		// queues for the session, which a refused session must do as well.
		sess = clampWindow(sess)
		if !s.newSessions.Allow(addrKey(sess.RemoteAddr())) {
			metrics.Refuse(metrics.RefusedRate)
			s.logFor(sess).Warn("session refused: too many new sessions", "remote", addrString(sess.RemoteAddr()))
			wish.Fatalln(sess, "hotels: too many new sessions from your address; wait a minute and try again.")
			return
		}
		next(sess)
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
// loop, even when nothing reads them: they are read until the request loop
// ends, which closes them, even after the handler has returned (a window
// change left unread would stop the loop and the connection's reader with
// it; see guardRequests).
func clampWindow(sess ssh.Session) ssh.Session {
	pty, in, ok := sess.Pty()
	if !ok {
		return sess
	}
	w := &windowed{Session: sess, ok: ok, windows: make(chan ssh.Window, 1)}
	pty.Window = clamp(pty.Window)
	w.pty = pty
	go func() {
		for win := range in {
			mailbox.Put(w.windows, clamp(win))
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
