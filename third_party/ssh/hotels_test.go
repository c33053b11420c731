package ssh

// Tests of Hotels' patch (HOTELS.md). Both are data races, so they fail
// only under the race detector: go test -race charm.land/ssh from the
// repository.

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// serve starts srv on a loopback port and returns its address.
func serve(t *testing.T, srv *Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(ln) }()
	return ln.Addr().String()
}

func clientConfig() *gossh.ClientConfig {
	return &gossh.ClientConfig{User: "t", HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 5 * time.Second}
}

// A handshake that ends after Shutdown began is not added to the
// connections Shutdown waits for (WaitGroup.Add from zero racing Wait).
func TestHandshakeEndingDuringShutdown(t *testing.T) {
	authed, shut := make(chan struct{}), make(chan struct{})
	srv := &Server{
		Handler: func(Session) {},
		KeyboardInteractiveHandler: func(Context, gossh.KeyboardInteractiveChallenge) bool {
			close(authed)
			<-shut // the handshake ends once Shutdown has waited
			return true
		},
	}
	addr := serve(t, srv)
	done := make(chan error, 1)
	go func() {
		cfg := clientConfig()
		cfg.Auth = []gossh.AuthMethod{gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) {
			return nil, nil
		})}
		c, err := gossh.Dial("tcp", addr, cfg)
		if err == nil {
			_, _, err = c.OpenChannel("session", nil)
			_ = c.Close()
		}
		done <- err
	}()
	<-authed
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatalf("Shutdown: %v", err)
	}
	close(shut)
	if err := <-done; err == nil {
		t.Error("a connection whose handshake ended after Shutdown opened a session")
	}
}

// A window change is written while the handler reads the pty.
func TestWindowChangeWhileReadingPty(t *testing.T) {
	read := make(chan struct{})
	srv := &Server{Handler: func(s Session) {
		// Reads the pty until it sees a window change, without taking the
		// changes from the channel (which would order them).
		for end := time.Now().Add(5 * time.Second); time.Now().Before(end); {
			if p, _, _ := s.Pty(); p.Window.Height != 24 {
				break
			}
		}
		close(read)
		_ = s.Exit(0)
	}}
	addr := serve(t, srv)
	defer func() { _ = srv.Close() }()
	c, err := gossh.Dial("tcp", addr, clientConfig())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = c.Close() }()
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.RequestPty("xterm", 24, 80, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Shell(); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 200; i++ {
		select {
		case <-read:
			return
		default:
		}
		if err := s.WindowChange(25+i%10, 80); err != nil {
			return // the session ended
		}
	}
	<-read
}

// Window changes that the handler does not read (yet, or ever) do not stop
// the session's request loop, and the handler reads the latest (change 4).
func TestWindowChangesNotRead(t *testing.T) {
	release, got := make(chan struct{}), make(chan Window, 1)
	srv := &Server{Handler: func(s Session) {
		<-release
		_, winch, _ := s.Pty()
		got <- <-winch
		_ = s.Exit(0)
	}}
	addr := serve(t, srv)
	defer func() { _ = srv.Close() }()
	c, err := gossh.Dial("tcp", addr, clientConfig())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = c.Close() }()
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.RequestPty("xterm", 24, 80, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Shell(); err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		if err := s.WindowChange(30, 81+i); err != nil {
			t.Fatal(err)
		}
	}
	// Answered (refused: the shell has started) only by a loop that runs.
	replied := make(chan error, 1)
	go func() { replied <- s.Setenv("A", "b") }()
	select {
	case <-replied:
	case <-time.After(5 * time.Second):
		t.Fatal("the session's request loop stopped at window changes nothing read")
	}
	close(release)
	if w := <-got; w.Width != 85 || w.Height != 30 {
		t.Errorf("the handler read a window of %dx%d, want the latest, 85x30", w.Width, w.Height)
	}
}

