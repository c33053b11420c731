package room_test

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/rooms"
	"hotels/internal/tui/room"
	"hotels/internal/tui/screens"
	"hotels/internal/tui/theme"
	"hotels/internal/tui/tuitest"
)

var alice = rooms.Player{ID: 1, Name: "alice"}

// levels are Acquire's bot levels as the session gives them to the screen.
var levels = []room.BotLevel{{ID: "easy", How: "random legal moves"}, {ID: "normal", How: "sound heuristics"}, {ID: "hard", How: "searches ahead"}}

// open returns the screen of a fake room showing snap, w×h cells.
func open(t testing.TB, snap *rooms.Snapshot, w, h int) (room.Model, *tuitest.Table) {
	t.Helper()
	table := tuitest.NewTable(nil)
	m := room.New(context.Background(), table, "k3vq", alice, theme.DefaultStyles(), screens.New)
	room.SetClock(&m, func() time.Time { return tuitest.Now })
	m.SetBotLevels(levels)
	m.SetSize(w, h)
	m, _ = m.Update(room.SnapshotMsg{Snapshot: snap})
	return m, table
}

// goldenSizes renders the screen at both sizes and compares each with
// testdata/<TestName>/<W>x<H>.golden.
func goldenSizes(t *testing.T, snap func() *rooms.Snapshot, keys string) {
	t.Helper()
	tuitest.GoldenSizes(t, func(w, h int) string {
		m, _ := open(t, snap(), w, h)
		return tuitest.Plain(press(m, keys).View())
	})
}

// press sends keys, space separated, running every command they return as
// the program would and feeding their messages back.
func press(m room.Model, keys string) room.Model {
	for _, k := range strings.Fields(keys) {
		var cmd tea.Cmd
		m, cmd = m.Update(tuitest.Key(k))
		m = run(m, cmd)
	}
	return m
}

// run executes cmd and the commands that follow from it. Snapshots come
// only from SnapshotMsg sent by the test, so no command here waits.
func run(m room.Model, cmd tea.Cmd) room.Model {
	for cmd != nil {
		msg := cmd()
		if batch, ok := msg.(tea.BatchMsg); ok {
			for _, c := range batch {
				m = run(m, c)
			}
			return m
		}
		if msg == nil {
			return m
		}
		m, cmd = m.Update(msg)
	}
	return m
}

func TestWaitingView(t *testing.T) {
	goldenSizes(t, func() *rooms.Snapshot { return tuitest.Waiting(0) }, "")
}

func TestGameView(t *testing.T) {
	goldenSizes(t, func() *rooms.Snapshot { return tuitest.FourSeat(t, "play").Snapshot(0) }, "esc down")
}

func TestBuyView(t *testing.T) {
	goldenSizes(t, func() *rooms.Snapshot { return tuitest.FourSeat(t, "buy").Snapshot(0) }, "t t")
}

func TestDisposeView(t *testing.T) {
	goldenSizes(t, func() *rooms.Snapshot { return tuitest.FourSeat(t, "dispose").Snapshot(0) }, "esc s s t t")
}

func TestFoundView(t *testing.T) {
	goldenSizes(t, func() *rooms.Snapshot { return tuitest.FourSeat(t, "found").Snapshot(0) }, "right")
}

func TestWatcherView(t *testing.T) {
	goldenSizes(t, func() *rooms.Snapshot { return tuitest.FourSeat(t, "play").Snapshot(engine.Watcher) }, "")
}

func TestHiddenView(t *testing.T) {
	goldenSizes(t, func() *rooms.Snapshot { return tuitest.FourSeat(t, "play", "holdings=hidden").Snapshot(2) }, "")
}

func TestFinalView(t *testing.T) {
	goldenSizes(t, func() *rooms.Snapshot { return tuitest.FourSeat(t, "over").Snapshot(0) }, "")
}

// Players who share first place share the win: "alice and bob", not "alice
// or bob".
func TestSharedWin(t *testing.T) {
	snap := tuitest.FourSeat(t, "over").Snapshot(0)
	v := *snap.Game.(*acquire.View)
	v.Standings = append([]engine.Standing(nil), v.Standings...)
	v.Standings[1].Place, v.Standings[1].Score = 1, v.Standings[0].Score
	snap.Game = &v
	m, _ := open(t, snap, 80, 24)
	want := v.Standings[0].Name + " and " + v.Standings[1].Name + " share the win."
	if view := tuitest.Plain(m.View()); !strings.Contains(view, want) {
		t.Errorf("the final table lacks %q:\n%s", want, view)
	}
}

// A room with many options and a long name keeps its id whole in the
// header, for players to pass on: the options are cut first, then the name.
func TestHeaderKeepsTheRoomID(t *testing.T) {
	snap := tuitest.FourSeat(t, "play").Snapshot(0)
	snap.Room.Name = "the long and winding table of load00199"
	snap.Room.Options = []string{"h=free", "landbuy=half", "six=again", "deeds=european", "rounds=30"}
	for _, size := range tuitest.Sizes {
		m, _ := open(t, snap, size[0], size[1])
		header := strings.Split(tuitest.Plain(m.View()), "\n")[0]
		if !strings.Contains(header, "the long") || !strings.Contains(header, "· room "+snap.Room.ID+" ") || !strings.Contains(header, "h free") {
			t.Errorf("%dx%d: the header lacks the room's name, id or first option: %q", size[0], size[1], header)
		}
	}
}

func TestHelpView(t *testing.T) {
	goldenSizes(t, func() *rooms.Snapshot { return tuitest.FourSeat(t, "play").Snapshot(0) }, "?")
}

// Six players with long names still fit the smallest screen.
func TestSixSeatsFit(t *testing.T) {
	names := []string{"alice", "bob", "carol", "dave", "erin-the-bold", "frank_sixteen_ch"}
	p := tuitest.Start(t, names...)
	for seat := range names {
		for _, size := range tuitest.Sizes {
			m, _ := open(t, p.Snapshot(engine.Seat(seat)), size[0], size[1])
			view := tuitest.Plain(m.View())
			tuitest.Fits(t, view, size[0], size[1])
			for _, name := range names {
				if !strings.Contains(view, name[:min(len(name), 8)]) {
					t.Errorf("seat %d at %dx%d: %s is missing:\n%s", seat, size[0], size[1], name, view)
				}
			}
		}
	}
}

