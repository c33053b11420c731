package server_test

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/engine"
	"hotels/internal/engine/tycoon"
	"hotels/internal/rooms"
	"hotels/internal/server"
	"hotels/internal/sshtest"
	"hotels/internal/store"
	"hotels/internal/tui"
	"hotels/internal/tui/room"
	"hotels/internal/tui/screens"
	"hotels/internal/tui/theme"
	"hotels/internal/tui/tuitest"
)

// maxGoroutinesPerSession is what an interactive session in the lobby may
// cost in goroutines, its client's in this process included. The server's
// are seven: x/crypto/ssh's three (mux.loop, readLoop, kexLoop),
// charm.land/ssh's connection loop, which the connection's first session's
// request loop runs on (third_party/ssh/HOTELS.md, change 9),
// refuseStderr, and Bubble Tea's two (the event loop on the session's own,
// and the input reader, which reads and parses on one:
// third_party/ultraviolet/HOTELS.md, change 22); the client's ten
// (x/crypto/ssh's seven, and sshtest's two and the stderr copy). Each is a
// stack every collection scans, and one that allocates helps mark
// (docs/capacity.md). It was 24: the server's session had a goroutine each
// for its requests after the shell, its window changes, the server's news
// (shutdown, broadcasts, bans, takeovers, the idle clock) and its
// connection's global requests; then 19, with the input reader's second
// and the session's request loop on a goroutine of its own. The real
// lobby screen cost one more, a command's goroutine waiting on the lobby's
// mailbox, until the event loop watched it (tea.Watch).
const maxGoroutinesPerSession = 17

// Twenty sessions in the lobby, each sitting there: the goroutines they
// cost, server's and clients', come to at most maxGoroutinesPerSession each.
func TestGoroutinesPerSession(t *testing.T) {
	goroutinesPerSession(t, startCountingServer(t), "LOBBY keys=0")
}

// goroutinesPerSession opens twenty sessions on ts, each left once its
// screen shows shown, and checks the goroutines they cost, server's and
// clients', come to at most maxGoroutinesPerSession each.
func goroutinesPerSession(t *testing.T, ts *testServer, shown string) {
	t.Helper()
	const n = 20
	before := settledGoroutines()
	for i := range n {
		key := sshtest.NewKey(t)
		signUp(t, ts, fmt.Sprintf("p%d", i), key)
		term := sshtest.Open(t, ts.addr, key, 80, 24)
		term.WaitFor(t, shown)
	}
	after := settledGoroutines()
	per := float64(after-before) / n
	t.Logf("%d sessions: %d goroutines, %.2f a session", n, after-before, per)
	if math.Round(per) > maxGoroutinesPerSession { // one that has not ended yet is not the session's
		t.Errorf("%.2f goroutines a session, want at most %d", per, maxGoroutinesPerSession)
	}
}

// Twenty sessions in the real lobby screen (internal/tui/lobby, in the
// session's whole model as cmd/sshd gives it), each following the lobby's
// snapshots, cost no more goroutines than in the counting lobby: the
// program's event loop watches the lobby's mailbox (tea.Watch), where a
// command parked a goroutine on it for each session.
func TestGoroutinesPerLobbyScreenSession(t *testing.T) {
	ts, _ := startLobbyScreenServer(t)
	goroutinesPerSession(t, ts, "No room is open yet")
}

