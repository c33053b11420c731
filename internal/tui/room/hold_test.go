package room_test

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hotels/internal/rooms"
	"hotels/internal/tui/room"
	"hotels/internal/tui/screens"
	"hotels/internal/tui/theme"
	"hotels/internal/tui/tuitest"
)

// The texts of alice's screen at "buy" after she presses t (a share
// chosen, her decision's own state), and of the room's answer to her
// buy (the "others" position, bob to play).
const (
	chosen = "Buying Tower: $1,000 of your $4,700."
	answer = "bob is to play a tile."
)

// subscribed is alice's screen of a fake room that is at "buy", taken
// through the screen's subscription, with a share of Tower chosen; and the
// watch of its mailbox.
func subscribed(t *testing.T) (room.Model, *tuitest.Table, *tea.WatchMsg) {
	t.Helper()
	table := tuitest.NewTable(tuitest.FourSeat(t, "buy").Snapshot(0))
	m := room.New(context.Background(), table, "k3vq", alice, theme.DefaultStyles(), screens.New)
	room.SetClock(&m, func() time.Time { return tuitest.Now })
	m.SetSize(80, 24)
	w := tuitest.Watch(t, m.Init())
	m, _ = m.Update(tuitest.Next(t, w))
	m = press(m, "t")
	if view := tuitest.Plain(m.View()); !strings.Contains(view, chosen) {
		t.Fatalf("t chose no share:\n%s", view)
	}
	_ = m.Title() // drawn, as the session draws it with the lines
	return m, table, w
}

// send presses enter, which sends the decision, and returns the screen
// and the decision's two commands: the request, whose message is the
// room's answer, and the bound on how long the screen waits for it.
func send(t *testing.T, m room.Model) (room.Model, tea.Cmd, tea.Cmd) {
	t.Helper()
	view, title := m.View(), m.Title()
	m, cmd := m.Update(tuitest.Key("enter"))
	if m.View() != view || m.Title() != title {
		t.Fatalf("the decision's key drew a frame of its own before the room answered:\n%s", tuitest.Plain(m.View()))
	}
	batch, ok := cmd().(tea.BatchMsg)
	if !ok || len(batch) != 2 {
		t.Fatalf("enter's command gave %#v, want the request and its bound", batch)
	}
	return m, batch[0], batch[1]
}

// A decision's key draws nothing until the room answers: then one frame
// shows the move made, whether the move's snapshot or the answer to the
// request comes first; the bound on the wait then ends without a message.
func TestDecisionWaitsForTheRoom(t *testing.T) {
	for _, first := range []string{"snapshot", "answer"} {
		t.Run(first+" first", func(t *testing.T) {
			m, table, w := subscribed(t)
			held := m.View()
			m, request, bound := send(t, m)
			switch first {
			case "snapshot":
				table.Feed <- tuitest.FourSeat(t, "others").Snapshot(0)
				m, _ = m.Update(tuitest.Next(t, w))
				if m.View() != held {
					t.Fatalf("the move's snapshot was drawn before the room answered the request:\n%s", tuitest.Plain(m.View()))
				}
				m, _ = m.Update(request())
			case "answer":
				table.Moved = tuitest.FourSeat(t, "others").Snapshot(0) // published before the answer, as a room does
				m, _ = m.Update(request())
				if m.View() != held {
					t.Fatalf("the answer was drawn before the move's snapshot, which waits in the mailbox:\n%s", tuitest.Plain(m.View()))
				}
				m, _ = m.Update(tuitest.Next(t, w))
			}
			view := tuitest.Plain(m.View())
			if !strings.Contains(view, answer) || strings.Contains(view, "Sending") || strings.Contains(view, chosen) {
				t.Errorf("after the room's answer, the screen is not the move made:\n%s", view)
			}
			if m.Title() != "Hotels: Acquire" {
				t.Errorf("title %q after the move, want %q", m.Title(), "Hotels: Acquire")
			}
			if msg := bound(); msg != nil {
				t.Errorf("the bound of an answered decision gave %#v, want no message", msg)
			}
		})
	}
}

