package tui_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hotels/internal/rooms"
	"hotels/internal/tui"
	"hotels/internal/tui/tuitest"
)

var alice = rooms.Player{ID: 1, Name: "alice"}

// plain is what a terminal without colour shows of v: its Lines or its
// Content.
func plain(v tea.View) string {
	if v.Lines != nil {
		return tuitest.Plain(strings.Join(v.Lines, "\n"))
	}
	return tuitest.Plain(v.Content)
}

// driver runs a session model as the program would: each command in its
// own goroutine, each message through Update in the order they come.
// Commands that wait (for snapshots, for the session's end) wait until
// the test ends and cancels the session.
type driver struct {
	t    *testing.T
	m    tea.Model
	msgs chan tea.Msg
}

// newDriver starts m as the program does on an 80×24 terminal: the size
// comes first, then Init runs.
func newDriver(t *testing.T, m tea.Model) *driver {
	d := &driver{t: t, m: m, msgs: make(chan tea.Msg, 64)}
	d.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	d.run(d.m.Init())
	return d
}

func (d *driver) run(cmd tea.Cmd) {
	if cmd != nil {
		go func() { d.msgs <- cmd() }()
	}
}

func (d *driver) send(msg tea.Msg) {
	var cmd tea.Cmd
	d.m, cmd = d.m.Update(msg)
	d.run(cmd)
}

func (d *driver) key(s string) {
	k := tea.KeyPressMsg{Code: []rune(s)[0], Text: s}
	if s == "esc" {
		k = tea.KeyPressMsg{Code: tea.KeyEscape}
	}
	d.send(k)
}

// handle handles messages until done reports true; it reports false if
// that takes more than ten seconds, which only a broken screen does.
func (d *driver) handle(done func() bool) bool {
	timeout := time.After(10 * time.Second)
	for !done() {
		select {
		case msg := <-d.msgs:
			switch msg := msg.(type) {
			case nil:
			case tea.BatchMsg:
				for _, c := range msg {
					d.run(c)
				}
			case *tea.WatchMsg: // the program watches a mailbox
				go msg.Run(func(m tea.Msg) { d.msgs <- m })
			default:
				d.send(msg)
			}
		case <-timeout:
			return false
		}
	}
	return true
}

// until handles messages until the screen shows text, failing the test
// if it never does.
func (d *driver) until(text string) {
	d.t.Helper()
	if !d.handle(func() bool { return strings.Contains(plain(d.m.View()), text) }) {
		d.t.Fatalf("the screen never showed %q:\n%s", text, plain(d.m.View()))
	}
}

func TestTooSmall(t *testing.T) {
	m := tui.New(context.Background(), tuitest.NewLobby(t, nil), alice, tui.Entry{})
	for _, size := range []tea.WindowSizeMsg{{Width: 79, Height: 24}, {Width: 80, Height: 23}, {Width: 40, Height: 12}} {
		next, _ := m.Update(size)
		view := plain(next.View())
		if !strings.Contains(strings.Join(strings.Fields(view), " "), "Please enlarge your terminal to at least 80×24.") {
			t.Errorf("%dx%d: no request to enlarge:\n%s", size.Width, size.Height, view)
		}
		if got := len(strings.Split(view, "\n")); got > size.Height {
			t.Errorf("%dx%d: %d lines", size.Width, size.Height, got)
		}
		if size.Width == 79 {
			tuitest.Golden(t, "79x24", view)
		}
	}
	next, _ := m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if view := plain(next.View()); strings.Contains(view, "enlarge") {
		t.Errorf("80x24 is enough, but:\n%s", view)
	}
}

// From the lobby into a room and back: the lobby's subscription pauses
// while the player is in the room, and the room's ends when they leave.
func TestLobbyToRoomAndBack(t *testing.T) {
	svc := tuitest.NewLobby(t, tuitest.LobbySnapshot())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	d := newDriver(t, tui.New(ctx, svc, alice, tui.Entry{}))
	d.until("friday night")

	d.key("n")
	d.until("New Acquire room")
	d.send(tea.KeyPressMsg{Code: tea.KeyEnter})
	d.until("Waiting for players: 1 of 4 seats taken.")
	d.key("b")
	d.until("Add a bot: which level?")
	d.key("3")
	d.until("Waiting for players: 2 of 4 seats taken.")
	d.until("hard bot")

	svc.Publish(&rooms.LobbySnapshot{Rooms: []rooms.Info{{ID: "zzzz", Name: "back again", Game: "Acquire", Rules: "modern", Seats: 2, Status: rooms.Waiting}}})
	d.key("l")
	d.until("back again")
	if got, want := svc.Calls(), []string{"Subscribe", "Create rules=modern seats=4 options= private=false clock=", "Stop", "Subscribe"}; !slices.Equal(got, want) {
		t.Errorf("calls %q, want %q", got, want)
	}
	// Alice left her room with only a bot in it: it closes.
	list, stop := svc.Lobby.Subscribe()
	defer stop()
	for snap := range list {
		if len(snap.Rooms) == 0 {
			break
		}
	}
}

