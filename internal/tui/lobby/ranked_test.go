package lobby_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hotels/internal/rooms"
	"hotels/internal/tui/lobby"
	"hotels/internal/tui/theme"
	"hotels/internal/tui/tuitest"
)

func TestRankedFormView(t *testing.T) {
	goldenSizes(t, tuitest.LobbySnapshot(), "r down right")
}

// seeking returns the lobby screen waiting in the ranked queue for 83
// seconds with five players looking, alice's rating read from the
// ratings fixture.
func seeking(t *testing.T, w, h int) (lobby.Model, *tuitest.Lobby, tea.Cmd) {
	t.Helper()
	return seekingFor(t, w, h, 83*time.Second)
}

// seekingFor is seeking after waiting for wait.
func seekingFor(t *testing.T, w, h int, waited time.Duration) (lobby.Model, *tuitest.Lobby, tea.Cmd) {
	t.Helper()
	m, svc := open(t, tuitest.LobbySnapshot(), w, h)
	m.SetRatings(tuitest.Ranked(t))
	now := tuitest.Now
	lobby.SetClock(&m, func() time.Time { return now })
	m, _ = press(m, "r")
	m, cmd := m.Update(tuitest.Key("enter"))
	m, wait := m.Update(cmd()) // in the queue
	now = now.Add(waited)
	svc.SetSeeking(5)
	return lobby.Tick(m, 5), svc, wait
}

func TestSeekingView(t *testing.T) {
	tuitest.GoldenSizes(t, func(w, h int) string {
		m, _, _ := seeking(t, w, h)
		return tuitest.Plain(m.View())
	})
}

// The wait says what the queue waits for (issue 28): the largest table
// the player accepts until the patience runs out, then a smaller one; and
// how wide the range of ratings is by now.
func TestSeekingSaysWhatItWaitsFor(t *testing.T) {
	for _, c := range []struct {
		wait time.Duration
		want []string
	}{
		{5 * time.Second, []string{"Waiting for   a table of 4 players until 0:20, then 3", "within ±150 of yours"}},
		{83 * time.Second, []string{"Waiting for   the largest table that can sit now, 3 to 4 players", "within ±930 of yours"}},
	} {
		m, _, _ := seekingFor(t, 80, 24, c.wait)
		view := tuitest.Plain(m.View())
		for _, w := range c.want {
			if !strings.Contains(view, w) {
				t.Errorf("after %v the wait lacks %q:\n%s", c.wait, w, view)
			}
		}
	}
}

// r opens the ranked form; its keys choose the rules and the table sizes
// Seek is called with, the fewest never above the most, and neither
// moving the other (issue 28). The form opens again as it was left.
func TestRankedForm(t *testing.T) {
	tests := []struct {
		keys string
		want string
	}{
		{"r enter", "Seek game=acquire rules=modern players=3-4"},
		{"r right enter", "Seek game=acquire rules=classic players=3-4"},
		{"r down left down right right enter", "Seek game=acquire rules=modern players=2-6"},
		{"r down right right enter", "Seek game=acquire rules=modern players=4-4"}, // the fewest stop at the most
		{"r up left left enter", "Seek game=acquire rules=modern players=3-3"},     // the most stop at the fewest
		{"r up right right esc r enter", "Seek game=acquire rules=modern players=3-6"},
		{"r right down left esc r enter", "Seek game=acquire rules=classic players=2-4"},
	}
	for _, tt := range tests {
		m, svc := open(t, tuitest.LobbySnapshot(), 80, 24)
		m, _ = press(m, tt.keys)
		if calls := svc.Calls(); !slices.Equal(calls, []string{tt.want}) {
			t.Errorf("keys %q: calls %q, want [%q]", tt.keys, calls, tt.want)
		}
		if view := tuitest.Plain(m.View()); !strings.Contains(view, "Looking for a ranked game…") {
			t.Errorf("keys %q: not waiting:\n%s", tt.keys, view)
		}
	}
	// esc leaves the form without seeking.
	m, svc := open(t, tuitest.LobbySnapshot(), 80, 24)
	m, _ = press(m, "r esc")
	if calls := svc.Calls(); len(calls) != 0 {
		t.Errorf("r esc: calls %q, want none", calls)
	}
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "friday night") {
		t.Errorf("r esc: not back at the list:\n%s", view)
	}
}

