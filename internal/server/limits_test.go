package server_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/metrics"
	"hotels/internal/server"
	"hotels/internal/sshtest"
)

// A TCP client that never speaks is dropped after the handshake timeout.
func TestHandshakeTimeout(t *testing.T) {
	ts := startServerWith(t, func(c *server.Config) { c.HandshakeTimeout = 300 * time.Millisecond }, server.Options{})
	c, err := net.Dial("tcp", ts.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = c.Close() }()
	start := time.Now()
	_ = c.SetReadDeadline(time.Now().Add(sshtest.Timeout))
	got, err := io.ReadAll(c) // the server's version line, then EOF
	if err != nil {
		t.Fatalf("the silent connection was not closed: %v (read %q)", err, got)
	}
	if d := time.Since(start); d < 250*time.Millisecond || d > 5*time.Second {
		t.Errorf("the silent connection was closed after %v, want about 300ms", d)
	}
	if !bytes.HasPrefix(got, []byte("SSH-2.0-")) {
		t.Errorf("the server said %q before closing, want its version line", got)
	}
}

// An address may hold only so many connections open, counted before the
// handshake. The first refusals go through the handshake and say why in
// the SSH banner, where OpenSSH shows it; the next are told in plain text
// and closed at once; a slot frees when a connection closes.
func TestConnectionCapPerAddress(t *testing.T) {
	ts := startServerWith(t, func(c *server.Config) { c.MaxConnsPerIP = 2 }, server.Options{})
	first, line := dialRaw(t, ts.addr)
	if !strings.HasPrefix(line, "SSH-2.0-") {
		t.Fatalf("first connection got %q", line)
	}
	if _, line := dialRaw(t, ts.addr); !strings.HasPrefix(line, "SSH-2.0-") {
		t.Fatalf("second connection got %q", line)
	}
	counted := refused(t, metrics.RefusedPerAddress)
	banner, err := dialBanner(t, ts.addr)
	if err == nil || !strings.Contains(banner, "already has 2 connections open") {
		t.Fatalf("third connection: err %v, banner %q; want refused, saying why", err, banner)
	}
	if _, line := refusedRaw(t, ts.addr); line != server.TooManyConnections {
		t.Fatalf("past the explained refusals, a connection got %q, want %q", line, server.TooManyConnections)
	}
	if refused(t, metrics.RefusedPerAddress) <= counted {
		t.Error("the refusal was not counted (hotels_refused_total{reason=\"per_address\"})")
	}
	_ = first.Close()
	deadline := time.Now().Add(sshtest.Timeout)
	for {
		c, err := sshtest.Dial(ts.addr, gossh.PublicKeys(sshtest.NewKey(t)))
		if err == nil {
			_ = c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no slot freed after a connection closed: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// dialBanner connects with an SSH client and a fresh key, and returns the
// banner the server showed and whether the connection was refused.
func dialBanner(t *testing.T, addr string) (string, error) {
	t.Helper()
	var banner string
	c, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: "player", Auth: []gossh.AuthMethod{gossh.PublicKeys(sshtest.NewKey(t))},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: sshtest.Timeout,
		BannerCallback: func(msg string) error { banner += msg; return nil },
	})
	if err == nil {
		_ = c.Close()
	}
	return banner, err
}

// refusedRaw dials raw connections until one is refused before the
// handshake (the explained refusals of an address run out), and returns
// it and its line.
func refusedRaw(t *testing.T, addr string) (net.Conn, string) {
	t.Helper()
	for range 10 {
		c, line := dialRaw(t, addr)
		if !strings.HasPrefix(line, "SSH-2.0-") {
			return c, line
		}
		_ = c.Close()
	}
	t.Fatal("10 connections over the limit all got a handshake")
	return nil, ""
}

// A key may hold only so many sessions open, exec and interactive
// together; a signed-in player's new terminal still takes over the old one.
func TestSessionCapPerKey(t *testing.T) {
	ts := startServerWith(t, func(c *server.Config) { c.MaxSessionsPerKey = 2 }, server.Options{})
	key := sshtest.NewKey(t)
	for range 2 {
		sshtest.Open(t, ts.addr, key, 80, 24).WaitFor(t, "Pick the name")
	}
	counted := refused(t, metrics.RefusedSessionCap)
	_, errOut, status := sshtest.Exec(t, ts.addr, key, "whoami")
	if status != 1 || !strings.Contains(errOut, "already has 2 sessions open") {
		t.Errorf("a third session: exit %d, %q; want refused", status, errOut)
	}
	if refused(t, metrics.RefusedSessionCap) <= counted {
		t.Error("the refusal was not counted (hotels_refused_total{reason=\"session_cap\"})")
	}
	if _, _, status := sshtest.Exec(t, ts.addr, sshtest.NewKey(t), "whoami"); status != 0 {
		t.Errorf("another key was refused too: exit %d", status)
	}

	// Cap 1: a player's exec session is refused while their terminal is
	// open, a new terminal takes the old one over.
	ts = startServerWith(t, func(c *server.Config) { c.MaxSessionsPerKey = 1 }, server.Options{})
	signUp(t, ts, "ann", key)
	old := sshtest.Open(t, ts.addr, key, 80, 24)
	old.WaitFor(t, "Welcome back, ann!")
	if _, _, status := sshtest.Exec(t, ts.addr, key, "whoami"); status != 1 {
		t.Errorf("an exec session over the cap: exit %d, want 1", status)
	}
	newer := sshtest.Open(t, ts.addr, key, 80, 24)
	newer.WaitFor(t, "Welcome back, ann!")
	old.WaitFor(t, "You connected again from somewhere else")
}

// A key may open new sessions only so fast, even on one connection, and is
// told when to try again; another key from the same address may go on.
func TestSessionRatePerKey(t *testing.T) {
	ts := startServerWith(t, func(c *server.Config) { c.SessionRate, c.SessionBurst = 1, 3 }, server.Options{})
	run := func(c *gossh.Client) (string, int) {
		t.Helper()
		sess, err := c.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = sess.Close() }()
		var errOut bytes.Buffer
		sess.Stderr = &errOut
		err = sess.Run("whoami")
		var exit *gossh.ExitError
		switch {
		case err == nil:
			return errOut.String(), 0
		case errors.As(err, &exit):
			return errOut.String(), exit.ExitStatus()
		}
		t.Fatal(err)
		return "", -1
	}
	c := sshtest.Connect(t, ts.addr, sshtest.NewKey(t))
	for i := range 3 {
		if errOut, status := run(c); status != 0 {
			t.Fatalf("session %d of the burst: exit %d, %q", i+1, status, errOut)
		}
	}
	errOut, status := run(c)
	if status != 1 || !strings.Contains(errOut, "too many new sessions with your key; try again in ") {
		t.Errorf("session 4: exit %d, %q; want refused, saying when to try again", status, errOut)
	}
	if errOut, status := run(sshtest.Connect(t, ts.addr, sshtest.NewKey(t))); status != 0 {
		t.Errorf("another key from the same address: exit %d, %q", status, errOut)
	}
}

