package ssh

import (
	"errors"
	"fmt"
	"io"
	"iter"
	"log/slog"
	"net"
	"sync"

	"github.com/anmitsu/go-shlex"
	gossh "golang.org/x/crypto/ssh"
)

// Session provides access to information about an SSH session and methods
// to read and write to the SSH channel with an embedded Channel interface from
// crypto/ssh.
//
// When Command() returns an empty slice, the user requested a shell. Otherwise
// the user is performing an exec with those command arguments.
//
// TODO: Signals.
type Session interface {
	gossh.Channel

	// User returns the username used when establishing the SSH connection.
	User() string

	// RemoteAddr returns the net.Addr of the client side of the connection.
	RemoteAddr() net.Addr

	// LocalAddr returns the net.Addr of the server side of the connection.
	LocalAddr() net.Addr

	// Environ returns a copy of strings representing the environment set by the
	// user for this session, in the form "key=value".
	Environ() []string

	// Exit sends an exit status and then closes the session.
	Exit(code int) error

	// Command returns a shell parsed slice of arguments that were provided by the
	// user. Shell parsing splits the command string according to POSIX shell rules,
	// which considers quoting not just whitespace.
	Command() []string

	// RawCommand returns the exact command that was provided by the user.
	RawCommand() string

	// Subsystem returns the subsystem requested by the user.
	Subsystem() string

	// PublicKey returns the PublicKey used to authenticate. If a public key was not
	// used it will return nil.
	PublicKey() PublicKey

	// Context returns the connection's context. The returned context is always
	// non-nil and holds the same data as the Context passed into auth
	// handlers and callbacks.
	//
	// The context is canceled when the client's connection closes or I/O
	// operation fails.
	Context() Context

	// Permissions returns a copy of the Permissions object that was available for
	// setup in the auth handlers via the Context.
	Permissions() Permissions

	// EmulatedPty returns true if the session is emulating a PTY using PtyWriter.
	EmulatedPty() bool

	// Pty returns PTY information, a channel of window size changes, and a boolean
	// of whether or not a PTY was accepted for this session.
	Pty() (Pty, <-chan Window, bool)

	// Signals registers a channel to receive signals sent from the client. The
	// channel must handle signal sends or it will block the SSH request loop.
	// Registering nil will unregister the channel from signal sends. During the
	// time no channel is registered signals are buffered up to a reasonable amount.
	// If there are buffered signals when a channel is registered, they will be
	// sent in order on the channel immediately after registering.
	Signals(c chan<- Signal)

	// Break regisers a channel to receive notifications of break requests sent
	// from the client. The channel must handle break requests, or it will block
	// the request handling loop. Registering nil will unregister the channel.
	// During the time that no channel is registered, breaks are ignored.
	Break(c chan<- bool)
}

// maxSigBufSize is how many signals will be buffered
// when there is no signal channel specified.
const maxSigBufSize = 128

// RequestFilter is a new session channel that sees each of the session's
// requests before the session does, on the session's request loop, so that
// no goroutine of its own stands between the two (Hotels patch).
// FilterRequest either answers req itself and returns true, or returns
// false and the session handles req. It must not wait.
type RequestFilter interface {
	gossh.NewChannel
	FilterRequest(req *gossh.Request) bool
}

// DefaultSessionHandler is the default handler for the "session" channel type.
func DefaultSessionHandler(srv *Server, conn *gossh.ServerConn, newChan gossh.NewChannel, ctx Context) {
	ch, reqs, err := newChan.Accept()
	if err != nil {
		slog.Warn("ssh: failed to accept session channel", "err", err)
		return
	}
	var filter func(*gossh.Request) bool
	if f, ok := newChan.(RequestFilter); ok {
		filter = f.FilterRequest
	}
	sess := &session{
		filter:            filter,
		Channel:           ch,
		conn:              conn,
		handler:           srv.Handler,
		ptyCb:             srv.PtyCallback,
		ptyHandler:        srv.PtyHandler,
		sessReqCb:         srv.SessionRequestCallback,
		subsystemHandlers: srv.SubsystemHandlers,
		ctx:               ctx,
	}
	ctx.SetValue(ContextKeySession, sess)
	sess.handleRequests(reqs)
}

