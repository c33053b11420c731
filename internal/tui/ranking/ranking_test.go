package ranking_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/engine/holiday"
	"hotels/internal/rooms"
	"hotels/internal/store"
	"hotels/internal/tui/ranking"
	"hotels/internal/tui/theme"
	"hotels/internal/tui/tuitest"
)

var alice = rooms.Player{ID: 1, Name: "alice"}

// run feeds cmd's message, and those of the commands that follow, back to
// the screen; it returns the first BackMsg passed up, if any.
func run(m ranking.Model, cmd tea.Cmd) (ranking.Model, tea.Msg) {
	for cmd != nil {
		msg := cmd()
		if _, ok := msg.(ranking.BackMsg); ok {
			return m, msg
		}
		if msg == nil {
			break
		}
		m, cmd = m.Update(msg)
	}
	return m, nil
}

// press sends keys, space separated, running the commands they return.
func press(m ranking.Model, keys string) (ranking.Model, tea.Msg) {
	var up tea.Msg
	for _, k := range strings.Fields(keys) {
		var cmd tea.Cmd
		m, cmd = m.Update(tuitest.Key(k))
		m, up = run(m, cmd)
	}
	return m, up
}

func open(t *testing.T, src ranking.Source, w, h int) ranking.Model {
	t.Helper()
	m := ranking.New(context.Background(), src, alice, []engine.Kind{acquire.Kind}, theme.DefaultStyles())
	m.SetSize(w, h)
	m, _ = run(m, m.Init())
	return m
}

// goldenSizes checks the screen after keys against its golden files.
func goldenSizes(t *testing.T, keys string) {
	t.Helper()
	tuitest.GoldenSizes(t, func(w, h int) string {
		m, _ := press(open(t, tuitest.Ranked(t), w, h), keys)
		return tuitest.Plain(m.View())
	})
}

func TestLeaderboardView(t *testing.T) {
	goldenSizes(t, "")
}

func TestProfileView(t *testing.T) {
	goldenSizes(t, "enter") // alice's own row is selected first
}

func TestEmptyLeaderboardView(t *testing.T) {
	src := tuitest.Ranked(t)
	src.Board = nil
	m := open(t, src, 80, 24)
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "No ranked modern game has been played yet") {
		t.Errorf("empty board:\n%s", view)
	}
}

// A bot account on the leaderboard is marked as one (issue 24).
func TestBotAccountMarked(t *testing.T) {
	src := tuitest.Ranked(t)
	for rules, board := range src.Board {
		if len(board) > 0 {
			board[0].Bot = true
			src.Board[rules] = board
		}
	}
	view := tuitest.Plain(open(t, src, 80, 24).View())
	if strings.Count(view, " BOT") != 1 {
		t.Errorf("want one row marked BOT:\n%s", view)
	}
}

// The screen asks the store for each rule set's board as the player turns
// to it, and for the profile of the row they open; esc steps back.
func TestKeys(t *testing.T) {
	src := tuitest.Ranked(t)
	m := open(t, src, 80, 24)
	m, _ = press(m, "tab")
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "[classic]") || !strings.Contains(view, "frank") || strings.Contains(view, "carol") {
		t.Fatalf("after tab, not the classic board:\n%s", view)
	}
	m, _ = press(m, "left up enter") // modern again; carol, above alice
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "profile of carol") {
		t.Fatalf("enter on carol's row:\n%s", view)
	}
	m, up := press(m, "esc")
	if up != nil || !strings.Contains(tuitest.Plain(m.View()), "leaderboard") {
		t.Fatalf("esc from a profile: passed up %#v, view:\n%s", up, tuitest.Plain(m.View()))
	}
	if _, up := press(m, "esc"); up != (ranking.BackMsg{}) {
		t.Errorf("esc from the board: passed up %#v, want BackMsg", up)
	}
	want := []string{
		"Leaderboard acquire modern 100", "Leaderboard acquire classic 100", "Leaderboard acquire modern 100",
		"PlayerRatings 3", "RatingHistory 3 acquire modern 20", "RecentGames 3 50", "Actions 42",
	}
	if got := src.Calls(); !slices.Equal(got, want) {
		t.Errorf("calls %q, want %q", got, want)
	}
}

