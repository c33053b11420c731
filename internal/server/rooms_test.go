package server_test

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"hotels/internal/rooms"
	"hotels/internal/server"
	"hotels/internal/sshtest"
	"hotels/internal/store"
)

// `rooms` prints a table that fits a terminal, bots and absent players
// marked, and says so when there is nothing to list; `games` lists results
// best first and how to export them.
func TestRoomsAndGamesText(t *testing.T) {
	a := startAdmin(t, nil, server.Options{})
	ctx := context.Background()
	key := sshtest.NewKey(t)
	ann := signUp(t, a.testServer, "ann", key)

	out, errOut, status := sshtest.Exec(t, a.addr, key, "rooms")
	if status != 0 || out != "" || !strings.Contains(errOut, "No room is open") {
		t.Errorf("rooms with none open: exit %d, stdout %q, stderr %q; want 0, nothing, and why", status, out, errOut)
	}

	host := rooms.Player{ID: ann.ID, Name: ann.Name}
	r, err := a.lobby.Create(ctx, host, rooms.Settings{Seats: 6, Rules: "classic", Options: []string{"holdings=hidden"},
		Name: "a long title for a friendly table", Clock: rooms.Clock{Move: 60e9}})
	if err != nil {
		t.Fatal(err)
	}
	for range 5 {
		if err := r.AddBot(ctx, host, ""); err != nil {
			t.Fatal(err)
		}
	}
	out, errOut, status = sshtest.Exec(t, a.addr, key, "rooms")
	if status != 0 {
		t.Fatalf("rooms: exit %d, stderr %q", status, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "ROOM") {
		t.Fatalf("rooms printed %q, want a header and one room", out)
	}
	for _, l := range lines {
		if n := utf8.RuneCountInString(l); n > 80 {
			t.Errorf("rooms line of %d cells, want at most 80: %q", n, l)
		}
	}
	for _, want := range []string{r.ID, "Acquire classic hidden 60s/move", "6/6", "waiting", "ann, 5 bots (", "…"} {
		if !strings.Contains(lines[1], want) {
			t.Errorf("rooms line %q lacks %q", lines[1], want)
		}
	}

	id, err := a.store.CreateGame(ctx, store.NewGame{Game: "acquire", Rules: "modern", Chance: "hotels-record 1\n",
		Status: store.StatusPlaying, Seats: []store.Seat{{Index: 0, Account: ann.ID, Name: "ann"}, {Index: 1, Name: "bot1", Bot: "hard"}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.store.FinishGame(ctx, id, "bot1 6100 ann 5900", []store.Outcome{{Place: 2, Score: 5900}, {Place: 1, Score: 6100}}); err != nil {
		t.Fatal(err)
	}
	out, errOut, status = sshtest.Exec(t, a.addr, key, "games")
	if status != 0 || !strings.Contains(out, "Acquire modern") || !strings.Contains(out, "1 bot1 (bot) 6100, 2 ann 5900") ||
		!strings.Contains(errOut, "export GAME") {
		t.Errorf("games: exit %d, stdout %q, stderr %q; want game 1, best first, and how to export it", status, out, errOut)
	}
	if _, errOut, status := sshtest.Exec(t, a.addr, key, "games nobody"); status != 1 || !strings.Contains(errOut, `no player named "nobody"`) {
		t.Errorf("games nobody: exit %d, stderr %q; want 1 and why", status, errOut)
	}
}
