package server

import (
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/rate"
)

// Limits on a session channel before its shell or exec starts (issue 16,
// F1). charm.land/ssh keeps every env request a channel sends before its
// shell, and its request loop stops for good at the second window change
// before the shell (it queues one for a handler that does not run yet),
// which leaves the connection's reader stuck and everything it holds in
// memory after the client leaves. OpenSSH sends a pty-req, a few env
// requests and the shell, in all well under a kilobyte.
const (
	// maxEarlyRequests and maxEarlyBytes (request types and payloads) are
	// what a channel may send before its shell; the rest are refused.
	maxEarlyRequests = 32
	maxEarlyBytes    = 16 << 10
	// dropEarlyRequests and dropEarlyBytes are where refusing ends: a
	// client still sending is not confused but hostile, and its
	// connection is dropped.
	dropEarlyRequests = 256
	dropEarlyBytes    = 1 << 20
	// maxChannelsPerConn bounds the sessions open at once on one
	// connection (OpenSSH's own MaxSessions is 10); each may hold
	// maxEarlyBytes before its shell, and maxEarlyData.
	maxChannelsPerConn = 10
	// maxEarlyData is the input a session channel may send before its
	// shell starts (keys typed while connecting); past it the connection
	// is dropped. Without it, each channel held what the SSH window lets
	// in, 2 MB, until the no-shell drop (issue 27, N3).
	maxEarlyData = 16 << 10
)

// sessionChannel is the "session" channel handler: charm.land/ssh's, with
// the channel's requests filtered by guarded, at most maxChannelsPerConn
// open on a connection, and a connection with none open closed after
// Config.ConnIdleTimeout (see countedConn).
func (s *Server) sessionChannel(srv *ssh.Server, conn *gossh.ServerConn, nc gossh.NewChannel, ctx ssh.Context) {
	if cc := countedFrom(ctx); cc != nil {
		if !cc.openSession(maxChannelsPerConn) {
			_ = nc.Reject(gossh.ResourceShortage, "too many sessions open on this connection")
			return
		}
		defer cc.closeSession()
	}
	g := &guarded{NewChannel: nc, s: s, conn: conn}
	defer g.stop()
	ssh.DefaultSessionHandler(srv, conn, g, ctx)
}

// guarded is a new session channel whose requests pass FilterRequest, on
// the session's own request loop (third_party/ssh/HOTELS.md), before
// charm.land/ssh handles them. Before the shell or exec it refuses
// requests over maxEarlyRequests or maxEarlyBytes, and drops the connection
// past dropEarlyRequests or dropEarlyBytes or when no shell has started
// within the handshake timeout; after it, it drops a connection that sends
// more than requestsPerSecond after a burst of requestBurst. Terminal sizes
// are clamped (clampPty, clampWindow); the program that shows the session
// takes at most one window change each windowEvery (inbox.window).
// Requests for what the server does not do are refused (refuseUnused).
type guarded struct {
	gossh.NewChannel
	s     *Server
	conn  *gossh.ServerConn
	early earlyChannel // the accepted channel

	// noShell drops the connection when no shell has started within the
	// handshake timeout; stopped when one does (then nil), or when the
	// channel closes. Only the session's request loop uses it (Accept,
	// FilterRequest and stop run there).
	noShell *time.Timer
	dropped atomic.Bool // the connection is being dropped: refuse the rest

	// The request loop's own, but for noShell reading what it logs.
	mu      sync.Mutex
	n, size int // requests before the shell, and their types' and payloads' bytes

	pty    bool                  // a pty was asked for
	shell  bool                  // the shell or exec has started
	bucket *rate.Keyed[struct{}] // requests after the shell; nil before the first
}

func (g *guarded) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, in, err := g.NewChannel.Accept()
	if err != nil {
		return nil, nil, err
	}
	g.early.start(ch, g.s.log, g.conn)
	g.noShell = time.AfterFunc(g.s.handshakeTimeout(), func() {
		g.mu.Lock()
		n, size := g.n, g.size
		g.mu.Unlock()
		g.s.log.Info("connection dropped: no shell started", "remote", addrString(g.conn.RemoteAddr()),
			"requests", n, "bytes", size)
		g.drop()
	})
	return &g.early, in, nil
}

