package history_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hotels/internal/rooms"
	"hotels/internal/tui/history"
	"hotels/internal/tui/theme"
	"hotels/internal/tui/tuitest"
)

var alice = rooms.Player{ID: 1, Name: "alice"}

// open returns the screen over archive, w×h cells, with its list loaded.
func open(t *testing.T, archive *tuitest.Archive, w, h int) history.Model {
	t.Helper()
	m := history.New(context.Background(), archive, alice, theme.DefaultStyles())
	m.SetSize(w, h)
	return run(m, m.Init())
}

// run executes cmd and feeds its message back, until none is left; it
// returns at a BackMsg, which is the parent's.
func run(m history.Model, cmd tea.Cmd) history.Model {
	for cmd != nil {
		msg := cmd()
		if msg == nil {
			return m
		}
		if _, ok := msg.(history.BackMsg); ok {
			return m
		}
		m, cmd = m.Update(msg)
	}
	return m
}

// press sends keys, space separated, running the commands they return.
func press(m history.Model, keys string) history.Model {
	for _, k := range strings.Fields(keys) {
		var cmd tea.Cmd
		m, cmd = m.Update(tuitest.Key(k))
		m = run(m, cmd)
	}
	return m
}

// goldenSizes checks the screen after keys against its golden files.
func goldenSizes(t *testing.T, keys string) {
	t.Helper()
	tuitest.GoldenSizes(t, func(w, h int) string {
		return tuitest.Plain(press(open(t, tuitest.History(t), w, h), keys).View())
	})
}

func TestListView(t *testing.T) {
	goldenSizes(t, "down")
}

// botAccounts is archive with carol's and frank's accounts bot accounts.
func botAccounts(archive *tuitest.Archive) *tuitest.Archive {
	for i := range archive.Games {
		g := &archive.Games[i]
		g.Seats = slices.Clone(g.Seats)
		for j, st := range g.Seats {
			g.Seats[j].BotAccount = st.Name == "carol" || st.Name == "frank"
		}
	}
	return archive
}

// A bot account is marked BOT (issue 24) among a game's players in the
// list, at the replay's table, in the chain table's holders and among the
// winners.
func TestBotAccountListView(t *testing.T) {
	tuitest.GoldenSizes(t, func(w, h int) string {
		return tuitest.Plain(open(t, botAccounts(tuitest.History(t)), w, h).View())
	})
}

func TestBotAccountReplayView(t *testing.T) {
	tuitest.GoldenSizes(t, func(w, h int) string {
		return tuitest.Plain(press(open(t, botAccounts(tuitest.History(t)), w, h), "enter"+strings.Repeat(" pgdown", tuitest.AutopilotMove/history.Page)).View())
	})
}

func TestBotAccountReplayFinalView(t *testing.T) {
	tuitest.GoldenSizes(t, func(w, h int) string {
		return tuitest.Plain(press(open(t, botAccounts(tuitest.History(t)), w, h), "enter end").View())
	})
}

// The replay mid-game, at a merger the autopilot made.
func TestReplayView(t *testing.T) {
	goldenSizes(t, "enter"+strings.Repeat(" pgdown", tuitest.AutopilotMove/history.Page))
}

func TestReplayFinalView(t *testing.T) {
	goldenSizes(t, "enter end")
}

// board is the board part of a replay view: the lines below the header
// up to the players.
func board(view string) string {
	return strings.Join(strings.Split(view, "\n")[1:11], "\n")
}

