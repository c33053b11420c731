package store_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"hotels/internal/store"
)

func newGame(t *testing.T, s *store.Store, seats ...store.Seat) store.GameID {
	t.Helper()
	id, err := s.CreateGame(context.Background(), store.NewGame{
		Game:   "acquire",
		Rules:  "modern",
		Chance: "1A 2B 3C",
		Seats:  seats,
	})
	if err != nil {
		t.Fatalf("CreateGame = %v", err)
	}
	return id
}

func TestCreateGameRoundTrip(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	a, err := s.CreateAccount(ctx, "alice", keyAlice)
	if err != nil {
		t.Fatal(err)
	}
	id := newGame(t, s, store.Seat{Index: 0, Account: a.ID, Name: "alice"}, store.Seat{Index: 1, Name: "bot-1", Bot: "hard"})

	g, err := s.Game(ctx, id)
	if err != nil {
		t.Fatalf("Game(%d) = %v", id, err)
	}
	want := []store.Seat{{Index: 0, Account: a.ID, Name: "alice"}, {Index: 1, Name: "bot-1", Bot: "hard"}}
	if g.Game != "acquire" || g.Rules != "modern" || g.Chance != "1A 2B 3C" ||
		g.Status != store.StatusWaiting || !slices.Equal(g.Seats, want) || g.CreatedAt.IsZero() || !g.FinishedAt.IsZero() {
		t.Errorf("Game(%d) = %+v", id, g)
	}
	if _, err := s.Game(ctx, id+1); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Game(unknown) = %v, want ErrNotFound", err)
	}
}

func TestCreateGameRejects(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	tests := []struct {
		name string
		g    store.NewGame
		want error
	}{
		{"no game", store.NewGame{Rules: "modern"}, nil},
		{"finished", store.NewGame{Game: "acquire", Rules: "modern", Status: store.StatusFinished}, nil},
		{"unknown account", store.NewGame{Game: "acquire", Rules: "modern",
			Seats: []store.Seat{{Index: 0, Account: 99, Name: "ghost"}}}, store.ErrNotFound},
		{"same seat twice", store.NewGame{Game: "acquire", Rules: "modern",
			Seats: []store.Seat{{Index: 0, Name: "a"}, {Index: 0, Name: "b"}}}, store.ErrConflict},
	}
	for _, tt := range tests {
		_, err := s.CreateGame(ctx, tt.g)
		if err == nil || (tt.want != nil && !errors.Is(err, tt.want)) {
			t.Errorf("CreateGame(%s) = %v, want error %v", tt.name, err, tt.want)
		}
	}
	// Failed creates roll back completely.
	if games, err := s.UnfinishedGames(ctx); err != nil || len(games) != 0 {
		t.Errorf("UnfinishedGames after failed creates = %d games, %v; want none", len(games), err)
	}
}

func TestAppendAndReadActions(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	id := newGame(t, s)

	if got, err := s.Actions(ctx, id); err != nil || len(got) != 0 {
		t.Fatalf("Actions(new game) = %q, %v; want none", got, err)
	}
	var want []string
	for seq := 1; seq <= 12; seq++ {
		line := fmt.Sprintf("alice play %dA", seq)
		if err := s.AppendAction(ctx, id, seq, line); err != nil {
			t.Fatalf("AppendAction(%d, %d, %q) = %v", id, seq, line, err)
		}
		want = append(want, line)
	}
	got, err := s.Actions(ctx, id)
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("Actions(%d) = %q, %v; want %q", id, got, err, want)
	}
	if got, err := s.ActionsAfter(ctx, id, 9); err != nil || !slices.Equal(got, want[9:]) {
		t.Errorf("ActionsAfter(%d, 9) = %q, %v; want %q", id, got, err, want[9:])
	}
	if got, err := s.ActionsAfter(ctx, id, 12); err != nil || len(got) != 0 {
		t.Errorf("ActionsAfter(%d, 12) = %q, %v; want none", id, got, err)
	}

	// Another game's actions stay separate.
	other := newGame(t, s)
	if err := s.AppendAction(ctx, other, 1, "bob buy Tower"); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Actions(ctx, id); len(got) != 12 {
		t.Errorf("Actions(%d) after appending to %d has %d lines, want 12", id, other, len(got))
	}
}

