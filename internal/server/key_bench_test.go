package server_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"slices"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/cputime"
	"hotels/internal/server"
	"hotels/internal/sshtest"
)

// keyScreen is a screen drawn as the room screen is (tui.Model.View: its
// lines handed over, in the alternate screen), on which each key changes
// one short line, as an idle key changes a game screen's status line: the
// frame it costs is a few dozen bytes.
type keyScreen struct {
	keys  int
	lines []string
}

func (s *keyScreen) Init() tea.Cmd { return nil }

func (s *keyScreen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(tea.KeyPressMsg); ok {
		s.keys++
	}
	return s, nil
}

func (s *keyScreen) View() tea.View {
	if s.lines == nil {
		s.lines = make([]string, 23)
		for i := 1; i < len(s.lines); i++ {
			s.lines[i] = fmt.Sprintf("Row %2d: a board, the chains and the players, as they were.", i)
		}
	}
	s.lines[0] = fmt.Sprintf("KEYS %d", s.keys)
	v := tea.NewView("")
	v.Lines = slices.Clone(s.lines) // a new frame's lines, as the room screen's are
	v.AltScreen = true
	v.WindowTitle = "Hotels"
	return v
}

const (
	keySessions       = 256
	maxKeysPerSession = 64
)

// keySession is one session of BenchmarkKey, as its client sees it.
type keySession struct {
	stdin  io.Writer
	stdout io.Reader
}

// BenchmarkKey is a key's round trip through the server's SSH layers: a
// client types a key, the server reads it (x/crypto, charm.land/ssh, the
// input limits, Ultraviolet's reader, Bubble Tea's event loop), the screen
// changes one line, and the frame goes back the same way; the op ends when
// the client has read it. The keys go round many sessions (each its own
// connection), as they come at load, which also keeps every session under
// its key rate (limitInput). Client and server are both in this process:
// cpu-µs/key is both, and a CPU profile (-cpuprofile) tells them apart.
func BenchmarkKey(b *testing.B) {
	ts := startServer(b, server.Options{
		Lobby: func(context.Context, server.Player) tea.Model { return &keyScreen{} },
	})
	// Enough sessions that each one's next key comes more than a frame
	// time (DefaultFPS) after its last, as at load, and at most
	// maxKeysPerSession keys each: under KeyBurst.
	if b.N > keySessions*maxKeysPerSession {
		b.Fatalf("at most %d keys (-benchtime %dx)", keySessions*maxKeysPerSession, keySessions*maxKeysPerSession)
	}
	sessions := make([]keySession, min(b.N, keySessions))
	for i := range sessions {
		key := sshtest.NewKey(b)
		signUp(b, ts, fmt.Sprintf("typist%d", i), key)
		sessions[i] = openKeySession(b, ts.addr, key)
	}
	buf := make([]byte, 64<<10)
	cpu := cputime.Used(b)
	b.ResetTimer()
	for i := range b.N {
		s := sessions[i%len(sessions)]
		if _, err := s.stdin.Write([]byte{'z'}); err != nil {
			b.Fatal(err)
		}
		if _, err := s.stdout.Read(buf); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	cputime.Report(b, cpu, time.Microsecond, "cpu-µs/key")
}

// openKeySession opens a session of BenchmarkKey on a connection of its
// own and reads until its first screen has come.
func openKeySession(b *testing.B, addr string, key gossh.Signer) keySession {
	b.Helper()
	sess, err := sshtest.Connect(b, addr, key).NewSession()
	if err != nil {
		b.Fatal(err)
	}
	if err := sess.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}); err != nil {
		b.Fatal(err)
	}
	stdin, err := sess.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	stdout, err := sess.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		b.Fatal(err)
	}
	var got []byte
	buf := make([]byte, 64<<10)
	for !bytes.Contains(got, []byte("Row 22")) || !bytes.Contains(got, []byte("KEYS 0")) {
		n, err := stdout.Read(buf)
		if err != nil {
			b.Fatalf("the first screen: %v after %q", err, got)
		}
		got = append(got, buf[:n]...)
	}
	return keySession{stdin: stdin, stdout: stdout}
}