// upstreamCRLF is what upstream's ptyWriter wrote for p.
func upstreamCRLF(p []byte) []byte {
	p = bytes.ReplaceAll(p, []byte{'\n'}, []byte{'\r', '\n'})
	return bytes.ReplaceAll(p, []byte{'\r', '\r', '\n'}, []byte{'\r', '\n'})
}

// A pty session writes what upstream's two ReplaceAll wrote (change 3), in
// one write, reporting at most the bytes it was given; a frame without a
// bare \n costs no allocation, and one with them none once the shared
// buffer is warm.
func TestWriteCRLF(t *testing.T) {
	cases := []string{"", "\n", "\r\n", "\r\r\n", "\r\r\r\n", "a\nb", "\n\n", "\x1b[H\r\n\x1b[2B\n", "\r", "ab\r"}
	rnd := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		b := make([]byte, rnd.IntN(12))
		for i := range b {
			b[i] = "\r\nab"[rnd.IntN(4)]
		}
		cases = append(cases, string(b))
	}
	for _, c := range cases {
		var w countingWriter
		n, err := writeCRLF(&w, []byte(c))
		if want := upstreamCRLF([]byte(c)); !bytes.Equal(w.buf, want) || n != len(c) || err != nil || w.writes > 1 {
			t.Fatalf("writeCRLF(%q) wrote %q in %d writes, returned %d, %v; want %q, %d", c, w.buf, w.writes, n, err, want, len(c))
		}
	}
	plain := bytes.Repeat([]byte("\x1b[1;1Hsome text "), 100)
	withNL := bytes.Repeat([]byte("\x1b[1;1Hsome text\n"), 100)
	for _, tt := range []struct {
		name  string
		frame []byte
		max   float64
	}{{"plain", plain, 0}, {"with newlines", withNL, 0.1}} {
		if raceEnabled && tt.max > 0 {
			continue // the race detector's sync.Pool drops a share of what it is given
		}
		var w countingWriter
		if a := testing.AllocsPerRun(100, func() { w.buf = w.buf[:0]; _, _ = writeCRLF(&w, tt.frame) }); a > tt.max {
			t.Errorf("a %s frame: %v allocations a write, want at most %v", tt.name, a, tt.max)
		}
	}
}

type countingWriter struct {
	buf    []byte
	writes int
}

func (w *countingWriter) Write(p []byte) (int, error) {
	w.buf = append(w.buf, p...)
	w.writes++
	return len(p), nil
}

// BenchmarkPtyWrite is a frame of a pty session's output through upstream's
// ptyWriter and through change 3's, without and with bare newlines.
func BenchmarkPtyWrite(b *testing.B) {
	for _, f := range []struct{ name, frame string }{
		{"plain", strings.Repeat("\x1b[1;1H\x1b[38;5;2msome text ", 60)},
		{"newlines", strings.Repeat("\x1b[1;1H\x1b[38;5;2msome text\n", 60)},
	} {
		frame := []byte(f.frame)
		b.Run("upstream/"+f.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _ = io.Discard.Write(upstreamCRLF(frame))
			}
		})
		b.Run("patched/"+f.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _ = writeCRLF(io.Discard, frame)
			}
		})
	}
}

