package store_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"hotels/internal/store"
)

func TestRatings(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	ann, _ := s.CreateAccount(ctx, "ann", keyAlice)
	bob, _ := s.CreateAccount(ctx, "bob", keyBob)
	id, err := s.CreateGame(ctx, store.NewGame{Game: "acquire", Rules: "modern", Ranked: true, Status: store.StatusPlaying,
		Seats: []store.Seat{{Index: 0, Account: ann.ID, Name: "ann"}, {Index: 1, Account: bob.ID, Name: "bob"}}})
	if err != nil {
		t.Fatal(err)
	}
	if g, _ := s.Game(ctx, id); !g.Ranked {
		t.Error("the game is not ranked")
	}
	if got, err := s.Ratings(ctx, "acquire", "modern", []store.AccountID{ann.ID}); err != nil || len(got) != 0 {
		t.Fatalf("ratings before any game = %v, %v", got, err)
	}
	s.FinishGame(ctx, id, "ann 9000 bob 5000", nil)
	err = s.RecordRatings(ctx, "acquire", "modern", []store.RatingChange{
		{Game: id, Account: ann.ID, Place: 1, MuBefore: 25, SigmaBefore: 8.3, MuAfter: 27, SigmaAfter: 8},
		{Game: id, Account: bob.ID, Place: 2, MuBefore: 25, SigmaBefore: 8.3, MuAfter: 23, SigmaAfter: 8},
	})
	if err != nil {
		t.Fatal(err)
	}
	board, err := s.Leaderboard(ctx, "acquire", "modern", 10)
	if err != nil || len(board) != 2 || board[0].Name != "ann" || board[0].Wins != 1 || board[1].Games != 1 {
		t.Fatalf("leaderboard = %+v, %v", board, err)
	}
	if other, _ := s.Leaderboard(ctx, "acquire", "classic", 10); len(other) != 0 {
		t.Errorf("classic leaderboard = %+v, want none", other)
	}
	hist, err := s.RatingHistory(ctx, bob.ID, "acquire", "modern", 10)
	if err != nil || len(hist) != 1 || hist[0].MuAfter != 23 || hist[0].Place != 2 {
		t.Errorf("bob's history = %+v, %v", hist, err)
	}
	mine, err := s.PlayerRatings(ctx, ann.ID)
	if err != nil || len(mine) != 1 || mine[0].Mu != 27 {
		t.Errorf("ann's ratings = %+v, %v", mine, err)
	}
	// A game is rated once.
	if err := s.RecordRatings(ctx, "acquire", "modern", []store.RatingChange{{Game: id, Account: ann.ID, Place: 1}}); err == nil {
		t.Error("rating the same game twice was accepted")
	}
}

// A bot account stays one, and the leaderboard lists the people or the
// bots alone when asked (issue 24).
func TestBotAccountsOnTheLeaderboard(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	ann, _ := s.CreateAccount(ctx, "ann", keyAlice)
	robo, _ := s.CreateAccount(ctx, "robo", keyBob)
	if err := s.MakeBot(ctx, robo.ID); err != nil {
		t.Fatal(err)
	}
	if a, err := s.AccountByKey(ctx, keyBob); err != nil || !a.Bot {
		t.Fatalf("AccountByKey(robo's key) = %+v, %v; want a bot", a, err)
	}
	if a, err := s.AccountByName(ctx, "ann"); err != nil || a.Bot {
		t.Fatalf("AccountByName(ann) = %+v, %v; want a person", a, err)
	}
	if err := s.MakeBot(ctx, 999); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("MakeBot(no account) = %v, want ErrNotFound", err)
	}
	id, _ := s.CreateGame(ctx, store.NewGame{Game: "acquire", Rules: "modern", Ranked: true, Status: store.StatusPlaying,
		Seats: []store.Seat{{Index: 0, Account: ann.ID, Name: "ann"}, {Index: 1, Account: robo.ID, Name: "robo"}}})
	if err := s.RecordRatings(ctx, "acquire", "modern", []store.RatingChange{
		{Game: id, Account: ann.ID, Place: 1, MuAfter: 27, SigmaAfter: 8},
		{Game: id, Account: robo.ID, Place: 2, MuAfter: 23, SigmaAfter: 8},
	}); err != nil {
		t.Fatal(err)
	}
	for who, want := range map[store.Who][]string{store.Everyone: {"ann", "robo"}, store.People: {"ann"}, store.Bots: {"robo"}} {
		board, err := s.LeaderboardOf(ctx, "acquire", "modern", 10, who)
		var got []string
		for _, r := range board {
			got = append(got, r.Name)
			if r.Bot != (r.Name == "robo") {
				t.Errorf("%s's Bot = %v", r.Name, r.Bot)
			}
		}
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("LeaderboardOf(%d) = %q, %v; want %q", who, got, err, want)
		}
	}
}
