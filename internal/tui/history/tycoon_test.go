package history_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"hotels/internal/engine"
	"hotels/internal/engine/tycoon"
	"hotels/internal/store"
	"hotels/internal/tui/tuitest"
)

// tycoonArchive holds one finished Hotel Tycoon game of alice, bob and
// carol, played at random to its tenth round, dice and all; it returns
// the archive and the game's record lines.
func tycoonArchive(t *testing.T) (*tuitest.Archive, []string) {
	t.Helper()
	names := []string{"alice", "bob", "carol"}
	options := []string{"rounds=10"}
	g, header, err := tycoon.Kind.Deal("", options, names, 0)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	var lines []string
	for {
		seat, ok := g.ToMove()
		if !ok {
			break
		}
		legal := g.Legal(seat)
		a := legal[rng.IntN(len(legal))]
		if err := g.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, engine.JoinLine(names, seat, a.String()))
	}
	seats := make([]store.Seat, len(names))
	var result []string
	for _, st := range g.Standings() {
		seats[st.Seat] = store.Seat{Index: int(st.Seat), Account: store.AccountID(st.Seat + 1), Name: st.Name, Place: st.Place, Score: st.Score}
		result = append(result, fmt.Sprintf("%s %d", st.Name, st.Score))
	}
	at := time.Date(2026, 5, 2, 20, 0, 0, 0, time.UTC)
	return &tuitest.Archive{
		Games: []store.Game{{ID: 7, Game: tycoon.GameName, Options: strings.Join(options, " "), Chance: header,
			Status: store.StatusFinished, Seats: seats, CreatedAt: at, FinishedAt: at.Add(40 * time.Minute), Result: strings.Join(result, " ")}},
		Lines: map[store.GameID][]string{7: lines},
	}, lines
}

// The replay steps through a finished Hotel Tycoon game one record line at
// a time, the throws of the dice included: a move roll's step shows its
// line and the car moving, a permission die's the face it showed, and the
// last step the game's end. At 120×40 every step's events fit; the
// goldens show a step at 80×24 too.
func TestReplayTycoon(t *testing.T) {
	archive, lines := tycoonArchive(t)
	m := press(open(t, archive, 120, 40), "enter")
	if view := tuitest.Plain(m.View()); !strings.Contains(view, "The deal · "+fmt.Sprint(len(lines))+" moves") {
		t.Fatalf("the replay does not open on the deal:\n%s", view)
	}
	rolls, permits := 0, 0
	for i, line := range lines {
		m = press(m, "right")
		view := tuitest.Plain(m.View())
		if !strings.Contains(view, fmt.Sprintf("Move %d of %d", i+1, len(lines))) || !strings.Contains(view, line) {
			t.Fatalf("move %d (%q): the step panel does not show it:\n%s", i+1, line, view)
		}
		var want string
		switch verb, arg, _ := strings.Cut(line, " "); verb {
		case "roll":
			if rolls++; !strings.Contains(view, " rolls "+arg) {
				want = "rolls " + arg
			}
		case "permit":
			if permits++; !strings.Contains(view, "the permission die shows "+arg) {
				want = "the permission die shows " + arg
			}
		}
		if want != "" {
			t.Fatalf("move %d (%q): what happened lacks %q:\n%s", i+1, line, want, view)
		}
		if i+1 == len(lines)/2 {
			tuitest.Golden(t, "middle-120x40", view)
			small := m
			small.SetSize(80, 24)
			tuitest.Golden(t, "middle-80x24", tuitest.Plain(small.View()))
		}
	}
	if rolls == 0 || permits == 0 {
		t.Errorf("the game had %d rolls and %d permits: no throw of each die was stepped through", rolls, permits)
	}
	view := tuitest.Plain(m.View())
	if !strings.Contains(view, "Game over: ") || strings.Contains(view, "The record stops") {
		t.Errorf("the last step is not the game's end:\n%s", view)
	}
	tuitest.Golden(t, "end-120x40", view)
	if got := archive.Calls(); len(got) != 2 || got[1] != "Actions 7" {
		t.Errorf("calls %q, want the list, then game 7's record", got)
	}
}

// The list names each game, a game with no rule sets by its title alone
// (issue 28).
func TestListNamesTheGame(t *testing.T) {
	archive, _ := tycoonArchive(t)
	for _, size := range tuitest.Sizes {
		view := tuitest.Plain(open(t, archive, size[0], size[1]).View())
		if !strings.Contains(view, "  Hotel Tycoon  ") {
			t.Errorf("%dx%d: the list does not name the game:\n%s", size[0], size[1], view)
		}
	}
}