// One golden in 256 colours catches changes of styling that plain text
// cannot show.
func TestGameViewANSI256(t *testing.T) {
	m, _ := open(t, tuitest.FourSeat(t, "buy").Snapshot(0), 80, 24)
	m = press(m, "t")
	tuitest.Golden(t, "80x24", tuitest.Render(m.View(), colorprofile.ANSI256))
}

// Key sequences make the right action text; bad input explains itself and
// sends nothing.
func TestDecisions(t *testing.T) {
	tests := []struct {
		name, mark, keys string
		want             []string // calls made to the room
		status           string   // in the view afterwards
	}{
		{"type a tile column first", "play", "2 I enter", []string{"Act play 2I"}, ""},
		{"type a tile row first", "play", "D 2 enter", []string{"Act play 2D"}, ""},
		{"type a tile in lower case", "play", "1 2 g enter", []string{"Act play 12G"}, ""},
		{"h is a row once typing", "play", "1 0 h backspace b enter", []string{"Act play 10B"}, ""},
		{"choose with the cursor", "play", "down down enter", []string{"Act play 9B"}, ""},
		{"choose with hjkl", "play", "j j k l enter", []string{"Act play 9B"}, ""},
		{"a tile not in the rack", "play", "6 D enter", nil, "6D is not in your rack"},
		{"not a tile", "play", "1 3 A enter", nil, `"13A" is not a tile`},
		{"a refused tile is not left typed", "play", "6 D enter 2 I enter", []string{"Act play 2I"}, ""},
		{"a stray key", "play", "z", nil, "Type a tile from your rack"},
		{"buy two Tower", "buy", "t t enter", []string{"Act buy Tower Tower"}, ""},
		{"buy in any case", "buy", "T a enter", []string{"Act buy Tower American"}, ""},
		{"backspace takes a share back", "buy", "t a backspace t enter", []string{"Act buy Tower Tower"}, ""},
		{"buy nothing", "buy", "enter", []string{"Act buy"}, ""},
		{"at most three shares", "buy", "t t t t", nil, "At most 3 shares a turn: backspace"},
		{"a chain not on the board", "buy", "f", nil, "Festival is not on the board"},
		{"not a chain's letter", "buy", "q", nil, `"q" is no chain's letter`},
		{"cannot end yet", "buy", "e", nil, "The end may be declared once"},
		{"dispose sell 2 trade 4", "dispose", "s s t t enter", []string{"Act dispose Sackson sell 2 trade 4"}, ""},
		{"dispose with arrows", "dispose", "right right right left up enter", []string{"Act dispose Sackson sell 2 trade 2"}, ""},
		{"keep them all", "dispose", "enter", []string{"Act dispose Sackson"}, ""},
		{"cannot sell more than held", "dispose", "t t t s s", nil, "You hold 7 Sackson shares and keep none"},
		{"found by letter", "found", "t", []string{"Act found Tower"}, ""},
		{"found by cursor", "found", "right enter", []string{"Act found Festival"}, ""},
		{"found a chain on the board", "found", "s", nil, "Sackson is already on the board: press"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, table := open(t, tuitest.FourSeat(t, tt.mark).Snapshot(0), 80, 24)
			m = press(m, tt.keys)
			if got := table.Calls(); !slices.Equal(got, tt.want) {
				t.Errorf("keys %q: calls %q, want %q", tt.keys, got, tt.want)
			}
			view := tuitest.Plain(m.View())
			if tt.status != "" && !strings.Contains(view, tt.status) {
				t.Errorf("keys %q: view lacks %q:\n%s", tt.keys, tt.status, view)
			}
		})
	}
}

// Nobody acts out of turn, and watchers never act.
func TestNotYourDecision(t *testing.T) {
	for _, viewer := range []engine.Seat{1, engine.Watcher} {
		m, table := open(t, tuitest.FourSeat(t, "buy").Snapshot(viewer), 80, 24)
		m = press(m, "t enter 6 D enter")
		if got := table.Calls(); len(got) != 0 {
			t.Errorf("viewer %d: calls %q, want none", viewer, got)
		}
		view := tuitest.Plain(m.View())
		if !strings.Contains(view, "alice is to buy shares") {
			t.Errorf("viewer %d: view does not say whose decision it is:\n%s", viewer, view)
		}
	}
}

// The room's refusals reach the status line in words: a rule's reason and
// id, a sentinel's friendly sentence, never a Go error's wording.
func TestRefusalsInWords(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{&engine.RuleError{Action: "alice buy Tower Tower Tower", Rule: "A20", Reason: "that costs $3000 and you have $2000"}, "That costs $3000 and you have $2000."},
		{fmt.Errorf("rooms: %w", rooms.ErrSaveFailed), "The server could not save that. Nothing changed: try again."},
		{rooms.ErrNotSeated, "You have no seat at this table"},
		{context.DeadlineExceeded, "The server did not answer in time."},
	}
	for _, tt := range tests {
		m, table := open(t, tuitest.FourSeat(t, "buy").Snapshot(0), 80, 24)
		table.Fail("Act", tt.err)
		m = press(m, "t enter")
		view := tuitest.Plain(m.View())
		if !strings.Contains(view, tt.want) {
			t.Errorf("Act error %v: view lacks %q:\n%s", tt.err, tt.want, view)
		}
		if strings.Contains(view, "rooms:") || strings.Contains(view, "context deadline") {
			t.Errorf("Act error %v: view shows the Go error:\n%s", tt.err, view)
		}
	}
}