// A session started with `join ROOM` opens in that room, seated; one
// started with `watch ROOM` watches it; an unknown room leaves the player
// in the lobby, told why. The player is online for the session.
func TestDirectEntry(t *testing.T) {
	svc := tuitest.NewLobby(t, tuitest.LobbySnapshot())
	erin := rooms.Player{ID: 5, Name: "erin"}
	r, err := svc.Lobby.Create(context.Background(), erin, rooms.Settings{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	online, stop := svc.Lobby.Subscribe()
	defer stop()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	d := newDriver(t, tui.New(ctx, svc, alice, tui.Entry{Room: r.ID}))
	d.until("Waiting for players: 2 of 2 seats taken.")
	for snap := range online {
		if slices.Contains(snap.Online, "alice") {
			break
		}
	}

	bob := rooms.Player{ID: 6, Name: "bob"}
	d = newDriver(t, tui.New(ctx, svc, bob, tui.Entry{Room: r.ID, Watch: true}))
	d.until("You are watching: press j to take a free seat.")

	d = newDriver(t, tui.New(ctx, svc, bob, tui.Entry{Room: "nope"}))
	d.until(`There is no room "nope"`)

	cancel()
	for snap := range online {
		if !slices.Contains(snap.Online, "alice") {
			break
		}
	}
}

// A room that lets the player go (kicked by the host) returns them to the
// lobby with the room's notice.
func TestKickedBackToLobby(t *testing.T) {
	svc := tuitest.NewLobby(t, tuitest.LobbySnapshot())
	erin := rooms.Player{ID: 5, Name: "erin"}
	r, err := svc.Lobby.Create(context.Background(), erin, rooms.Settings{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	d := newDriver(t, tui.New(ctx, svc, alice, tui.Entry{Room: r.ID}))
	d.until("Waiting for players: 2 of 2 seats taken.")
	if err := r.Kick(context.Background(), erin, 1); err != nil {
		t.Fatal(err)
	}
	d.until("you were removed from the table by the host")
	d.until("friday night")
}

// Regression: the program draws before the first WindowSizeMsg, and the
// lobby laid out for a 0×0 screen panicked (slice bounds out of range), so
// every returning player's session died as it started.
func TestViewBeforeSize(t *testing.T) {
	for _, at := range []tui.Entry{{}, {Room: "nope"}} {
		m := tui.New(context.Background(), tuitest.NewLobby(t, tuitest.LobbySnapshot()), alice, at)
		if view := plain(m.View()); view != "" {
			t.Errorf("%+v: view before the size is known = %q, want nothing", at, view)
		}
	}
}

// g opens the player's games from the lobby, enter replays one, and esc
// steps back to the lobby, whose list went on meanwhile.
func TestHistoryAndBack(t *testing.T) {
	svc := tuitest.NewLobby(t, tuitest.LobbySnapshot())
	games := tuitest.History(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	d := newDriver(t, tui.New(ctx, svc, alice, tui.Entry{}, tui.WithGames(games)))
	d.until("friday night")
	d.key("g")
	d.until("2nd of 4") // the list has loaded
	d.send(tea.KeyPressMsg{Code: tea.KeyEnter})
	d.until("The deal")
	d.send(tea.KeyPressMsg{Code: tea.KeyRight})
	d.until("Move 1 of")
	d.key("esc")
	d.until("your recent games")
	svc.Publish(&rooms.LobbySnapshot{Rooms: []rooms.Info{{ID: "zzzz", Name: "while away", Game: "Acquire", Rules: "modern", Seats: 2, Status: rooms.Waiting}}})
	d.key("esc")
	d.until("while away")
	if got, want := games.Calls(), []string{"RecentGames 1 50", "Actions 42"}; !slices.Equal(got, want) {
		t.Errorf("archive calls %q, want %q", got, want)
	}
}

func TestCtrlCQuits(t *testing.T) {
	m := tui.New(context.Background(), tuitest.NewLobby(t, nil), alice, tui.Entry{})
	_, cmd := m.Update(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	if cmd == nil {
		t.Fatal("ctrl+c: no command")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Error("ctrl+c: not tea.Quit")
	}
}