// requests yields reqs' requests until reqs closes. For a session whose
// handler runs on its connection's goroutine (Hotels patch, HOTELS.md change
// 9: its Context carries the connection's loop), it serves the
// connection's new channels and global requests meanwhile.
func (sess *session) requests(reqs <-chan *gossh.Request) iter.Seq[*gossh.Request] {
	l, _ := sess.ctx.Value(contextKeyConnLoop).(*connLoop)
	return func(yield func(*gossh.Request) bool) {
		for {
			var chans <-chan gossh.NewChannel
			var greqs <-chan *gossh.Request
			if l != nil {
				chans, greqs = l.chans, l.reqs
			}
			select {
			case req, ok := <-reqs:
				if !ok || !yield(req) {
					return
				}
			case ch, ok := <-chans:
				l.newChannel(ch, ok)
			case req, ok := <-greqs:
				l.request(req, ok)
			}
		}
	}
}

type session struct {
	sync.Mutex
	gossh.Channel
	conn              *gossh.ServerConn
	handler           Handler
	subsystemHandlers map[string]SubsystemHandler
	handled           bool
	exited            bool
	pty               *Pty
	winch             chan Window
	// ptyCloser and closeWinch are what the pty-req set up, released
	// when the requests end (releasePty; Hotels patch).
	ptyCloser  func() error
	closeWinch bool
	env        []string
	ptyCb      PtyCallback
	ptyHandler PtyHandler
	sessReqCb  SessionRequestCallback
	rawCmd     string
	subsystem  string
	ctx        Context
	sigCh      chan<- Signal
	sigBuf     []Signal
	breakCh    chan<- bool
	filter     func(*gossh.Request) bool // Hotels patch: RequestFilter
	onWindow   func(Window)              // Hotels patch: OnWindowChange
	// emulated is whether the session has a pty that is emulated, which
	// Write asks for every frame: set by the pty-req's handler
	// (emulatePtyHandler), before the session's handler starts, and never
	// after. Hotels patch: upstream asked the connection's context, a map
	// under a mutex, at every write.
	emulated bool
}

func (sess *session) Stderr() io.ReadWriter {
	if sess.emulated { // Hotels patch: see emulated
		return NewPtyReadWriter(sess.Channel.Stderr())
	}
	return sess.Channel.Stderr()
}

func (sess *session) Write(p []byte) (int, error) {
	if sess.emulated { // Hotels patch: upstream asked the context each write
		return writeCRLF(sess.Channel, p) // Hotels patch: no ptyWriter boxed a write
	}
	return sess.Channel.Write(p)
}

func (sess *session) PublicKey() PublicKey {
	sessionkey := sess.ctx.Value(ContextKeyPublicKey)
	if sessionkey == nil {
		return nil
	}
	return sessionkey.(PublicKey)
}

func (sess *session) Permissions() Permissions {
	// use context permissions because its properly
	// wrapped and easier to dereference
	perms := sess.ctx.Value(ContextKeyPermissions).(*Permissions)
	return *perms
}

func (sess *session) Context() Context {
	return sess.ctx
}

func (sess *session) Exit(code int) error {
	sess.Lock()
	defer sess.Unlock()
	if sess.exited {
		return errors.New("Session.Exit called multiple times")
	}
	sess.exited = true

	status := struct{ Status uint32 }{uint32(code)}
	_, err := sess.SendRequest("exit-status", false, gossh.Marshal(&status))
	if err != nil {
		return err
	}
	return sess.Close()
}

func (sess *session) User() string {
	return sess.conn.User()
}

func (sess *session) RemoteAddr() net.Addr {
	return sess.conn.RemoteAddr()
}

func (sess *session) LocalAddr() net.Addr {
	return sess.conn.LocalAddr()
}

func (sess *session) Environ() []string {
	return append([]string(nil), sess.env...)
}

func (sess *session) RawCommand() string {
	return sess.rawCmd
}

func (sess *session) Command() []string {
	if sess.rawCmd == "" {
		return nil // Hotels patch: shlex reads even "" through a new 4 KB bufio.Reader
	}
	cmd, _ := shlex.Split(sess.rawCmd, true)
	return append([]string(nil), cmd...)
}

func (sess *session) Subsystem() string {
	return sess.subsystem
}

func (sess *session) EmulatedPty() bool {
	return sess.ctx.Value(contextKeyEmulatePty) == true
}