// The host's keys: add a bot, kick seat 2, start only once every seat is
// filled; the others are told only the host may.
func TestWaitingKeys(t *testing.T) {
	m, table := open(t, tuitest.Waiting(0), 80, 24)
	m = press(m, "b 2 x 2 s")
	if got, want := table.Calls(), []string{"AddBot normal", "Kick 1"}; !slices.Equal(got, want) {
		t.Errorf("host pressed b 2 x 2 s: calls %q, want %q", got, want)
	}
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "Every seat must be filled first") {
		t.Errorf("start with a free seat: view lacks the reason:\n%s", view)
	}
	m, _ = open(t, tuitest.Waiting(0), 80, 24)
	if view := tuitest.Plain(press(m, "x 1").View()); !strings.Contains(view, "You cannot kick yourself") {
		t.Errorf("host kicked seat 1: view lacks the reason:\n%s", view)
	}

	m, table = open(t, tuitest.Waiting(1), 80, 24)
	m = press(m, "b s")
	if got := table.Calls(); len(got) != 0 {
		t.Errorf("bob pressed b s: calls %q, want none", got)
	}
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "Only the host starts the game.") {
		t.Errorf("bob pressed s: view lacks the reason:\n%s", view)
	}
}

// Leaving a waiting room gives the seat up; the parent gets a LeaveMsg.
func TestLeaveWaitingRoom(t *testing.T) {
	m, table := open(t, tuitest.Waiting(0), 80, 24)
	_, cmd := m.Update(tuitest.Key("l"))
	if cmd == nil {
		t.Fatal("l: no command")
	}
	if _, ok := cmd().(room.LeaveMsg); !ok {
		t.Errorf("l: message is not a LeaveMsg")
	}
	if got := table.Calls(); !slices.Equal(got, []string{"Stand"}) {
		t.Errorf("l: calls %q, want [Stand]", got)
	}
}

// During a game esc asks before leaving the table.
func TestLeaveGameAsksFirst(t *testing.T) {
	m, _ := open(t, tuitest.FourSeat(t, "play").Snapshot(0), 80, 24)
	m = press(m, "esc") // hides the recap of the others' moves
	m, cmd := m.Update(tuitest.Key("esc"))
	if cmd != nil {
		t.Fatalf("first esc: command %T, want none", cmd())
	}
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "Leave the table?") {
		t.Errorf("first esc: view does not ask:\n%s", view)
	}
	_, cmd = m.Update(tuitest.Key("esc"))
	if cmd == nil {
		t.Fatal("second esc: no command")
	}
	if _, ok := cmd().(room.LeaveMsg); !ok {
		t.Errorf("second esc: message is not a LeaveMsg")
	}
}

// Chat: / opens the input (t also does when it is not a chain's letter),
// enter sends.
func TestChat(t *testing.T) {
	m, table := open(t, tuitest.FourSeat(t, "buy").Snapshot(1), 80, 24)
	m = press(m, "t")
	for _, r := range "hi all" {
		m, _ = m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	m = press(m, "enter")
	if got := table.Calls(); !slices.Equal(got, []string{"Chat hi all"}) {
		t.Errorf("calls %q, want [Chat hi all]", got)
	}

	// While alice buys, t is Tower and / opens the chat.
	m, table = open(t, tuitest.FourSeat(t, "buy").Snapshot(0), 80, 24)
	m = press(m, "/ t enter")
	if got := table.Calls(); !slices.Equal(got, []string{"Chat t"}) {
		t.Errorf("alice buying: calls %q, want [Chat t]", got)
	}
	table.Fail("Chat", rooms.ErrChatTooFast)
	m = press(m, "/ x enter")
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "You are chatting too fast") {
		t.Errorf("chat refused: view lacks the reason:\n%s", view)
	}
}

// A closed snapshot sends the player back with its notice; a notice
// alone is shown.
func TestNoticeAndClosed(t *testing.T) {
	snap := tuitest.FourSeat(t, "play").Snapshot(0)
	snap.Notice = "bob is back"
	m, _ := open(t, snap, 80, 24)
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "bob is back") {
		t.Errorf("notice not shown:\n%s", view)
	}
	closed := *tuitest.Waiting(1)
	closed.Closed, closed.Notice = true, "you were removed from the table by the host"
	_, cmd := m.Update(room.SnapshotMsg{Snapshot: &closed})
	if cmd == nil {
		t.Fatal("closed snapshot: no command")
	}
	if msg, ok := cmd().(room.LeaveMsg); !ok || msg.Notice != closed.Notice {
		t.Errorf("closed snapshot: message %#v, want LeaveMsg with the notice", msg)
	}
}

// The screen reads its room through a subscription that the program
// watches, and ends it when the player leaves.
func TestSubscription(t *testing.T) {
	table := tuitest.NewTable(tuitest.Waiting(0))
	m := room.New(context.Background(), table, "k3vq", alice, theme.DefaultStyles(), screens.New)
	m.SetSize(80, 24)
	w := tuitest.Watch(t, m.Init()) // subscribes
	m, _ = m.Update(tuitest.Next(t, w))
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "Waiting for players") {
		t.Fatalf("after the first snapshot:\n%s", view)
	}
	table.Feed <- tuitest.FourSeat(t, "play").Snapshot(0)
	m, _ = m.Update(tuitest.Next(t, w))
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "Your turn: play a tile.") {
		t.Fatalf("after the second snapshot:\n%s", view)
	}
	m = press(m, "esc esc esc") // the recap, then leaving, asked and confirmed
	if got := table.Calls(); !slices.Equal(got, []string{"Subscribe", "Stop"}) {
		t.Errorf("calls %q, want [Subscribe Stop]", got)
	}
	if msg, ok := w.Next(); ok {
		t.Errorf("watch after leaving: %#v, want it ended", msg)
	}
}

// Leaving before the first snapshot still ends the subscription, and the
// watch of its mailbox.
func TestLeaveBeforeFirstSnapshot(t *testing.T) {
	table := tuitest.NewTable(nil)
	m := room.New(context.Background(), table, "k3vq", alice, theme.DefaultStyles(), screens.New)
	first := m.Init()
	_, cmd := m.Update(tuitest.Key("esc"))
	if _, ok := cmd().(room.LeaveMsg); !ok {
		t.Fatal("esc: no LeaveMsg")
	}
	if msg, ok := tuitest.Watch(t, first).Next(); ok {
		t.Errorf("first watch after leaving: %#v, want it ended", msg)
	}
	if got := table.Calls(); !slices.Equal(got, []string{"Subscribe", "Stop"}) {
		t.Errorf("calls %q, want [Subscribe Stop]", got)
	}
}

