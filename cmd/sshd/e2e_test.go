package main

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"hotels/internal/server"
	"hotels/internal/sshtest"
	"hotels/internal/store/storetest"
)

// These tests run the whole product in process, wired by run as serve
// wires it, and play it through real SSH clients on emulated terminals.

// testBotDelay keeps bots quick; the default pace is for people watching.
const testBotDelay = time.Millisecond

// syncBuffer is a log the server writes while the test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// startHotels runs Hotels on 127.0.0.1 with a fresh data directory and
// returns its address. It stops when the test ends, after the test's
// terminals have closed; the server's log is shown if the test failed.
func startHotels(t *testing.T) string {
	t.Helper()
	return startHotelsWith(t, nil).addr
}

// hotels is a server startHotelsWith started.
type hotels struct {
	addr string
	cfg  server.Config
	log  *syncBuffer
	stop func() // ends run's context; the test's end waits for run to return
}

// startHotelsWith is startHotels with the Config configure changes first
// (nil for none).
func startHotelsWith(t *testing.T, configure func(*server.Config)) hotels {
	t.Helper()
	dir := t.TempDir()
	cfg := server.Config{
		Addr:            "127.0.0.1:0",
		Data:            storetest.Data(t),
		HostKey:         filepath.Join(dir, ".ssh", "hotels_ed25519"),
		ShutdownTimeout: 5 * time.Second,
		Grace:           time.Minute, // longer than any reconnect here
		BotDelay:        testBotDelay,
	}
	if configure != nil {
		configure(&cfg)
	}
	var log syncBuffer
	logger := slog.New(slog.NewTextHandler(&log, &slog.HandlerOptions{Level: slog.LevelDebug}))
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, cfg, logger, ln) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("run = %v", err)
			}
		case <-time.After(sshtest.Timeout):
			t.Errorf("run did not return %v after its context ended", sshtest.Timeout)
		}
		if t.Failed() {
			t.Logf("server log:\n%s", log.String())
		}
	})
	return hotels{addr: ln.Addr().String(), cfg: cfg, log: &log, stop: cancel}
}

// hostRoom has p, in the lobby, open a room with the form's defaults (four
// seats), and returns its ID.
func hostRoom(t *testing.T, p *player) string {
	t.Helper()
	p.term.WaitFor(t, "enter join")
	p.term.Type("n")
	p.term.WaitFor(t, "New Acquire room")
	p.term.Type("\r")
	return roomID(t, p.term.WaitFor(t, "Waiting for players: 1 of 4 seats taken."))
}

// fillWithBots has the host add easy bots (the quickest) until every seat
// is taken, then start.
func fillWithBots(t *testing.T, host *player, taken int) {
	t.Helper()
	for ; taken < 4; taken++ {
		host.term.Type("b")
		host.term.WaitFor(t, "Add a bot: which level?")
		host.term.Type("1")
		host.term.WaitFor(t, fmt.Sprintf("Waiting for players: %d of 4 seats taken.", taken+1))
	}
	host.term.Type("s")
	host.term.WaitFor(t, "Your tiles")
}

// soloGame signs up name at addr, hosts a room, seats three bots and
// starts: a game in which name is the one person.
func soloGame(t *testing.T, addr, name string, width, height int) *player {
	t.Helper()
	p := signUp(t, addr, name, width, height, "")
	hostRoom(t, p)
	fillWithBots(t, p, 1)
	return p
}

