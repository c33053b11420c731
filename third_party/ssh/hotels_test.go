package ssh

// Tests of Hotels' patch (HOTELS.md). Both are data races, so they fail
// only under the race detector: go test -race charm.land/ssh from the
// repository.

import (
	"context"
	"net"
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