func (sess *session) Pty() (Pty, <-chan Window, bool) {
	// Hotels patch: read under the lock that a window change writes under.
	sess.Lock()
	defer sess.Unlock()
	if sess.pty != nil && (sess.EmulatedPty() || !sess.pty.IsZero()) {
		return *sess.pty, sess.winch, true
	}
	return Pty{}, sess.winch, false
}

func (sess *session) Signals(c chan<- Signal) {
	sess.Lock()
	defer sess.Unlock()
	sess.sigCh = c
	if len(sess.sigBuf) > 0 {
		go func() {
			for _, sig := range sess.sigBuf {
				sess.sigCh <- sig
			}
		}()
	}
}

// releasePty closes the window channel and then the pty that a pty-req
// set up, when the session's requests end, as upstream's two defers in
// the request loop's body did (Hotels patch). A defer in a range-over-func
// loop's body is a defer record and a closure on the heap, kept for the
// session's whole life for the collector to mark; this one is on the stack.
func (sess *session) releasePty() {
	if sess.closeWinch {
		close(sess.winch)
	}
	if sess.ptyCloser != nil {
		_ = sess.ptyCloser()
	}
}

func (sess *session) Break(c chan<- bool) {
	sess.Lock()
	defer sess.Unlock()
	sess.breakCh = c
}

