package tui_test

import (
	"context"
	"slices"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hotels/internal/rooms"
	"hotels/internal/tui"
	"hotels/internal/tui/tuitest"
)

// r and enter put the player in the ranked queue, showing their rating;
// when a table forms the session enters its room, the game started.
func TestRankedQueueToRoom(t *testing.T) {
	svc := tuitest.NewLobby(t, tuitest.LobbySnapshot())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	d := newDriver(t, tui.New(ctx, svc, alice, tui.Entry{}, tui.WithRatings(tuitest.Ranked(t))))
	d.until("friday night")
	d.key("r")
	d.until("Ranked Acquire")
	d.send(tea.KeyPressMsg{Code: tea.KeyEnter})
	d.until("Looking for a ranked game…")
	d.until("1047 (8 games)")

	// The lobby forms a table of alice and erin.
	erin := rooms.Player{ID: 5, Name: "erin"}
	r, err := svc.Lobby.Create(ctx, erin, rooms.Settings{Name: "ranked table", Game: "acquire", Rules: "modern", Seats: 2, Ranked: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Sit(ctx, alice); err != nil {
		t.Fatal(err)
	}
	if err := r.Start(ctx, erin); err != nil {
		t.Fatal(err)
	}
	svc.Found <- r
	d.until("Acquire modern · ranked")
	d.until("Your tiles") // seated, the game started
	if got := svc.Calls(); !slices.Contains(got, "Seek game=acquire rules=modern players=3-4") || slices.Contains(got, "Leave") {
		t.Errorf("calls %q: want a Seek and no Leave", got)
	}
}

// esc while waiting leaves the queue at once.
func TestRankedQueueLeave(t *testing.T) {
	svc := tuitest.NewLobby(t, tuitest.LobbySnapshot())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	d := newDriver(t, tui.New(ctx, svc, alice, tui.Entry{}))
	d.until("friday night")
	d.key("r")
	d.send(tea.KeyPressMsg{Code: tea.KeyEnter})
	d.until("Looking for a ranked game…")
	d.key("esc")
	d.until("You left the ranked queue.")
	d.until("friday night")
	// Leave runs in a command: handle messages until it has.
	if !d.handle(func() bool { return slices.Contains(svc.Calls(), "Leave") }) {
		t.Fatalf("leave was not called: calls %q", svc.Calls())
	}
}

// L opens the leaderboard, enter a player's profile, esc steps back to
// the board and then the lobby; P opens the player's own profile.
func TestLeaderboardAndProfile(t *testing.T) {
	svc := tuitest.NewLobby(t, tuitest.LobbySnapshot())
	src := tuitest.Ranked(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	d := newDriver(t, tui.New(ctx, svc, alice, tui.Entry{}, tui.WithGames(src.Archive), tui.WithRatings(src)))
	d.until("friday night")
	d.key("L")
	d.until("carol                       1210")
	d.send(tea.KeyPressMsg{Code: tea.KeyUp})
	d.send(tea.KeyPressMsg{Code: tea.KeyEnter})
	d.until("profile of carol")
	d.key("esc")
	d.until("Win rate")
	d.key("esc")
	d.until("friday night")
	d.key("P")
	d.until("profile of alice")
	d.until("Festival 1, Luxor 1, Tower 1")
	d.key("esc")
	d.until("friday night")
}

// Without ratings the leaderboard says the server keeps none.
func TestLeaderboardWithoutRatings(t *testing.T) {
	svc := tuitest.NewLobby(t, tuitest.LobbySnapshot())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	d := newDriver(t, tui.New(ctx, svc, alice, tui.Entry{}))
	d.until("friday night")
	d.key("L")
	d.until("This server keeps no ratings.")
}
