package main

import (
	"context"
	"errors"
	"testing"

	"hotels/internal/rooms"
	"hotels/internal/store"
	"hotels/internal/store/storetest"
	"hotels/internal/tui/history"
)

// The screens read the store through stored, in their own types: a
// finished game with each seat's place and score, an aborted one with why,
// a missing record as history.ErrNoGame, and the leaderboard's displayed
// ratings.
func TestStored(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, storetest.Data(t))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = st.Close() }()
	ann, err := st.CreateAccount(ctx, "ann", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGgFd6s+gx2uXzVx6wGwdgtM4fBRJfPmMWVd+4LSUIpp ann@laptop")
	if err != nil {
		t.Fatal(err)
	}
	seats := []store.Seat{{Index: 0, Account: ann.ID, Name: "ann"}, {Index: 1, Name: "bot1", Bot: "easy"}}
	done, _ := st.CreateGame(ctx, store.NewGame{Game: "acquire", Rules: "modern", Status: store.StatusPlaying, Seats: seats})
	if err := st.FinishGame(ctx, done, "bot1 7000 ann 6000", []store.Outcome{{Place: 2, Score: 6000}, {Place: 1, Score: 7000}}); err != nil {
		t.Fatal(err)
	}
	if err := st.RecordRatings(ctx, "acquire", "modern", []store.RatingChange{{Game: done, Account: ann.ID, Place: 2, MuBefore: 25, SigmaBefore: 8, MuAfter: 30, SigmaAfter: 2}}); err != nil {
		t.Fatal(err)
	}
	left, _ := st.CreateGame(ctx, store.NewGame{Game: "acquire", Rules: "modern", Status: store.StatusPlaying, Seats: seats})
	if err := st.AbortGame(ctx, left, "ended by a vote of ann"); err != nil {
		t.Fatal(err)
	}

	s := newStored(st, nil)
	p := rooms.Player{ID: ann.ID, Name: "ann"}
	got, err := s.Recent(ctx, p, 10)
	if err != nil || len(got) != 2 {
		t.Fatalf("Recent = %+v, %v; want two games", got, err)
	}
	if g := got[1]; g.Status != history.Finished || g.Seats[0].Player != p || g.Seats[0].Place != 2 || g.Seats[1].Score != 7000 || g.Seats[1].Player.ID != 0 {
		t.Errorf("the finished game = %+v; want ann 2nd, the bot's 7000", g)
	}
	if g := got[0]; g.Status != history.Aborted || g.Why != "ended by a vote of ann" {
		t.Errorf("the aborted game = %+v; want why it ended", g)
	}
	if _, err := s.Record(ctx, 99); !errors.Is(err, history.ErrNoGame) {
		t.Errorf("Record(no such game) = %v, want ErrNoGame", err)
	}
	board, err := s.Leaderboard(ctx, "acquire", "modern", 10)
	if err != nil || len(board) != 1 || board[0].Player != p || board[0].Rating != 1000+40*24 || board[0].Games != 1 {
		t.Errorf("Leaderboard = %+v, %v; want ann at %d after one game", board, err, 1000+40*24)
	}
}
