package main

import (
	"bytes"
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hotels/internal/store"
	"hotels/internal/store/storetest"
)

// Issue 26: `sshd migrate` moves a server's SQLite file, with a game in
// play, into an empty PostgreSQL database (in CI's PostgreSQL pass), says
// what it copied and that the counts match; the game reads the same
// there. A second run into the now full database is refused.
func TestMigrateRoundTrip(t *testing.T) {
	if !storetest.Postgres() {
		t.Skip("PostgreSQL only (" + storetest.Env + "): SQLite to PostgreSQL")
	}
	ctx := context.Background()
	from := filepath.Join(t.TempDir(), "hotels.db")
	src, err := store.Open(ctx, from)
	if err != nil {
		t.Fatal(err)
	}
	acct, err := src.CreateAccount(ctx, "ann", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILuilXavsSINjY6uq5pUSTWNUmRzxy48U9I+CfbWtRGG")
	if err != nil {
		t.Fatal(err)
	}
	id, err := src.CreateGame(ctx, store.NewGame{Game: "acquire", Rules: "modern", Status: store.StatusPlaying,
		Seats: []store.Seat{{Index: 0, Account: acct.ID, Name: "ann"}, {Index: 1, Name: "bot1", Bot: "easy"}}})
	if err != nil {
		t.Fatal(err)
	}
	lines := []string{"ann play 1A", "ann buy", "bot1 play 2B", "bot1 buy"}
	for i, l := range lines {
		if err := src.AppendAction(ctx, id, i+1, l); err != nil {
			t.Fatal(err)
		}
	}
	_ = src.Close()

	to := storetest.Data(t)
	migrate := func() (string, error) {
		root := newRootCmd()
		var out bytes.Buffer
		root.SetOut(&out)
		root.SetArgs([]string{"migrate", "--from", from, "--to", to})
		err := root.ExecuteContext(ctx)
		return out.String(), err
	}
	out, err := migrate()
	if err != nil {
		t.Fatalf("sshd migrate: %v", err)
	}
	if !strings.Contains(out, "every table's count matches") || !strings.Contains(out, "actions  4") {
		t.Errorf("sshd migrate said:\n%s", out)
	}
	dst, err := store.Open(ctx, to)
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	if got, err := dst.Actions(ctx, id); err != nil || !slices.Equal(got, lines) {
		t.Errorf("the game's actions on PostgreSQL: %q, %v; want %q", got, err, lines)
	}
	if a, err := dst.AccountByKey(ctx, "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILuilXavsSINjY6uq5pUSTWNUmRzxy48U9I+CfbWtRGG"); err != nil || a.Name != "ann" {
		t.Errorf("ann's key on PostgreSQL: %+v, %v", a, err)
	}
	if _, err := migrate(); err == nil || !strings.Contains(err.Error(), "empty database") {
		t.Errorf("a second migrate into the full database: %v, want refused", err)
	}
}
