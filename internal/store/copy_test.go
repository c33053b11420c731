package store_test

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"hotels/internal/store"
)

// Issue 26: `sshd migrate` copies every table of a SQLite database into
// an empty one (PostgreSQL in CI's PostgreSQL pass), rows with their ids,
// counts each table on both sides, and the copy goes on numbering new rows
// after the copied ones; a target that holds rows is refused.
func TestCopy(t *testing.T) {
	ctx := context.Background()
	from, err := store.Open(ctx, filepath.Join(t.TempDir(), "hotels.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer from.Close()
	ann, err := from.CreateAccount(ctx, "Ann", newKey(t))
	if err != nil {
		t.Fatal(err)
	}
	bob, err := from.CreateAccount(ctx, "bob", newKey(t))
	if err != nil {
		t.Fatal(err)
	}
	seats := []store.Seat{{Index: 0, Account: ann.ID, Name: "Ann"}, {Index: 1, Account: bob.ID, Name: "bob"}}
	done, err := from.CreateGame(ctx, store.NewGame{Game: "acquire", Rules: "modern", Seats: seats, Status: store.StatusPlaying})
	if err != nil {
		t.Fatal(err)
	}
	playing, err := from.CreateGame(ctx, store.NewGame{Game: "tycoon", Rules: "standard", Seats: seats,
		Status: store.StatusPlaying, Room: store.Room{ID: "r1", Title: "Ann's table", Host: ann.ID}})
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range []string{"Ann play 1A", "bob play 2B", "Ann end"} {
		if err := from.AppendAction(ctx, done, i+1, line); err != nil {
			t.Fatal(err)
		}
	}
	if err := from.AppendAction(ctx, playing, 1, "- roll 3 4"); err != nil {
		t.Fatal(err)
	}
	if err := from.FinishGame(ctx, done, "Ann 6000, bob 5000", []store.Outcome{{Place: 1, Score: 6000}, {Place: 2, Score: 5000}}); err != nil {
		t.Fatal(err)
	}
	if err := from.RecordRatings(ctx, "acquire", "modern", []store.RatingChange{
		{Game: done, Account: ann.ID, Place: 1, MuBefore: 25, SigmaBefore: 8, MuAfter: 27, SigmaAfter: 7, At: time.Now()},
		{Game: done, Account: bob.ID, Place: 2, MuBefore: 25, SigmaBefore: 8, MuAfter: 23, SigmaAfter: 7, At: time.Now()},
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := from.Ban(ctx, store.NewBan{Account: bob.ID, Target: "bob", Reason: "spam", By: "admin"}); err != nil {
		t.Fatal(err)
	}
	if _, err := from.Audit(ctx, store.AuditEntry{Fingerprint: "SHA256:x", Name: "admin", Command: "ban", Args: "bob"}); err != nil {
		t.Fatal(err)
	}

	to, _ := open(t) // PostgreSQL when the tests run there
	counts, err := store.Copy(ctx, from, to)
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]int64{}
	for _, c := range counts {
		rows[c.Table] = c.Rows
	}
	for table, want := range map[string]int64{"accounts": 2, "keys": 2, "games": 2, "seats": 4, "actions": 4,
		"ratings": 2, "rating_changes": 2, "bans": 1, "admin_audit": 1, "rooms": 1} {
		if rows[table] != want {
			t.Errorf("copied %d rows of %s, want %d", rows[table], table, want)
		}
	}
	for _, id := range []store.GameID{done, playing} {
		a, err := from.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		b, err := to.Game(ctx, id)
		if err != nil {
			t.Fatalf("game %d in the copy: %v", id, err)
		}
		if a.Status != b.Status || a.Result != b.Result || len(a.Seats) != len(b.Seats) || !a.CreatedAt.Equal(b.CreatedAt) {
			t.Errorf("game %d copied as %+v, want %+v", id, b, a)
		}
		al, _ := from.Actions(ctx, id)
		bl, err := to.Actions(ctx, id)
		if err != nil || !slices.Equal(al, bl) {
			t.Errorf("game %d's actions copied as %q (%v), want %q", id, bl, err, al)
		}
	}
	if acct, err := to.AccountByName(ctx, "ann"); err != nil || acct.ID != ann.ID {
		t.Errorf("AccountByName(ann) in the copy = %+v, %v; want id %d (names equal regardless of case)", acct, err, ann.ID)
	}
	// New rows are numbered after the copied ones.
	next, err := to.CreateGame(ctx, store.NewGame{Game: "acquire", Rules: "classic"})
	if err != nil {
		t.Fatal(err)
	}
	if next <= playing {
		t.Errorf("a new game in the copy got id %d, want one after %d", next, playing)
	}
	carol, err := to.CreateAccount(ctx, "carol", newKey(t))
	if err != nil || carol.ID <= bob.ID {
		t.Errorf("a new account in the copy = %+v, %v; want an id after %d", carol, err, bob.ID)
	}

	if _, err := store.Copy(ctx, from, to); err == nil {
		t.Error("a copy into a database that holds rows was not refused")
	}
}