// Two players, two watchers and two bots play a whole game: alice hosts on
// an 80×24 terminal, bob takes a seat from the lobby on 120×40, carol
// watches from the lobby and dave with `ssh -t host watch ROOM`. Everyone
// sees the same final standings, and erin, who stays in the lobby, sees
// the game in progress, then who won.
func TestGameToTheEnd(t *testing.T) {
	t.Parallel()
	start := time.Now()
	addr := startHotels(t)

	alice := signUp(t, addr, "alice", 80, 24, "")
	room := hostRoom(t, alice)

	bob := signUp(t, addr, "bob", 120, 40, "")
	bob.term.WaitFor(t, "alice's table")
	bob.term.Type("\r") // join the selected room, the only one
	bob.term.WaitFor(t, "Waiting for players: 2 of 4 seats taken.")
	bob.term.WaitFor(t, "The host starts the game once every seat is filled.")

	carol := signUp(t, addr, "carol", 80, 24, "")
	carol.term.WaitFor(t, "alice's table")
	carol.term.Type("w")
	carol.term.WaitFor(t, "You are watching: press j to take a free seat.")

	fillWithBots(t, alice, 2)

	dave := signUp(t, addr, "dave", 120, 40, "watch "+room)
	for _, w := range []*player{carol, dave} {
		// The game's screen, not the waiting room's, which names the
		// watcher and the game as well.
		s := w.term.WaitFor(t, "Tiles in hand:")
		for _, name := range []string{"watching · Acquire", "alice", "bob", "bot1", "bot2"} {
			if !strings.Contains(s, name) {
				t.Errorf("%s's screen lacks %q:\n%s", w.name, name, s)
			}
		}
	}
	alice.term.WaitFor(t, "Your tiles")
	bob.term.WaitFor(t, "Your tiles")
	erin := signUp(t, addr, "erin", 80, 24, "")
	erin.term.WaitFor(t, "1 game in progress")
	erin.term.WaitForFunc(t, "the room playing", func(s string) bool {
		return regexp.MustCompile(room + ` alice's table .* 4/4 playing`).MatchString(s)
	})
	if out, errOut, status := sshtest.Exec(t, addr, erin.key, "rooms"); status != 0 ||
		!regexp.MustCompile(room+`  Acquire modern +4/4 +2 +playing  (alice, bob|bob, alice), 2 bots \(easy\)\n`).MatchString(out) {
		t.Errorf("rooms: exit %d, stdout %q, stderr %q; want the room playing, who sits there", status, out, errOut)
	}

	playToEnd(t, alice, bob)

	var want []string
	for _, p := range []*player{alice, bob, carol, dave} {
		s := p.term.WaitFor(t, "Game over: final standings")
		s = p.term.WaitForFunc(t, "showed four standings", func(s string) bool { return len(standings(s)) == 4 })
		got := standings(s)
		if want == nil {
			want = got
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s sees standings %q, alice %q", p.name, got, want)
		}
		seated := p == alice || p == bob
		if you := strings.Contains(s, p.name+" (you)"); you != seated {
			t.Errorf("%s's standings mark them (you) = %v, want %v:\n%s", p.name, you, seated, s)
		}
		if !regexp.MustCompile(`(wins|share the win)\.`).MatchString(s) {
			t.Errorf("%s's screen names no winner:\n%s", p.name, s)
		}
	}
	for _, name := range []string{"alice", "bob", "bot1", "bot2"} {
		if !slices.ContainsFunc(want, func(l string) bool { return strings.Contains(l, " "+name+" ") }) {
			t.Errorf("standings %q lack %s", want, name)
		}
	}
	if alice.moves == 0 || bob.moves == 0 {
		t.Errorf("alice made %d decisions and bob %d; both should have played", alice.moves, bob.moves)
	}
	erin.term.WaitForFunc(t, "who won in the lobby", func(s string) bool {
		return regexp.MustCompile(room + ` alice's table .* 4/4 (alice|bob|bot1|bot2)( & \w+)* won`).MatchString(s)
	})
	t.Logf("a whole game: alice %d decisions, bob %d, in %v", alice.moves, bob.moves, time.Since(start).Round(time.Millisecond))
}

// sameGame fails the test unless before and after show the same board,
// rack and decision.
func sameGame(t *testing.T, who string, before, after gameScreen, screen string) {
	t.Helper()
	if after.state() != before.state() {
		t.Fatalf("%s's game changed:\nbefore:\n%s\nnow:\n%s\nscreen:\n%s", who, before.state(), after.state(), screen)
	}
}