// The keys step through the replay: the counter follows and the board
// changes; the ends hold.
func TestReplayStepping(t *testing.T) {
	archive := tuitest.History(t)
	moves := len(archive.Lines[42])
	m := press(open(t, archive, 80, 24), "enter")
	steps := []struct {
		key  string
		want string
	}{
		{"", "The deal"},
		{"right", fmt.Sprintf("Move 1 of %d", moves)},
		{"l", fmt.Sprintf("Move 2 of %d", moves)},
		{"pgdown", fmt.Sprintf("Move 12 of %d", moves)},
		{"left", fmt.Sprintf("Move 11 of %d", moves)},
		{"pgup", fmt.Sprintf("Move 1 of %d", moves)},
		{"pgup", "The deal"},
		{"left", "The deal"},
		{"end", fmt.Sprintf("Move %d of %d", moves, moves)},
		{"right", fmt.Sprintf("Move %d of %d", moves, moves)},
		{"home", "The deal"},
		{"G", fmt.Sprintf("Move %d of %d", moves, moves)},
		{"g", "The deal"},
	}
	last := ""
	for i, st := range steps {
		m = press(m, st.key)
		view := tuitest.Plain(m.View())
		if !strings.Contains(view, st.want) {
			t.Fatalf("step %d (%s): view lacks %q:\n%s", i, st.key, st.want, view)
		}
		if i == 1 && board(view) == last {
			t.Errorf("right: the board did not change:\n%s", view)
		}
		last = board(view)
	}
	if got, want := archive.Calls(), []string{"RecentGames 1 50", "Actions 42"}; !slices.Equal(got, want) {
		t.Errorf("calls %q, want %q", got, want)
	}
	if view := tuitest.Plain(press(m, "esc").View()); !strings.Contains(view, "your recent games") {
		t.Errorf("esc: not back on the list:\n%s", view)
	}
}

// A game in play is listed but never replayed: its record holds the bag.
func TestNoReplayInPlay(t *testing.T) {
	archive := tuitest.History(t)
	m := press(open(t, archive, 80, 24), "down enter")
	if got := archive.Calls(); slices.Contains(got, "Actions 41") {
		t.Errorf("calls %q: the record of a game in play was read", got)
	}
	view := tuitest.Plain(m.View())
	if !strings.Contains(view, "That game is still being played") {
		t.Errorf("view lacks the reason:\n%s", view)
	}
	if strings.Contains(view, "Move ") {
		t.Errorf("a game in play is replayed:\n%s", view)
	}
}

// A replay goes as far as its record makes sense, and says where it
// stopped.
func TestReplayStops(t *testing.T) {
	archive := tuitest.History(t)
	archive.Lines[42] = append(append([]string(nil), archive.Lines[42][:5]...), "alice buy Nowhere")
	m := press(open(t, archive, 80, 24), "enter end")
	view := tuitest.Plain(m.View())
	for _, want := range []string{"Move 5 of 5", `The record stops at move 6: the rules refuse "alice buy Nowhere".`} {
		if !strings.Contains(view, want) {
			t.Errorf("view lacks %q:\n%s", want, view)
		}
	}
}

// The store's refusals are words; esc on the list goes back to the lobby.
func TestProblemsInWords(t *testing.T) {
	archive := tuitest.History(t)
	m := press(open(t, archive, 80, 24), "down down down enter") // game 39 has no actions stored
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "That game is not in the archive any more.") {
		t.Errorf("missing actions: view lacks the reason:\n%s", view)
	}
	archive.Fail("RecentGames", errors.New("store: recent games of account 1: database is locked"))
	m = open(t, archive, 80, 24)
	view := tuitest.Plain(m.View())
	if !strings.Contains(view, "The server could not read your games.") || strings.Contains(view, "database") {
		t.Errorf("list refused: view:\n%s", view)
	}
	m = history.New(context.Background(), nil, alice, theme.DefaultStyles())
	m.SetSize(80, 24)
	m = run(m, m.Init())
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "This server keeps no history of games.") {
		t.Errorf("no archive: view:\n%s", view)
	}
	_, cmd := m.Update(tuitest.Key("esc"))
	if cmd == nil || cmd() != (history.BackMsg{}) {
		t.Error("esc: no BackMsg")
	}
}

// R in a replay opens the rules page of the replayed game with its
// options; esc goes back to the same step of the replay.
func TestReplayRules(t *testing.T) {
	m := press(open(t, tuitest.History(t), 80, 24), "enter right R end")
	view := tuitest.Plain(m.View())
	for _, want := range []string{"Acquire: the rules", "THIS GAME'S OPTIONS", "rules modern", "4 players"} {
		if !strings.Contains(view, want) {
			t.Errorf("R in a replay, at the page's end: view lacks %q:\n%s", want, view)
		}
	}
	if strings.Contains(view, "clock") || strings.Contains(view, "public") {
		t.Errorf("a replay's rules page guesses the room's clock or privacy, which the record does not keep:\n%s", view)
	}
	if view := tuitest.Plain(press(m, "esc").View()); !strings.Contains(view, "Move 1 of") {
		t.Errorf("esc: not back on the replay's step:\n%s", view)
	}
}