// A room that cannot be entered sends the player back with the reason.
func TestSubscribeRefused(t *testing.T) {
	table := tuitest.NewTable(nil)
	table.Fail("Subscribe", rooms.ErrRoomClosed)
	m := room.New(context.Background(), table, "k3vq", alice, theme.DefaultStyles(), screens.New)
	_, cmd := m.Update(m.Init()())
	msg, ok := cmd().(room.LeaveMsg)
	if !ok || !strings.Contains(msg.Notice, "The room is closed.") {
		t.Errorf("message %#v, want LeaveMsg saying the room is closed", msg)
	}
}

// autopilot returns the game at mark as alice sees it with her seat played
// by the autopilot: her time ran out.
func autopilot(t *testing.T, mark string) *rooms.Snapshot {
	snap := tuitest.FourSeat(t, mark).Snapshot(0)
	snap.Seats[0].State = rooms.SeatAutopilot
	return snap
}

// abandoned returns the game at mark as viewer sees it, bob having left
// for good: his seat is the autopilot's and the others may vote.
func abandoned(t *testing.T, mark string, viewer engine.Seat, votes ...string) *rooms.Snapshot {
	snap := tuitest.FourSeat(t, mark).Snapshot(viewer)
	snap.Seats[1].State = rooms.SeatAutopilot
	snap.Abandoned, snap.Votes, snap.Voters = true, votes, []string{"alice", "carol"}
	return snap
}

func TestClockView(t *testing.T) {
	goldenSizes(t, func() *rooms.Snapshot { return tuitest.Clocked(tuitest.FourSeat(t, "play").Snapshot(0)) }, "")
}

func TestAutopilotView(t *testing.T) {
	goldenSizes(t, func() *rooms.Snapshot { return tuitest.Clocked(autopilot(t, "buy")) }, "")
}

func TestAbandonedView(t *testing.T) {
	goldenSizes(t, func() *rooms.Snapshot { return abandoned(t, "buy", 2, "dave") }, "")
}

func TestBotLevelView(t *testing.T) {
	goldenSizes(t, func() *rooms.Snapshot { return tuitest.Waiting(0) }, "b")
}

// Clocks fit the smallest screen with six long names, and the seat
// deciding counts down while the others show their game time.
func TestClocksFit(t *testing.T) {
	names := []string{"alice", "bob", "carol", "dave", "erin-the-bold", "frank_sixteen_ch"}
	p := tuitest.Start(t, names...)
	for _, size := range tuitest.Sizes {
		m, _ := open(t, tuitest.Clocked(p.Snapshot(0)), size[0], size[1])
		view := tuitest.Plain(m.View())
		tuitest.Fits(t, view, size[0], size[1])
		for _, want := range []string{"3:49 left", "9:58", "0:52", "6:30", "alice", "frank_"} {
			if !strings.Contains(view, want) {
				t.Errorf("%dx%d: %q is missing:\n%s", size[0], size[1], want, view)
			}
		}
	}
}

// A decision clock counts down only the decision due; under ten seconds
// it says so to everyone. An untimed room shows no clock at all.
func TestMoveClock(t *testing.T) {
	snap := tuitest.FourSeat(t, "buy").Snapshot(1)
	snap.Clock = rooms.Clock{Move: 30 * time.Second}
	snap.Deadline = tuitest.Now.Add(7200 * time.Millisecond)
	m, _ := open(t, snap, 80, 24)
	view := tuitest.Plain(m.View())
	for _, want := range []string{"> alice is to buy shares.", "0:08 left", "30s a decision", "Time"} {
		if !strings.Contains(view, want) {
			t.Errorf("view lacks %q:\n%s", want, view)
		}
	}
	m, _ = open(t, tuitest.FourSeat(t, "buy").Snapshot(1), 80, 24)
	if view := tuitest.Plain(m.View()); strings.Contains(view, "left") || strings.Contains(view, "Time") {
		t.Errorf("untimed room shows a clock:\n%s", view)
	}
}

// The countdown ticks once a second while a decision is timed, and not
// at all otherwise; a tick for a deadline gone dies.
func TestCountdownTicks(t *testing.T) {
	now := tuitest.Now
	table := tuitest.NewTable(nil)
	m := room.New(context.Background(), table, "k3vq", alice, theme.DefaultStyles(), screens.New)
	room.SetClock(&m, func() time.Time { return now })
	m.SetSize(80, 24)

	m, cmd := m.Update(room.SnapshotMsg{Snapshot: tuitest.FourSeat(t, "play").Snapshot(0)})
	if cmd != nil {
		t.Fatal("untimed snapshot: a command, want none (no tick)")
	}
	timed := tuitest.Clocked(tuitest.FourSeat(t, "play").Snapshot(0))
	m, cmd = m.Update(room.SnapshotMsg{Snapshot: timed})
	if cmd == nil {
		t.Fatal("timed snapshot: no tick")
	}
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "3:49 left") {
		t.Fatalf("countdown not shown:\n%s", view)
	}
	again := *timed
	again.Version++
	if _, c := m.Update(room.SnapshotMsg{Snapshot: &again}); c != nil {
		t.Error("same deadline again: a second tick started")
	}
	tick := cmd() // waits for the next whole second: half a second here
	now = now.Add(2 * time.Second)
	m, next := m.Update(tick)
	if next == nil {
		t.Error("tick: the countdown stopped")
	}
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "3:47 left") {
		t.Errorf("after a tick 2s later, countdown not 3:47:\n%s", view)
	}
	// The game's screen is drawn again for the clocks it is told of: the
	// players' table shows alice's clock as the countdown does.
	if view := tuitest.Plain(m.View()); !regexp.MustCompile(`> alice +3:47`).MatchString(view) {
		t.Errorf("after a tick 2s later, alice's clock in the players' table not 3:47:\n%s", view)
	}
	m, _ = m.Update(room.SnapshotMsg{Snapshot: tuitest.FourSeat(t, "buy").Snapshot(0)})
	if _, c := m.Update(tick); c != nil {
		t.Error("a stale tick lived on")
	}
}