// A refusal of the queue is said in words, in the form.
func TestSeekRefused(t *testing.T) {
	m, svc := open(t, tuitest.LobbySnapshot(), 80, 24)
	svc.Fail("Seek", rooms.ErrQueued)
	m, _ = press(m, "r enter")
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "Ranked play: you are already looking for a game.") {
		t.Errorf("refused seek: view lacks the reason:\n%s", view)
	}
}

// esc while waiting leaves the queue at once, and the ticks stop.
func TestLeaveQueue(t *testing.T) {
	m, svc, _ := seeking(t, 80, 24)
	m, _ = press(m, "esc")
	if got, want := svc.Calls(), []string{"Seek game=acquire rules=modern players=3-4", "Leave"}; !slices.Equal(got, want) {
		t.Errorf("calls %q, want %q", got, want)
	}
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "You left the ranked queue.") || !strings.Contains(view, "friday night") {
		t.Errorf("after esc:\n%s", view)
	}
	if _, cmd := lobby.TickAny(m, 5); cmd != nil {
		t.Error("a tick after leaving the queue was re-armed")
	}
}

// When a table forms, the screen enters its room: the game has started
// and the player is seated.
func TestTableFound(t *testing.T) {
	m, svc, wait := seeking(t, 80, 24)
	r, err := svc.Lobby.Create(context.Background(), rooms.Player{ID: 2, Name: "erin"}, rooms.Settings{Seats: 2, Ranked: true})
	if err != nil {
		t.Fatal(err)
	}
	svc.Found <- r
	msg := first(t, wait, func(msg tea.Msg) bool { _, ok := msg.(lobby.EnterMsg); return ok })
	if e := msg.(lobby.EnterMsg); e.Room != r || e.Watch {
		t.Fatalf("found: %#v, want EnterMsg seated in %s", e, r.ID)
	}
	m, _ = m.Update(msg)
	if view := tuitest.Plain(m.View()); strings.Contains(view, "Looking for a ranked game") {
		t.Errorf("still waiting after the room was entered:\n%s", view)
	}
	if got := svc.Calls(); slices.Contains(got, "Leave") {
		t.Errorf("calls %q: a found table left the queue", got)
	}
}

// first runs cmd, a batch of commands each in its own goroutine, and
// returns the first message that matches; commands that wait longer (a
// tick) are not waited for.
func first(t *testing.T, cmd tea.Cmd, match func(tea.Msg) bool) tea.Msg {
	t.Helper()
	msgs := make(chan tea.Msg, 8)
	var run func(tea.Cmd)
	run = func(c tea.Cmd) {
		go func() {
			msg := c()
			if batch, ok := msg.(tea.BatchMsg); ok {
				for _, c := range batch {
					if c != nil {
						run(c)
					}
				}
				return
			}
			msgs <- msg
		}()
	}
	run(cmd)
	timeout := time.After(10 * time.Second)
	for {
		select {
		case msg := <-msgs:
			if match(msg) {
				return msg
			}
		case <-timeout:
			t.Fatal("no matching message in 10s")
			return nil
		}
	}
}

// L and P ask the parent for the leaderboard and the player's profile.
func TestLeaderboardAndProfileKeys(t *testing.T) {
	for k, want := range map[string]tea.Msg{"L": lobby.LeaderboardMsg{}, "P": lobby.ProfileMsg{}} {
		m, _ := open(t, tuitest.LobbySnapshot(), 80, 24)
		_, cmd := m.Update(tuitest.Key(k))
		if cmd == nil {
			t.Fatalf("%s: no command", k)
		}
		if msg := cmd(); msg != want {
			t.Errorf("%s: %#v, want %#v", k, msg, want)
		}
	}
}

// A ranked room says so in the list.
func TestRankedRoomListed(t *testing.T) {
	snap := tuitest.LobbySnapshot()
	snap.Rooms[1].Ranked, snap.Rooms[1].Name = true, "ranked table"
	m := lobby.New(context.Background(), tuitest.NewLobby(t, nil), alice, theme.DefaultStyles())
	m.SetSize(80, 24)
	m, _ = m.Update(lobby.SnapshotMsg{Snapshot: snap})
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "h8km ranked table  Holiday AG      ranked") {
		t.Errorf("the ranked room is not marked:\n%s", view)
	}
}
