package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/netip"
	"sync"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"charm.land/wish/v2"
	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/protocol"
	"hotels/internal/rate"
	"hotels/internal/rooms"
	"hotels/internal/store"
)

// Options are the services a Server uses.
type Options struct {
	Store  *store.Store // required
	Logger *slog.Logger // slog.Default() if nil
	Lobby  Lobby        // the placeholder welcome screen if nil
	Rooms  Rooms        // what admins inspect and act on; none if nil
	// Bots are the bot accounts waiting for games (issue 24), shared with
	// the screens that seat them; the server keeps its own if nil.
	Bots *protocol.Waiters
	// Cluster is the other servers on the same PostgreSQL database, which
	// share sessions, bans, broadcasts and takeovers with this one; nil
	// for a server alone.
	Cluster Cluster
}

// Server is the Hotels SSH server.
type Server struct {
	cfg   Config
	store *store.Store
	log   *slog.Logger
	lobby Lobby
	rooms Rooms
	ssh   *ssh.Server

	started     time.Time
	admins      *adminKeys          // who may run `admin …`
	live        *sessions           // the open sessions
	peers       *peers              // the other servers; nil when alone
	newSessions *rate.Keyed[string] // new sessions by key
	// sessionsLogged is when a key's refused sessions were last logged.
	sessionsLogged *rate.Keyed[string]
	conns          atomic.Pointer[connLimiter]
	proxies        []netip.Prefix // Config.ProxyFrom

	closing     chan struct{} // closed when shutdown starts; sessions watch it
	closingOnce sync.Once

	bots *protocol.Waiters // the bot accounts waiting for games (issue 24)

	mu       sync.Mutex
	accounts map[store.AccountID]*claim // each account's interactive session
}

