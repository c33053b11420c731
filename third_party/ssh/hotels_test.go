package ssh

// Tests of Hotels' patch (HOTELS.md). Both are data races, so they fail
// only under the race detector: go test -race charm.land/ssh from the
// repository.

import (
	"bytes"
	"context"
	"io"
	"math/rand/v2"
	"net"
	"strings"
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