// An address may open new connections only so fast, checked before the
// handshake; the first refusals say why and when to try again in the SSH
// banner, the next in plain text before the handshake.
func TestConnectionRatePerAddress(t *testing.T) {
	var log levels
	ts := startServerWith(t, func(c *server.Config) { c.ConnRate, c.ConnBurst = 1, 3 }, server.Options{Logger: slog.New(&log)})
	for i := range 3 {
		c, line := dialRaw(t, ts.addr)
		_ = c.Close()
		if !strings.HasPrefix(line, "SSH-2.0-") {
			t.Errorf("connection %d got %q", i+1, line)
		}
	}
	banner, err := dialBanner(t, ts.addr)
	if err == nil || !strings.Contains(banner, "too many connections in a short time (3 at\nonce, then 1 a minute). Try again in ") {
		t.Errorf("connection 4: err %v, banner %q; want refused, saying why and when to try again", err, banner)
	}
	if _, line := refusedRaw(t, ts.addr); line != server.TooFastConnections {
		t.Errorf("past the explained refusals, a connection got %q, want %q", line, server.TooFastConnections)
	}
	// The operator reads it once a minute for the address, not once a
	// connection.
	log.mu.Lock()
	defer log.mu.Unlock()
	var said int
	for _, r := range log.records {
		if strings.HasPrefix(r.Message, "connections refused") {
			said++
		}
	}
	if said != 1 {
		t.Errorf("the log said %d times that connections were refused, want once", said)
	}
}