// A connection's global requests are answered on its own loop (change 5):
// no goroutine is started for them, and a handler that panics refuses its
// request and leaves the connection working.
func TestGlobalRequestsOnConnectionLoop(t *testing.T) {
	srv := &Server{
		Handler: func(s Session) { _ = s.Exit(0) },
		RequestHandlers: map[string]RequestHandler{
			"ping": func(Context, *Server, *gossh.Request) (bool, []byte) { return true, []byte("pong") },
			"boom": func(Context, *Server, *gossh.Request) (bool, []byte) { panic("boom") },
		},
	}
	addr := serve(t, srv)
	defer func() { _ = srv.Close() }()
	c, err := gossh.Dial("tcp", addr, clientConfig())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = c.Close() }()
	if ok, payload, err := c.SendRequest("ping", true, nil); !ok || string(payload) != "pong" || err != nil {
		t.Fatalf("ping: %v %q %v, want true pong", ok, payload, err)
	}
	buf := make([]byte, 1<<20)
	stacks := string(buf[:runtime.Stack(buf, true)])
	if n := strings.Count(stacks, "created by charm.land/ssh.(*Server).handleConn"); n > 0 {
		t.Errorf("a connection with no channel open has %d goroutines of its own, want none:\n%s", n, stacks)
	}
	answered := make(chan string)
	go func() {
		for _, typ := range []string{"boom", "other", "ping"} {
			ok, payload, err := c.SendRequest(typ, true, nil)
			answered <- fmt.Sprintf("%s: %v %q %v", typ, ok, payload, err)
		}
	}()
	for _, want := range []string{`boom: false "" <nil>`, `other: false "" <nil>`, `ping: true "pong" <nil>`} {
		select {
		case got := <-answered:
			if got != want {
				t.Errorf("%s, want %s", got, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("no answer, want %s", want)
		}
	}
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Run(""); err != nil {
		t.Errorf("a session after the global requests: %v", err)
	}
}

// filtered is a session channel whose requests pass a filter (change 6)
// that refuses env requests for BAD and keeps the types it saw.
type filtered struct {
	gossh.NewChannel
	seen *[]string
}

func (f filtered) FilterRequest(req *gossh.Request) bool {
	*f.seen = append(*f.seen, req.Type)
	if req.Type == "env" && bytes.Contains(req.Payload, []byte("BAD")) {
		_ = req.Reply(false, nil)
		return true
	}
	return false
}

// A RequestFilter sees each of a session's requests before the session
// does, and what it answers the session never sees (change 6).
func TestRequestFilter(t *testing.T) {
	var seen []string
	env := make(chan []string, 1)
	srv := &Server{
		Handler: func(s Session) { env <- s.Environ(); _ = s.Exit(0) },
		ChannelHandlers: map[string]ChannelHandler{
			"session": func(srv *Server, conn *gossh.ServerConn, nc gossh.NewChannel, ctx Context) {
				DefaultSessionHandler(srv, conn, filtered{NewChannel: nc, seen: &seen}, ctx)
			},
		},
	}
	addr := serve(t, srv)
	defer func() { _ = srv.Close() }()
	c, err := gossh.Dial("tcp", addr, clientConfig())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = c.Close() }()
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Setenv("BAD", "1"); err == nil {
		t.Error("the env request the filter refused was granted")
	}
	if err := s.Setenv("GOOD", "1"); err != nil {
		t.Errorf("the env request the filter passed on: %v", err)
	}
	if err := s.Shell(); err != nil {
		t.Fatal(err)
	}
	if got := <-env; strings.Join(got, " ") != "GOOD=1" {
		t.Errorf("the session's environment is %q, want only GOOD=1", got)
	}
	_ = s.Wait()
	if got := strings.Join(seen, " "); got != "env env shell" {
		t.Errorf("the filter saw %q, want env env shell", got)
	}
}

