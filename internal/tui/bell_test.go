package tui_test

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hotels/internal/rooms"
	"hotels/internal/tui"
	"hotels/internal/tui/tuitest"
)

// bells keeps players' bell settings as the store does; fail makes saving
// fail.
type bells struct {
	mu    sync.Mutex
	on    map[string]bool
	reads map[string]bool // the players whose setting was read
	fail  bool
}

func (b *bells) Bell(_ context.Context, p rooms.Player) (bool, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	on, ok := b.on[p.Name]
	b.reads[p.Name] = true
	return on || !ok, nil
}

func (b *bells) SetBell(_ context.Context, p rooms.Player, on bool) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.fail {
		return errors.New("disk full")
	}
	b.on[p.Name] = on
	return nil
}

func (b *bells) read(name string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.reads[name]
}

func (b *bells) get(name string) (on, ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	on, ok = b.on[name]
	return on, ok
}

// hosts open the rooms of these tests, each one, and take their other
// seat: a player plays in one game at a time.
var hosts = []rooms.Player{{ID: 5, Name: "erin"}, {ID: 6, Name: "frank"}, {ID: 7, Name: "gina"}, {ID: 8, Name: "hal"}}

// twoSeats opens a room of two seats for Acquire in svc, host seated.
func twoSeats(t *testing.T, svc *tuitest.Lobby, host rooms.Player) *rooms.Room {
	t.Helper()
	r, err := svc.Lobby.Create(context.Background(), host, rooms.Settings{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// gameStarts takes the other seat of a new room of host's for d's player
// (c in the lobby, the room's ID), starts the game and reports whether the
// session rang the bell for it: whether its view's Bell grew; and the room.
func gameStarts(t *testing.T, d *driver, svc *tuitest.Lobby, host rooms.Player) (bool, *rooms.Room) {
	t.Helper()
	r := twoSeats(t, svc, host)
	before := d.m.View().Bell
	d.key("c")
	for _, c := range r.ID {
		d.key(string(c))
	}
	d.send(tea.KeyPressMsg{Code: tea.KeyEnter})
	d.until("Waiting for players: 2 of 2 seats taken.")
	was := d.m.View().Bell
	if was != before {
		t.Errorf("entering the waiting room rang the bell %d times", was-before)
	}
	if err := r.Start(context.Background(), host); err != nil {
		t.Fatal(err)
	}
	if !d.handle(func() bool { return !strings.Contains(plain(d.m.View()), "Waiting for players") }) {
		t.Fatalf("the game does not start on the screen:\n%s", plain(d.m.View()))
	}
	return d.m.View().Bell > was, r
}

// The session rings the bell as the player's setting says, once for the
// game that starts, none for entering a room, in the player's second room
// as in the first; B in the lobby turns it on and off and the setting is
// saved; a setting that cannot be saved leaves the bell as it was.
func TestBell(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	svc := tuitest.NewLobby(t, tuitest.LobbySnapshot())
	saved := &bells{on: map[string]bool{"alice": false, "carol": false}, reads: map[string]bool{}}
	session := func(p rooms.Player) *driver {
		d := newDriver(t, tui.New(ctx, svc, p, tui.Entry{}, tui.WithBell(saved)))
		d.until("friday night")
		// The setting is read in a command of its own, long before the
		// room the test takes the player to is found and entered.
		if !d.handle(func() bool { return saved.read(p.Name) }) {
			t.Fatalf("%s's bell setting is never read", p.Name)
		}
		return d
	}

	if rang, _ := gameStarts(t, session(alice), svc, hosts[0]); rang {
		t.Error("alice turned her bell off, but the session rings it")
	}

	carol := rooms.Player{ID: 3, Name: "carol"}
	d := session(carol)
	d.key("B")
	d.until("The bell is on")
	if on, _ := saved.get("carol"); !on {
		t.Errorf("after B the bell is not saved on")
	}
	saved.mu.Lock()
	saved.fail = true
	saved.mu.Unlock()
	d.key("B")
	d.until("could not be saved")
	rang, r := gameStarts(t, d, svc, hosts[1])
	if !rang {
		t.Error("B turned the bell on, then a change that could not be saved: the bell does not ring")
	}
	saved.mu.Lock()
	saved.fail = false
	saved.mu.Unlock()

	// The next room's screen counts its news from none: its first rings.
	if err := r.Close(ctx, "closed by the test"); err != nil {
		t.Fatal(err)
	}
	d.until("friday night")
	if rang, _ := gameStarts(t, d, svc, hosts[3]); !rang {
		t.Error("the game of carol's second room starts: the bell does not ring")
	}

	// A new player's bell rings.
	if rang, _ := gameStarts(t, session(rooms.Player{ID: 2, Name: "bob"}), svc, hosts[2]); !rang {
		t.Error("a new player's bell does not ring")
	}
}

// writes is a terminal that keeps each write it is given.
type writes struct {
	*tuitest.Terminal
	mu  sync.Mutex
	all []string
}

func (w *writes) Write(p []byte) (int, error) {
	w.mu.Lock()
	w.all = append(w.all, string(p))
	w.mu.Unlock()
	return w.Terminal.Write(p)
}

// kept is the writes so far.
func (w *writes) kept() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.all)
}

// bells is the number of bells rung so far.
func (w *writes) bells() int { return bellsIn(strings.Join(w.kept(), "")) }

// osc is an operating system command (the window's title), which BEL may
// end: not a bell.
var osc = regexp.MustCompile("\x1b][^\a\x1b]*(\a|\x1b\\\\)")

// bellsIn is the number of bells rung in a terminal's output.
func bellsIn(out string) int { return strings.Count(osc.ReplaceAllString(out, ""), "\a") }

// Through a real program, as the server runs a session: the bell for the
// game that starts and for each turn that comes back goes out in the write
// of the frame that shows it, once, not in a write of its own (an SSH
// packet and a write syscall, issue 22), and not for the decisions of the
// player's own turn. The test plays both seats of a two-seat game through
// the room, a decision every 20 ms, so that each frame finds the renderer
// idle and goes out at once, as a turn coming back mostly does.
func TestBellInTheFramesWrite(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	svc := tuitest.NewLobby(t, tuitest.LobbySnapshot())
	host := hosts[0]
	r := twoSeats(t, svc, host)
	term := &writes{Terminal: tuitest.NewTerminal(80, 24)}
	tuitest.ProgramOf(t, tui.New(ctx, svc, alice, tui.Entry{Room: r.ID}), term, 80, 24)
	if !term.WaitFor("Waiting for players: 2 of 2 seats taken.", 5*time.Second) {
		t.Fatalf("alice is not seated:\n%s", term.Screen())
	}
	plays := map[string]<-chan *rooms.Snapshot{}
	for _, p := range []rooms.Player{alice, host} {
		ch, stop, err := r.SubscribePlay(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		defer stop()
		plays[p.Name] = ch
	}
	want := 0 // bells
	rang := func(why string) {
		t.Helper()
		want++
		for deadline := time.Now().Add(5 * time.Second); term.bells() < want; time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: %d bells, want %d:\n%s", why, term.bells(), want, term.Screen())
			}
		}
		if n := term.bells(); n != want {
			t.Fatalf("%s: %d bells, want %d", why, n, want)
		}
	}
	start := len(term.kept())
	if err := r.Start(ctx, host); err != nil {
		t.Fatal(err)
	}
	rang("the game starts")

	actions, back := 0, 0
	hostMoved := false
	for back < 4 {
		var snap *rooms.Snapshot
		who := alice
		select {
		case snap = <-plays[alice.Name]:
		case snap = <-plays[host.Name]:
			who = host
		case <-time.After(5 * time.Second):
			t.Fatalf("no decision due in 5 s:\n%s", term.Screen())
		}
		if len(snap.Legal) == 0 {
			continue
		}
		if who == alice && hostMoved {
			back++
			rang("alice's turn comes back")
			hostMoved = false
		}
		time.Sleep(20 * time.Millisecond)
		if err := r.Act(ctx, who, snap.Legal[0]); err != nil {
			t.Fatalf("%s: %q: %v", who.Name, snap.Legal[0], err)
		}
		actions++
		hostMoved = hostMoved || who == host
	}
	time.Sleep(50 * time.Millisecond) // a bell that came late would be written by now
	all := term.kept()[start:]
	alone := 0
	for _, w := range all {
		switch n := bellsIn(w); {
		case n == 0:
		case strings.Trim(w, "\a") == "":
			alone++
		case n > 1:
			t.Errorf("%d bells in one write, want 1: %q", n, w)
		}
	}
	if alone > 0 {
		t.Errorf("%d of %d bells written alone, want all in the writes of their frames", alone, want)
	}
	if n := term.bells(); n != want {
		t.Errorf("%d bells, want %d: the start and %d turns back", n, want, back)
	}
	t.Logf("%d decisions, %d writes: %.2f writes a decision; %d bells, %d written alone", actions, len(all), float64(len(all))/float64(actions), want, alone)
}
