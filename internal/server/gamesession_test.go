package server_test

import (
	"bufio"
	"context"
	"crypto/ed25519"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime/pprof"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/spf13/pflag"
	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/engine"
	"hotels/internal/engine/tycoon"
	"hotels/internal/rooms"
	"hotels/internal/server"
	"hotels/internal/sshtest"
	"hotels/internal/store"
	"hotels/internal/tui"
)

// BenchmarkGameSession is what the server keeps for a player's session in
// a started four-seat Hotel Tycoon game, its share of the room included:
// each op is one seat, its session opened with `join ROOM` and left open
// at its game screen. The clients run in another process (this test binary
// again, TestGameSessionClients), so that what is counted is the server's
// alone. After a collection the goroutines, live heap objects and the stack
// and heap bytes the collector scans are reported per session
// (docs/capacity.md: the mark phase's work). Run with a fixed count, e.g.
// -benchtime 200x; ns/op is the time to open one.
func BenchmarkGameSession(b *testing.B) {
	ctx := context.Background()
	var lobby *rooms.Lobby
	ts := startServerWith(b, flagDefaults, server.Options{}, func(st *store.Store, o *server.Options) {
		lobby = rooms.NewLobby(rooms.Config{
			Journal: st, Kinds: []engine.Kind{tycoon.Kind},
			Grace: time.Minute, BotDelay: time.Hour,
		})
		b.Cleanup(func() { lobby.Close("test over") })
		o.Rooms = lobby
		// The player's screens, as cmd/sshd gives them.
		o.Lobby = func(ctx context.Context, p server.Player) tea.Model {
			player := rooms.Player{ID: p.Account.ID, Name: p.Account.Name}
			return tui.New(ctx, lobby, player, tui.Entry{Room: p.Command[1]})
		}
	})
	players := make([]rooms.Player, b.N)
	for i := range players {
		a := signUp(b, ts, fmt.Sprintf("p%d", i), seededKey(b, i))
		players[i] = rooms.Player{ID: a.ID, Name: a.Name}
	}
	heap := os.Getenv("HOTELS_SESSION_HEAP")
	before := marked()
	if heap != "" {
		writeHeap(b, heap+".before")
	}
	ids := make([]string, b.N)
	for i := 0; i < b.N; i += 4 {
		seats := players[i:min(i+4, b.N)]
		r, err := lobby.Create(ctx, seats[0], rooms.Settings{Game: "tycoon", Seats: max(len(seats), 2)})
		if err != nil {
			b.Fatal(err)
		}
		for _, p := range seats[1:] {
			if err := r.Sit(ctx, p); err != nil {
				b.Fatal(err)
			}
		}
		if len(seats) == 1 {
			if err := r.AddBot(ctx, seats[0], ""); err != nil {
				b.Fatal(err)
			}
		}
		if err := r.Start(ctx, seats[0]); err != nil {
			b.Fatal(err)
		}
		for j := range seats {
			ids[i+j] = r.ID
		}
	}
	clients := exec.Command(os.Args[0], "-test.run=^TestGameSessionClients$")
	clients.Env = append(os.Environ(), "HOTELS_GAME_CLIENTS="+ts.addr+" "+strings.Join(ids, " "))
	clients.Stderr = os.Stderr
	stdin, err := clients.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	stdout, err := clients.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	if err := clients.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() {
		_ = stdin.Close() // the clients close their sessions and end
		if err := clients.Wait(); err != nil {
			b.Errorf("the clients: %v", err)
		}
	}()
	out := bufio.NewScanner(stdout)
	for out.Scan() && out.Text() != "open" {
	}
	if out.Text() != "open" {
		b.Fatal("the clients ended before their sessions were open")
	}
	b.StopTimer()
	go func() { _, _ = io.Copy(io.Discard, stdout) }()
	settledGoroutines()
	after := marked()
	for i, unit := range []string{"goroutines/op", "live-objects/op", "scan-stack-B/op", "scan-heap-B/op"} {
		b.ReportMetric(float64(after[i]-before[i])/float64(b.N), unit)
	}
	if heap != "" {
		writeHeap(b, heap)
	}
}

// TestGameSessionClients is BenchmarkGameSession's clients, run in a
// process of their own: HOTELS_GAME_CLIENTS is the server's address and
// each session's room, in order, space-separated. It opens each session,
// waits for its game screen, prints "open", and keeps them open until its
// stdin closes.
func TestGameSessionClients(t *testing.T) {
	env := os.Getenv("HOTELS_GAME_CLIENTS")
	if env == "" {
		t.Skip("BenchmarkGameSession runs it")
	}
	f := strings.Fields(env)
	addr, ids := f[0], f[1:]
	for i, id := range ids {
		sshtest.OpenCommand(t, addr, seededKey(t, i), 80, 24, "join "+id).WaitFor(t, "room "+id)
	}
	fmt.Println("open")
	_, _ = io.Copy(io.Discard, os.Stdin)
}

// seededKey is the i'th of a series of client keys that every process
// makes alike.
func seededKey(t testing.TB, i int) gossh.Signer {
	seed := make([]byte, ed25519.SeedSize)
	binary.LittleEndian.PutUint64(seed, uint64(i)+1)
	s, err := gossh.NewSignerFromKey(ed25519.NewKeyFromSeed(seed))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// flagDefaults gives c the flags' defaults, as a server run from cmd/sshd
// has them (the idle clock, the frame rate, the connection's idle timeout),
// except the limits on connections from one address, which all these
// sessions come from.
func flagDefaults(c *server.Config) {
	d := server.Config{}
	d.RegisterFlags(pflag.NewFlagSet("defaults", pflag.ContinueOnError))
	d.Addr, d.HostKey, d.AdminKeys, d.ShutdownTimeout = c.Addr, c.HostKey, c.AdminKeys, c.ShutdownTimeout
	d.MaxConnsPerIP, d.ConnRate, d.MaxHandshakesPerNet = 0, 0, 0
	*c = d
}

// writeHeap writes the heap profile to path, for a look at which sites
// hold what a session keeps: with HOTELS_SESSION_HEAP=FILE,
// BenchmarkGameSession writes FILE.before (no rooms yet) and FILE (every
// session open); run it with -memprofilerate 1 to see every object, and
// `go tool pprof -sample_index=inuse_objects -diff_base FILE.before`.
func writeHeap(b *testing.B, path string) {
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		b.Fatal(err)
	}
}
