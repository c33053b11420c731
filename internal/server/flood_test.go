package server_test

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hotels/internal/server"
	"hotels/internal/sshtest"
)

// cpuTime is the CPU time this process has used, user and system.
func cpuTime(t *testing.T) time.Duration {
	t.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// countingLobby counts the keys and pasted bytes it is given, and draws a
// full screen for each, as a busy lobby does.
type countingLobby struct {
	keys, pasted *atomic.Int64
	w, h         int
}

func (l countingLobby) Init() tea.Cmd { return nil }

func (l countingLobby) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		l.w, l.h = msg.Width, msg.Height
	case tea.KeyPressMsg:
		l.keys.Add(1)
	case tea.PasteMsg:
		l.pasted.Add(int64(len(msg.Content)))
	}
	return l, nil
}

func (l countingLobby) View() tea.View {
	row := strings.Repeat("x", max(l.w-20, 0))
	rows := make([]string, max(l.h, 1))
	for i := range rows {
		rows[i] = fmt.Sprintf("%6d %s", int(l.keys.Load())+i, row)
	}
	rows[0] = fmt.Sprintf("LOBBY keys=%d pasted=%d", l.keys.Load(), l.pasted.Load())
	return tea.NewView(strings.Join(rows, "\n"))
}

// N5 (issue 27): a session that sends keys as fast as it can, or pastes
// 1 MB, gets a bounded share of the server: keys past the input limits
// are dropped, and a paste is cut. Measured as work done (keys reaching
// the screen) and the process's CPU time, never wall time. Before, every
// key was handled (2 MB of arrow keys: 700,000 updates and frames), a
// client flooding took more than a core, and a 1 MB paste cost seconds.
func TestN5_InputFlood(t *testing.T) {
	var keys, pasted atomic.Int64
	ts := startServer(t, server.Options{
		Lobby: func(context.Context, server.Player) tea.Model {
			return countingLobby{keys: &keys, pasted: &pasted}
		},
	})
	key := sshtest.NewKey(t)
	signUp(t, ts, "ann", key)
	term := sshtest.Open(t, ts.addr, key, 500, 200)
	term.WaitFor(t, "LOBBY keys=0")

	// 2 MB of arrow keys, as fast as the connection takes them.
	cpu, start := cpuTime(t), time.Now()
	arrows := []byte(strings.Repeat("\x1b[A", 10<<10))
	for sent := 0; sent < 2<<20; sent += len(arrows) {
		if err := term.Send(arrows); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(2 * time.Second) // the server catches up, or drops
	flood, took := cpuTime(t)-cpu, time.Since(start)
	n := keys.Load()
	t.Logf("2 MB of arrow keys (699,050 keys) in %v: %d reached the lobby, %v of CPU", took.Round(time.Millisecond), n, flood.Round(time.Millisecond))
	if limit := int64(server.KeyBurst) + int64(took.Seconds()+1)*server.KeysPerSecond; n > limit {
		t.Errorf("%d keys reached the lobby in %v, want at most %d", n, took, limit)
	}
	// CPU time, not wall time: a loaded machine makes it no larger. The
	// race detector makes everything several times slower.
	if !raceEnabled && flood > 2*time.Second {
		t.Errorf("2 MB of arrow keys cost %v of CPU, want at most 2s", flood)
	}

	// A 1 MB bracketed paste.
	cpu = cpuTime(t)
	if err := term.Send([]byte("\x1b[200~" + strings.Repeat("y", 1<<20) + "\x1b[201~")); err != nil {
		t.Fatal(err)
	}
	term.WaitForFunc(t, "showed the paste", func(s string) bool { return !strings.Contains(s, "pasted=0") })
	time.Sleep(time.Second)
	paste := cpuTime(t) - cpu
	t.Logf("a 1 MB paste: %d bytes reached the lobby, %v of CPU", pasted.Load(), paste.Round(time.Millisecond))
	if p := pasted.Load(); p > server.MaxPaste {
		t.Errorf("a 1 MB paste reached the lobby as %d bytes, want at most %d", p, server.MaxPaste)
	}
	if !raceEnabled && paste > time.Second {
		t.Errorf("a 1 MB paste cost %v of CPU, want at most 1s", paste)
	}
	// The session still answers a person.
	term.Type("z")
	term.WaitForFunc(t, "counted one more key", func(s string) bool { return strings.Contains(s, fmt.Sprintf("keys=%d ", n+1)) })
}
