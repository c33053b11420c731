package sshtest_test

import (
	"bufio"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"net"
	"strconv"
	"testing"
	"time"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/sshtest"
)

// startEcho serves a small SSH program: `exit N` prints and exits N; a
// terminal session shows its size after each window change, echoes each
// line typed, and ends with q.
func startEcho(t *testing.T) string {
	t.Helper()
	srv := &ssh.Server{
		PublicKeyHandler: func(ssh.Context, ssh.PublicKey) bool { return true },
		Handler:          echo,
	}
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	host, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	srv.AddHostKey(host)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return ln.Addr().String()
}

func echo(s ssh.Session) {
	if cmd := s.Command(); len(cmd) == 2 && cmd[0] == "exit" {
		n, _ := strconv.Atoi(cmd[1])
		fmt.Fprintln(s, "out")
		fmt.Fprintln(s.Stderr(), "err")
		_ = s.Exit(n)
		return
	}
	_, winch, ok := s.Pty()
	if !ok {
		_ = s.Exit(2)
		return
	}
	keys := make(chan byte)
	go func() {
		defer close(keys)
		r := bufio.NewReader(s)
		for {
			b, err := r.ReadByte()
			if err != nil {
				return
			}
			keys <- b
		}
	}()
	typed := ""
	for {
		select {
		case w, ok := <-winch:
			if !ok {
				winch = nil
				continue
			}
			fmt.Fprintf(s, "\x1b[2J\x1b[Hsize %dx%d", w.Width, w.Height)
		case k, ok := <-keys:
			switch {
			case !ok:
				return
			case k == 'q':
				_ = s.Exit(0)
				return
			case k == '\r':
				fmt.Fprintf(s, "\r\ntyped %s", typed)
				typed = ""
			default:
				typed += string(k)
			}
		}
	}
}

func TestExec(t *testing.T) {
	addr := startEcho(t)
	out, errOut, status := sshtest.Exec(t, addr, sshtest.NewKey(t), "exit 3")
	if out != "out\n" || errOut != "err\n" || status != 3 {
		t.Errorf("Exec(exit 3) = %q, %q, %d; want \"out\\n\", \"err\\n\", 3", out, errOut, status)
	}
}

func TestTerminal(t *testing.T) {
	addr := startEcho(t)
	term := sshtest.Open(t, addr, sshtest.NewKey(t), 40, 10)
	term.WaitFor(t, "size 40x10")
	term.Type("hello\r")
	term.WaitFor(t, "typed hello")

	term.Resize(t, 60, 12)
	term.WaitFor(t, "size 60x12")
	if w, h := term.Size(); w != 60 || h != 12 {
		t.Errorf("Size() = %dx%d after Resize(60, 12)", w, h)
	}
	term.Type("q")
	if status := term.Wait(t); status != 0 {
		t.Errorf("exit status %d after q, want 0", status)
	}
	select {
	case <-term.Done():
	case <-time.After(sshtest.Timeout):
		t.Error("Done is still open after the session ended")
	}
}