// New builds a server from cfg, loading the host key from cfg.HostKey or
// creating it there. It does not listen yet; see Serve.
func New(cfg Config, o Options) (*Server, error) {
	if o.Store == nil {
		return nil, errors.New("server: new: Options.Store is nil")
	}
	s := &Server{
		cfg:            cfg,
		store:          o.Store,
		log:            o.Logger,
		lobby:          o.Lobby,
		rooms:          o.Rooms,
		bots:           o.Bots,
		started:        time.Now(),
		live:           newSessions(),
		newSessions:    rate.NewKeyed[string](cfg.SessionLimit(), nil),
		sessionsLogged: rate.NewKeyed[string](logLimit, nil),
		closing:        make(chan struct{}),
		accounts:       map[store.AccountID]*claim{},
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	if s.lobby == nil {
		s.lobby = welcomeLobby
	}
	if s.rooms == nil {
		s.rooms = noRooms{}
	}
	if s.bots == nil {
		s.bots = &protocol.Waiters{}
	}
	var err error
	if s.proxies, err = cfg.proxies(); err != nil {
		return nil, err
	}
	s.admins = newAdminKeys(cfg.AdminKeys, s.log)
	s.peers = newPeers(s, o.Cluster, o.Store)
	handshake := cfg.HandshakeTimeout
	if handshake <= 0 {
		handshake = defaultHandshakeTimeout
	}
	hostKey, err := loadHostKey(cfg.HostKey)
	if err != nil {
		return nil, err
	}
	s.ssh, err = wish.NewServer(
		wish.WithAddress(cfg.Addr),
		wish.WithHostKeyPEM(hostKey),
		wish.WithPublicKeyAuth(s.acceptKey),
		wish.WithKeyboardInteractiveAuth(s.explainKeys),
		// wish runs the last middleware first, so this list reads from the
		// innermost handler out; a session passes through it bottom to top.
		wish.WithMiddleware(
			// 7. Interactive sessions get the TUI: signup, then the Lobby.
			s.runProgram,
			// 6. Exec sessions (`ssh host help`, `ssh host admin …`) run a
			//    command and stop here; a session with neither command nor
			//    terminal is told why.
			s.runCommands,
			// 5. Log each session's start and end, with who it was.
			s.logSessions,
			// 4. Refuse banned keys and accounts and keys over their session
			//    cap; keep the session in the registry (admin players,
			//    broadcasts, bans end sessions) while it runs.
			s.admit,
			// 3. Identity from the key the session signed with
			//    (s.PublicKey()), looked up in the store; admin or not.
			s.identify,
			// 2. Refuse an address opening sessions too fast; clamp the
			//    terminal sizes a client asks for.
			s.limitSessions,
			// 1. A panic ends this session only, and is logged.
			s.recoverPanics,
		),
		func(srv *ssh.Server) error {
			srv.HandshakeTimeout = handshake
			// Algorithms, and what authentication tells the limits.
			srv.ServerConfigCallback = s.serverConfig
			srv.ConnCallback = connCallback
			// Sessions are the one channel type; their requests are
			// bounded before the shell (requests.go).
			srv.ChannelHandlers = map[string]ssh.ChannelHandler{"session": s.sessionChannel}
			// No global request is granted, and a connection that
			// floods them is dropped (requests.go).
			srv.RequestHandlers = map[string]ssh.RequestHandler{"default": s.globalRequest}
			// A handshake that fails is the client's business (a scanner,
			// a dropped connection, a refused key): not an operator's.
			srv.ConnectionFailedCallback = func(c net.Conn, err error) {
				s.log.Debug("connection failed", "remote", addrString(c.RemoteAddr()), "err", err)
			}
			return nil
		},
	)
	if err != nil {
		return nil, fmt.Errorf("server: new: %w", err)
	}
	return s, nil
}

// Serve accepts connections on ln until ctx ends, then shuts down gracefully:
// it stops accepting, tells interactive sessions the server is going away
// (they show a notice and end), waits up to cfg.ShutdownTimeout for
// connections to close, and then cuts the rest. It returns nil after a
// shutdown triggered by ctx.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	s.log.Info("listening", "addr", ln.Addr().String())
	// Refuse an address over its connection cap or rate, and a network
	// or everyone while too many handshakes are under way, before the
	// handshake, which costs the server a key exchange and key lookups.
	// Read the balancers' PROXY headers first, so that the limits count
	// players' addresses. Close connections that keep no session open.
	limited := limitConns(ln, connLimits{
		perAddr:    s.cfg.MaxConnsPerIP,
		rate:       s.cfg.ConnLimit(),
		handshakes: s.cfg.MaxHandshakes,
		perNet:     s.cfg.MaxHandshakesPerNet,
		idle:       s.cfg.ConnIdleTimeout,
		kex:        min(kexTimeout, s.handshakeTimeout()),
		proxies:    s.proxies,
		log:        s.log,
	})
	s.conns.Store(limited)
	ln = limited
	errc := make(chan error, 1)
	go func() { errc <- s.ssh.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("server: serve on %s: %w", ln.Addr(), err)
	case <-ctx.Done():
	}

	s.log.Info("shutting down", "timeout", s.cfg.ShutdownTimeout)
	s.closingOnce.Do(func() { close(s.closing) })
	// Every interactive session is told, through its inbox: one that
	// starts after this sees s.closing closed (newProgram).
	s.live.post(closingMsg{})
	sctx, cancel := context.WithTimeout(context.Background(), s.cfg.ShutdownTimeout)
	defer cancel()
	if err := s.ssh.Shutdown(sctx); err != nil {
		s.log.Warn("sessions still open after the shutdown timeout; closing them", "err", err)
		_ = s.ssh.Close()
	}
	if err := <-errc; err != nil && !errors.Is(err, ssh.ErrServerClosed) {
		return fmt.Errorf("server: serve on %s: %w", ln.Addr(), err)
	}
	s.log.Info("stopped")
	return nil
}

// newProgram builds the Bubble Tea program for one interactive session,
// and returns its app (nil, nil if the session was refused).
func (s *Server) newProgram(sess ssh.Session) (*tea.Program, *app) {
	id, ok := identityFrom(sess.Context())
	if !ok { // identify always runs first; refuse rather than guess
		wish.Fatalln(sess, "hotels: this session has no identity; please reconnect.")
		return nil, nil
	}
	l := liveFrom(sess.Context())
	box := &inbox{}
	if l != nil && l.box != nil {
		box = l.box
	}
	select {
	case <-s.closing:
		box.post(closingMsg{}) // started as the server shuts down
	default:
	}
	m := newApp(&session{
		// The rooms count a player's failed look-ups against the
		// address too (issue 27, N2).
		ctx:      rooms.WithAddress(sess.Context(), addrKey(sess.RemoteAddr())),
		key:      id.Key,
		accounts: s.store,
		lobby:    s.lobby,
		box:      box,
		srv:      s,
		sess:     sess,
		l:        l,
		idle:     s.cfg.IdleTimeout,
		command:  sess.Command(),
	}, id)
	return tea.NewProgram(m, programOptions(sess, s.cfg.FPS)...), m
}