// sizeLobby shows the window size it was given.
type sizeLobby struct{ w, h int }

func (l sizeLobby) Init() tea.Cmd { return nil }
func (l sizeLobby) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if m, ok := msg.(tea.WindowSizeMsg); ok {
		l.w, l.h = m.Width, m.Height
	}
	return l, nil
}
func (l sizeLobby) View() tea.View { return tea.NewView(fmt.Sprintf("size=%dx%d end", l.w, l.h)) }

// syncBuffer is a session's output that a test waits on.
type syncBuffer struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	changed chan struct{}
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	select {
	case b.changed <- struct{}{}:
	default:
	}
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func (b *syncBuffer) reset() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf.Reset()
}

// waitFor waits until the output holds want.
func (b *syncBuffer) waitFor(t *testing.T, want string) {
	t.Helper()
	deadline := time.After(sshtest.Timeout)
	for {
		b.mu.Lock()
		got := b.buf.String()
		b.mu.Unlock()
		if strings.Contains(got, want) {
			return
		}
		select {
		case <-b.changed:
		case <-deadline:
			t.Fatalf("the output never held %q; it has %d bytes, ending %q", want, len(got), got[max(0, len(got)-200):])
		}
	}
}

// Absurd terminal sizes, asked for with the terminal or in a window
// change, reach the program clamped to 500×200.
func TestWindowSizeClamped(t *testing.T) {
	ts := startServer(t, server.Options{Lobby: func(context.Context, server.Player) tea.Model { return sizeLobby{} }})
	key := sshtest.NewKey(t)
	signUp(t, ts, "ann", key)
	c := sshtest.Connect(t, ts.addr, key)
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	out := &syncBuffer{changed: make(chan struct{}, 1)}
	sess.Stdout = out
	if err := sess.RequestPty("xterm-256color", 100000, 100000, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	out.waitFor(t, "size=500x200 end")
	out.reset()
	if err := sess.WindowChange(30, 90); err != nil {
		t.Fatal(err)
	}
	out.waitFor(t, "size=90x30 end")
	if err := sess.WindowChange(1<<31, 1<<31); err != nil {
		t.Fatal(err)
	}
	out.waitFor(t, "size=500x200 end")
}

// Exec command lines are bounded in words and bytes before any command
// reads them.
func TestExecArgumentCaps(t *testing.T) {
	ts := startServer(t, server.Options{})
	key := sshtest.NewKey(t)
	_, errOut, status := sshtest.Exec(t, ts.addr, key, "whoami"+strings.Repeat(" x", 100))
	if status != 1 || !strings.Contains(errOut, "more than 64 words") {
		t.Errorf("101 words: exit %d, %q", status, errOut)
	}
	_, errOut, status = sshtest.Exec(t, ts.addr, key, "keys add "+strings.Repeat("A", 5000))
	if status != 1 || !strings.Contains(errOut, "longer than 4096 bytes") {
		t.Errorf("5000 bytes: exit %d, %q", status, errOut)
	}
}

// panicky is a lobby that panics in Update on p, and in View once asked to.
type panicky struct {
	stubLobby
	inView bool
}

func (l panicky) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch k.String() {
		case "p":
			panic("test panic in Update")
		case "v":
			l.inView = true
			return l, nil
		}
	}
	m, cmd := l.stubLobby.Update(msg)
	l.stubLobby = m.(stubLobby)
	return l, cmd
}

func (l panicky) View() tea.View {
	if l.inView {
		panic("test panic in View")
	}
	return l.stubLobby.View()
}

// A panic in a screen's Update or View, which run on goroutines all
// sessions share (shallow.go), ends only that session.
func TestScreenPanicEndsOnlyItsSession(t *testing.T) {
	ts := startServer(t, server.Options{Lobby: func(_ context.Context, p server.Player) tea.Model {
		return panicky{stubLobby: stubLobby{p: p}}
	}})
	ok, boom := sshtest.NewKey(t), sshtest.NewKey(t)
	signUp(t, ts, "fine", ok)
	signUp(t, ts, "boom", boom)
	fine := sshtest.Open(t, ts.addr, ok, 80, 24)
	fine.WaitFor(t, "LOBBY name=fine")
	for _, key := range []string{"p", "v"} {
		term := sshtest.Open(t, ts.addr, boom, 80, 24)
		term.WaitFor(t, "LOBBY name=boom")
		term.Type(key)
		select {
		case <-term.Done():
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: the panicking session is still open", key)
		}
	}
	stillServed(t, ts, ok, fine)
}

