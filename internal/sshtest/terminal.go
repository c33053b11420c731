package sshtest

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/vt"
	gossh "golang.org/x/crypto/ssh"
)

// Terminal is an interactive session (`ssh -t host [cmd]`) whose output is
// read through a terminal emulator. Its methods may be called from one test
// goroutine while the server writes to it.
type Terminal struct {
	client *gossh.Client
	sess   *gossh.Session
	stdin  io.WriteCloser

	mu      sync.Mutex
	emu     *vt.Emulator
	changed chan struct{} // gets a token after each write to the screen
	done    chan struct{} // closed when the server's output ends

	waitOnce sync.Once
	waitErr  error
	waited   chan struct{} // closed once the session's Wait has returned
}

// Open starts an interactive session on a terminal of width×height, as
// `ssh -t host` does, on a connection of its own. The session is closed
// when the test ends.
func Open(t testing.TB, addr string, key gossh.Signer, width, height int) *Terminal {
	t.Helper()
	return open(t, addr, key, width, height, "")
}

// OpenCommand starts cmd on a terminal of width×height, as
// `ssh -t host cmd` does.
func OpenCommand(t testing.TB, addr string, key gossh.Signer, width, height int, cmd string) *Terminal {
	t.Helper()
	return open(t, addr, key, width, height, cmd)
}

func open(t testing.TB, addr string, key gossh.Signer, width, height int, cmd string) *Terminal {
	t.Helper()
	c := Connect(t, addr, key)
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
	term := &Terminal{
		client:  c,
		sess:    sess,
		stdin:   stdin,
		emu:     vt.NewEmulator(width, height),
		changed: make(chan struct{}, 1),
		done:    make(chan struct{}),
		waited:  make(chan struct{}),
	}
	// The emulator's input is what the player types and its answers to the
	// program's terminal queries; forward both to the server as a real
	// terminal would. Keep draining after the session ends, so that typing
	// into a closed session never blocks.
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := term.emu.Read(buf)
			if n > 0 {
				_, _ = stdin.Write(buf[:n])
			}
			if err != nil {
				return
			}
		}
	}()
	go func() {
		defer close(term.done)
		// A large buffer takes in everything that has arrived at once, so
		// the emulator rarely holds half a frame when a test reads it.
		_, _ = io.CopyBuffer(term, stdout, make([]byte, 1<<20))
	}()
	if cmd == "" {
		err = sess.Shell()
	} else {
		err = sess.Start(cmd)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = sess.Close()
		_ = c.Close()
		_ = term.emu.InputPipe().(io.Closer).Close()
	})
	return term
}

// Write feeds the server's output to the emulator; it is the Terminal's
// side of the session's stdout.
func (term *Terminal) Write(p []byte) (int, error) {
	term.mu.Lock()
	n, err := term.emu.Write(p)
	term.mu.Unlock()
	term.notify()
	return n, err
}

func (term *Terminal) notify() {
	select {
	case term.changed <- struct{}{}:
	default:
	}
}

// Client is the session's connection.
func (term *Terminal) Client() *gossh.Client { return term.client }

// Screen is the visible text of the terminal, one line a row, without
// trailing spaces.
func (term *Terminal) Screen() string {
	term.mu.Lock()
	defer term.mu.Unlock()
	return term.emu.String()
}

// Size is the terminal's width and height.
func (term *Terminal) Size() (width, height int) {
	term.mu.Lock()
	defer term.mu.Unlock()
	return term.emu.Width(), term.emu.Height()
}

// Changed gets a token after the server writes to the terminal. A test
// that watches several terminals at once waits on theirs; WaitFor and
// WaitForFunc use it too, so only one goroutine should wait at a time.
func (term *Terminal) Changed() <-chan struct{} { return term.changed }

// Done is closed when the server's output ends: the session is over.
func (term *Terminal) Done() <-chan struct{} { return term.done }

// WaitFor waits until the screen shows want, and returns the screen.
func (term *Terminal) WaitFor(t testing.TB, want string) string {
	t.Helper()
	return term.WaitForFunc(t, fmt.Sprintf("showed %q", want), func(s string) bool {
		return strings.Contains(s, want)
	})
}

// WaitForFunc waits until ok(screen) holds, and returns that screen. what
// completes "the screen never ..." in the failure message, which shows the
// screen: `showed "Your turn"`.
func (term *Terminal) WaitForFunc(t testing.TB, what string, ok func(screen string) bool) string {
	t.Helper()
	deadline := time.NewTimer(Timeout)
	defer deadline.Stop()
	for {
		s := term.Screen()
		if ok(s) {
			return s
		}
		select {
		case <-term.changed:
		case <-term.done:
			if s := term.Screen(); ok(s) {
				return s
			}
			t.Fatalf("sshtest: the session ended and the screen never %s; screen:\n%s", what, term.Screen())
		case <-deadline.C:
			t.Fatalf("sshtest: in %v the screen never %s; screen:\n%s", Timeout, what, s)
		}
	}
}

// Type sends what a player types: "\r" is enter, "\x1b" esc, "\x15"
// ctrl+u. A program reads one write as one burst of input, so send esc
// on its own, or it reads as alt with the next key.
func (term *Terminal) Type(keys string) {
	term.emu.SendText(keys)
}

// Send writes p to the session's input in one write, as a client that
// sends a burst (a paste without bracketing, a flood of keys) does.
func (term *Terminal) Send(p []byte) error {
	_, err := term.stdin.Write(p)
	return err
}

// Resize changes the terminal to width×height, as a player dragging the
// window does: the emulator first, then a window-change request to the
// server, whose program redraws for the new size.
func (term *Terminal) Resize(t testing.TB, width, height int) {
	t.Helper()
	term.mu.Lock()
	term.emu.Resize(width, height)
	term.mu.Unlock()
	if err := term.sess.WindowChange(height, width); err != nil {
		t.Fatalf("sshtest: window change to %dx%d: %v", width, height, err)
	}
}

// Close drops the connection without ending the session first, as when a
// player's network goes away or they close the window.
func (term *Terminal) Close() error {
	return term.client.Close()
}

// Wait waits for the session to end and returns its exit status. A session
// that ends without one (the connection was closed) fails the test.
func (term *Terminal) Wait(t testing.TB) int {
	t.Helper()
	term.waitOnce.Do(func() {
		go func() {
			term.waitErr = term.sess.Wait()
			close(term.waited)
		}()
	})
	select {
	case <-term.waited:
	case <-time.After(Timeout):
		t.Fatalf("sshtest: the session did not end in %v; screen:\n%s", Timeout, term.Screen())
	}
	status, err := ExitStatus(term.waitErr)
	if err != nil {
		t.Fatalf("sshtest: session wait: %v", err)
	}
	return status
}
