package screens_test

import (
	"context"
	"crypto/ed25519"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/rooms"
	"hotels/internal/store"
)

// storeGame saves a game in play to st as its room would have: an account
// for each of names, seated in order, then game (its kind, options, clock
// and header) and its journal lines. It returns the players and the game.
func storeGame(t *testing.T, st *store.Store, names []string, game store.NewGame, lines []string) ([]rooms.Player, store.GameID) {
	t.Helper()
	ctx := context.Background()
	players := make([]rooms.Player, len(names))
	for i, name := range names {
		pub, _, _ := ed25519.GenerateKey(nil)
		key, _ := gossh.NewPublicKey(pub)
		acct, err := st.CreateAccount(ctx, name, string(gossh.MarshalAuthorizedKey(key)))
		if err != nil {
			t.Fatal(err)
		}
		players[i] = rooms.Player{ID: acct.ID, Name: name}
		game.Seats = append(game.Seats, store.Seat{Index: i, Account: acct.ID, Name: name})
	}
	game.Status = store.StatusPlaying
	id, err := st.CreateGame(ctx, game)
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range lines {
		if err := st.AppendAction(ctx, id, i+1, line); err != nil {
			t.Fatal(err)
		}
	}
	return players, id
}