// A player whose connection drops mid-game is held their seat: the others
// see them away, and when they connect again with the same key they are
// back at the table with the same rack and their turn still due. A second
// connection with the same key takes over from the first, which is told
// and closed.
func TestReconnectMidGame(t *testing.T) {
	t.Parallel()
	addr := startHotels(t)
	alice := signUp(t, addr, "alice", 80, 24, "")
	hostRoom(t, alice)
	bob := signUp(t, addr, "bob", 120, 40, "")
	bob.term.WaitFor(t, "alice's table")
	bob.term.Type("\r")
	bob.term.WaitFor(t, "Waiting for players: 2 of 4 seats taken.")
	fillWithBots(t, alice, 2)

	// Both play until it is alice's turn again, after two of her own.
	var before gameScreen
	for {
		// One read of the screen: a second one may show a later game.
		screen := alice.term.Screen()
		if strings.Contains(screen, recapHeading) {
			screen = alice.hideRecap(t)
		}
		g := readGame(screen)
		if alice.turns >= 2 && decidePlay.MatchString(g.decision) && g.state() != alice.answered {
			before = g
			break
		}
		if !alice.step(t) && !bob.step(t) {
			select {
			case <-alice.term.Changed():
			case <-bob.term.Changed():
			case <-time.After(sshtest.Timeout):
				t.Fatalf("no screen changed for %v:\n%s\n\n%s", sshtest.Timeout, alice.term.Screen(), bob.term.Screen())
			}
		}
	}
	if len(before.rack) == 0 {
		t.Fatalf("alice has no rack:\n%s", alice.term.Screen())
	}

	// Her connection drops: bob sees her away, and the game waits.
	old := alice.term
	if err := old.Close(); err != nil {
		t.Fatal(err)
	}
	bob.term.WaitFor(t, "alice is away: the autopilot plays if they do not come back soon.")
	bob.term.WaitFor(t, "alice away")

	// She connects again and is sent straight back to her seat, where the
	// recap says what the others did since her last move, over the board:
	// she hides it to compare the board.
	alice.reconnect(t, addr, 80, 24)
	s := alice.term.WaitFor(t, "Your turn: play a tile.")
	if !strings.Contains(s, recapHeading) || !strings.Contains(s, " • ") {
		t.Errorf("alice is back on her turn with no recap of bob's move:\n%s", s)
	}
	s = alice.hideRecap(t)
	sameGame(t, "alice", before, readGame(s), s)
	bob.term.WaitForFunc(t, "showed alice back", func(s string) bool {
		return strings.Contains(s, "> alice is to play a tile.") &&
			!strings.Contains(s, "alice away") && !strings.Contains(s, "alice is away: the autopilot")
	})

	// A second connection with her key takes over; the first is told.
	first := alice.term
	alice.reconnect(t, addr, 120, 40)
	s = alice.term.WaitFor(t, "Your turn: play a tile.")
	sameGame(t, "alice", before, readGame(s), s)
	first.WaitFor(t, "You connected again from somewhere else, so this session is closed.")
	if status := first.Wait(t); status != 0 {
		t.Errorf("the replaced session exited %d, want 0", status)
	}

	// The game goes on from the new connection.
	alice.step(t)
	alice.term.WaitForFunc(t, "showed the tile played", func(s string) bool {
		g := readGame(s)
		return g.rackNames() != before.rackNames() || g.over
	})
	bob.term.WaitForFunc(t, "showed alice's tile played", func(s string) bool {
		return !strings.Contains(s, "> alice is to play a tile.")
	})
}

// A player resizes their terminal mid-game: larger, then too small (they
// are asked to enlarge it), then back. The game is the same at each size
// and goes on.
func TestResizeMidGame(t *testing.T) {
	t.Parallel()
	addr := startHotels(t)
	alice := soloGame(t, addr, "alice", 80, 24)
	before := alice.playMoves(t, 2)

	alice.term.Resize(t, 120, 40)
	s := alice.term.WaitForFunc(t, "showed the game at 120×40", func(s string) bool {
		lines := strings.Split(s, "\n")
		return len(lines) == 40 && strings.Contains(s, "Majority") && strings.Contains(s, "Your turn: play a tile.")
	})
	sameGame(t, "alice at 120×40", before, readGame(s), s)

	alice.term.Resize(t, 79, 20)
	s = alice.term.WaitFor(t, "It is 79×20 now.")
	if text := strings.Join(strings.Fields(s), " "); !strings.Contains(text, "Please enlarge your terminal to at least 80×24.") {
		t.Errorf("79×20: no request to enlarge:\n%s", s)
	}
	if strings.Contains(s, "Your tiles") {
		t.Errorf("79×20: the game is drawn too small:\n%s", s)
	}

	alice.term.Resize(t, 80, 24)
	s = alice.term.WaitForFunc(t, "showed the game at 80×24", func(s string) bool {
		return !strings.Contains(s, "enlarge") && !strings.Contains(s, "Majority") && strings.Contains(s, "Your turn: play a tile.")
	})
	sameGame(t, "alice back at 80×24", before, readGame(s), s)

	// Nothing broke: she plays on.
	after := alice.playMoves(t, 1)
	if after.state() == before.state() {
		t.Errorf("the game did not go on after the resizes:\n%s", alice.term.Screen())
	}
}