// The host chooses a bot's level: by number, by cursor (starting on the
// middle level), or cancels; the seat shows the level.
func TestBotLevels(t *testing.T) {
	tests := []struct {
		keys string
		want []string
	}{
		{"b 3", []string{"AddBot hard"}},
		{"b enter", []string{"AddBot normal"}},
		{"b up enter", []string{"AddBot easy"}},
		{"b down enter", []string{"AddBot hard"}},
		{"b b b enter", []string{"AddBot easy"}},
		{"b esc", nil},
	}
	for _, tt := range tests {
		m, table := open(t, tuitest.Waiting(0), 80, 24)
		press(m, tt.keys)
		if got := table.Calls(); !slices.Equal(got, tt.want) {
			t.Errorf("keys %q: calls %q, want %q", tt.keys, got, tt.want)
		}
	}
	// A server with one level seats it at once.
	m, table := open(t, tuitest.Waiting(0), 80, 24)
	m.SetBotLevels([]room.BotLevel{{ID: "random", How: "random legal moves"}})
	press(m, "b")
	if got, want := table.Calls(), []string{"AddBot random"}; !slices.Equal(got, want) {
		t.Errorf("one level: calls %q, want %q", got, want)
	}
}

// The bot chooser lists the bot accounts waiting for the game after the
// levels (issue 24): choosing one invites it; the chooser shows it as a
// bot account.
func TestBotAccountsInTheChooser(t *testing.T) {
	for _, tt := range []struct{ keys, want string }{{"b 4", "robo"}, {"b down down down enter", "zeta"}, {"b 3", ""}} {
		m, table := open(t, tuitest.Waiting(0), 80, 24)
		var invited []string
		m.SetBotAccounts(func() []string { return []string{"robo", "zeta"} }, func(_ context.Context, name string) error {
			invited = append(invited, name)
			return nil
		})
		if tt.keys == "b 4" {
			if view := tuitest.Plain(press(m, "b").View()); !strings.Contains(view, "robo") || !strings.Contains(view, "BOT") || !strings.Contains(view, "1–5 level") {
				t.Errorf("the chooser lacks the waiting bot account:\n%s", view)
			}
		}
		press(m, tt.keys)
		switch {
		case tt.want == "" && (len(invited) != 0 || !slices.Equal(table.Calls(), []string{"AddBot hard"})):
			t.Errorf("keys %q: invited %q, calls %q; want the hard bot", tt.keys, invited, table.Calls())
		case tt.want != "" && !slices.Equal(invited, []string{tt.want}):
			t.Errorf("keys %q: invited %q, want %s", tt.keys, invited, tt.want)
		}
	}
}

// ctrl+t takes the seat back from the autopilot; while the autopilot
// plays, no key makes a decision.
func TestTakeOver(t *testing.T) {
	m, table := open(t, autopilot(t, "buy"), 80, 24)
	m = press(m, "t enter ctrl+t")
	if got, want := table.Calls(), []string{"TakeOver"}; !slices.Equal(got, want) {
		t.Errorf("calls %q, want %q", got, want)
	}
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "You take your seat back.") {
		t.Errorf("view lacks the answer:\n%s", view)
	}
	m, table = open(t, tuitest.FourSeat(t, "buy").Snapshot(0), 80, 24)
	m = press(m, "ctrl+t")
	if got := table.Calls(); len(got) != 0 {
		t.Errorf("not on autopilot: calls %q, want none", got)
	}
}

// V votes to end a game a player left, even while a letter would buy a
// chain; only seated players vote, and only in an abandoned game.
func TestVoteEnd(t *testing.T) {
	for _, viewer := range []engine.Seat{0, 2} {
		m, table := open(t, abandoned(t, "buy", viewer), 80, 24)
		m = press(m, "V")
		if got, want := table.Calls(), []string{"VoteEnd"}; !slices.Equal(got, want) {
			t.Errorf("viewer %d: calls %q, want %q", viewer, got, want)
		}
		if view := tuitest.Plain(m.View()); !strings.Contains(view, "You vote to end the game.") {
			t.Errorf("viewer %d: view lacks the answer:\n%s", viewer, view)
		}
	}
	m, table := open(t, abandoned(t, "buy", 2, "carol"), 80, 24)
	m = press(m, "V")
	if got := table.Calls(); len(got) != 0 {
		t.Errorf("voted already: calls %q, want none", got)
	}
	m, table = open(t, abandoned(t, "buy", engine.Watcher), 80, 24)
	if press(m, "V"); len(table.Calls()) != 0 {
		t.Errorf("watcher: calls %q, want none", table.Calls())
	}
	m, table = open(t, tuitest.FourSeat(t, "buy").Snapshot(2), 80, 24)
	if press(m, "V"); len(table.Calls()) != 0 {
		t.Errorf("nobody left: calls %q, want none", table.Calls())
	}
	// The vote that ends the game asks first; any other key plays on.
	m, table = open(t, abandoned(t, "buy", 0, "carol"), 80, 24)
	m = press(m, "V")
	if view := tuitest.Plain(m.View()); len(table.Calls()) != 0 || !strings.Contains(view, "Your vote ends the game, unfinished: press V again to confirm.") {
		t.Errorf("the last vote: calls %q, want none and a question:\n%s", table.Calls(), view)
	}
	if press(press(m, "esc"), "V"); len(table.Calls()) != 0 {
		t.Errorf("V after another key: calls %q, want none", table.Calls())
	}
	if press(m, "V"); !slices.Equal(table.Calls(), []string{"VoteEnd"}) {
		t.Errorf("the last vote confirmed: calls %q, want VoteEnd", table.Calls())
	}
	m, table = open(t, abandoned(t, "buy", 2), 80, 24)
	table.Fail("VoteEnd", rooms.ErrNotAbandoned)
	if view := tuitest.Plain(press(m, "V").View()); !strings.Contains(view, "Everyone is back at the table") {
		t.Errorf("vote refused: view lacks the reason:\n%s", view)
	}
}