func (sess *session) handleRequests(reqs <-chan *gossh.Request) {
	defer sess.releasePty() // Hotels patch: see releasePty
	for req := range sess.requests(reqs) {
		if sess.filter != nil && sess.filter(req) {
			continue // Hotels patch: answered by the RequestFilter
		}
		switch req.Type {
		case "shell", "exec":
			if sess.handled {
				_ = req.Reply(false, nil)
				continue
			}

			payload := struct{ Value string }{}
			_ = gossh.Unmarshal(req.Payload, &payload)
			sess.rawCmd = payload.Value

			// If there's a session policy callback, we need to confirm before
			// accepting the session.
			if sess.sessReqCb != nil && !sess.sessReqCb(sess, req.Type) {
				sess.rawCmd = ""
				_ = req.Reply(false, nil)
				continue
			}

			if sess.handler == nil {
				_ = req.Reply(false, nil)
				continue
			}

			sess.handled = true
			_ = req.Reply(true, nil)

			go func() {
				// Closed from a defer so the pty is still released when the
				// handler panics, rather than trading a crash for a leak.
				if sess.pty != nil && !sess.pty.IsZero() {
					defer func() { _ = sess.pty.Close() }()
				}
				defer recoverAndLog("panic in session handler", nil, func() {
					_ = sess.Exit(1)
				})
				if sess.pty != nil && !sess.pty.IsZero() {
					go func() {
						defer recoverAndLog("panic copying to pty", nil, nil)
						_, _ = io.Copy(sess.pty, sess)
					}()
					go func() {
						defer recoverAndLog("panic copying from pty", nil, nil)
						_, _ = io.Copy(sess, sess.pty)
					}()
				}
				sess.handler(sess)
				_ = sess.Exit(0)
			}()
		case "subsystem":
			if sess.handled {
				_ = req.Reply(false, nil)
				continue
			}

			payload := struct{ Value string }{}
			_ = gossh.Unmarshal(req.Payload, &payload)
			sess.subsystem = payload.Value

			// If there's a session policy callback, we need to confirm before
			// accepting the session.
			if sess.sessReqCb != nil && !sess.sessReqCb(sess, req.Type) {
				sess.rawCmd = ""
				_ = req.Reply(false, nil)
				continue
			}

			handler := sess.subsystemHandlers[payload.Value]
			if handler == nil {
				handler = sess.subsystemHandlers["default"]
			}
			if handler == nil {
				_ = req.Reply(false, nil)
				continue
			}

			sess.handled = true
			_ = req.Reply(true, nil)

			go func() {
				defer recoverAndLog("panic in subsystem handler", nil, func() {
					_ = sess.Exit(1)
				})
				handler(sess)
				_ = sess.Exit(0)
			}()
		case "env":
			if sess.handled {
				_ = req.Reply(false, nil)
				continue
			}
			var kv struct{ Key, Value string }
			_ = gossh.Unmarshal(req.Payload, &kv)
			sess.env = append(sess.env, fmt.Sprintf("%s=%s", kv.Key, kv.Value))
			_ = req.Reply(true, nil)
		case "signal":
			var payload struct{ Signal string }
			_ = gossh.Unmarshal(req.Payload, &payload)
			sess.Lock()
			if sess.sigCh != nil {
				sess.sigCh <- Signal(payload.Signal)
			} else {
				if len(sess.sigBuf) < maxSigBufSize {
					sess.sigBuf = append(sess.sigBuf, Signal(payload.Signal))
				}
			}
			sess.Unlock()
		case "pty-req":
			if sess.handled || sess.pty != nil {
				_ = req.Reply(false, nil)
				continue
			}
			ptyReq, ok := parsePtyRequest(req.Payload)
			if !ok {
				_ = req.Reply(false, nil)
				continue
			}
			if sess.ptyCb != nil {
				ok := sess.ptyCb(sess.ctx, ptyReq)
				if !ok {
					_ = req.Reply(false, nil)
					continue
				}
			}

			sess.pty = &ptyReq
			sess.winch = make(chan Window, 1)
			sess.winch <- ptyReq.Window

			if sess.ptyHandler != nil {
				closer, err := sess.ptyHandler(sess.ctx, sess, ptyReq)
				if err != nil {
					// TODO: handle error
					_ = req.Reply(false, nil)
					continue
				}

				sess.ptyCloser = closer // Hotels patch: released by releasePty

				if !sess.EmulatedPty() && !sess.pty.IsZero() {
					go func() {
						defer recoverAndLog("panic resizing pty", nil, nil)
						for win := range sess.winch {
							if err := resizePty(sess, win); err != nil {
								// TODO: handle error
								continue
							}
						}
					}()
				}
			}

			sess.closeWinch = true // Hotels patch: closed by releasePty
			_ = req.Reply(ok, nil)
		case "window-change":
			if sess.pty == nil {
				_ = req.Reply(false, nil)
				continue
			}
			win, _, ok := parseWindow(req.Payload)
			if ok {
				// Hotels patch: the handler may be reading the pty
				// (Pty) meanwhile: written under the session's lock.
				sess.Lock()
				sess.pty.Window = win
				if sess.onWindow != nil {
					// Hotels patch: OnWindowChange, under the lock
					// that orders it after a change it took from the
					// channel.
					sess.onWindow(win)
				} else {
					// Hotels patch: the latest wins, and the loop
					// never waits on a handler that does not read the
					// changes (or has returned): this loop is their
					// only sender.
					select {
					case sess.winch <- win:
					default:
						select {
						case <-sess.winch:
						default:
						}
						sess.winch <- win
					}
				}
				sess.Unlock()
			}
			_ = req.Reply(ok, nil)
		case agentRequestType:
			// TODO: option/callback to allow agent forwarding
			SetAgentRequested(sess.ctx)
			_ = req.Reply(true, nil)
		case "break":
			ok := false
			sess.Lock()
			if sess.breakCh != nil {
				sess.breakCh <- true
				ok = true
			}
			_ = req.Reply(ok, nil)
			sess.Unlock()
		default:
			slog.Debug("ssh: unknown session request", "type", req.Type)
			_ = req.Reply(false, nil)
		}
	}
}

// OnWindowChange has f called with each window change of sess from now
// on, in place of sending it on the channel that Pty returns, and at once
// with a change sent there and not read yet; so that no goroutine need wait
// on that channel for the session's whole life. f is called with the
// session's lock held (which orders the calls): it must not wait, nor call
// the session's methods. It reports false, and does nothing, for a session
// of another package or one without a pty (Hotels patch).
func OnWindowChange(s Session, f func(Window)) bool {
	sess, ok := s.(*session)
	if !ok {
		return false
	}
	sess.Lock()
	defer sess.Unlock()
	if sess.winch == nil {
		return false
	}
	sess.onWindow = f
	select {
	case w := <-sess.winch:
		f(w)
	default:
	}
	return true
}

func (sess *session) ptyAllocate(term string, win Window, modes gossh.TerminalModes) (func() error, error) {
	p, err := newPty(sess.ctx, term, win, modes)
	if err != nil {
		return nil, err
	}

	sess.pty = &Pty{
		Term:   term,
		Window: win,
		Modes:  modes,
		impl:   p,
	}

	return p.Close, nil
}

func resizePty(sess *session, win Window) error {
	if sess.pty == nil {
		return nil
	}

	return sess.pty.Resize(win.Width, win.Height)
}