// OnWindowChange gets a session's window changes in the order they came,
// with the one waiting on the channel when it is called first, and none
// goes to the channel after (change 7).
func TestOnWindowChange(t *testing.T) {
	var (
		mu   sync.Mutex
		got  []int
		last = make(chan struct{})
	)
	waiting, registered := make(chan struct{}), make(chan struct{})
	srv := &Server{Handler: func(s Session) {
		<-waiting // a change is waiting on the channel
		_, winch, _ := s.Pty()
		OnWindowChange(s, func(w Window) {
			mu.Lock()
			defer mu.Unlock()
			got = append(got, w.Width)
			if w.Width == 90 {
				close(last)
			}
		})
		close(registered)
		<-last
		select {
		case w := <-winch:
			t.Errorf("a change of width %d went to the channel", w.Width)
		default:
		}
		_ = s.Exit(0)
	}}
	addr := serve(t, srv)
	defer func() { _ = srv.Close() }()
	c, err := gossh.Dial("tcp", addr, clientConfig())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = c.Close() }()
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.RequestPty("xterm", 24, 80, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Shell(); err != nil {
		t.Fatal(err)
	}
	// Answered, so the loop has put it on the channel.
	if _, err := s.SendRequest("window-change", true, gossh.Marshal(struct{ W, H, PW, PH uint32 }{81, 24, 0, 0})); err != nil {
		t.Fatal(err)
	}
	close(waiting)
	<-registered
	for w := 82; w <= 90; w++ {
		if err := s.WindowChange(24, w); err != nil {
			t.Fatal(err)
		}
	}
	select {
	case <-last:
	case <-time.After(5 * time.Second):
		t.Fatal("the last window change never reached the callback")
	}
	_ = s.Wait()
	mu.Lock()
	defer mu.Unlock()
	if len(got) != 10 || got[0] != 81 || !slices.IsSorted(got) {
		t.Errorf("the callback got widths %v, want 81 to 90 in order", got)
	}
}

// fakeMeta is a connection's metadata.
type fakeMeta struct{ user string }

func (m fakeMeta) User() string        { return m.user }
func (fakeMeta) SessionID() []byte     { return []byte{0xab, 0xcd} }
func (fakeMeta) ClientVersion() []byte { return []byte("SSH-2.0-client") }
func (fakeMeta) ServerVersion() []byte { return []byte("SSH-2.0-server") }
func (fakeMeta) RemoteAddr() net.Addr  { return &net.TCPAddr{IP: net.IPv4(127, 0, 0, 2), Port: 2} }
func (fakeMeta) LocalAddr() net.Addr   { return &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 1} }
func (fakeMeta) String() string        { return "fake" }

// A connection's metadata is read from it when asked, not copied into the
// context's values (change 8): the context answers as upstream's does, and
// applying the metadata allocates nothing (upstream's: each string and its
// box, and the map's growth).
func TestConnMetadataNotCopied(t *testing.T) {
	ctxs := make([]*sshContext, 101)
	for i := range ctxs {
		ctxs[i], _ = newContext(&Server{})
	}
	i := 0
	if a := testing.AllocsPerRun(100, func() { applyConnMetadata(ctxs[i], fakeMeta{user: "ann"}); i++ }); a > 0 {
		t.Errorf("applying a connection's metadata: %v allocations, want none", a)
	}
	ctx := ctxs[0]
	applyConnMetadata(ctx, fakeMeta{user: "bob"}) // a later attempt's user
	for _, tt := range []struct{ got, want any }{
		{ctx.User(), "bob"},
		{ctx.SessionID(), "abcd"},
		{ctx.ClientVersion(), "SSH-2.0-client"},
		{ctx.ServerVersion(), "SSH-2.0-server"},
		{ctx.RemoteAddr().String(), "127.0.0.2:2"},
		{ctx.LocalAddr().String(), "127.0.0.1:1"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %v, want %v", tt.got, tt.want)
		}
	}
}