func TestAppendActionRefuses(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	id := newGame(t, s)
	if err := s.AppendAction(ctx, id, 1, "alice play 1A"); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		game store.GameID
		seq  int
		want error
	}{
		{"duplicate", id, 1, store.ErrConflict},
		{"gap", id, 3, store.ErrConflict},
		{"zero", id, 0, store.ErrConflict},
		{"unknown game", id + 1, 1, store.ErrNotFound},
	}
	for _, tt := range tests {
		if err := s.AppendAction(ctx, tt.game, tt.seq, "x"); !errors.Is(err, tt.want) {
			t.Errorf("AppendAction(%s: game %d, seq %d) = %v, want %v", tt.name, tt.game, tt.seq, err, tt.want)
		}
	}
	if _, err := s.Actions(ctx, id+1); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Actions(unknown game) = %v, want ErrNotFound", err)
	}
	// The last action again, as a retry after a lost commit answer: saved
	// once, and the game goes on.
	if err := s.AppendAction(ctx, id, 1, "alice play 1A"); err != nil {
		t.Errorf("AppendAction(the last action again) = %v, want nil", err)
	}
	if lines, err := s.Actions(ctx, id); err != nil || len(lines) != 1 {
		t.Errorf("Actions after a retry = %q, %v; want the action once", lines, err)
	}

	// Several actions at once (a move and the throw it made due) are
	// saved all or none, and their retry too.
	for _, tt := range []struct {
		name  string
		seq   int
		lines []string
		want  error
	}{
		{"two after the last", 2, []string{"alice play 2A", "roll 4"}, nil},
		{"the retry of both", 2, []string{"alice play 2A", "roll 4"}, nil},
		{"a retry that throws again", 2, []string{"alice play 2A", "roll 5"}, store.ErrConflict},
		{"the first a duplicate", 3, []string{"roll 4", "alice play 4A"}, store.ErrConflict},
		{"a gap", 5, []string{"alice play 5A", "roll 1"}, store.ErrConflict},
		{"none", 4, nil, nil},
	} {
		if err := s.AppendAction(ctx, id, tt.seq, tt.lines...); !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
			t.Errorf("AppendAction(%s: seq %d, %q) = %v, want %v", tt.name, tt.seq, tt.lines, err, tt.want)
		}
	}
	if lines, err := s.Actions(ctx, id); err != nil || fmt.Sprint(lines) != "[alice play 1A alice play 2A roll 4]" {
		t.Errorf("Actions after appending two at once = %q, %v", lines, err)
	}

	if err := s.FinishGame(ctx, id, "alice 6000", nil); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendAction(ctx, id, 4, "alice play 4A", "roll 2"); !errors.Is(err, store.ErrConflict) {
		t.Errorf("AppendAction(two to a finished game) = %v, want ErrConflict", err)
	}
	if err := s.AppendAction(ctx, id, 4, "alice play 4A"); !errors.Is(err, store.ErrConflict) {
		t.Errorf("AppendAction(finished game) = %v, want ErrConflict", err)
	}
}