// A panic in one session's handler ends that session with an apology and
// leaves the others, and the server, working.
func TestPanicEndsOnlyItsSession(t *testing.T) {
	ts := startServer(t, server.Options{Lobby: func(_ context.Context, p server.Player) tea.Model {
		if p.Account.Name == "boom" {
			panic("test panic")
		}
		return stubLobby{p: p}
	}})
	ok, boom := sshtest.NewKey(t), sshtest.NewKey(t)
	signUp(t, ts, "fine", ok)
	signUp(t, ts, "boom", boom)
	fine := sshtest.Open(t, ts.addr, ok, 80, 24)
	fine.WaitFor(t, "LOBBY name=fine")

	// The apology goes to stderr, which ssh(1) shows on the terminal.
	sess, err := sshtest.Connect(t, ts.addr, boom).NewSession()
	if err != nil {
		t.Fatal(err)
	}
	var errOut bytes.Buffer
	sess.Stderr = &errOut
	if err := sess.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	var exit *gossh.ExitError
	if err := sess.Wait(); !errors.As(err, &exit) || exit.ExitStatus() != 1 {
		t.Errorf("the panicking session ended with %v, want exit 1", err)
	}
	if !strings.Contains(errOut.String(), "something went wrong on our side") {
		t.Errorf("the panicking session was told %q", errOut.String())
	}
	stillServed(t, ts, ok, fine)
}

// stillServed checks, after another session's panic, that the server and
// fine (a session of key's in the stub lobby) still work: fine takes keys,
// key opens a new session, and fine ends as it should.
func stillServed(t *testing.T, ts *testServer, key gossh.Signer, fine *sshtest.Terminal) {
	t.Helper()
	fine.Type("z") // still served: keys go through
	if _, _, status := sshtest.Exec(t, ts.addr, key, "whoami"); status != 0 {
		t.Errorf("a new session after the panic: exit %d", status)
	}
	fine.Type("x")
	if status := fine.Wait(t); status != 0 {
		t.Errorf("the other session ended with %d", status)
	}
}

// dialRaw opens a TCP connection to addr, closed when the test ends, and
// returns it with the first line the server sent (its version, or why it
// refused).
func dialRaw(t *testing.T, addr string) (net.Conn, string) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	_ = c.SetReadDeadline(time.Now().Add(sshtest.Timeout))
	line, _ := bufio.NewReader(c).ReadString('\n')
	return c, line
}

// Issue 23: a real OpenSSH client refused for its address's rate is told
// why and when to try again, in BatchMode too, not only
// "kex_exchange_identification: Connection closed by remote host".
func TestOpenSSHRefusedForRateSaysWhy(t *testing.T) {
	if _, err := exec.LookPath("ssh"); err != nil {
		t.Skip("no OpenSSH client")
	}
	ts := startServerWith(t, func(c *server.Config) { c.ConnRate, c.ConnBurst = 1, 1 }, server.Options{})
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	block, err := gossh.MarshalPrivateKey(priv, "")
	if err != nil {
		t.Fatal(err)
	}
	keyFile := filepath.Join(t.TempDir(), "id_ed25519")
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(block), 0o600); err != nil {
		t.Fatal(err)
	}
	host, port, _ := net.SplitHostPort(ts.addr)
	ssh := func() (string, error) {
		ctx, cancel := context.WithTimeout(context.Background(), sshtest.Timeout)
		defer cancel()
		out, err := exec.CommandContext(ctx, "ssh", "-F", "/dev/null", "-o", "BatchMode=yes",
			"-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "IdentitiesOnly=yes",
			"-i", keyFile, "-p", port, "player@"+host, "whoami").CombinedOutput()
		return string(out), err
	}
	if out, err := ssh(); err != nil {
		t.Fatalf("the first connection: %v\n%s", err, out)
	}
	out, err := ssh()
	t.Logf("over the rate, ssh said:\n%s", out)
	if err == nil || !strings.Contains(out, "too many connections in a short time") || !strings.Contains(out, "Try again in ") {
		t.Errorf("over the rate, ssh said (err %v):\n%s\nwant why and when to try again", err, out)
	}
}
