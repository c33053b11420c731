package room_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/games"
	"hotels/internal/rooms"
	"hotels/internal/tui/room"
	"hotels/internal/tui/screens"
	"hotels/internal/tui/theme"
	"hotels/internal/tui/tuitest"
)

// turnComes opens alice's screen on before, then sends after, as the room
// does when the others have moved; it returns the screen and the alerts
// after's arrival gave (Alerts: the bells the session rings).
func turnComes(t *testing.T, before, after *rooms.Snapshot, w, h int) (room.Model, uint64) {
	t.Helper()
	m, _ := open(t, before, w, h)
	was := m.Alerts()
	m, _ = m.Update(room.SnapshotMsg{Snapshot: after})
	return m, m.Alerts() - was
}

// others is alice's screen before bob's turn, and mine when her turn has
// come back.
func others(t *testing.T) (before, after *rooms.Snapshot) {
	return tuitest.FourSeat(t, "others").Snapshot(0), tuitest.FourSeat(t, "play").Snapshot(0)
}

// When alice's turn comes, every event since her own last move is on her
// screen, a player's events in a row named once.
func TestRecap(t *testing.T) {
	before, after := others(t)
	m, _ := turnComes(t, before, after, 120, 40)
	view := tuitest.Plain(m.View())
	for _, want := range []string{
		"Since your last move",
		"bob buys 1 Worldwide and 1 Imperial for $600",
		"carol plays 9I: Tower grows to 25; buys 3 Tower for $3,000",
		"dave plays 6H; founds Sackson (3 tiles) and gets a free share",
		"dave buys 1 Worldwide for $300",
	} {
		if !strings.Contains(view, want) {
			t.Errorf("the recap does not say %q:\n%s", want, view)
		}
	}
	if i := strings.Index(view, "Since your last move"); i >= 0 && strings.Contains(view[i:strings.Index(view, "Your turn")], "alice keeps") {
		t.Errorf("the recap goes back past alice's own last move:\n%s", view)
	}
	// A key of her decision plays under it (hiding it and drawing the
	// events back was most of what a turn sent); a key of the room's
	// hides it.
	m = press(m, "down")
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "Since your last move") || !strings.Contains(view, "> 12G") {
		t.Errorf("a key of the decision hides the recap, or does not choose:\n%s", view)
	}
	m = press(m, "/")
	if view := tuitest.Plain(m.View()); strings.Contains(view, "Since your last move") {
		t.Errorf("the recap stays when the chat opens:\n%s", view)
	}
}

// A mailbox keeps only the latest snapshot: alice may see none of the
// others' turns, her decision due before and after. Her own move since
// the last snapshot, and the others' after it, still bring the recap.
func TestRecapWhenTheOthersTurnsWereNotSeen(t *testing.T) {
	_, after := others(t)
	before := *after
	for i := len(after.Log) - 1; i >= 0; i-- {
		if after.Log[i].Seat == 0 {
			before.Log = after.Log[:i] // her decision due, her last move not yet made
			break
		}
	}
	if len(before.Log) == len(after.Log) {
		t.Fatal("alice made no move in the log")
	}
	m, alerts := turnComes(t, &before, after, 80, 24)
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "Since your last move") || !strings.Contains(view, "dave buys 1 Worldwide") {
		t.Errorf("no recap of the others' moves:\n%s", view)
	}
	if alerts != 1 {
		t.Errorf("alice's turn came back unseen: %d alerts, want 1", alerts)
	}

	// The others' turns may be played by the dice alone (a Hotel Tycoon
	// car lands where nothing is to decide): their events are the throws'.
	thrown := *after
	thrown.Log = append([]rooms.Event(nil), after.Log...)
	for i, e := range thrown.Log[len(before.Log):] {
		if e.Seat > 0 {
			thrown.Log[len(before.Log)+i].Seat = engine.Chance
		}
	}
	m, _ = turnComes(t, &before, &thrown, 80, 24)
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "Since your last move") || !strings.Contains(view, "dave buys 1 Worldwide") {
		t.Errorf("no recap of the turns the dice played:\n%s", view)
	}
}

func TestRecapView(t *testing.T) {
	tuitest.GoldenSizes(t, func(w, h int) string {
		before, after := others(t)
		m, _ := turnComes(t, before, after, w, h)
		return tuitest.Plain(m.View())
	})
}