// A decision the room does not answer within the bound shows the key's
// own effect then ("Sending..."); so does any key pressed meanwhile, at
// once; and a refusal, with no move, shows as soon as it comes.
func TestDecisionNeverUnanswered(t *testing.T) {
	t.Run("slow room", func(t *testing.T) {
		m, _, _ := subscribed(t)
		m, _, bound := send(t, m)
		msg := bound() // the room has not answered
		if msg == nil {
			t.Fatal("the bound of an unanswered decision gave no message")
		}
		m, _ = m.Update(msg)
		if view := tuitest.Plain(m.View()); !strings.Contains(view, "Sending...") {
			t.Errorf("after the bound, the screen does not show the key's effect:\n%s", view)
		}
	})
	t.Run("another key", func(t *testing.T) {
		m, _, _ := subscribed(t)
		m, _, _ = send(t, m)
		m, _ = m.Update(tuitest.Key("z"))
		if view := tuitest.Plain(m.View()); !strings.Contains(view, `"z" is no chain's letter`) {
			t.Errorf("a key while the decision is on its way is not answered:\n%s", view)
		}
	})
	t.Run("refused", func(t *testing.T) {
		m, table, _ := subscribed(t)
		table.Fail("Act", rooms.ErrActTooFast) // refused before the room: no snapshot
		m, request, _ := send(t, m)
		m, _ = m.Update(request())
		if view := tuitest.Plain(m.View()); !strings.Contains(view, "acting too fast") {
			t.Errorf("a refused decision's screen:\n%s", view)
		}
	})
}

// News that comes while a decision is on its way (the others' turns played
// before the room answered, and the player's turn back) is counted for the
// bell (Alerts) with the frame after the hold, the first that shows it.
func TestAlertAfterTheHold(t *testing.T) {
	m, table, w := subscribed(t)
	m, request, _ := send(t, m)
	table.Feed <- tuitest.FourSeat(t, "play").Snapshot(0)
	m, _ = m.Update(tuitest.Next(t, w))
	if n := m.Alerts(); n != 0 {
		t.Errorf("%d alerts while the screen keeps the frame before the turn came back, want 0", n)
	}
	m, _ = m.Update(request())
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "Your turn") {
		t.Fatalf("after the answer, alice's turn is not on the screen:\n%s", view)
	}
	if n := m.Alerts(); n != 1 {
		t.Errorf("%d alerts with the frame that shows alice's turn back, want 1", n)
	}
}

// Through a real Bubble Tea program, as a session shows the screen: a
// decision's key and the room's answer, published before the room answers
// the request (as rooms.Room does), reach the terminal as one frame, not
// the key's own frame and then the move's. The idle key after it makes a
// frame of its own, so that no frame of the move's is left to come.
func TestDecisionIsOneFrame(t *testing.T) {
	term := tuitest.NewTerminal(80, 24)
	table := tuitest.NewTable(tuitest.FourSeat(t, "buy").Snapshot(0))
	table.Moved = tuitest.FourSeat(t, "others").Snapshot(0)
	m := room.New(context.Background(), table, "k3vq", alice, theme.DefaultStyles(), screens.New)
	room.SetClock(&m, func() time.Time { return tuitest.Now })
	m.SetSize(80, 24)
	p := tuitest.ProgramOf(t, tuitest.RoomModel{Screen: m}, term, 80, 24)
	wait := func(text string) {
		t.Helper()
		if !term.WaitFor(text, 5*time.Second) {
			t.Fatalf("the terminal does not show %q:\n%s", text, term.Screen())
		}
	}
	wait("Your turn: buy up to 3 shares.")
	p.Send(tuitest.Key("t"))
	wait(chosen)
	// As a player's next key comes: after the renderer's frame time, which
	// would otherwise hold the key's frame back until the answer came.
	time.Sleep(50 * time.Millisecond)
	before := term.Writes()
	p.Send(tuitest.Key("enter"))
	wait(answer)
	p.Send(tuitest.Key("z"))
	wait("Waiting for bob.")
	if n := term.Writes() - before; n != 2 { // 3 with the key's own frame
		t.Errorf("a decision's key, the room's answer and an idle key made %d frames, want 2", n)
	}
}

// Through a real program, a decision the room answers late shows the
// key's effect within the bound, then the move: two frames.
func TestSlowDecisionShowsTheKey(t *testing.T) {
	term := tuitest.NewTerminal(80, 24)
	table := tuitest.NewTable(tuitest.FourSeat(t, "buy").Snapshot(0))
	table.Moved = tuitest.FourSeat(t, "others").Snapshot(0)
	table.Slow = make(chan struct{})
	m := room.New(context.Background(), table, "k3vq", alice, theme.DefaultStyles(), screens.New)
	room.SetClock(&m, func() time.Time { return tuitest.Now })
	m.SetSize(80, 24)
	p := tuitest.ProgramOf(t, tuitest.RoomModel{Screen: m}, term, 80, 24)
	if !term.WaitFor("Your turn: buy up to 3 shares.", 5*time.Second) {
		t.Fatalf("no first frame:\n%s", term.Screen())
	}
	p.Send(tuitest.Key("enter"))
	if !term.WaitFor("Sending...", 5*time.Second) {
		t.Fatalf("the key of a decision the room has not answered shows nothing:\n%s", term.Screen())
	}
	close(table.Slow)
	if !term.WaitFor(answer, 5*time.Second) {
		t.Fatalf("the move does not show once the room answers:\n%s", term.Screen())
	}
}
