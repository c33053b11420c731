package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"hotels/internal/sshtest"
	"hotels/internal/store/storetest"
	"hotels/internal/tui/acquire/board"
)

// This file kills the real binary in the middle of games and starts it
// again on the same data (issue 4).

// buildSshd builds this command into a temporary directory.
func buildSshd(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to build the server: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "sshd")
	cmd := exec.Command(goTool, "build", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// process is the server running as a process of its own.
type process struct {
	cmd    *exec.Cmd
	addr   string
	log    *syncBuffer   // its stderr
	exited chan struct{} // closed once it has exited
}

var listening = regexp.MustCompile(`msg=listening addr=(\S+)`)

// startProcess starts bin on 127.0.0.1, on a port the system picks, with
// its database at data (storetest.Data) and its files in dir, and waits
// until it listens. The process is killed when
// the test ends, and its log shown if the test failed.
func startProcess(t *testing.T, bin, data, dir string) *process {
	t.Helper()
	cmd := exec.Command(bin)
	cmd.Dir = dir // relative defaults (admin keys) stay in the test's directory
	cmd.Env = append(os.Environ(),
		"HOTELS_ADDR=127.0.0.1:0",
		"HOTELS_DATA="+data,
		"HOTELS_HOST_KEY="+filepath.Join(dir, "hotels_ed25519"),
		"HOTELS_LOG_LEVEL=debug",
		"HOTELS_BOT_DELAY="+testBotDelay.String(),
		"HOTELS_GRACE=10m", // no autopilot moves while the players reconnect
		// On PostgreSQL, the same node across restarts, as a server on a
		// fixed port is: a restarted node takes its rooms back at once,
		// where another would wait for their leases to lapse.
		"HOTELS_NODE=node-"+filepath.Base(dir),
	)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &process{cmd: cmd, log: &syncBuffer{}, exited: make(chan struct{})}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			_, _ = p.log.Write([]byte(line + "\n"))
			if m := listening.FindStringSubmatch(line); m != nil {
				select {
				case addr <- m[1]:
				default:
				}
			}
		}
		_ = cmd.Wait() // once stderr is read to its end
		close(p.exited)
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-p.exited
		if t.Failed() {
			t.Logf("log of %s (pid %d):\n%s", bin, cmd.Process.Pid, p.log.String())
		}
	})
	select {
	case p.addr = <-addr:
	case <-p.exited:
		t.Fatalf("the server exited before it listened: %v\n%s", cmd.ProcessState, p.log.String())
	case <-time.After(sshtest.Timeout):
		t.Fatalf("the server did not listen within %v:\n%s", sshtest.Timeout, p.log.String())
	}
	return p
}

// kill stops the process at once with SIGKILL: no shutdown, no flush.
func (p *process) kill(t *testing.T) {
	t.Helper()
	if err := p.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-p.exited
}

// seen is what a seated player's screen shows of the game: the board, the
// rack, and the players' cash and shares with whose turn it is.
type seen struct {
	board   string
	rack    string
	players string
}

func see(screen string) seen {
	g := readGame(screen)
	var s seen
	s.board = strings.Join(g.board, "\n")
	for _, rt := range g.rack {
		s.rack += rt.name + " " + rt.what + "\n"
	}
	lines := strings.Split(screen, "\n")
	in := false
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "Your tiles"):
			in = true
		case l == g.decision:
			in = false
		}
		if r := []rune(l); in && len(r) > board.Width {
			s.players += strings.TrimSpace(string(r[board.Width:])) + "\n"
		}
	}
	return s
}