// A recap too long for the screen shows the newest events and says how
// many more the log holds.
func TestRecapLongView(t *testing.T) {
	tuitest.GoldenSizes(t, func(w, h int) string {
		before, after := others(t)
		// alice's own last move is no longer in the log sent.
		log := after.Log
		for i := range log {
			if log[i].Seat == 0 {
				log[i].Seat = 1
			}
		}
		m, _ := turnComes(t, before, after, w, h)
		return tuitest.Plain(m.View())
	})
}

// The turn coming back to a player, and the game they wait for starting,
// ring the bell (if the session wants it); a snapshot that changes neither
// does not.
func TestAlerts(t *testing.T) {
	before, after := others(t)
	if _, n := turnComes(t, before, after, 80, 24); n != 1 {
		t.Errorf("alice's turn comes back: %d alerts, want 1", n)
	}
	if _, n := turnComes(t, after, after, 80, 24); n != 0 {
		t.Errorf("a second snapshot of the same turn alerts again: %d alerts", n)
	}
	waiting := tuitest.Waiting(1)
	if _, n := turnComes(t, waiting, before, 80, 24); n != 1 {
		t.Errorf("the game alice waited for starts: %d alerts, want 1", n)
	}
}

// The window's title says when the move is the player's, and otherwise
// stays as it is whoever moves.
func TestTitle(t *testing.T) {
	before, after := others(t)
	for _, c := range []struct {
		snap *rooms.Snapshot
		want string
	}{
		{tuitest.Waiting(0), "Hotels: waiting for players"},
		{before, "Hotels: Acquire"},
		{after, "Hotels: your turn"},
		{tuitest.FourSeat(t, "over").Snapshot(0), "Hotels: game over"},
	} {
		m, _ := open(t, c.snap, 80, 24)
		if got := m.Title(); got != c.want {
			t.Errorf("Title() = %q, want %q", got, c.want)
		}
	}
}

// L opens the whole log, for a watcher too; it scrolls and esc closes it.
func TestLog(t *testing.T) {
	snap := tuitest.FourSeat(t, "play").Snapshot(engine.Watcher)
	m, _ := open(t, snap, 80, 24)
	m = press(m, "L")
	view := tuitest.Plain(m.View())
	first, last := snap.Log[0].Text, snap.Log[len(snap.Log)-1].Text
	if !strings.Contains(view, last) || strings.Contains(view, first) {
		t.Errorf("the log opens at its end: want %q, not %q:\n%s", last, first, view)
	}
	m = press(m, "home")
	if view := tuitest.Plain(m.View()); !strings.Contains(view, first) {
		t.Errorf("home shows the first event %q:\n%s", first, view)
	}
	m = press(m, "esc")
	if view := tuitest.Plain(m.View()); strings.Contains(view, "Events of this game") {
		t.Errorf("esc leaves the log open:\n%s", view)
	}
}

func TestLogView(t *testing.T) {
	goldenSizes(t, func() *rooms.Snapshot { return tuitest.FourSeat(t, "play").Snapshot(0) }, "L pgup")
}

// A player who enters the room (or comes back to it) when their turn is
// due gets the recap as well, with no bell: they are looking.
func TestRecapOnArrival(t *testing.T) {
	_, after := others(t)
	table := tuitest.NewTable(nil)
	m := room.New(context.Background(), table, "k3vq", alice, theme.DefaultStyles(), screens.New)
	m.SetSize(120, 40)
	m, _ = m.Update(room.SnapshotMsg{Snapshot: after})
	view := tuitest.Plain(m.View())
	for _, want := range []string{"Since your last move", "carol plays 9I: Tower grows to 25"} {
		if !strings.Contains(view, want) {
			t.Errorf("alice arrives on her turn: the recap does not say %q:\n%s", want, view)
		}
	}
	if m.Alerts() != 0 {
		t.Error("arriving on one's turn rings the bell")
	}
}

