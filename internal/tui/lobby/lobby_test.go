package lobby_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hotels/internal/engine"
	"hotels/internal/engine/tycoon"
	"hotels/internal/rooms"
	"hotels/internal/tui/lobby"
	"hotels/internal/tui/theme"
	"hotels/internal/tui/tuitest"
)

var alice = rooms.Player{ID: 1, Name: "alice"}

// open returns the lobby screen over a fake lobby, showing snap.
func open(t *testing.T, snap *rooms.LobbySnapshot, w, h int) (lobby.Model, *tuitest.Lobby) {
	t.Helper()
	svc := tuitest.NewLobby(t, nil)
	m := lobby.New(context.Background(), svc, alice, theme.DefaultStyles())
	m.SetSize(w, h)
	m, _ = m.Update(lobby.SnapshotMsg{Snapshot: snap})
	return m, svc
}

// press sends keys, space separated, and runs the commands they return,
// feeding their messages back; it returns the last message the screen
// passes up (an EnterMsg) if any.
func press(m lobby.Model, keys string) (lobby.Model, tea.Msg) {
	var up tea.Msg
	for _, k := range strings.Fields(keys) {
		var cmd tea.Cmd
		m, cmd = m.Update(tuitest.Key(k))
		for cmd != nil {
			msg := cmd()
			if msg == nil {
				break
			}
			if _, ok := msg.(tea.QuitMsg); ok {
				return m, msg
			}
			if _, ok := msg.(lobby.EnterMsg); ok {
				up = msg
			}
			m, cmd = m.Update(msg)
		}
	}
	return m, up
}

// spell writes s as keys for press, one a character.
func spell(s string) string { return strings.Join(strings.Split(s, ""), " ") }

// goldenSizes checks the screen showing snap, after keys, against its
// golden files.
func goldenSizes(t *testing.T, snap *rooms.LobbySnapshot, keys string) {
	t.Helper()
	tuitest.GoldenSizes(t, func(w, h int) string {
		m, _ := open(t, snap, w, h)
		m, _ = press(m, keys)
		return tuitest.Plain(m.View())
	})
}

func TestLobbyView(t *testing.T) {
	goldenSizes(t, tuitest.LobbySnapshot(), "down down")
}

func TestEmptyLobbyView(t *testing.T) {
	goldenSizes(t, &rooms.LobbySnapshot{Online: []string{"alice"}}, "")
}

func TestCreateFormView(t *testing.T) {
	goldenSizes(t, tuitest.LobbySnapshot(), "n right down down down down left left")
}

// tycoonLobby hosts Hotel Tycoon alone.
type tycoonLobby struct{ *tuitest.Lobby }

func (tycoonLobby) Kinds() []engine.Kind { return []engine.Kind{tycoon.Kind} }

// Hotel Tycoon's form with the European edition chosen: its four options
// filled, the preset's help saying which; enter creates the room with them.
func TestCreateTycoonEuropeanView(t *testing.T) {
	keys := "n down right"
	tuitest.GoldenSizes(t, func(w, h int) string {
		m := lobby.New(context.Background(), tycoonLobby{tuitest.NewLobby(t, nil)}, alice, theme.DefaultStyles())
		m.SetSize(w, h)
		m, _ = m.Update(lobby.SnapshotMsg{Snapshot: tuitest.LobbySnapshot()})
		m, _ = press(m, keys)
		return tuitest.Plain(m.View())
	})
	svc := tycoonLobby{tuitest.NewLobby(t, nil)}
	m := lobby.New(context.Background(), svc, alice, theme.DefaultStyles())
	m.SetSize(80, 24)
	press(m, keys+" enter")
	if want := "Create rules= seats=4 options=h=free,landbuy=half,six=again,deeds=european private=false clock="; !slices.Contains(svc.Calls(), want) {
		t.Errorf("calls %q, want %q", svc.Calls(), want)
	}
}

// The ranked form of Hotel Tycoon says which options every ranked game of
// it is played with.
func TestRankedTycoonFormView(t *testing.T) {
	tuitest.GoldenSizes(t, func(w, h int) string {
		m := lobby.New(context.Background(), tycoonLobby{tuitest.NewLobby(t, nil)}, alice, theme.DefaultStyles())
		m.SetSize(w, h)
		m, _ = m.Update(lobby.SnapshotMsg{Snapshot: tuitest.LobbySnapshot()})
		m, _ = press(m, "r")
		return tuitest.Plain(m.View())
	})
}