// TestGameWithoutRules: a game with no rule sets is stored with none, and
// finishing it stores each seat's place and score as the game decided them.
func TestGameWithoutRules(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	id, err := s.CreateGame(ctx, store.NewGame{Game: "tycoon", Status: store.StatusPlaying,
		Seats: []store.Seat{{Index: 0, Name: "ann"}, {Index: 1, Name: "bob"}, {Index: 2, Name: "cy"}}})
	if err != nil {
		t.Fatalf("CreateGame(no rules) = %v", err)
	}
	if err := s.FinishGame(ctx, id, "bob 900 ann 0 cy 0", []store.Outcome{{Place: 3, Score: 0}, {Place: 1, Score: 900}, {Place: 2, Score: 0}}); err != nil {
		t.Fatal(err)
	}
	g, err := s.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var got []store.Outcome
	for _, st := range g.Seats {
		got = append(got, store.Outcome{Place: st.Place, Score: st.Score})
	}
	if want := []store.Outcome{{Place: 3, Score: 0}, {Place: 1, Score: 900}, {Place: 2, Score: 0}}; g.Rules != "" || g.Status != store.StatusFinished || !slices.Equal(got, want) {
		t.Errorf("Game(%d) = rules %q, %s, outcomes %v; want no rules, finished, outcomes %v", id, g.Rules, g.Status, got, want)
	}
	other := newGame(t, s, store.Seat{Index: 0, Name: "ann"})
	if err := s.FinishGame(ctx, other, "ann 1", []store.Outcome{{Place: 1, Score: 1}, {Place: 2, Score: 0}}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("FinishGame(a place for a seat the game lacks) = %v, want ErrNotFound", err)
	}
	if g, _ := s.Game(ctx, other); g.Status.Done() {
		t.Errorf("a refused FinishGame left the game %s, want it unchanged", g.Status)
	}
}

func TestStatusLifecycle(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	playing, aborted, finished := newGame(t, s), newGame(t, s), newGame(t, s)
	waiting := newGame(t, s)

	if err := s.SetStatus(ctx, playing, store.StatusPlaying); err != nil {
		t.Fatal(err)
	}
	if err := s.SetStatus(ctx, aborted, store.StatusAborted); err != nil {
		t.Fatal(err)
	}
	if err := s.FinishGame(ctx, finished, "alice wins", nil); err != nil {
		t.Fatal(err)
	}

	g, err := s.Game(ctx, finished)
	if err != nil || g.Status != store.StatusFinished || g.Result != "alice wins" || g.FinishedAt.IsZero() {
		t.Errorf("Game(finished) = %+v, %v", g, err)
	}
	if g, _ := s.Game(ctx, aborted); g.FinishedAt.IsZero() {
		t.Errorf("aborted game has no finished_at")
	}

	// Done games cannot move.
	for _, id := range []store.GameID{aborted, finished} {
		if err := s.SetStatus(ctx, id, store.StatusPlaying); !errors.Is(err, store.ErrConflict) {
			t.Errorf("SetStatus(done game %d, playing) = %v, want ErrConflict", id, err)
		}
		if err := s.FinishGame(ctx, id, "again", nil); !errors.Is(err, store.ErrConflict) {
			t.Errorf("FinishGame(done game %d) = %v, want ErrConflict", id, err)
		}
	}
	if err := s.SetStatus(ctx, playing, store.StatusFinished); err == nil {
		t.Errorf("SetStatus(finished) = nil error, want a pointer to FinishGame")
	}
	if err := s.SetStatus(ctx, 999, store.StatusPlaying); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetStatus(unknown game) = %v, want ErrNotFound", err)
	}

	games, err := s.UnfinishedGames(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var ids []store.GameID
	for _, g := range games {
		ids = append(ids, g.ID)
	}
	if want := []store.GameID{playing, waiting}; !slices.Equal(ids, want) {
		t.Errorf("UnfinishedGames() = %v, want %v", ids, want)
	}
}