// A profile opened on its own goes back to the parent, and its tab shows
// the history of the player's other rule set.
func TestOwnProfile(t *testing.T) {
	src := tuitest.Ranked(t)
	m := ranking.New(context.Background(), src, alice, []engine.Kind{acquire.Kind}, theme.DefaultStyles())
	m.SetSize(80, 24)
	m, cmd := m.Profile(alice)
	m, _ = run(m, cmd)
	view := tuitest.Plain(m.View())
	if !strings.Contains(view, "profile of alice") || !strings.Contains(view, "Rating history · Acquire modern") {
		t.Fatalf("alice's profile:\n%s", view)
	}
	if !strings.Contains(view, "Festival 1, Luxor 1, Tower 1") {
		t.Errorf("alice's favourite chains are missing or include the autopilot's Tower:\n%s", view)
	}
	m, _ = press(m, "tab")
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "Rating history · Acquire classic") || !strings.Contains(view, "1021 → 998   -23") {
		t.Errorf("after tab:\n%s", view)
	}
	if _, up := press(m, "esc"); up != (ranking.BackMsg{}) {
		t.Errorf("esc: passed up %#v, want BackMsg", up)
	}
	if got := src.Calls(); slices.ContainsFunc(got, func(c string) bool { return strings.HasPrefix(c, "Leaderboard") }) {
		t.Errorf("calls %q: a profile on its own read the leaderboard", got)
	}
}

// The store's failures reach the player in words, never as Go errors.
func TestFailuresInWords(t *testing.T) {
	src := tuitest.Ranked(t)
	src.Fail("Leaderboard", errors.New("sqlite: database is locked"))
	m := open(t, src, 80, 24)
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "The server could not read the ratings. Try again later.") || strings.Contains(view, "sqlite") {
		t.Errorf("failed board:\n%s", view)
	}
	src.Fail("Leaderboard", nil)
	src.Fail("RecentGames", context.DeadlineExceeded)
	m, cmd := m.Profile(rooms.Player{ID: 2, Name: "bob"})
	m, _ = run(m, cmd)
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "The server did not answer in time. Try again.") {
		t.Errorf("failed profile:\n%s", view)
	}
	m = open(t, nil, 80, 24)
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "This server keeps no ratings.") {
		t.Errorf("no source:\n%s", view)
	}
}

// A profile names the game of each rating history and recent game: Holiday
// AG, which has no rule sets, is not a blank (issue 28).
func TestProfileNamesTheGame(t *testing.T) {
	src := tuitest.Ranked(t)
	at := time.Date(2026, 5, 2, 20, 0, 0, 0, time.UTC)
	mu, sigma := tuitest.Rated(1040, 6)
	src.Players[alice.ID] = []store.Rating{{Account: alice.ID, Name: "alice", Game: "holiday", Mu: mu, Sigma: sigma, Games: 1, Wins: 1, UpdatedAt: at}}
	mb, sb := tuitest.Rated(1000, 8.3)
	src.History[alice.ID] = []store.RatingChange{{Game: 50, Account: alice.ID, Place: 1, MuBefore: mb, SigmaBefore: sb, MuAfter: mu, SigmaAfter: sigma, At: at}}
	src.Rules[50] = ""
	src.Lines[50] = []string{"alice take Alps-1"}
	src.Games = append([]store.Game{{ID: 50, Game: "holiday", Ranked: true, Status: store.StatusFinished, CreatedAt: at,
		Seats: []store.Seat{{Index: 0, Account: alice.ID, Name: "alice"}, {Index: 1, Name: "bob"}}}}, src.Games...)
	m := ranking.New(context.Background(), src, alice, []engine.Kind{acquire.Kind, holiday.Kind}, theme.DefaultStyles())
	m.SetSize(80, 24)
	m, cmd := m.Profile(alice)
	m, _ = run(m, cmd)
	view := tuitest.Plain(m.View())
	for _, want := range []string{"Rating history · Holiday AG  ", "game 50    Holiday AG ranked", "game 42    Acquire modern ranked"} {
		if !strings.Contains(view, want) {
			t.Errorf("alice's profile lacks %q:\n%s", want, view)
		}
	}
}