// The form's keys make the settings the room is created with.
func TestCreate(t *testing.T) {
	tests := []struct {
		keys string
		want string
	}{
		{"n enter", "Create rules=modern seats=4 options= private=false clock="},
		{"n down left left down right down right down down right enter", "Create rules=modern seats=2 options=holdings=hidden,hand=redraw private=true clock="},
		{"n right down right right enter", "Create rules=classic seats=6 options= private=false clock="},
		// hand=redraw is modern only: classic rules skip it, and choosing
		// classic resets it.
		{"n down down down right up up up right enter", "Create rules=classic seats=4 options= private=false clock="},
		{"n right down down down right enter", "Create rules=classic seats=4 options= private=false clock="},
		{"n down down down down right right enter", "Create rules=modern seats=4 options= private=false clock=move=1m0s"},
		{"n up up left left enter", "Create rules=modern seats=4 options= private=false clock=game=10m0s+5s"},
	}
	for _, tt := range tests {
		m, svc := open(t, tuitest.LobbySnapshot(), 80, 24)
		_, up := press(m, tt.keys)
		calls := svc.Calls()
		if !slices.Contains(calls, tt.want) {
			t.Errorf("keys %q: calls %q, want %q", tt.keys, calls, tt.want)
		}
		if enter, ok := up.(lobby.EnterMsg); !ok || enter.Room == nil || enter.Watch {
			t.Errorf("keys %q: passed up %#v, want EnterMsg with the new room", tt.keys, up)
		}
	}
}