func TestWithTxRollsBack(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	id := newGame(t, s)
	boom := errors.New("boom")
	err := s.WithTx(ctx, func(tx *store.Tx) error {
		if err := tx.AppendAction(ctx, id, 1, "alice play 1A"); err != nil {
			return err
		}
		if err := tx.SetStatus(ctx, id, store.StatusPlaying); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("WithTx = %v, want boom", err)
	}
	if got, _ := s.Actions(ctx, id); len(got) != 0 {
		t.Errorf("Actions after rollback = %q, want none", got)
	}
	if g, _ := s.Game(ctx, id); g.Status != store.StatusWaiting {
		t.Errorf("status after rollback = %s, want waiting", g.Status)
	}

	err = s.WithTx(ctx, func(tx *store.Tx) error {
		if err := tx.AppendAction(ctx, id, 1, "alice play 1A"); err != nil {
			return err
		}
		return tx.FinishGame(ctx, id, "done", nil)
	})
	if err != nil {
		t.Fatalf("WithTx(commit) = %v", err)
	}
	if got, _ := s.Actions(ctx, id); len(got) != 1 {
		t.Errorf("Actions after commit = %q, want one line", got)
	}
}

func TestRecentGames(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	ann, err := s.CreateAccount(ctx, "ann", keyAlice)
	if err != nil {
		t.Fatal(err)
	}
	var ids []store.GameID
	for i := range 3 {
		seats := []store.Seat{{Index: 0, Name: "bot1"}}
		if i != 1 {
			seats = append(seats, store.Seat{Index: 1, Account: ann.ID, Name: "ann"})
		}
		id, err := s.CreateGame(ctx, store.NewGame{Game: "acquire", Rules: "modern", Seats: seats})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	games, err := s.RecentGames(ctx, ann.ID, 10)
	if err != nil || len(games) != 2 || games[0].ID != ids[2] || games[1].ID != ids[0] || len(games[0].Seats) != 2 {
		t.Fatalf("RecentGames = %+v, %v; want games %d and %d, newest first, with seats", games, err, ids[2], ids[0])
	}
	if games, _ := s.RecentGames(ctx, ann.ID, 1); len(games) != 1 {
		t.Errorf("limit 1 gave %d games", len(games))
	}

	// Only games over are finished games, however many are still on.
	if err := s.AbortGame(ctx, ids[0], "test"); err != nil {
		t.Fatal(err)
	}
	games, err = s.FinishedGames(ctx, ann.ID, 1)
	if err != nil || len(games) != 1 || games[0].ID != ids[0] {
		t.Fatalf("FinishedGames = %+v, %v; want game %d alone", games, err, ids[0])
	}
}

// A game's seats say which are bot accounts' (issue 24), as the accounts
// are now, so that the history marks them.
func TestSeatsMarkBotAccounts(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	ann, _ := s.CreateAccount(ctx, "ann", keyAlice)
	robo, _ := s.CreateAccount(ctx, "robo", keyBob)
	id := newGame(t, s, store.Seat{Index: 0, Account: ann.ID, Name: "ann"}, store.Seat{Index: 1, Account: robo.ID, Name: "robo"},
		store.Seat{Index: 2, Name: "bot1", Bot: "normal"})
	if err := s.MakeBot(ctx, robo.ID); err != nil {
		t.Fatal(err)
	}
	marks := func(seats []store.Seat) []bool {
		var out []bool
		for _, st := range seats {
			out = append(out, st.BotAccount)
		}
		return out
	}
	want := []bool{false, true, false}
	g, err := s.Game(ctx, id)
	if err != nil || !slices.Equal(marks(g.Seats), want) {
		t.Errorf("Game's bot accounts = %v, %v; want %v", marks(g.Seats), err, want)
	}
	recent, err := s.RecentGames(ctx, ann.ID, 10)
	if err != nil || len(recent) != 1 || !slices.Equal(marks(recent[0].Seats), want) {
		t.Errorf("RecentGames = %+v, %v; want seats marked %v", recent, err, want)
	}
	// A waiting room's seats too, as another server reads them.
	w := store.WaitingRoom{Room: store.Room{ID: "abcd", Title: "t", Host: ann.ID}, Game: "acquire", Rules: "modern", Seats: 3,
		Taken: []store.Seat{{Index: 0, Account: ann.ID, Name: "ann"}, {Index: 1, Account: robo.ID, Name: "robo"}, {Index: 2, Name: "bot1", Bot: "normal"}}}
	if err := s.SaveWaitingRoom(ctx, w); err != nil {
		t.Fatal(err)
	}
	found, err := s.FindRoom(ctx, "abcd")
	if err != nil || found.Waiting == nil || !slices.Equal(marks(found.Waiting.Taken), want) {
		t.Errorf("FindRoom = %+v, %v; want the waiting seats marked %v", found, err, want)
	}
}