// Wrong input is explained and changes nothing: a room that does not
// exist, join without a terminal, a tile not in the rack, something that
// is not a tile, and a chain's letter the decision does not offer.
func TestWrongInput(t *testing.T) {
	t.Parallel()
	addr := startHotels(t)

	_, stderr, status := sshtest.Exec(t, addr, sshtest.NewKey(t), "join x")
	if status != 1 || !strings.Contains(stderr, "join needs a terminal: run `ssh -t -p ") || !strings.Contains(stderr, ` join "x"`+"`") {
		t.Errorf("join without a terminal: exit %d, stderr %q; want 1 and how to run it", status, stderr)
	}

	// A new player asks for a room that does not exist: after signup they
	// are in the lobby, told why.
	alice := signUp(t, addr, "alice", 80, 24, "join nosuchroom")
	alice.term.WaitFor(t, `There is no room "nosuchroom": check the code and try again.`)
	alice.term.WaitFor(t, "No room is open yet")
	hostRoom(t, alice)
	fillWithBots(t, alice, 1)
	before := alice.waitTurn(t)

	// wrong types keys at alice's tile decision, sees why they were
	// refused, finds the refused tile no longer typed, and the game as it
	// was.
	wrong := func(keys, why string) {
		t.Helper()
		alice.term.Type(keys)
		alice.term.WaitFor(t, why)
		s := alice.term.WaitForFunc(t, "cleared the typed tile", func(s string) bool { return !strings.Contains(s, "typed:") })
		sameGame(t, "alice after "+strconv.Quote(keys), before, readGame(s), s)
	}
	var missing string
	for _, tile := range []string{"1A", "12I", "6E"} {
		if !strings.Contains(before.rackNames(), tile) {
			missing = tile
			break
		}
	}
	wrong(missing+"\r", missing+" is not in your rack: choose one of "+before.rackNames()+".")
	wrong("13A\r", `"13A" is not a tile`)

	// Play on until a decision offers chains: found one when another is on
	// the board, or buy while some chain is not. Press the letter of a
	// chain not offered, and one of no chain.
	for {
		screen := alice.term.WaitForFunc(t, "showed a decision of alice's", func(s string) bool {
			g := readGame(s)
			return g.over || g.decision != "" && g.state() != alice.answered
		})
		g := readGame(screen)
		if g.over {
			t.Fatalf("the game ended before a chain was refused:\n%s", screen)
		}
		on, off := chains(screen)
		var letter, why string
		switch {
		case strings.HasPrefix(g.decision, "Your tile ") && len(on) > 0:
			letter, why = on[0], "is already on the board: press "
		case decideBuy.MatchString(g.decision) && len(on) > 0 && len(off) > 0:
			letter, why = off[0], "is not on the board: only chains on the board can be bought."
		default:
			alice.step(t)
			continue
		}
		alice.term.Type(letter)
		s := alice.term.WaitFor(t, why)
		sameGame(t, "alice after "+letter, g, readGame(s), s)
		alice.term.Type("z")
		s = alice.term.WaitFor(t, `"z" is no chain's letter: press `)
		sameGame(t, "alice after z", g, readGame(s), s)
		if g.choices != readGame(s).choices {
			t.Errorf("the choice changed from %q to %q", g.choices, readGame(s).choices)
		}
		break
	}
	// The decision is still alice's to make, and she makes it.
	alice.step(t)
	alice.playMoves(t, 1)
}