// stop stops the no-shell clock of a channel that has closed.
func (g *guarded) stop() {
	if g.noShell != nil {
		g.noShell.Stop()
	}
}

// drop closes the connection; the requests still coming are refused until
// its reader, seeing it closed, ends the session's request loop.
func (g *guarded) drop() {
	g.dropped.Store(true)
	_ = g.conn.Close()
}

// FilterRequest is ssh.RequestFilter's: it answers req and returns true, or
// returns false for the session to handle it.
func (g *guarded) FilterRequest(req *gossh.Request) bool {
	switch {
	case g.dropped.Load():
		_ = req.Reply(false, nil)
		return true
	case g.shell:
		return g.afterShell(req)
	}
	g.mu.Lock()
	g.n++
	g.size += len(req.Type) + len(req.Payload)
	n, size := g.n, g.size
	g.mu.Unlock()
	switch {
	case req.Type == "shell" || req.Type == "exec":
		g.stop()
		g.noShell = nil // nor kept for the session's life
		g.shell = true
		g.early.started()
		return false
	case n > dropEarlyRequests || size > dropEarlyBytes:
		g.s.log.Info("connection dropped: too many requests before a shell", "remote", addrString(g.conn.RemoteAddr()),
			"requests", n, "bytes", size)
		_ = req.Reply(false, nil)
		g.drop()
		return true
	case n > maxEarlyRequests || size > maxEarlyBytes:
		_ = req.Reply(false, nil)
		return true
	case refuseUnused(req):
		return true
	case req.Type == "pty-req":
		clampPty(req.Payload)
		g.pty = true
	case req.Type == "window-change":
		// charm.land/ssh keeps the latest for the session's handler
		// (third_party/ssh/HOTELS.md, change 4).
		clampWindow(req.Payload)
	}
	return false
}

// afterShell is FilterRequest once the shell or exec has started.
func (g *guarded) afterShell(req *gossh.Request) bool {
	if g.bucket == nil { // most sessions send none: no bucket kept
		g.bucket = rate.NewKeyed[struct{}](rate.Limit{Every: time.Second / requestsPerSecond, Burst: requestBurst}, nil)
	}
	if !g.bucket.Allow(struct{}{}) {
		g.s.log.Info("connection dropped: too many requests on a session", "remote", addrString(g.conn.RemoteAddr()),
			"type", req.Type)
		_ = req.Reply(false, nil)
		g.drop()
		return true
	}
	if refuseUnused(req) {
		return true
	}
	if req.Type == "window-change" && g.pty {
		clampWindow(req.Payload)
	}
	return false
}

// earlyChannel is a session channel whose input is read as it comes until
// the shell starts, and kept (up to maxEarlyData) for the session's first
// reads, so that what a client sends before its shell is not left in the
// SSH window's buffers; and whose extended data, which no client sends to
// a server's session, is read and ends the connection.
//
// What it needs is in the one object (no channel, no read buffer of its
// own): every session keeps it, and each collection marks it (issue 22).
type earlyChannel struct {
	gossh.Channel
	log     *slog.Logger
	conn    *gossh.ServerConn
	pumping sync.WaitGroup // done when pump has returned
	stderr  [1]byte        // refuseStderr's read
	// direct is set once pump has returned and what it read has been
	// read: from then on a read is the channel's, with no lock taken
	// (every key a session reads comes through Read).
	direct atomic.Bool

	mu    sync.Mutex
	buf   []byte // read by pump, not yet by the session
	err   error  // what ended pump's reading
	shell bool   // the shell or exec has started
}

// start starts reading ch; log and conn are for drop.
func (e *earlyChannel) start(ch gossh.Channel, log *slog.Logger, conn *gossh.ServerConn) {
	e.Channel, e.log, e.conn = ch, log, conn
	e.pumping.Add(1)
	go e.pump()
	go e.refuseStderr()
}

// drop ends the connection of a client that sent what it should not.
func (e *earlyChannel) drop(what string, n int) {
	e.log.Info("connection dropped: "+what, "remote", addrString(e.conn.RemoteAddr()), "bytes", n)
	_ = e.conn.Close()
}

