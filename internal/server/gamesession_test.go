package server_test

import (
	"context"
	"fmt"
	"os"
	"runtime/pprof"
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

// BenchmarkGameSession is what a player's session in a started four-seat
// Hotel Tycoon game keeps, server and client together (both are in this
// process), its share of the room included: each op is one seat, its
// session opened with `join ROOM` and left open at its game screen. After
// a collection the goroutines, live heap objects and the stack and heap
// bytes the collector scans are reported per session (docs/capacity.md:
// the mark phase's work). Run with a fixed count that four divides, e.g.
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
	signers := make([]gossh.Signer, b.N)
	players := make([]rooms.Player, b.N)
	for i := range signers {
		signers[i] = sshtest.NewKey(b)
		a := signUp(b, ts, fmt.Sprintf("p%d", i), signers[i])
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
	b.ResetTimer()
	for i := range b.N {
		sshtest.OpenCommand(b, ts.addr, signers[i], 80, 24, "join "+ids[i]).WaitFor(b, "room "+ids[i])
	}
	b.StopTimer()
	settledGoroutines()
	after := marked()
	for i, unit := range []string{"goroutines/op", "live-objects/op", "scan-stack-B/op", "scan-heap-B/op"} {
		b.ReportMetric(float64(after[i]-before[i])/float64(b.N), unit)
	}
	if heap != "" {
		writeHeap(b, heap)
	}
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