// Watchers at rest share their game screen through the snapshot's Memo: a
// watcher shows what is kept under its key. A screen showing anything of
// its own (the chat open, an answer or a notice on the status line), a
// seat's, another size's or another countdown's is drawn for itself.
func TestWatchersShareAtRest(t *testing.T) {
	const kept = "the screen another watcher drew"
	keep := func(snap *rooms.Snapshot, m room.Model) {
		snap.Memo.Draw(room.RestKey(m), func() []string { return []string{kept} })
	}
	watcher := func() *rooms.Snapshot {
		snap := tuitest.FourSeat(t, "play").Snapshot(engine.Watcher)
		snap.Memo = new(rooms.Memo)
		return snap
	}
	snap := watcher()
	m, _ := open(t, snap, 80, 24)
	keep(snap, m)
	if got := m.View(); got != kept {
		t.Errorf("a watcher at rest drew its own screen, want the kept one:\n%s", tuitest.Plain(got))
	}

	noticed := watcher()
	noticed.Notice = "The host added a bot."
	seat := tuitest.FourSeat(t, "play").Snapshot(1)
	seat.Memo = new(rooms.Memo)
	own := []struct {
		name string
		snap *rooms.Snapshot
		fail error // the room's answer to Chat
		keys string
		want string
	}{
		{"chat open", watcher(), nil, "/", "say:"},
		{"chat refused", watcher(), rooms.ErrChatTooFast, "/ x enter", "You are chatting too fast"},
		{"notice", noticed, nil, "", "The host added a bot."},
		{"a seat", seat, nil, "", "Your tiles"},
	}
	for _, tt := range own {
		m, table := open(t, tt.snap, 80, 24)
		if tt.fail != nil {
			table.Fail("Chat", tt.fail)
		}
		m = press(m, tt.keys)
		keep(tt.snap, m)
		if view := tuitest.Plain(m.View()); !strings.Contains(view, tt.want) {
			t.Errorf("%s: view lacks %q:\n%s", tt.name, tt.want, view)
		}
	}

	// Another size, or a countdown a second further on, is another key.
	m.SetSize(120, 40)
	if view := m.View(); view == kept || !strings.Contains(view, "Hotels") {
		t.Errorf("120×40: the 80×24 screen was shared:\n%s", tuitest.Plain(view))
	}
	now := tuitest.Now
	m = room.New(context.Background(), tuitest.NewTable(nil), "k3vq", alice, theme.DefaultStyles(), screens.New)
	room.SetClock(&m, func() time.Time { return now })
	m.SetSize(80, 24)
	timed := tuitest.Clocked(watcher())
	m, tick := m.Update(room.SnapshotMsg{Snapshot: timed})
	keep(timed, m)
	now = now.Add(time.Second)
	m, _ = m.Update(tick())
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "3:48 left") {
		t.Errorf("a second later: countdown not 3:48:\n%s", view)
	}
}

// A screen keeps its help line and board between keys: after every key
// it shows what a screen that took the same keys from the start shows.
func TestKeptPartsFollowTheKeys(t *testing.T) {
	keys := strings.Fields("down down / esc ? esc down enter")
	snap := func() *rooms.Snapshot { return tuitest.FourSeat(t, "play").Snapshot(0) }
	m, _ := open(t, snap(), 80, 24)
	for i, k := range keys {
		m = press(m, k)
		fresh, _ := open(t, snap(), 80, 24)
		fresh = press(fresh, strings.Join(keys[:i+1], " "))
		if got, want := tuitest.Plain(m.View()), tuitest.Plain(fresh.View()); got != want {
			t.Fatalf("after %q:\n%s\nwant\n%s", keys[:i+1], got, want)
		}
	}
	m.SetSize(120, 40)
	fresh, _ := open(t, snap(), 120, 40)
	fresh = press(fresh, strings.Join(keys, " "))
	if got, want := tuitest.Plain(m.View()), tuitest.Plain(fresh.View()); got != want {
		t.Fatalf("at 120×40:\n%s\nwant\n%s", got, want)
	}
}

// A game this server has no screen for is said so, never left looking like
// a room that waits for players; the room's own keys still work.
func TestGameWithoutScreen(t *testing.T) {
	snap := tuitest.FourSeat(t, "play").Snapshot(0)
	snap.Room.Game, snap.Room.Kind = "Hotel Tycoon", "tycoon"
	snap.Game = struct{ Board string }{"a view no screen reads"}
	m, table := open(t, snap, 80, 24)
	view := tuitest.Plain(m.View())
	if !strings.Contains(view, "This screen cannot show Hotel Tycoon games") || strings.Contains(view, "Waiting for players") {
		t.Errorf("a game without a screen shows:\n%s", view)
	}
	m = press(m, "enter 6D")
	if calls := table.Calls(); len(calls) != 0 {
		t.Errorf("keys on a game without a screen sent %q", calls)
	}
	if view := tuitest.Plain(press(m, "?").View()); !strings.Contains(view, "Keys") {
		t.Errorf("? on a game without a screen shows no keys:\n%s", view)
	}
}

// The modern rules' chains, in their order.
const (
	chainWorldwide acquire.Chain = iota
	chainSackson
	chainFestival
	chainImperial
	chainAmerican
	chainContinental
	chainTower
)

// edited returns the snapshot of FourSeat at mark as alice sees it, its
// game's view changed by edit: a decision the record does not reach.
func edited(t *testing.T, mark string, edit func(v *acquire.View)) func() *rooms.Snapshot {
	return func() *rooms.Snapshot {
		snap := tuitest.FourSeat(t, mark).Snapshot(0)
		v := *snap.Game.(*acquire.View)
		v.Shares = slices.Clone(v.Shares)
		v.Cash = slices.Clone(v.Cash)
		edit(&v)
		snap.Game = &v
		return snap
	}
}

// Ten shares and more keep a cell from the cash: "$1,200 10*", not
// "$1,20010*" (issue 28).
func TestManySharesView(t *testing.T) {
	goldenSizes(t, edited(t, "play", func(v *acquire.View) {
		v.Cash[0], v.Cash[1] = 500, 1200
		v.Shares[0][chainWorldwide], v.Shares[0][chainContinental] = 13, 12
		v.Shares[1][chainWorldwide], v.Shares[3][chainTower] = 10, 11
	}), "")
	m, _ := open(t, edited(t, "play", func(v *acquire.View) { v.Cash[1], v.Shares[1][chainWorldwide] = 1200, 10 })(), 80, 24)
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "$1,200  10") {
		t.Errorf("bob's cash and his 10 Worldwide shares run together:\n%s", view)
	}
}