// pump reads the channel's input until the shell has started and a read
// has returned since (the session's reads wait for that one), or the
// input ends, or it is more than maxEarlyData.
func (e *earlyChannel) pump() {
	defer e.pumping.Done()
	var b [4096]byte
	for {
		n, err := e.Channel.Read(b[:])
		e.mu.Lock()
		e.buf = append(e.buf, b[:n]...)
		e.err = err
		over, shell, size := len(e.buf) > maxEarlyData, e.shell, len(e.buf)
		e.mu.Unlock()
		switch {
		case over && !shell:
			e.drop("too much input before a shell", size)
			return
		case err != nil || shell:
			return
		}
	}
}

// refuseStderr drops the connection if the client sends extended data,
// which nothing would read (it would stay in the SSH window's buffers).
// It is the one goroutine a session keeps for itself: x/crypto/ssh has
// no way to learn of extended data but a read that waits for it.
func (e *earlyChannel) refuseStderr() {
	if n, _ := e.Stderr().Read(e.stderr[:]); n > 0 {
		e.drop("extended data on a session", n)
	}
}

// started tells the channel that its shell or exec has started.
func (e *earlyChannel) started() {
	e.mu.Lock()
	e.shell = true
	e.mu.Unlock()
}

// Read returns what pump read first, then reads the channel.
func (e *earlyChannel) Read(p []byte) (int, error) {
	if e.direct.Load() {
		return e.Channel.Read(p)
	}
	e.pumping.Wait()
	e.mu.Lock()
	if len(e.buf) > 0 {
		n := copy(p, e.buf)
		if e.buf = e.buf[n:]; len(e.buf) == 0 {
			e.buf = nil
		}
		e.mu.Unlock()
		return n, nil
	}
	err := e.err
	e.mu.Unlock()
	if err != nil {
		return 0, err
	}
	e.direct.Store(true)
	return e.Channel.Read(p)
}

// refuseUnused answers false, here, the requests for what the server does
// not do, and reports whether req was one (issue 27, N10): charm.land/ssh
// answers an agent-forwarding request "true" though nothing is forwarded,
// and never answers a signal, which a client asking for a reply waits on.
func refuseUnused(req *gossh.Request) bool {
	switch req.Type {
	case "auth-agent-req@openssh.com", "signal":
		_ = req.Reply(false, nil)
		return true
	}
	return false
}

// Limits on a session channel's requests after its shell (issue 27, N7):
// window changes come by the dozen while a window is dragged, and nothing
// else needs more than a few.
const (
	requestsPerSecond = 200
	requestBurst      = 1000
)

// windowEvery is how often a session's program is given a new window
// size at most: a change is passed on at once, and the changes that come
// within windowEvery after it as one, the latest. A person dragging a
// window's corner makes dozens a second; a client that sends thousands
// (issue 27, N7) made the program redraw for each, 1.3 cores.
const windowEvery = 100 * time.Millisecond

// Limits on a connection's global requests (issue 27, N7): OpenSSH sends a
// keepalive now and then, and no global request of it carries more than a
// few bytes. One client sent 43,000 of 200 KB in 15 s.
const (
	globalRequestsPerSecond = 2
	globalRequestBurst      = 20
	maxGlobalRequestBytes   = 1 << 10
)

// globalRequest is the handler of every global request: none is granted
// (nothing is forwarded). A connection that sends them faster than
// globalRequestsPerSecond after a burst of globalRequestBurst, or one over
// maxGlobalRequestBytes, is dropped.
func (s *Server) globalRequest(ctx ssh.Context, _ *ssh.Server, req *gossh.Request) (bool, []byte) {
	cc := countedFrom(ctx)
	if cc == nil {
		return false, nil
	}
	if cc.globalRequests == nil {
		cc.globalRequests = rate.NewKeyed[struct{}](rate.Limit{Every: time.Second / globalRequestsPerSecond, Burst: globalRequestBurst}, nil)
	}
	if len(req.Payload) > maxGlobalRequestBytes || !cc.globalRequests.Allow(struct{}{}) {
		s.log.Info("connection dropped: too many global requests", "remote", addrString(cc.RemoteAddr()),
			"type", req.Type, "bytes", len(req.Payload))
		_ = cc.Close()
	}
	return false, nil
}

// handshakeTimeout is Config.HandshakeTimeout, or its default.
func (s *Server) handshakeTimeout() time.Duration {
	if s.cfg.HandshakeTimeout > 0 {
		return s.cfg.HandshakeTimeout
	}
	return defaultHandshakeTimeout
}