// A move's key plays over the recap, which stays until the turn passes
// on (or esc hides it, as its heading says).
func TestRecapKeyPlays(t *testing.T) {
	before, after := others(t)
	m, table := open(t, before, 80, 24)
	m, _ = m.Update(room.SnapshotMsg{Snapshot: after})
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "esc hides ·") {
		t.Errorf("the recap does not say what hides it:\n%s", view)
	}
	m = press(m, "enter")
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "Since your last move") {
		t.Errorf("the recap goes at enter, before the turn passes on:\n%s", view)
	}
	if calls := table.Calls(); len(calls) != 1 || !strings.HasPrefix(calls[0], "Act play ") {
		t.Errorf("enter over the recap played %v, want one tile played", calls)
	}
	m, _ = m.Update(room.SnapshotMsg{Snapshot: before})
	if view := tuitest.Plain(m.View()); strings.Contains(view, "Since your last move") {
		t.Errorf("the recap stays once the turn passed on:\n%s", view)
	}
}

// The recap never covers the game, which the player reads to decide: at
// 80×24 every line from the header down to the rack's last, and the
// decision, are the same with it as without; it takes the lines of the
// events and chat, and says that L shows what does not fit.
func TestRecapKeepsTheGame(t *testing.T) {
	before, after := others(t)
	m, _ := turnComes(t, before, after, 80, 24)
	with := tuitest.Plain(m.View())
	without := tuitest.Plain(press(m, "? ?").View()) // the key list, opened and closed, hides the recap
	game := without[:strings.Index(without, "11A founds a chain")]
	decision := without[strings.Index(without, "Your turn"):]
	decision = decision[:strings.Index(decision, "\n\n")]
	if !strings.Contains(with, "Since your last move") || !strings.HasPrefix(with, game) || !strings.Contains(with, decision) {
		t.Errorf("the recap covers the game or the decision:\n%s\nwant:\n%s\nand:\n%s", with, game, decision)
	}
	if !strings.Contains(with, "earlier: L log") || !strings.Contains(with, "dave buys 1 Worldwide for $300") {
		t.Errorf("the recap lacks the newest event, or the way to the others:\n%s", with)
	}
}

// esc hides the recap and does nothing else: a player may clear it
// without playing, and without starting to leave.
func TestRecapEscHides(t *testing.T) {
	before, after := others(t)
	m, table := open(t, before, 80, 24)
	m, _ = m.Update(room.SnapshotMsg{Snapshot: after})
	m = press(m, "esc")
	view := tuitest.Plain(m.View())
	if strings.Contains(view, "Since your last move") || strings.Contains(view, "Leave the table?") || len(table.Calls()) != 0 {
		t.Errorf("esc over the recap: calls %v, view:\n%s\nwant the recap hidden and nothing else", table.Calls(), view)
	}
}

// The recap's coming and going leaves every line of the game but those it
// covers in its row: a line that moves is sent to the terminal again
// whole, and a recap that pushed the board down redrew every player's
// screen twice a turn. (A recap short enough to fit under the game moves
// the decision and status lines under it, which are short.)
func TestRecapLeavesTheLinesInTheirRows(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		for _, long := range []bool{false, true} {
			before, after := others(t)
			if long { // as TestRecapLongView
				for i := range after.Log {
					if after.Log[i].Seat == 0 {
						after.Log[i].Seat = 1
					}
				}
			}
			m, _ := turnComes(t, before, after, size[0], size[1])
			with := strings.Split(tuitest.Plain(m.View()), "\n")
			without := strings.Split(tuitest.Plain(press(m, "? ?").View()), "\n")
			if len(with) != len(without) {
				t.Fatalf("%dx%d: %d lines with the recap, %d without", size[0], size[1], len(with), len(without))
			}
			recap := 0
			for y := range slices.Index(without, "Your turn: play a tile.") {
				own := strings.HasPrefix(with[y], "Since your last move") || strings.HasPrefix(with[y], " • ") ||
					strings.HasPrefix(with[y], "   ") && recap > 0 && y > 0 && with[y-1] != without[y-1]
				if own {
					recap++
				}
				if with[y] != without[y] && !own {
					t.Errorf("%dx%d (long %v): line %d moved or changed under the recap:\n%q\nwithout it:\n%q",
						size[0], size[1], long, y, with[y], without[y])
				}
			}
			if !slices.ContainsFunc(with, func(l string) bool { return strings.HasPrefix(l, "Since your last move") }) {
				t.Errorf("%dx%d (long %v): no recap:\n%s", size[0], size[1], long, strings.Join(with, "\n"))
			}
		}
	}
}

