package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/bot/bots"
	"hotels/internal/games"
	"hotels/internal/rooms"
	"hotels/internal/server"
	"hotels/internal/sshtest"
	"hotels/internal/store"
	"hotels/internal/store/storetest"
	"hotels/internal/tui/screens"
)

// The example bot, waiting as a bot account over a real SSH connection,
// is seated by a host with `invite` at a table of each game with one of
// the server's bots, and plays every game to its end; the host's own seat
// is played by the same bot through `play ROOM`.
func TestPlaybotPlaysEveryGame(t *testing.T) {
	addr, st := startServer(t)
	ctx := context.Background()
	annKey, roboKey := sshtest.NewKey(t), sshtest.NewKey(t)
	for name, key := range map[string]gossh.Signer{"ann": annKey, "robo": roboKey} {
		if _, err := st.CreateAccount(ctx, name, strings.TrimSpace(string(gossh.MarshalAuthorizedKey(key.PublicKey())))); err != nil {
			t.Fatal(err)
		}
	}
	if out, errOut, status := sshtest.Exec(t, addr, roboKey, "account bot --yes --json"); status != 0 || !strings.Contains(out, `"bot": true`) {
		t.Fatalf("account bot --yes: exit %d, %s %s", status, out, errOut)
	}

	var mu sync.Mutex
	over := map[string]chan int64{}
	ended := func(room string) chan int64 {
		mu.Lock()
		defer mu.Unlock()
		if over[room] == nil {
			over[room] = make(chan int64, 2)
		}
		return over[room]
	}
	robo := &bot{logf: t.Logf, over: func(room string, id int64) { ended(room) <- id }}
	wait := run(t, addr, roboKey, "bot wait", robo)
	_ = wait

	for _, g := range games.All {
		t.Run(g.Name, func(t *testing.T) {
			args := "new --json --seats 3 --game " + g.Name + " --bot " + bots.Levels(g.Name)[0]
			if g.Name == "tycoon" {
				args += " --option rounds=4"
			}
			out, errOut, status := sshtest.Exec(t, addr, annKey, args)
			if status != 0 {
				t.Fatalf("%s: exit %d: %s", args, status, errOut)
			}
			var room struct{ Room string }
			if err := json.Unmarshal([]byte(out), &room); err != nil {
				t.Fatal(err)
			}
			// The bot account may still be on its way to waiting.
			deadline := time.Now().Add(sshtest.Timeout)
			for {
				_, errOut, status := sshtest.Exec(t, addr, annKey, "invite "+room.Room+" robo")
				if status == 0 {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("invite: exit %d: %s", status, errOut)
				}
				time.Sleep(20 * time.Millisecond)
			}
			if _, errOut, status := sshtest.Exec(t, addr, annKey, "start "+room.Room); status != 0 {
				t.Fatalf("start: exit %d: %s", status, errOut)
			}
			ann := &bot{logf: t.Logf, over: func(r string, id int64) { ended(r) <- id }}
			host := run(t, addr, annKey, "play "+room.Room, ann)
			for range 2 {
				select {
				case id := <-ended(room.Room):
					if id == 0 {
						t.Errorf("over carries no game id")
					}
				case <-time.After(2 * time.Minute):
					t.Fatalf("the game in room %s did not end", room.Room)
				}
			}
			if status := <-host; status != 0 {
				t.Errorf("play %s: exit %d, want 0 once over", room.Room, status)
			}
		})
	}
}

// run runs cmd on a connection of its own with b answering its lines, and
// returns where its exit status will come.
func run(t *testing.T, addr string, key gossh.Signer, cmd string, b *bot) <-chan int {
	t.Helper()
	in, out, sess, _ := sshtest.Stream(t, addr, key, cmd)
	b.out = in
	status := make(chan int, 1)
	go func() {
		if err := b.play(out); err != nil {
			t.Errorf("%s: %v", cmd, err)
		}
		code, _ := sshtest.ExitStatus(sess.Wait())
		status <- code
	}()
	return status
}

// startServer starts a real server with every game and the server's
// bots, quick ones.
func startServer(t *testing.T) (string, *store.Store) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, storetest.Data(t))
	if err != nil {
		t.Fatal(err)
	}
	lobby := rooms.NewLobby(rooms.Config{
		Journal: st, Kinds: screens.Hosted(), Grace: time.Minute, BotDelay: 5 * time.Millisecond,
		Bots:      func(game, level string) (rooms.Bot, error) { return bots.New(game, level, nil) },
		BotLevels: bots.Levels,
		Log:       slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	dir := t.TempDir()
	srv, err := server.New(server.Config{Addr: "127.0.0.1:0", HostKey: filepath.Join(dir, "host_key"), ShutdownTimeout: 5 * time.Second},
		server.Options{Store: st, Rooms: lobby, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	sctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(sctx, ln) }()
	t.Cleanup(func() {
		lobby.Close("test over")
		cancel()
		<-done
		_ = st.Close()
	})
	return ln.Addr().String(), st
}

// At the Town Hall the bot buys an entrance for each hotel it can: one per
// hotel, never a space twice (the Boomerang's and the Fujiyama's slots
// overlap), and within its cash; with none it can pay for, it passes.
func TestPlaybotTownHall(t *testing.T) {
	for _, c := range []struct{ turn, want string }{
		{`{"type":"turn","room":"r","legal":["pass"],"entrances":{"cash":1000,"hotels":[{"hotel":"Boomerang","price":100,"spaces":[1,3]},{"hotel":"Fujiyama","price":100,"spaces":[1,30]},{"hotel":"Royal","price":250,"spaces":[20]}]}}`,
			"entrance Boomerang 1 Fujiyama 30 Royal 20"},
		{`{"type":"turn","room":"r","legal":["pass"],"entrances":{"cash":350,"hotels":[{"hotel":"Etoile","price":250,"spaces":[8]},{"hotel":"Royal","price":250,"spaces":[20]},{"hotel":"Boomerang","price":100,"spaces":[2]}]}}`,
			"entrance Etoile 8 Boomerang 2"},
		{`{"type":"turn","room":"r","legal":["pass"],"entrances":{"cash":50,"hotels":[{"hotel":"Etoile","price":250,"spaces":[8]}]}}`,
			"pass"},
	} {
		var m message
		if err := json.Unmarshal([]byte(c.turn), &m); err != nil {
			t.Fatal(err)
		}
		if got := entrances(m); got != c.want {
			t.Errorf("%s: sends %q, want %q", c.turn, got, c.want)
		}
	}
}