// playing reports whether a player sits in a game that has started, where
// an idle session is never closed: the game waits for them (the clock and
// the autopilot deal with a player who walked away).
func (s *Server) playing(id store.AccountID) bool {
	r := s.rooms.SeatOf(rooms.Player{ID: id})
	return r != nil && r.Info().Status == rooms.Playing
}

// takeover makes the session l, whose program box reaches, the account's
// one interactive session: the one before it is told (replacedMsg), which
// ends it (a player who reconnects takes over their seat), and its
// connection is closed after endGrace, whether or not it ended (issue 16,
// F3; see sessions.closeAfter), unless it is this session's connection
// too. The other nodes are told, and end theirs (announced). The claim
// ends with ctx.
func (s *Server) takeover(ctx context.Context, id store.AccountID, l *live, box *inbox) {
	mine := &claim{box: box, l: l}
	if l != nil {
		mine.since = l.since
	}
	s.mu.Lock()
	if l != nil {
		s.replaceLocked(id, connOf(l.sess))
	} else if old := s.accounts[id]; old != nil {
		old.box.post(replacedMsg{})
	}
	s.accounts[id] = mine
	s.mu.Unlock()
	if s.peers != nil {
		// Not while the screen waits: the claim's place among the other
		// nodes' is its session's start, taken already.
		go s.peers.takeover(id, mine.since)
	}
	// A callback, not a goroutine parked for the whole session.
	context.AfterFunc(ctx, func() {
		s.mu.Lock()
		if s.accounts[id] == mine {
			delete(s.accounts, id)
		}
		s.mu.Unlock()
	})
}

// announced is told of a claim of the account's interactive session made
// on another node, from, by a session that started at since (peers.stamp).
// Of two claims on different nodes the one whose session started later
// wins, and a tie goes to the greater node id: every node decides alike,
// whatever order the notifications reach it in, and a claim heard late
// (its node was busy) or again (peers.rejoin) changes nothing. This node's
// claim ends if the other is newer; if this node's is newer, announced
// returns its start and true: the other node must hear of it, as it may
// have missed it.
func (s *Server) announced(id store.AccountID, from string, since int64) (mine int64, newer bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.accounts[id]
	switch {
	case c == nil:
		return 0, false
	case since > c.since || since == c.since && from > s.peers.node.ID():
		s.replaceLocked(id, nil)
		delete(s.accounts, id)
		return 0, false
	}
	return c.since, true
}

// claimed calls f with each account's interactive session here and when
// it started (peers.stamp).
func (s *Server) claimed(f func(id store.AccountID, since int64)) {
	s.mu.Lock()
	held := make(map[store.AccountID]int64, len(s.accounts))
	for id, c := range s.accounts {
		held[id] = c.since
	}
	s.mu.Unlock()
	for id, since := range held {
		f(id, since)
	}
}

// replaceLocked tells the account's interactive session that another took
// over, and closes its connection after endGrace unless it is conn, the
// new session's (nil: one on another node); s.mu is held.
func (s *Server) replaceLocked(id store.AccountID, conn *gossh.ServerConn) {
	old := s.accounts[id]
	if old == nil {
		return
	}
	old.box.post(replacedMsg{})
	if old.l != nil {
		s.live.closeAfter(old.l, endGrace, func(c *gossh.ServerConn) bool { return conn != nil && c == conn })
	}
}

// claim is an account's interactive session: replacedMsg posted to box
// tells it another took over.
type claim struct {
	box   *inbox
	l     *live // its registry entry; nil if it has none
	since int64 // when its session started, to the other nodes (peers.stamp)
}
