package server_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"io"
	"log/slog"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/vt"
	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/server"
	"hotels/internal/store"
)

// waitTimeout bounds every wait in these tests; nothing sleeps.
const waitTimeout = 15 * time.Second

// testServer is a real server on 127.0.0.1 with a fresh database.
type testServer struct {
	addr  string
	store *store.Store
	dir   string
	stop  func() error // cancels Serve and returns its result
}

func startServer(t *testing.T, opts server.Options) *testServer {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	st, err := store.Open(ctx, filepath.Join(dir, "hotels.db"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := server.Config{
		Addr:            "127.0.0.1:0",
		HostKey:         filepath.Join(dir, ".ssh", "hotels_ed25519"),
		ShutdownTimeout: 5 * time.Second,
	}
	opts.Store = st
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	srv, err := server.New(cfg, opts)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		t.Fatal(err)
	}
	sctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(sctx, ln) }()

	var once sync.Once
	var serveErr error
	stop := func() error {
		once.Do(func() {
			cancel()
			select {
			case serveErr = <-done:
			case <-time.After(waitTimeout):
				serveErr = errors.New("Serve did not return after cancel")
			}
		})
		return serveErr
	}
	t.Cleanup(func() {
		if err := stop(); err != nil {
			t.Errorf("Serve = %v", err)
		}
		_ = st.Close()
	})
	return &testServer{addr: ln.Addr().String(), store: st, dir: dir, stop: stop}
}

// newKey makes a fresh ed25519 client key.
func newKey(t *testing.T) gossh.Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func (ts *testServer) dial(t *testing.T, auth ...gossh.AuthMethod) (*gossh.Client, error) {
	t.Helper()
	return gossh.Dial("tcp", ts.addr, &gossh.ClientConfig{
		User:            "player",
		Auth:            auth,
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), // the test has no known_hosts
		Timeout:         waitTimeout,
	})
}

// connect dials with key and fails the test if that does not work.
func (ts *testServer) connect(t *testing.T, key gossh.Signer) *gossh.Client {
	t.Helper()
	c, err := ts.dial(t, gossh.PublicKeys(key))
	if err != nil {
		t.Fatalf("dial with key: %v", err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// exec runs one command without a terminal and returns its output and exit status.
func (ts *testServer) exec(t *testing.T, key gossh.Signer, cmd string) (stdout, stderr string, status int) {
	t.Helper()
	c := ts.connect(t, key)
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = sess.Close() }()
	var out, errOut bytes.Buffer
	sess.Stdout, sess.Stderr = &out, &errOut
	err = sess.Run(cmd)
	var exit *gossh.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
		status = exit.ExitStatus()
	default:
		t.Fatalf("run %q: %v", cmd, err)
	}
	return out.String(), errOut.String(), status
}

// terminal is an interactive session read through a terminal emulator, so
// tests see the screen a player would.
type terminal struct {
	conn  *gossh.Client
	sess  *gossh.Session
	stdin io.WriteCloser

	mu      sync.Mutex
	emu     *vt.Emulator
	changed chan struct{} // gets a token after each write to the screen
	done    chan struct{} // closed when the server's output ends
}

func (ts *testServer) openTerminal(t *testing.T, key gossh.Signer, width, height int) *terminal {
	t.Helper()
	c := ts.connect(t, key)
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestPty("xterm-256color", height, width, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	stdin, err := sess.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := sess.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	term := &terminal{
		conn:    c,
		sess:    sess,
		stdin:   stdin,
		emu:     vt.NewEmulator(width, height),
		changed: make(chan struct{}, 1),
		done:    make(chan struct{}),
	}
	// The emulator answers the program's terminal queries on its input
	// pipe; forward those answers to the server as a real terminal would.
	go func() { _, _ = io.Copy(stdin, term.emu) }()
	go func() {
		defer close(term.done)
		_, _ = io.Copy(term, stdout)
	}()
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = sess.Close()
		_ = term.emu.InputPipe().(io.Closer).Close()
	})
	return term
}

func (term *terminal) Write(p []byte) (int, error) {
	term.mu.Lock()
	n, err := term.emu.Write(p)
	term.mu.Unlock()
	select {
	case term.changed <- struct{}{}:
	default:
	}
	return n, err
}

// screen is the visible text of the terminal.
func (term *terminal) screen() string {
	term.mu.Lock()
	defer term.mu.Unlock()
	return term.emu.String()
}

// waitFor waits until the screen shows want, and returns the screen.
func (term *terminal) waitFor(t *testing.T, want string) string {
	t.Helper()
	deadline := time.NewTimer(waitTimeout)
	defer deadline.Stop()
	for {
		s := term.screen()
		if strings.Contains(s, want) {
			return s
		}
		select {
		case <-term.changed:
		case <-term.done:
			if s := term.screen(); strings.Contains(s, want) {
				return s
			}
			t.Fatalf("session ended before the screen showed %q; screen:\n%s", want, term.screen())
		case <-deadline.C:
			t.Fatalf("screen never showed %q; screen:\n%s", want, s)
		}
	}
}

// typeKeys sends what a player types; "\r" is Enter.
func (term *terminal) typeKeys(t *testing.T, s string) {
	t.Helper()
	term.emu.SendText(s)
}

// wait waits for the session to end and returns its exit status.
func (term *terminal) wait(t *testing.T) int {
	t.Helper()
	errc := make(chan error, 1)
	go func() { errc <- term.sess.Wait() }()
	select {
	case err := <-errc:
		var exit *gossh.ExitError
		if errors.As(err, &exit) {
			return exit.ExitStatus()
		}
		if err != nil {
			t.Fatalf("session wait: %v", err)
		}
		return 0
	case <-time.After(waitTimeout):
		t.Fatalf("session did not end; screen:\n%s", term.screen())
		return -1
	}
}