// Two games are in play when the server is killed with SIGKILL. Started
// again on the same data, it has both back: each player reconnects with
// their key, lands at their table, and finds the board, rack and money as
// they were, in the same room (F4, issue 16): bob's is private, and keeps
// its invite code, by which a newcomer still finds it, as alice's id
// still leads to hers. erin's private room, still waiting for players,
// comes back too: she lands in it, and frank joins it by its code. Then
// both games are played to the end.
func TestKillAndRestart(t *testing.T) {
	t.Parallel()
	start := time.Now()
	bin := buildSshd(t)
	built := time.Since(start)
	data, dir := storetest.Data(t), t.TempDir()
	srv := startProcess(t, bin, data, dir)

	alice := soloGame(t, srv.addr, "alice", 80, 24)
	bob, code := privateGame(t, srv.addr, "bob", 120, 40)
	alice.playMoves(t, 3)
	bob.playMoves(t, 2)
	// Each game now waits for its player's tile.
	before := map[*player]seen{}
	rooms := map[*player]string{}
	for _, p := range []*player{alice, bob} {
		s := p.term.WaitFor(t, "Your turn: play a tile.")
		before[p], rooms[p] = see(s), roomID(t, s)
		if before[p].rack == "" || before[p].players == "" {
			t.Fatalf("%s: nothing read from the screen:\n%s", p.name, s)
		}
	}
	// erin's private room still waits for players: one bot sits with her.
	erin := signUp(t, srv.addr, "erin", 80, 24, "")
	erinRoom, erinCode := waitingRoom(t, erin)

	srv.kill(t)
	for _, p := range []*player{alice, bob, erin} {
		select {
		case <-p.term.Done():
		case <-time.After(sshtest.Timeout):
			t.Fatalf("%s's session outlived the server", p.name)
		}
	}

	srv = startProcess(t, bin, data, dir)
	if log := srv.log.String(); !strings.Contains(log, `msg="games restored" rooms=3`) {
		t.Errorf("the restarted server did not restore both games and the waiting room:\n%s", log)
	}
	// F4: erin goes back to her waiting room, its id and code kept, and
	// frank joins it by the code she shared.
	erin.reconnect(t, srv.addr, 80, 24)
	s := erin.term.WaitFor(t, "Waiting for players: 2 of 4 seats taken.")
	if id := roomID(t, s); id != erinRoom || !strings.Contains(s, "Invite code: "+erinCode) {
		t.Errorf("erin's waiting room after the restart is %s, before %s (code %s):\n%s", id, erinRoom, erinCode, s)
	}
	frank := signUp(t, srv.addr, "frank", 80, 24, "join "+erinCode)
	frank.term.WaitFor(t, "Waiting for players: 3 of 4 seats taken.")
	fillWithBots(t, erin, 3)
	for _, p := range []*player{alice, bob} {
		w, h := 80, 24
		if p == bob {
			w, h = 120, 40
		}
		p.reconnect(t, srv.addr, w, h)
		s := p.term.WaitFor(t, "Your turn: play a tile.")
		after := see(s)
		if id := roomID(t, s); id != rooms[p] {
			t.Errorf("%s's room is %s after the restart, %s before", p.name, id, rooms[p])
		}
		if p == bob && !strings.Contains(s, "· code "+code) {
			t.Errorf("bob's private room lost its code %s across the restart:\n%s", code, s)
		}
		if after.board != before[p].board {
			t.Errorf("%s's board changed across the restart:\nbefore:\n%s\nafter:\n%s", p.name, before[p].board, after.board)
		}
		if after.rack != before[p].rack {
			t.Errorf("%s's rack changed across the restart:\nbefore:\n%s\nafter:\n%s", p.name, before[p].rack, after.rack)
		}
		if after.players != before[p].players {
			t.Errorf("%s's table of cash and shares changed across the restart:\nbefore:\n%s\nafter:\n%s", p.name, before[p].players, after.players)
		}
	}
	carol := signUp(t, srv.addr, "carol", 80, 24, "watch "+rooms[alice])
	carol.term.WaitFor(t, "· room "+rooms[alice])
	dave := signUp(t, srv.addr, "dave", 80, 24, "watch "+code)
	dave.term.WaitFor(t, "· room "+rooms[bob])
	if t.Failed() {
		t.FailNow()
	}

	playToEnd(t, alice, bob)
	for _, p := range []*player{alice, bob} {
		s := p.term.WaitForFunc(t, "showed four standings", func(s string) bool { return len(standings(s)) == 4 })
		if !strings.Contains(s, p.name+" (you)") {
			t.Errorf("%s is not in their final standings:\n%s", p.name, s)
		}
	}
	t.Logf("built in %v; two games killed, restored and finished in %v", built.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
}

// waitingRoom has p host a private room with one bot and not start it; it
// returns the room's id and invite code.
func waitingRoom(t *testing.T, p *player) (string, string) {
	t.Helper()
	p.term.WaitFor(t, "enter join")
	p.term.Type("n")
	p.term.WaitFor(t, "New Acquire room")
	p.term.Type("\x1b[A") // up, round to the last field: Private
	p.term.Type("l")      // yes
	p.term.Type("\r")
	m := inviteCode.FindStringSubmatch(p.term.WaitFor(t, "Invite code: "))
	if m == nil {
		t.Fatalf("%s's private room shows no invite code:\n%s", p.name, p.term.Screen())
	}
	p.term.Type("b")
	p.term.WaitFor(t, "Add a bot: which level?")
	p.term.Type("1")
	return roomID(t, p.term.WaitFor(t, "Waiting for players: 2 of 4 seats taken.")), m[1]
}

// privateGame is soloGame in a private room, and returns its invite code.
func privateGame(t *testing.T, addr, name string, width, height int) (*player, string) {
	t.Helper()
	p := signUp(t, addr, name, width, height, "")
	_, code := waitingRoom(t, p)
	fillWithBots(t, p, 2)
	return p, code
}

var inviteCode = regexp.MustCompile(`Invite code: ([a-z0-9]+)`)