// At 80×24 the events have two lines: a new event takes the line of the
// older one shown, and the newer stays where it was, marked as the newest,
// so that a move sends one line of events, not both scrolled up (issue
// 22). Played over Holiday AG's first moves, from the first seat's screen;
// the recap, when it shows, has the events' lines.
func TestEventsKeepTheirLines(t *testing.T) {
	frames := turns(t, kindNamed(t, "holiday"), 30)
	row := map[string]int{} // the events shown, by their lines
	shown := 0
	for i, f := range frames[:len(frames)-1] { // the last is the first again
		lines := strings.Split(tuitest.Plain(f.content), "\n")
		if slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, "Since your last move") }) {
			clear(row)
			continue // the recap has the events' lines
		}
		chat := chatLines(t, lines)
		now := map[string]int{}
		marked := 0
		for r := chat - 2; r < chat; r++ {
			text, ok := strings.CutPrefix(lines[r], "› ")
			if ok {
				marked++
			} else if text, ok = strings.CutPrefix(lines[r], "  "); !ok {
				if lines[r] != "" {
					t.Errorf("frame %d: event line %q is neither marked nor indented", i, lines[r])
				}
				continue
			}
			if was, seen := row[text]; seen && was != r {
				t.Errorf("frame %d: %q moved from line %d to %d", i, text, was, r)
			}
			now[text] = r
		}
		if marked != 1 && len(now) > 0 {
			t.Errorf("frame %d: %d events marked newest, want 1:\n%s", i, marked, strings.Join(lines[chat-2:chat], "\n"))
		}
		row = now
		shown += len(now)
	}
	if shown < 20 {
		t.Errorf("only %d events shown over the frames", shown)
	}
}

// chatLines is the first line of the chat pane of Holiday AG's 80×24
// screen with no chat: its two lines are blank, over the key line.
func chatLines(t *testing.T, lines []string) int {
	t.Helper()
	chat := len(lines) - 3
	if chat < 2 || strings.TrimSpace(lines[chat]+lines[chat+1]) != "" {
		t.Fatalf("no empty chat over the key line:\n%s", strings.Join(lines, "\n"))
	}
	return chat
}

func kindNamed(t testing.TB, name string) engine.Kind {
	for _, k := range games.All {
		if k.Name == name {
			return k
		}
	}
	t.Fatalf("no game %q", name)
	return engine.Kind{}
}

// An event as wide as the line less the mark still has a line of its own;
// two events not numbered one after the other (as no room logs them) are
// never drawn in one line: the pane scrolls as before.
func TestEventSlotsEdges(t *testing.T) {
	kind := kindNamed(t, "holiday") // no rule sets
	g, _, err := kind.Deal("", nil, []string{"alice", "bob", "carol", "dave"}, 7)
	if err != nil {
		t.Fatal(err)
	}
	info := tuitest.Room
	info.Game, info.Kind, info.Rules = kind.Title, kind.Name, ""
	snap := &rooms.Snapshot{Version: 1, Room: info, You: 1, Game: g.View(1), Turn: 0}
	for _, name := range []string{"alice", "bob", "carol", "dave"} {
		snap.Seats = append(snap.Seats, rooms.SeatInfo{Name: name, State: rooms.SeatReady})
	}
	eventLines := func(log []rooms.Event) []string {
		s := *snap
		s.Log = log
		m, _ := open(t, &s, 80, 24)
		lines := strings.Split(tuitest.Plain(m.View()), "\n")
		chat := chatLines(t, lines)
		return lines[chat-2 : chat]
	}
	wide := "alice " + strings.Repeat("x", 72) // 78 cells: the line less "› "
	got := eventLines([]rooms.Event{{Seq: 1, Text: "alice takes 2 Alps"}, {Seq: 2, Text: wide}})
	if want := []string{"› " + wide, "  alice takes 2 Alps"}; !slices.Equal(got, want) {
		t.Errorf("a 78-cell event: lines %q, want %q", got, want)
	}
	got = eventLines([]rooms.Event{{Seq: 4, Text: "alice takes 2 Alps"}, {Seq: 6, Text: "bob takes 2 USA"}})
	if want := []string{"alice takes 2 Alps", "bob takes 2 USA"}; !slices.Equal(got, want) {
		t.Errorf("events 4 and 6: lines %q, want %q", got, want)
	}
}