// enter and j take a seat, w watches; a started game cannot be joined.
func TestJoinAndWatch(t *testing.T) {
	m, svc := open(t, nil, 80, 24)
	r, err := svc.Lobby.Create(context.Background(), rooms.Player{ID: 2, Name: "erin"}, rooms.Settings{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	snap := &rooms.LobbySnapshot{Rooms: []rooms.Info{r.Info()}}
	m, _ = m.Update(lobby.SnapshotMsg{Snapshot: snap})

	_, up := press(m, "w")
	if e, ok := up.(lobby.EnterMsg); !ok || e.Room != r || !e.Watch {
		t.Errorf("w: passed up %#v, want EnterMsg watching %s", up, r.ID)
	}
	_, up = press(m, "j")
	if e, ok := up.(lobby.EnterMsg); !ok || e.Room != r || e.Watch {
		t.Errorf("j: passed up %#v, want EnterMsg seated in %s", up, r.ID)
	}
	if got := r.Info().Taken; got != 2 {
		t.Errorf("after j: %d seats taken, want 2", got)
	}

	// A third player finds the table full.
	bob := lobby.New(context.Background(), svc, rooms.Player{ID: 3, Name: "bob"}, theme.DefaultStyles())
	bob.SetSize(80, 24)
	bob, _ = bob.Update(lobby.SnapshotMsg{Snapshot: snap})
	bob, up = press(bob, "enter")
	if up != nil {
		t.Errorf("enter on a full room: passed up %#v, want nothing", up)
	}
	if view := tuitest.Plain(bob.View()); !strings.Contains(view, "every seat is taken. Press w to watch it.") {
		t.Errorf("enter on a full room: view lacks the reason:\n%s", view)
	}
}

// c opens the invite code input; a wrong code is explained.
func TestInviteCode(t *testing.T) {
	m, svc := open(t, tuitest.LobbySnapshot(), 80, 24)
	r, err := svc.Lobby.Create(context.Background(), rooms.Player{ID: 2, Name: "erin"}, rooms.Settings{Seats: 2, Private: true})
	if err != nil {
		t.Fatal(err)
	}
	m, _ = press(m, "c "+spell("nope")+" enter")
	if view := tuitest.Plain(m.View()); !strings.Contains(view, `There is no room "nope"`) {
		t.Errorf("wrong code: view lacks the reason:\n%s", view)
	}
	// The room's code is only in its snapshots for seated players.
	ch, stop, err := r.Subscribe(context.Background(), rooms.Player{ID: 2, Name: "erin"})
	if err != nil {
		t.Fatal(err)
	}
	code := (<-ch).Code
	stop()
	_, up := press(m, "c "+spell(code)+" enter")
	if e, ok := up.(lobby.EnterMsg); !ok || e.Room != r {
		t.Errorf("code %s: passed up %#v, want EnterMsg for %s", code, up, r.ID)
	}
}

// The screen holds the invite code's input (8 KB) only while the player
// types a code (docs/capacity.md).
func TestInviteCodeInputOnlyWhileTyping(t *testing.T) {
	m, _ := open(t, tuitest.LobbySnapshot(), 80, 24)
	if lobby.HasCodeInput(m) {
		t.Fatal("the lobby holds a code input before c")
	}
	m, _ = press(m, "c "+spell("ab"))
	if !lobby.HasCodeInput(m) {
		t.Fatal("c: no code input")
	}
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "Invite code: ab") {
		t.Errorf("typing a code: view lacks it:\n%s", view)
	}
	if m, _ = press(m, "esc"); lobby.HasCodeInput(m) {
		t.Error("esc: the code input is kept")
	}
	if m, _ = press(m, "c "+spell("nope")+" enter"); lobby.HasCodeInput(m) {
		t.Error("enter: the code input is kept")
	}
}

// g asks the parent for the player's recent games.
func TestHistoryKey(t *testing.T) {
	m, _ := open(t, tuitest.LobbySnapshot(), 80, 24)
	_, cmd := m.Update(tuitest.Key("g"))
	if cmd == nil {
		t.Fatal("g: no command")
	}
	if msg := cmd(); msg != (lobby.HistoryMsg{}) {
		t.Errorf("g: %#v, want HistoryMsg", msg)
	}
}

func TestQuickPlayAndQuit(t *testing.T) {
	m, svc := open(t, tuitest.LobbySnapshot(), 80, 24)
	_, up := press(m, "p")
	if e, ok := up.(lobby.EnterMsg); !ok || e.Room == nil {
		t.Errorf("p: passed up %#v, want EnterMsg", up)
	}
	if got := svc.Calls(); !slices.Equal(got, []string{"QuickPlay"}) {
		t.Errorf("p: calls %q, want [QuickPlay]", got)
	}
	if _, msg := press(m, "q"); msg != tea.Msg(tea.QuitMsg{}) {
		t.Errorf("q: %#v, want tea.Quit", msg)
	}
}

// The screen follows the lobby through a subscription that the program
// watches, and ends it when asked.
func TestSubscription(t *testing.T) {
	svc := tuitest.NewLobby(t, tuitest.LobbySnapshot())
	m := lobby.New(context.Background(), svc, alice, theme.DefaultStyles())
	m.SetSize(80, 24)
	w := tuitest.Watch(t, m.Init()) // subscribes
	m, _ = m.Update(tuitest.Next(t, w))
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "friday night") {
		t.Fatalf("after the first snapshot:\n%s", view)
	}
	svc.Publish(&rooms.LobbySnapshot{Online: []string{"alice"}})
	m, _ = m.Update(tuitest.Next(t, w))
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "No room is open yet") {
		t.Fatalf("after the second snapshot:\n%s", view)
	}
	// Stop ends the subscription itself, before any command runs: the
	// room screen's watch, which comes next, finds the program's event
	// loop free.
	m, _ = m.Stop()
	if got := svc.Calls(); !slices.Equal(got, []string{"Subscribe", "Stop"}) {
		t.Errorf("calls %q, want [Subscribe Stop]", got)
	}
	if msg, ok := w.Next(); ok {
		t.Errorf("watch after Stop: %#v, want it ended", msg)
	}
	// The snapshot is let go while the player is in a room: the next
	// subscription brings the lobby as it is then.
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "Loading the rooms") {
		t.Errorf("after Stop the screen keeps the last snapshot:\n%s", view)
	}
	// Back from the room, Init starts another stay, which the screen
	// follows.
	w = tuitest.Watch(t, m.Init())
	m, _ = m.Update(tuitest.Next(t, w))
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "No room is open yet") {
		t.Errorf("back in the lobby:\n%s", view)
	}
}