// Sessions that go from the real lobby screen to a room's and back cost
// no more goroutines in either: the lobby's subscription ends as the room
// screen's watch comes, and the room's as the lobby's comes, so that the
// event loop watches each itself (a watch given while another is watched
// would run on a goroutine of its own).
func TestGoroutinesPerSessionIntoRoomAndBack(t *testing.T) {
	ts, lobby := startLobbyScreenServer(t)
	host := signUp(t, ts, "host", sshtest.NewKey(t))
	r, err := lobby.Create(context.Background(), rooms.Player{ID: host.ID, Name: host.Name}, rooms.Settings{Game: "tycoon", Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	const n = 20
	before := settledGoroutines()
	terms := make([]*sshtest.Terminal, n)
	for i := range terms {
		key := sshtest.NewKey(t)
		signUp(t, ts, fmt.Sprintf("p%d", i), key)
		terms[i] = sshtest.Open(t, ts.addr, key, 80, 24)
		terms[i].WaitFor(t, r.ID)
		terms[i].Type("w") // watch the room
		terms[i].WaitFor(t, "Waiting for players")
	}
	checkPerSession(t, "in the room", before, n)
	for _, term := range terms {
		term.Type("l") // back to the lobby
		term.WaitFor(t, "Open rooms")
	}
	checkPerSession(t, "back in the lobby", before, n)
}

// checkPerSession checks that the goroutines started since before, by n
// sessions, come to at most maxGoroutinesPerSession each.
func checkPerSession(t *testing.T, where string, before, n int) {
	t.Helper()
	per := float64(settledGoroutines()-before) / float64(n)
	t.Logf("%s: %.2f goroutines a session", where, per)
	if math.Round(per) > maxGoroutinesPerSession { // one that has not ended yet is not the session's
		t.Errorf("%s: %.2f goroutines a session, want at most %d", where, per, maxGoroutinesPerSession)
	}
}

// startLobbyScreenServer starts a server whose sessions open on the
// player's screens as cmd/sshd gives them, over a lobby of its own.
func startLobbyScreenServer(t testing.TB) (*testServer, *rooms.Lobby) {
	var lobby *rooms.Lobby
	ts := startServerWith(t, nil, server.Options{}, func(st *store.Store, o *server.Options) {
		lobby = rooms.NewLobby(rooms.Config{Journal: st, Kinds: []engine.Kind{tycoon.Kind}, Grace: time.Minute})
		t.Cleanup(func() { lobby.Close("test over") })
		o.Rooms = lobby
		o.Lobby = func(ctx context.Context, p server.Player) tea.Model {
			return tui.New(ctx, lobby, rooms.Player{ID: p.Account.ID, Name: p.Account.Name}, tui.Entry{})
		}
	})
	return ts, lobby
}

// roomScreen is the room screen (internal/tui/room) as a session's whole
// program, on a table of its own that shows a waiting room.
type roomScreen struct{ m room.Model }

func newRoomScreen(ctx context.Context, p server.Player) tea.Model {
	table := tuitest.NewTable(tuitest.Waiting(0))
	return roomScreen{room.New(ctx, table, "k3vq", rooms.Player{ID: p.Account.ID, Name: p.Account.Name}, theme.DefaultStyles(), screens.New)}
}

func (s roomScreen) Init() tea.Cmd { return s.m.Init() }

func (s roomScreen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if size, ok := msg.(tea.WindowSizeMsg); ok {
		s.m.SetSize(size.Width, size.Height)
	}
	m, cmd := s.m.Update(msg)
	return roomScreen{m}, cmd
}

func (s roomScreen) View() tea.View { return tea.NewView(s.m.View()) }

// Twenty sessions on the room screen, waiting for the room's next
// snapshot, cost no more goroutines than in the lobby: the program's event
// loop waits for the snapshot (third_party/bubbletea/HOTELS.md, change 10),
// where a command parked a goroutine on the mailbox for each session.
func TestGoroutinesPerRoomSession(t *testing.T) {
	goroutinesPerSession(t, startServer(t, server.Options{Lobby: newRoomScreen}), "Waiting for players")
}

// settledGoroutines is the number of goroutines once it has stopped
// changing for half a second (those that hand a message over, or draw a
// frame, end in a moment; on a busy machine a moment can be longer than
// one 100 ms look: 17.70 a session was counted once at a load of 6–7).
func settledGoroutines() int {
	n, same := runtime.NumGoroutine(), 0
	for range 100 {
		time.Sleep(100 * time.Millisecond)
		m := runtime.NumGoroutine()
		if m != n {
			n, same = m, 0
			continue
		}
		if same++; same == 5 {
			break
		}
	}
	return n
}

// BenchmarkLobbySession is what an interactive session sitting in the
// lobby keeps, server and client together (both are in this process): each
// op opens one and leaves it open; after a collection, the goroutines, live
// heap objects and the stack and heap bytes the collector scans are
// reported per session (docs/capacity.md: the mark phase's work). Run with
// a fixed count, e.g. -benchtime 200x; ns/op is the time to open one.
func BenchmarkLobbySession(b *testing.B) {
	benchSessions(b, startCountingServer(b), "LOBBY keys=0")
}

// BenchmarkLobbyScreenSession is BenchmarkLobbySession for sessions in the
// real lobby screen, following the lobby's snapshots.
func BenchmarkLobbyScreenSession(b *testing.B) {
	ts, _ := startLobbyScreenServer(b)
	benchSessions(b, ts, "No room is open yet")
}

// BenchmarkRoomSession is BenchmarkLobbySession for sessions on the room
// screen, waiting for their room's next snapshot.
func BenchmarkRoomSession(b *testing.B) {
	benchSessions(b, startServer(b, server.Options{Lobby: newRoomScreen}), "Waiting for players")
}

func benchSessions(b *testing.B, ts *testServer, shown string) {
	signers := make([]gossh.Signer, b.N)
	for i := range signers {
		signers[i] = sshtest.NewKey(b)
		signUp(b, ts, fmt.Sprintf("p%d", i), signers[i])
	}
	before := marked()
	b.ResetTimer()
	for i := range b.N {
		sshtest.Open(b, ts.addr, signers[i], 80, 24).WaitFor(b, shown)
	}
	b.StopTimer()
	settledGoroutines()
	after := marked()
	for i, unit := range []string{"goroutines/op", "live-objects/op", "scan-stack-B/op", "scan-heap-B/op"} {
		b.ReportMetric(float64(after[i]-before[i])/float64(b.N), unit)
	}
}

// marked is what the collector marks, after a collection: goroutines, heap
// objects, and the stack and heap bytes it scans.
func marked() [4]uint64 {
	runtime.GC()
	s := []metrics.Sample{{Name: "/sched/goroutines:goroutines"}, {Name: "/gc/heap/objects:objects"},
		{Name: "/gc/scan/stack:bytes"}, {Name: "/gc/scan/heap:bytes"}}
	metrics.Read(s)
	return [4]uint64{s[0].Value.Uint64(), s[1].Value.Uint64(), s[2].Value.Uint64(), s[3].Value.Uint64()}
}
