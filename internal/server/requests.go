package server

import (
	"time"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"
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
	// maxEarlyBytes before its shell.
	maxChannelsPerConn = 10
)

// sessionChannel is the "session" channel handler: charm.land/ssh's, with
// the channel's requests passed through guardRequests, at most
// maxChannelsPerConn open on a connection, and a connection with none open
// closed after Config.ConnIdleTimeout (see countedConn).
func (s *Server) sessionChannel(srv *ssh.Server, conn *gossh.ServerConn, nc gossh.NewChannel, ctx ssh.Context) {
	if cc := countedFrom(ctx); cc != nil {
		if !cc.openSession(maxChannelsPerConn) {
			_ = nc.Reject(gossh.ResourceShortage, "too many sessions open on this connection")
			return
		}
		defer cc.closeSession()
	}
	ssh.DefaultSessionHandler(srv, conn, guarded{NewChannel: nc, s: s, conn: conn}, ctx)
}

// guarded is a new session channel whose requests, once accepted, reach
// charm.land/ssh through guardRequests.
type guarded struct {
	gossh.NewChannel
	s    *Server
	conn *gossh.ServerConn
}

func (g guarded) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, in, err := g.NewChannel.Accept()
	if err != nil {
		return nil, nil, err
	}
	out := make(chan *gossh.Request)
	go g.s.guardRequests(g.conn, in, out)
	return ch, out, nil
}

// guardRequests passes a session channel's requests from in to out, the
// session's request loop. Before the shell or exec it refuses requests over
// maxEarlyRequests or maxEarlyBytes, drops the connection past
// dropEarlyRequests or dropEarlyBytes or when no shell has started within
// the handshake timeout, and keeps only the latest window change, passed
// on after the shell (when the session's handler reads them; see
// clampWindow). It always reads in to its end, so that the connection's
// reader never waits on it, and closes out then.
func (s *Server) guardRequests(conn *gossh.ServerConn, in <-chan *gossh.Request, out chan<- *gossh.Request) {
	defer close(out)
	start := time.NewTimer(s.handshakeTimeout())
	defer start.Stop()
	var (
		n, size int
		pty     bool
		window  *gossh.Request // the latest window change before the shell
	)
	for {
		var req *gossh.Request
		select {
		case r, ok := <-in:
			if !ok {
				return
			}
			req = r
		case <-start.C:
			s.log.Info("connection dropped: no shell started", "remote", addrString(conn.RemoteAddr()),
				"requests", n, "bytes", size)
			s.dropConn(conn, in)
			return
		}
		n++
		size += len(req.Type) + len(req.Payload)
		switch {
		case req.Type == "shell" || req.Type == "exec":
			out <- req
			if window != nil {
				out <- window
			}
			for req := range in {
				if !refuseUnused(req) {
					out <- req
				}
			}
			return
		case n > dropEarlyRequests || size > dropEarlyBytes:
			s.log.Info("connection dropped: too many requests before a shell", "remote", addrString(conn.RemoteAddr()),
				"requests", n, "bytes", size)
			s.dropConn(conn, in)
			return
		case n > maxEarlyRequests || size > maxEarlyBytes:
			_ = req.Reply(false, nil)
		case refuseUnused(req):
		case req.Type == "window-change" && pty:
			w := *req
			w.WantReply = false // answered here
			window = &w
			_ = req.Reply(true, nil)
		default:
			pty = pty || req.Type == "pty-req"
			out <- req
		}
	}
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

// dropConn closes conn and refuses what is left in in until the
// connection's reader, seeing the connection closed, closes it.
func (s *Server) dropConn(conn *gossh.ServerConn, in <-chan *gossh.Request) {
	_ = conn.Close()
	for req := range in {
		_ = req.Reply(false, nil)
	}
}

// handshakeTimeout is Config.HandshakeTimeout, or its default.
func (s *Server) handshakeTimeout() time.Duration {
	if s.cfg.HandshakeTimeout > 0 {
		return s.cfg.HandshakeTimeout
	}
	return defaultHandshakeTimeout
}