// A game that ended is listed greyed, with who won, unless it is the one
// selected; the rooms in play are not.
func TestFinishedRoomGreyed(t *testing.T) {
	m, _ := open(t, tuitest.LobbySnapshot(), 80, 24)
	styles := theme.DefaultStyles()
	var over, playing string
	for _, l := range strings.Split(m.View(), "\n") {
		switch plain := tuitest.Plain(l); {
		case strings.Contains(plain, "w9aa"):
			over = l
		case strings.Contains(plain, "p4zz"):
			playing = l
		}
	}
	if !strings.Contains(tuitest.Plain(over), "robo BOT won") { // a bot account (issue 24)
		t.Errorf("the ended game's line %q does not say who won", tuitest.Plain(over))
	}
	grey := styles.Subtle.Render(tuitest.Plain(over))
	if over != grey {
		t.Errorf("the ended game's line is not greyed:\n got %q\nwant %q", over, grey)
	}
	if playing == styles.Subtle.Render(tuitest.Plain(playing)) {
		t.Errorf("a game in play is greyed: %q", playing)
	}
}

// A game that ended cannot be joined, only watched while its room is open.
func TestJoinFinishedGame(t *testing.T) {
	m, svc := open(t, tuitest.LobbySnapshot(), 80, 24)
	m, up := press(m, "down down down down enter")
	if up != nil || len(svc.Calls()) != 0 {
		t.Errorf("enter on a game that ended passed up %#v and called %q; want nothing", up, svc.Calls())
	}
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "The game in room w9aa is over: press w to see its end") {
		t.Errorf("enter on a game that ended does not say why:\n%s", view)
	}
}

// Every key of the lobby is listed at 80 columns as at 120: the groups
// that do not fit beside the others go under them.
func TestLobbyHelpView(t *testing.T) {
	goldenSizes(t, tuitest.LobbySnapshot(), "?")
	m, _ := open(t, tuitest.LobbySnapshot(), 80, 24)
	m, _ = press(m, "?")
	view := tuitest.Plain(m.View())
	for _, k := range []string{"bell on/off", "? ", "quit", "leaderboard", "cancel"} {
		if !strings.Contains(view, k) {
			t.Errorf("the key list at 80 columns lacks %q:\n%s", k, view)
		}
	}
}

// The cursor stays on its room when a new room opens above it.
func TestCursorFollowsItsRoom(t *testing.T) {
	m, _ := open(t, tuitest.LobbySnapshot(), 80, 24)
	m, _ = press(m, "down down") // k3vq
	snap := tuitest.LobbySnapshot()
	snap.Version++
	snap.Rooms = append([]rooms.Info{{ID: "a1aa", Name: "new table", Game: "Acquire", Kind: "acquire", Rules: "modern", Seats: 4, Taken: 1, Status: rooms.Waiting}}, snap.Rooms...)
	m, _ = m.Update(lobby.SnapshotMsg{Snapshot: snap})
	for _, l := range strings.Split(tuitest.Plain(m.View()), "\n") {
		if strings.HasPrefix(l, "> ") && !strings.Contains(l, "k3vq") {
			t.Errorf("the cursor moved to another room: %q", l)
		}
	}
}

// The online list drawn for one session is not another's: sessions
// showing other snapshots, or the same at other sizes, each list their
// own, whichever drew last.
func TestOnlineListOwn(t *testing.T) {
	one, two := tuitest.LobbySnapshot(), tuitest.LobbySnapshot()
	two.Online = []string{"zed", "yolanda"}
	a, _ := open(t, one, 80, 24)
	b, _ := open(t, two, 80, 24)
	c, _ := open(t, one, 120, 40)
	want := a.View()
	if !strings.Contains(tuitest.Plain(b.View()), "Online: zed, yolanda") {
		t.Errorf("the second snapshot's list:\n%s", tuitest.Plain(b.View()))
	}
	_ = c.View()
	if got := a.View(); got != want {
		t.Errorf("after the others drew:\n%s\nwant\n%s", tuitest.Plain(got), tuitest.Plain(want))
	}
}