// A connection's first session runs on the connection's goroutine, its
// request loop serving the connection's global requests and new channels
// meanwhile (change 9): while it is open, no goroutine handles its
// channel, a global request is answered, and a second session works (on a
// goroutine of its own); once it has ended, the next session takes the
// connection's goroutine again.
func TestSessionOnConnectionLoop(t *testing.T) {
	release := make(chan struct{})
	srv := &Server{
		Handler: func(s Session) {
			if s.RawCommand() == "wait" {
				<-release
			}
			_ = s.Exit(0)
		},
		RequestHandlers: map[string]RequestHandler{
			"ping": func(Context, *Server, *gossh.Request) (bool, []byte) { return true, []byte("pong") },
		},
	}
	addr := serve(t, srv)
	defer func() { _ = srv.Close() }()
	c, err := gossh.Dial("tcp", addr, clientConfig())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = c.Close() }()
	channelGoroutines := func() int {
		buf := make([]byte, 1<<20)
		stacks := string(buf[:runtime.Stack(buf, true)])
		return strings.Count(stacks, "created by charm.land/ssh.(*Server).handleConn") +
			strings.Count(stacks, "created by charm.land/ssh.(*connLoop).newChannel")
	}
	ping := func(when string) {
		t.Helper()
		if ok, payload, err := c.SendRequest("ping", true, nil); !ok || string(payload) != "pong" || err != nil {
			t.Fatalf("ping %s: %v %q %v, want true pong", when, ok, payload, err)
		}
	}

	for round := range 2 {
		first, err := c.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		if err := first.Start("wait"); err != nil {
			t.Fatal(err)
		}
		ping("while a session is open")
		if n := channelGoroutines(); n > 0 {
			t.Errorf("round %d: %d goroutines handle the one session channel, want none", round, n)
		}
		second, err := c.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		if err := second.Run("now"); err != nil {
			t.Errorf("round %d: a second session while the first is open: %v", round, err)
		}
		release <- struct{}{}
		if err := first.Wait(); err != nil {
			t.Errorf("round %d: the first session: %v", round, err)
		}
		ping("after the sessions")
	}
}

// A session with no command (a shell: every interactive Hotels session)
// has none, and asking allocates nothing; a command is split as upstream
// splits it (change 10).
func TestCommandOfShell(t *testing.T) {
	shell := &session{}
	if a := testing.AllocsPerRun(100, func() { _ = shell.Command() }); a > 0 || shell.Command() != nil {
		t.Errorf("a shell's command: %q, %v allocations; want none and none", shell.Command(), a)
	}
	exec := &session{rawCmd: `play "a b" c`}
	if got, want := exec.Command(), []string{"play", "a b", "c"}; !slices.Equal(got, want) {
		t.Errorf("command %q, want %q", got, want)
	}
}