// All seven chains fit 80 columns when a tile founds a chain with none on
// the board: each by its letter, the one under the cursor by its name too.
func TestChainPickerView(t *testing.T) {
	all := edited(t, "found", func(v *acquire.View) {
		v.Choices = []acquire.Chain{chainWorldwide, chainSackson, chainFestival, chainImperial, chainAmerican, chainContinental, chainTower}
	})
	goldenSizes(t, all, "left")
	m, _ := open(t, all(), 80, 24)
	view := tuitest.Plain(press(m, "left").View())
	if !strings.Contains(view, "[ T Tower]") || !strings.Contains(view, " W   S   F   I   A   C  [ T Tower]") {
		t.Errorf("the picker does not show every chain, Tower chosen:\n%s", view)
	}
}

// The other decisions among chains: the survivor of a tie, and which
// defunct chain goes next.
func TestSurvivorView(t *testing.T) {
	goldenSizes(t, edited(t, "found", func(v *acquire.View) {
		v.Phase, v.Choices = acquire.PhaseSurvivor, []acquire.Chain{chainAmerican, chainContinental}
	}), "")
}

func TestNextDefunctView(t *testing.T) {
	goldenSizes(t, edited(t, "found", func(v *acquire.View) {
		v.Phase, v.Choices = acquire.PhaseNext, []acquire.Chain{chainWorldwide, chainSackson, chainImperial}
	}), "right")
}

// e asks before declaring the end, which cannot be taken back: a second
// e declares it, any other key takes the question back.
func TestDeclareAsks(t *testing.T) {
	canEnd := edited(t, "buy", func(v *acquire.View) { v.CanDeclare = true })
	goldenSizes(t, canEnd, "t e")
	for _, tc := range []struct {
		keys string
		want []string
	}{
		{"e", nil},
		{"e e", []string{"Act end"}},
		{"e t e", nil},
		{"e t e e", []string{"Act end"}},
	} {
		m, table := open(t, canEnd(), 80, 24)
		m = press(m, "esc "+tc.keys) // esc hides the recap
		if got := table.Calls(); !slices.Equal(got, tc.want) {
			t.Errorf("keys %q: calls %q, want %q", tc.keys, got, tc.want)
		}
		if tc.want == nil && tc.keys == "e" && !strings.Contains(tuitest.Plain(m.View()), "e again declares it") {
			t.Errorf("keys %q: the end is not asked:\n%s", tc.keys, tuitest.Plain(m.View()))
		}
	}
}

// The header leaves out whole what does not fit beside the room's id and
// name, never cutting a word short ("30s a decisi…").
func TestHeaderLeavesOutWhole(t *testing.T) {
	snap := tuitest.FourSeat(t, "play").Snapshot(0)
	snap.Code = "bq6w78"
	snap.Room.Options = []string{"holdings=hidden", "hand=redraw"}
	snap.Clock = rooms.Clock{Move: 30 * time.Second}
	for _, size := range tuitest.Sizes {
		m, _ := open(t, snap, size[0], size[1])
		header := strings.Split(tuitest.Plain(m.View()), "\n")[0]
		right := header[strings.Index(header, "bq6w78")+len("bq6w78"):]
		if strings.Contains(right, "…") || !strings.Contains(right, "Acquire modern · bag ") {
			t.Errorf("%dx%d: the header cuts a part short, or lacks the game and the bag: %q", size[0], size[1], header)
		}
	}
}

// A seat held for a player invited to a rematch is not taken until they
// come (issue 23: "3 of 3 seats taken" with one only invited).
func TestInvitedSeatNotTaken(t *testing.T) {
	snap := tuitest.Waiting(0)
	snap.Seats[3] = rooms.SeatInfo{Name: "carol", State: rooms.SeatInvited}
	m, _ := open(t, snap, 80, 24)
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "Waiting for players: 3 of 4 seats taken, 1 held for player invited.") {
		t.Errorf("the invited seat is counted as taken:\n%s", view)
	}
}

// An answer to a key is about the decision then due: once the next one is
// due, or the game is over, it is gone (issue 23: "Not your decision: bot1
// is to play a tile." under the next "Your turn"). It says whose turn it
// is, and only that: the decision is drawn two rows up.
func TestStaleAnswerCleared(t *testing.T) {
	others := tuitest.FourSeat(t, "others").Snapshot(0)
	m, _ := open(t, others, 80, 24)
	m = press(m, "x")
	answer := "Waiting for " + others.Seats[others.Turn].Name + "."
	if view := tuitest.Plain(m.View()); !strings.Contains(view, answer) {
		t.Fatalf("a key on another's turn is not answered %q:\n%s", answer, view)
	}
	m, _ = m.Update(room.SnapshotMsg{Snapshot: tuitest.FourSeat(t, "play").Snapshot(0)})
	if view := tuitest.Plain(m.View()); strings.Contains(view, answer) {
		t.Errorf("the answer outlives its decision:\n%s", view)
	}
	m, _ = open(t, tuitest.FourSeat(t, "buy").Snapshot(0), 80, 24)
	m = press(m, "esc q")
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "no chain's letter") {
		t.Fatalf("a stray key in the buy is not answered:\n%s", view)
	}
	m, _ = m.Update(room.SnapshotMsg{Snapshot: tuitest.FourSeat(t, "over").Snapshot(0)})
	if view := tuitest.Plain(m.View()); strings.Contains(view, "no chain's letter") {
		t.Errorf("the answer stays on the final standings:\n%s", view)
	}
}

