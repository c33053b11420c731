package history_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"hotels/internal/engine/acquire"
	"hotels/internal/rooms"
	"hotels/internal/store"
	"hotels/internal/store/storetest"
	"hotels/internal/tui/history"
	"hotels/internal/tui/history/fromstore"
	"hotels/internal/tui/theme"
	"hotels/internal/tui/tuitest"
)

// The screen reads a real store: a game saved as rooms save one (the
// deal's header as its chance, one line an action, the result) is listed
// with the player's place and replays to its end.
func TestOnRealStore(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, storetest.Data(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	acc, err := st.CreateAccount(ctx, "alice", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGgFd6s+gx2uXzVx6wGwdgtM4fBRJfPmMWVd+4LSUIpp alice@laptop")
	if err != nil {
		t.Fatal(err)
	}
	fixture := tuitest.History(t)
	g, lines := fixture.Games[0], fixture.Lines[42]
	seats := []store.Seat{{Index: 0, Account: acc.ID, Name: "alice"}}
	for i, name := range []string{"bob", "carol", "dave"} {
		seats = append(seats, store.Seat{Index: i + 1, Name: name, Bot: "easy"})
	}
	id, err := st.CreateGame(ctx, store.NewGame{Game: g.Game, Rules: g.Rules, Chance: g.Chance, Seats: seats, Status: store.StatusPlaying})
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range lines {
		if err := st.AppendAction(ctx, id, i+1, line); err != nil {
			t.Fatal(err)
		}
	}
	// The outcomes as a room stores them: from the game's own standings.
	played, err := acquire.Kind.Resume(g.Chance, lines)
	if err != nil {
		t.Fatal(err)
	}
	outcomes := make([]store.Outcome, len(seats))
	for _, s := range played.Standings() {
		outcomes[s.Seat] = store.Outcome{Place: s.Place, Score: s.Score}
	}
	if err := st.FinishGame(ctx, id, g.Result, outcomes); err != nil {
		t.Fatal(err)
	}

	m := history.New(ctx, fromstore.Archive{Reader: st}, rooms.Player{ID: acc.ID, Name: "alice"}, theme.DefaultStyles())
	m.SetSize(80, 24)
	m = run(m, m.Init())
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "2nd of 4 · $42,500") {
		t.Fatalf("the list lacks alice's place:\n%s", view)
	}
	m = press(m, "enter end")
	want := fmt.Sprintf("Move %d of %d", len(lines), len(lines))
	if view := tuitest.Plain(m.View()); !strings.Contains(view, want) || !strings.Contains(view, "Game over: carol wins.") {
		t.Errorf("replay to the end: view lacks %q or the winner:\n%s", want, view)
	}
}
