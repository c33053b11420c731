package server_test

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/cputime"
	"hotels/internal/server"
	"hotels/internal/sshtest"
)

// countingLobby counts the keys and pasted bytes it is given, and draws a
// full screen for each, as a busy lobby does.
type countingLobby struct {
	keys, pasted, sizes *atomic.Int64
	w, h                int
}

func (l countingLobby) Init() tea.Cmd { return nil }

// startCountingServer starts a server whose lobby is a countingLobby, for a
// test that needs a lobby that draws but not its counts.
func startCountingServer(t testing.TB) *testServer {
	var keys, pasted atomic.Int64
	return startServer(t, server.Options{
		Lobby: func(context.Context, server.Player) tea.Model {
			return countingLobby{keys: &keys, pasted: &pasted}
		},
	})
}

func (l countingLobby) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		l.w, l.h = msg.Width, msg.Height
		if l.sizes != nil {
			l.sizes.Add(1)
		}
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
	rows[0] = fmt.Sprintf("LOBBY keys=%d pasted=%d size=%dx%d", l.keys.Load(), l.pasted.Load(), l.w, l.h)
	return tea.NewView(strings.Join(rows, "\n"))
}

// countingSession is a player's session, w×h, on a server whose lobby
// counts the keys and the pasted bytes that reach it.
func countingSession(t *testing.T, w, h int) (term *sshtest.Terminal, keys, pasted *atomic.Int64) {
	keys, pasted = new(atomic.Int64), new(atomic.Int64)
	ts := startServer(t, server.Options{
		Lobby: func(context.Context, server.Player) tea.Model {
			return countingLobby{keys: keys, pasted: pasted}
		},
	})
	key := sshtest.NewKey(t)
	signUp(t, ts, "ann", key)
	term = sshtest.Open(t, ts.addr, key, w, h)
	term.WaitFor(t, "LOBBY keys=0")
	return term, keys, pasted
}