// A long chat message is read whole, with who wrote it, at 80×24, and
// while typing the end of what is typed stays in sight.
func TestLongChatAndTyping(t *testing.T) {
	long := strings.Repeat("shall we merge Tower now, ", 5) + "or wait? ok?" // 142 cells
	snap := tuitest.FourSeat(t, "others").Snapshot(0)
	snap.Chat = append(slices.Clone(snap.Chat), rooms.ChatLine{From: "bob", Text: long})
	m, _ := open(t, snap, 80, 24)
	view := tuitest.Plain(m.View())
	if flat := strings.Join(strings.Fields(view), " "); !strings.Contains(flat, "bob: "+long) {
		t.Errorf("the message is not shown whole with its sender:\n%s", view)
	}
	// The longest a message may be shows whole once the chat is open.
	longest := strings.Repeat("word ", (rooms.MaxChat-4)/5) + "end"
	snap.Chat = append(slices.Clone(snap.Chat), rooms.ChatLine{From: "bob", Text: longest})
	m, _ = open(t, snap, 80, 24)
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "bob: word") || strings.Contains(view, "word end") {
		t.Errorf("shut, the chat shows the start of a long message with its sender, not all of it:\n%s", view)
	}
	m = press(m, "/")
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "bob: word") || !strings.Contains(view, "word end") {
		t.Errorf("open, the chat does not show the longest message whole:\n%s", view)
	}
	typed := strings.Repeat("abcdefghij", 9) + "THE-END"
	for _, r := range typed {
		m = press(m, string(r))
	}
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "THE-END") {
		t.Errorf("the end of what is typed is out of sight:\n%s", view)
	}
}

// A tile that cannot be played says why in the decision's line, whole at
// 80 columns.
func TestUnplayableView(t *testing.T) {
	goldenSizes(t, edited(t, "play", func(v *acquire.View) {
		v.Rack = slices.Clone(v.Rack)
		v.Rack[0].Class, v.Rack[0].Chains = acquire.Unplayable, nil
		v.Rack[0].Reason = "unplayable for now: all seven chains are on the board"
	}), "esc")
}

// botAccount marks seat i of snap as a bot account's (issue 24), and
// its chat lines.
func botAccount(snap *rooms.Snapshot, i int) *rooms.Snapshot {
	snap.Seats[i].Account = true
	snap.Chat = slices.Clone(snap.Chat)
	for j, l := range snap.Chat {
		snap.Chat[j].Bot = snap.Chat[j].Bot || l.From == snap.Seats[i].Name
	}
	return snap
}

// A bot account is marked BOT wherever its name shows: in the waiting
// room's seats, beside its name at the table (also while it is away) and
// in the final standings.
func TestBotAccountWaitingView(t *testing.T) {
	goldenSizes(t, func() *rooms.Snapshot { return botAccount(botAccount(tuitest.Waiting(0), 1), 0) }, "")
}

func TestBotAccountGameView(t *testing.T) {
	goldenSizes(t, func() *rooms.Snapshot {
		return botAccount(botAccount(tuitest.FourSeat(t, "play").Snapshot(0), 2), 1)
	}, "")
}

// A watcher sees the mark in the tiles each seat holds, and at 120×40 in
// the chain table's majority and minority holders too.
func TestBotAccountWatcherView(t *testing.T) {
	goldenSizes(t, func() *rooms.Snapshot {
		return botAccount(botAccount(tuitest.FourSeat(t, "play").Snapshot(engine.Watcher), 2), 1)
	}, "")
}

// The lines that say whose decision it is, when another seat decides,
// mark a bot account too.
func TestBotAccountAwayAndWaitedFor(t *testing.T) {
	for _, state := range []rooms.SeatState{rooms.SeatAway, rooms.SeatAutopilot} {
		others := tuitest.FourSeat(t, "others").Snapshot(0)
		others.Seats = slices.Clone(others.Seats)
		others.Seats[others.Turn].State = state
		botAccount(others, int(others.Turn))
		name := others.Seats[others.Turn].Name
		m, _ := open(t, others, 80, 24)
		view := tuitest.Plain(press(m, "x").View())
		for _, want := range []string{"Waiting for " + name + " BOT.", map[rooms.SeatState]string{
			rooms.SeatAway: name + " BOT is away", rooms.SeatAutopilot: "The autopilot plays for " + name + " BOT."}[state]} {
			if !strings.Contains(view, want) {
				t.Errorf("%s: the view lacks %q:\n%s", state, want, view)
			}
		}
	}
}

func TestBotAccountFinalView(t *testing.T) {
	goldenSizes(t, func() *rooms.Snapshot { return botAccount(tuitest.FourSeat(t, "over").Snapshot(0), 2) }, "")
}

// The header and the feed are kept between frames, but a snapshot that
// changes what they show is drawn: a new chat message beside the same
// events, events appended to the same log, the room's name and the bag's
// count of another position.
func TestKeptPartsFollowTheRoom(t *testing.T) {
	snap := tuitest.FourSeat(t, "play").Snapshot(1)
	m, _ := open(t, snap, 80, 24)
	_ = m.View()
	next := func(change func(s *rooms.Snapshot)) string {
		s := *snap
		s.Version++
		change(&s)
		snap = &s
		m, _ = m.Update(room.SnapshotMsg{Snapshot: snap})
		return tuitest.Plain(m.View())
	}
	// The room appends to a seat's log past the prefix its snapshots hold.
	log := make([]rooms.Event, len(snap.Log), len(snap.Log)+1)
	copy(log, snap.Log)
	next(func(s *rooms.Snapshot) { s.Log = log[:len(log):len(log)] })
	view := next(func(s *rooms.Snapshot) {
		s.Chat = append(slices.Clone(s.Chat), rooms.ChatLine{At: tuitest.Now, From: "carol", Text: "a new message"})
	})
	if !strings.Contains(view, "a new message") {
		t.Errorf("a new chat message beside the same events is not shown:\n%s", view)
	}
	view = next(func(s *rooms.Snapshot) { s.Log = append(log, rooms.Event{Seq: 999, Seat: 2, Text: "carol says hello"}) })
	if !strings.Contains(view, "carol says hello") {
		t.Errorf("an event appended to the log is not shown:\n%s", view)
	}
	if view = next(func(s *rooms.Snapshot) { s.Room.Name = "carol's table" }); !strings.Contains(view, "carol's table") {
		t.Errorf("the header does not show the room's new name:\n%s", view)
	}
	bag := regexp.MustCompile(`bag \d+`)
	before := bag.FindString(view)
	view = next(func(s *rooms.Snapshot) { s.Game = tuitest.FourSeat(t, "others").View(1) })
	if after := bag.FindString(view); after == before || after == "" {
		t.Errorf("the header's bag count stayed %q with a snapshot turns earlier:\n%s", before, view)
	}
}