// A session's public key is the one that signed, also when the handler
// refused another first, and the connection keeps no copy of it in its
// permissions' extensions (change 11).
func TestPublicKeyNotInExtensions(t *testing.T) {
	signer := func() gossh.Signer {
		_, k, err := ed25519.GenerateKey(nil)
		if err != nil {
			t.Fatal(err)
		}
		s, err := gossh.NewSignerFromKey(k)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	a, b := signer(), signer()
	for _, tt := range []struct {
		name   string
		accept []gossh.Signer
		want   gossh.Signer
	}{
		{"both accepted", []gossh.Signer{a, b}, a},
		{"the first refused", []gossh.Signer{b}, b},
	} {
		t.Run(tt.name, func(t *testing.T) {
			type seen struct {
				key PublicKey
				ext map[string]string
			}
			got := make(chan seen, 1)
			srv := &Server{
				PublicKeyHandler: func(_ Context, key PublicKey) bool {
					return slices.ContainsFunc(tt.accept, func(s gossh.Signer) bool { return KeysEqual(s.PublicKey(), key) })
				},
				Handler: func(s Session) { got <- seen{s.PublicKey(), s.Permissions().Extensions} },
			}
			cfg := clientConfig()
			cfg.Auth = []gossh.AuthMethod{gossh.PublicKeys(a, b)}
			c, err := gossh.Dial("tcp", serve(t, srv), cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			ch, reqs, err := c.OpenChannel("session", nil)
			if err != nil {
				t.Fatal(err)
			}
			go gossh.DiscardRequests(reqs)
			if _, err := ch.SendRequest("shell", true, nil); err != nil {
				t.Fatal(err)
			}
			s := <-got
			if s.key == nil || !KeysEqual(s.key, tt.want.PublicKey()) {
				t.Errorf("the session's key is %v, want the one that signed", s.key)
			}
			if len(s.ext) > 0 {
				t.Errorf("the connection's permissions keep extensions %q, want none", s.ext)
			}
		})
	}
}

// What a pty-req set up is released when the session's requests end: the
// window channel is closed and the pty handler's closer called, once
// (change 12: by releasePty rather than two defers in the loop's body).
func TestPtyReleasedWhenRequestsEnd(t *testing.T) {
	closed, winchClosed := make(chan struct{}, 2), make(chan struct{})
	srv := &Server{
		PtyHandler: func(Context, Session, Pty) (func() error, error) {
			return func() error { closed <- struct{}{}; return nil }, nil
		},
		Handler: func(s Session) {
			_, winch, _ := s.Pty()
			for range winch {
			}
			close(winchClosed)
		},
	}
	c, err := gossh.Dial("tcp", serve(t, srv), clientConfig())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ch, reqs, err := c.OpenChannel("session", nil)
	if err != nil {
		t.Fatal(err)
	}
	go gossh.DiscardRequests(reqs)
	pty := gossh.Marshal(struct {
		Term          string
		Columns, Rows uint32
		Width, Height uint32
		Modes         string
	}{"xterm", 80, 24, 0, 0, ""})
	for _, req := range []struct {
		name    string
		payload []byte
	}{{"pty-req", pty}, {"shell", nil}} {
		if ok, err := ch.SendRequest(req.name, true, req.payload); !ok || err != nil {
			t.Fatalf("%s: %v %v", req.name, ok, err)
		}
	}
	select {
	case <-closed:
		t.Fatal("the pty was closed while the session's requests go on")
	case <-time.After(100 * time.Millisecond):
	}
	_ = ch.Close()
	for what, done := range map[string]<-chan struct{}{"the window channel closed": winchClosed, "the pty closed": closed} {
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("the session's requests ended, and not %s", what)
		}
	}
	select {
	case <-closed:
		t.Error("the pty was closed twice")
	case <-time.After(100 * time.Millisecond):
	}
}

// A session with an emulated pty writes without asking the connection's
// context (change 13), whose lock a test can hold: upstream's Write waited
// on it; and its \n still reach the client as \r\n. A session without a
// pty writes its bytes as they are.
func TestWriteNotAskingContext(t *testing.T) {
	wrote := make(chan error, 1)
	srv := &Server{
		Handler: func(s Session) {
			var sc *sshContext
			switch ctx := s.Context().(type) {
			case *sshContext:
				sc = ctx
			case loopContext:
				sc = ctx.Context.(*sshContext)
			}
			sc.valuesMu.Lock()
			done := make(chan error, 1)
			go func() { _, err := io.WriteString(s, "a\nb\r\n"); done <- err }()
			select {
			case err := <-done:
				wrote <- err
			case <-time.After(5 * time.Second):
				wrote <- fmt.Errorf("Write waited on the context's lock")
			}
			sc.valuesMu.Unlock()
			_ = s.Exit(0)
		},
	}
	addr := serve(t, srv)
	defer func() { _ = srv.Close() }()
	c, err := gossh.Dial("tcp", addr, clientConfig())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = c.Close() }()
	for _, tt := range []struct {
		pty  bool
		want string
	}{{true, "a\r\nb\r\n"}, {false, "a\nb\r\n"}} {
		sess, err := c.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		if tt.pty {
			if err := sess.RequestPty("xterm", 24, 80, gossh.TerminalModes{}); err != nil {
				t.Fatal(err)
			}
		}
		out, err := sess.Output("")
		if err != nil {
			t.Fatalf("pty %v: %v", tt.pty, err)
		}
		if err := <-wrote; err != nil {
			t.Errorf("pty %v: %v", tt.pty, err)
		}
		if string(out) != tt.want {
			t.Errorf("pty %v: the client read %q, want %q", tt.pty, out, tt.want)
		}
	}
}