// N5 (issue 27): a session that sends keys as fast as it can, or pastes
// 1 MB, gets a bounded share of the server: keys past the input limits
// are dropped, and a paste is cut. Measured as work done (keys reaching
// the screen) and the process's CPU time, never wall time. Before, every
// key was handled (2 MB of arrow keys: 700,000 updates and frames), a
// client flooding took more than a core, and a 1 MB paste cost seconds.
func TestN5_InputFlood(t *testing.T) {
	if raceEnabled {
		// Each frame of 500×200 takes the race detector a tenth of a
		// second, and the flood waits on them: it is measured without.
		t.Skip("CPU-bound: run without -race")
	}
	term, keys, pasted := countingSession(t, 500, 200)

	// 2 MB of arrow keys, as fast as the connection takes them.
	cpu, start := cputime.Used(t), time.Now()
	arrows := []byte(strings.Repeat("\x1b[A", 10<<10))
	for sent := 0; sent < 2<<20; sent += len(arrows) {
		if err := term.Send(arrows); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(2 * time.Second) // the server catches up, or drops
	flood, took := cputime.Used(t)-cpu, time.Since(start)
	n := keys.Load()
	t.Logf("2 MB of arrow keys (699,050 keys) in %v: %d reached the lobby, %v of CPU", took.Round(time.Millisecond), n, flood.Round(time.Millisecond))
	if limit := int64(server.KeyBurst) + int64(took.Seconds()+1)*server.KeysPerSecond; n > limit {
		t.Errorf("%d keys reached the lobby in %v, want at most %d", n, took, limit)
	}
	// CPU time, not wall time: a loaded machine makes it no larger.
	if flood > 2*time.Second {
		t.Errorf("2 MB of arrow keys cost %v of CPU, want at most 2s", flood)
	}

	// A 1 MB bracketed paste.
	cpu = cputime.Used(t)
	if err := term.Send([]byte("\x1b[200~" + strings.Repeat("y", 1<<20) + "\x1b[201~")); err != nil {
		t.Fatal(err)
	}
	term.WaitForFunc(t, "showed the paste", func(s string) bool { return !strings.Contains(s, "pasted=0") })
	time.Sleep(time.Second)
	paste := cputime.Used(t) - cpu
	t.Logf("a 1 MB paste: %d bytes reached the lobby, %v of CPU", pasted.Load(), paste.Round(time.Millisecond))
	if p := pasted.Load(); p > server.MaxPaste {
		t.Errorf("a 1 MB paste reached the lobby as %d bytes, want at most %d", p, server.MaxPaste)
	}
	if paste > time.Second {
		t.Errorf("a 1 MB paste cost %v of CPU, want at most 1s", paste)
	}
	// The session still answers a person.
	term.Type("z")
	term.WaitForFunc(t, "counted one more key", func(s string) bool { return strings.Contains(s, fmt.Sprintf("keys=%d ", n+1)) })
}

// The input limits apply to a real session (N5): a paste over MaxPaste
// reaches the screen cut. A small paste at 80×24, so that it runs under
// the race detector too, which TestN5_InputFlood does not: the limits were
// once left out of the session's program (a second tea.WithInput replaced
// the first) and only that test, skipped under -race, saw it.
func TestPasteCutOnASession(t *testing.T) {
	term, _, pasted := countingSession(t, 80, 24)
	if err := term.Send([]byte("\x1b[200~" + strings.Repeat("y", 2*server.MaxPaste) + "\x1b[201~")); err != nil {
		t.Fatal(err)
	}
	term.WaitForFunc(t, "showed the paste", func(s string) bool { return !strings.Contains(s, "pasted=0") })
	if p := pasted.Load(); p != server.MaxPaste {
		t.Errorf("a paste of %d bytes reached the lobby as %d, want %d", 2*server.MaxPaste, p, server.MaxPaste)
	}
}

// shell opens a session channel with a terminal of w×h, starts its shell
// and waits for the lobby's first frame, then reads and drops what the
// server sends.
func shell(t *testing.T, c *gossh.Client, w, h uint32) gossh.Channel {
	t.Helper()
	ch, reqs, err := c.OpenChannel("session", nil)
	if err != nil {
		t.Fatal(err)
	}
	go gossh.DiscardRequests(reqs)
	shown := make(chan struct{})
	go func() {
		// The program is running once the lobby shows: charm.land/ssh
		// writes a window change's size where the starting session
		// reads its terminal, unguarded, so the tests' storms wait.
		var seen []byte
		buf := make([]byte, 32<<10)
		for !strings.Contains(string(seen), "LOBBY") {
			n, err := ch.Read(buf)
			if err != nil {
				return
			}
			seen = append(seen, buf[:n]...)
		}
		close(shown)
		_, _ = io.Copy(io.Discard, ch)
	}()
	defer func() {
		select {
		case <-shown:
		case <-time.After(sshtest.Timeout):
			t.Fatal("the lobby never showed")
		}
	}()
	pty := gossh.Marshal(struct {
		Term   string
		W, H   uint32
		PW, PH uint32
		Modes  string
	}{"xterm", w, h, 0, 0, ""})
	if ok, err := ch.SendRequest("pty-req", true, pty); !ok || err != nil {
		t.Fatalf("pty-req: %v %v", ok, err)
	}
	if ok, err := ch.SendRequest("shell", true, nil); !ok || err != nil {
		t.Fatalf("shell: %v %v", ok, err)
	}
	return ch
}

func window(w, h uint32) []byte { return gossh.Marshal(struct{ W, H, PW, PH uint32 }{w, h, 0, 0}) }

// N7 (issue 27): a storm of window changes (10000×10000, 0×0, malformed)
// reaches the program as a few sizes a second, and a client that keeps it
// up is dropped; a person dragging a window's corner ends at the size they
// let go at. Before, every change was a redraw: 1.3 cores a connection.
func TestN7_WindowChangeStorm(t *testing.T) {
	var keys, pasted, sizes atomic.Int64
	ts := startServer(t, server.Options{
		Lobby: func(context.Context, server.Player) tea.Model {
			return countingLobby{keys: &keys, pasted: &pasted, sizes: &sizes}
		},
	})
	key := sshtest.NewKey(t)
	signUp(t, ts, "ann", key)

	// 300 changes a second for 2 s, under what gets a connection
	// dropped: a few sizes a second reach the program.
	c := sshtest.Connect(t, ts.addr, key)
	ch := shell(t, c, 80, 24)
	before := sizes.Load()
	start := time.Now()
	for i := range 600 {
		if _, err := ch.SendRequest("window-change", false, window(uint32(1+i%2*99), 30)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Second / 300)
	}
	time.Sleep(500 * time.Millisecond)
	took, n := time.Since(start), sizes.Load()-before
	t.Logf("600 window changes in %v: %d sizes reached the program", took.Round(time.Millisecond), n)
	if limit := int64(took/(100*time.Millisecond)) + 2; n > limit {
		t.Errorf("%d sizes reached the program in %v, want at most %d", n, took, limit)
	}

	// As fast as it goes, 10000×10000, 0×0 and malformed: dropped.
	c = sshtest.Connect(t, ts.addr, key)
	ch = shell(t, c, 80, 24)
	cpu := cputime.Used(t)
	payloads := [][]byte{window(10000, 10000), window(0, 0), []byte("xx")}
	var sent int
	for ; sent < 20000; sent++ {
		if _, err := ch.SendRequest("window-change", false, payloads[sent%3]); err != nil {
			break
		}
	}
	dropped := make(chan error, 1)
	go func() { dropped <- c.Wait() }()
	select {
	case <-dropped:
	case <-time.After(5 * time.Second):
		t.Error("a connection that sent 20,000 window changes at once was kept")
	}
	time.Sleep(time.Second)
	storm := cputime.Used(t) - cpu
	t.Logf("a storm: the connection was dropped after %d window changes; %v of CPU", sent, storm.Round(time.Millisecond))
	if !raceEnabled && storm > time.Second {
		t.Errorf("the storm cost %v of CPU, want at most 1s", storm)
	}

	// A person dragging a corner for a second, 60 changes: kept, and the
	// last size is the one shown.
	term := sshtest.Open(t, ts.addr, key, 80, 24)
	term.WaitFor(t, "size=80x24")
	for i := range 60 {
		term.Resize(t, 100+i, 30)
		time.Sleep(time.Second / 60)
	}
	term.WaitFor(t, "size=159x30")
}

// N7 (issue 27): global requests are refused, and a connection that floods
// them, or sends a big one, is dropped. Before, one client sent 43,000 of
// 200 KB in 15 s, 0.6 of a core.
func TestN7_GlobalRequestFlood(t *testing.T) {
	ts := startServer(t, server.Options{})
	key := sshtest.NewKey(t)
	for _, tt := range []struct {
		name    string
		payload []byte
	}{
		{"keepalives", nil},
		{"200 KB", make([]byte, 200<<10)},
	} {
		c := sshtest.Connect(t, ts.addr, key)
		var sent int
		for ; sent < 1000; sent++ {
			if _, _, err := c.SendRequest("keepalive@openssh.com", true, tt.payload); err != nil {
				break
			}
		}
		t.Logf("%s: the connection was dropped after %d", tt.name, sent)
		if sent == 1000 {
			t.Errorf("%s: a connection that sent 1,000 global requests at once was kept", tt.name)
		}
	}
	// A keepalive now and then is answered, and the connection kept.
	c := sshtest.Connect(t, ts.addr, key)
	for range 5 {
		if _, _, err := c.SendRequest("keepalive@openssh.com", true, nil); err != nil {
			t.Fatalf("a keepalive: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// An admin's `admin watch` reads its input through the players' limits
// (input.go): a stolen admin key, or a broken client, floods no better
// than anyone's. 1 MB of a key no screen binds, with ctrl+c (which ends
// the watch) in its middle: past the burst the ctrl+c is dropped with the
// rest, and the watch goes on answering a person. Before, admin watch read
// its session unlimited: every key of the flood reached the screen, the
// ctrl+c too, which ended it.
func TestAdminWatchInputLimited(t *testing.T) {
	a := startAdmin(t, nil, server.Options{})
	ann := signUp(t, a.testServer, "ann", sshtest.NewKey(t))
	r := a.playing(t, ann)
	watch := sshtest.OpenCommand(t, a.addr, a.admin, 80, 24, "admin watch "+r.ID)
	watch.WaitFor(t, r.ID)
	// On 80×24 tab shows what the game hides, and tab again the room.
	// Both first, before the flood: the terminal's answers to the
	// program's first queries are read before them, not cut by the
	// limits into keys (a lone esc leaves).
	const panel = "Admin: what the game hides"
	watch.Type("\t")
	watch.WaitFor(t, panel)
	watch.Type("\t")
	watch.WaitForFunc(t, "showed the room again", func(s string) bool { return !strings.Contains(s, panel) })

	flood := strings.Repeat("z", 512<<10)
	if err := watch.Send([]byte(flood + "\x03" + flood)); err != nil {
		t.Fatal(err)
	}
	// A tab sent while the flood is still read is dropped with it, so it
	// is sent until one is not.
	for tries := 0; ; tries++ {
		if tries == 5 {
			t.Fatalf("admin watch never answered tab after a flood; screen:\n%s", watch.Screen())
		}
		watch.Type("\t")
		if showsWithin(t, watch, panel, 2*time.Second) {
			break
		}
	}
	watch.Type("\x03")
	if status := watch.Wait(t); status != 0 {
		t.Errorf("admin watch ended with %d", status)
	}
}

// showsWithin reports whether term's screen shows want within d; the
// session ending first fails the test.
func showsWithin(t *testing.T, term *sshtest.Terminal, want string, d time.Duration) bool {
	t.Helper()
	deadline := time.NewTimer(d)
	defer deadline.Stop()
	for !strings.Contains(term.Screen(), want) {
		select {
		case <-term.Changed():
		case <-term.Done():
			t.Fatalf("the session ended; screen:\n%s", term.Screen())
		case <-deadline.C:
			return false
		}
	}
	return true
}

// Extended data on a session whose program runs, which nothing reads, ends
// the connection (earlyChannel.refuseStderr): it would stay in the SSH
// window's buffers, up to 2 MB a channel.
func TestStderrRefusedAfterShell(t *testing.T) {
	ts := startCountingServer(t)
	key := sshtest.NewKey(t)
	signUp(t, ts, "ann", key)
	c := sshtest.Connect(t, ts.addr, key)
	ch := shell(t, c, 80, 24)
	if _, err := ch.Stderr().Write([]byte("x")); err != nil {
		t.Fatal(err)
	}
	dropped := make(chan error, 1)
	go func() { dropped <- c.Wait() }()
	select {
	case <-dropped:
	case <-time.After(5 * time.Second):
		t.Error("a connection that wrote extended data to its session was kept")
	}
}
