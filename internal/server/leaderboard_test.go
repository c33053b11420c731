package server_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/server"
	"hotels/internal/sshtest"
	"hotels/internal/store"
)

// ranked stores two ranked modern games of ann, bob and a bot, rated as
// rooms rate them, and returns the accounts. ann wins both and founds
// Tower twice, Festival once.
func ranked(t *testing.T, st *store.Store) (ann, bob store.Account) {
	t.Helper()
	ctx := context.Background()
	var err error
	if ann, err = st.CreateAccount(ctx, "ann", keyText(sshtest.NewKey(t))); err != nil {
		t.Fatal(err)
	}
	if bob, err = st.CreateAccount(ctx, "bob", keyText(sshtest.NewKey(t))); err != nil {
		t.Fatal(err)
	}
	seats := []store.Seat{{Index: 0, Account: ann.ID, Name: "ann"}, {Index: 1, Account: bob.ID, Name: "bob"}, {Index: 2, Name: "bot1", Bot: "easy"}}
	mu := map[store.AccountID]float64{ann.ID: 25, bob.ID: 25}
	sigma := 25.0 / 3
	for _, lines := range [][]string{{"ann found Tower", "bob found Luxor"}, {"ann found Tower", "ann found Festival"}} {
		id, err := st.CreateGame(ctx, store.NewGame{Game: "acquire", Rules: "modern", Ranked: true, Status: store.StatusPlaying, Seats: seats})
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range lines {
			if err := st.AppendAction(ctx, id, i+1, l); err != nil {
				t.Fatal(err)
			}
		}
		if err := st.FinishGame(ctx, id, "ann 9000 bob 5000 bot1 100", []store.Outcome{{Place: 1, Score: 9000}, {Place: 2, Score: 5000}, {Place: 3, Score: 100}}); err != nil {
			t.Fatal(err)
		}
		err = st.RecordRatings(ctx, "acquire", "modern", []store.RatingChange{
			{Game: id, Account: ann.ID, Place: 1, MuBefore: mu[ann.ID], SigmaBefore: sigma, MuAfter: mu[ann.ID] + 2, SigmaAfter: sigma - 0.5},
			{Game: id, Account: bob.ID, Place: 2, MuBefore: mu[bob.ID], SigmaBefore: sigma, MuAfter: mu[bob.ID] - 2, SigmaAfter: sigma - 0.5},
		})
		if err != nil {
			t.Fatal(err)
		}
		mu[ann.ID], mu[bob.ID], sigma = mu[ann.ID]+2, mu[bob.ID]-2, sigma-0.5
	}
	return ann, bob
}

// keyText is k in authorized_keys form, as the store keeps keys.
func keyText(k gossh.Signer) string {
	return strings.TrimSpace(string(gossh.MarshalAuthorizedKey(k.PublicKey())))
}

func TestLeaderboard(t *testing.T) {
	ts := startServer(t, server.Options{})
	ranked(t, ts.store)
	key := sshtest.NewKey(t) // anyone may read it, named or not

	out, stderr, status := sshtest.Exec(t, ts.addr, key, "leaderboard")
	if status != 0 {
		t.Fatalf("leaderboard: exit %d, stderr %q", status, stderr)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], "RANK") || !strings.Contains(lines[1], "ann") || !strings.Contains(lines[2], "bob") {
		t.Errorf("leaderboard:\n%s", out)
	}
	if f := strings.Fields(lines[1]); len(f) != 6 || f[0] != "1" || f[3] != "2" || f[4] != "2" || f[5] != "100%" {
		t.Errorf("ann's row = %q, want rank 1, 2 games, 2 wins, 100%%", lines[1])
	}

	out, stderr, status = sshtest.Exec(t, ts.addr, key, "leaderboard --json --limit 1")
	if status != 0 {
		t.Fatalf("leaderboard --json: exit %d, stderr %q", status, stderr)
	}
	var board struct {
		Game, Rules string
		Players     []map[string]any
	}
	if err := json.Unmarshal([]byte(out), &board); err != nil {
		t.Fatalf("leaderboard --json: %v\n%s", err, out)
	}
	if board.Game != "acquire" || board.Rules != "modern" || len(board.Players) != 1 {
		t.Fatalf("leaderboard --json --limit 1:\n%s", out)
	}
	for _, k := range []string{"rank", "name", "rating", "games", "wins", "win_rate"} {
		if _, ok := board.Players[0][k]; !ok {
			t.Errorf("a player in leaderboard --json has no %q:\n%s", k, out)
		}
	}

	// No classic game yet: nothing on stdout, a word on stderr, success.
	out, stderr, status = sshtest.Exec(t, ts.addr, key, "leaderboard --rules classic")
	if status != 0 || out != "" || !strings.Contains(stderr, "No ranked Acquire classic game has been played yet.") {
		t.Errorf("empty classic board: exit %d, stdout %q, stderr %q", status, out, stderr)
	}
	if out, _, _ := sshtest.Exec(t, ts.addr, key, "leaderboard --rules classic --json"); !strings.Contains(out, `"players": []`) {
		t.Errorf("empty classic board in JSON:\n%s", out)
	}
	for bad, why := range map[string]string{
		"leaderboard --rules nope": `Acquire has no rules "nope": choose modern or classic`,
		"leaderboard --limit 0":    "--limit must be 1 to 100",
		"leaderboard --game chess": `there is no game "chess": choose acquire`,
		"leaderboard --limit x":    "invalid argument",
		"leaderboard extra":        "unknown command",
	} {
		out, stderr, status := sshtest.Exec(t, ts.addr, key, bad)
		if status == 0 || out != "" || !strings.Contains(stderr, why) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want a failure saying %q", bad, status, out, stderr, why)
		}
	}
}

func TestProfile(t *testing.T) {
	ts := startServer(t, server.Options{})
	ranked(t, ts.store)
	key := sshtest.NewKey(t)

	out, stderr, status := sshtest.Exec(t, ts.addr, key, "profile ANN") // names are matched without case
	if status != 0 {
		t.Fatalf("profile: exit %d, stderr %q", status, stderr)
	}
	for _, want := range []string{"ann\n", "acquire  modern", "Rating history, Acquire modern", "Acquire modern  yes", "Recent games", "ann, bob, bot1",
		"Favourite chains (founded, last 50 games): Tower 2, Festival 1"} {
		if !strings.Contains(out, want) {
			t.Errorf("profile lacks %q:\n%s", want, out)
		}
	}

	out, stderr, status = sshtest.Exec(t, ts.addr, key, "profile bob --json")
	if status != 0 {
		t.Fatalf("profile --json: exit %d, stderr %q", status, stderr)
	}
	var p struct {
		Name    string `json:"name"`
		Ratings []struct {
			Game, Rules         string
			Rating, Games, Wins int
			History             []map[string]any
		} `json:"ratings"`
		Recent     []map[string]any `json:"recent_games"`
		Favourites []struct {
			Game   string `json:"game"`
			Title  string `json:"title"`
			Counts []struct {
				Name  string `json:"name"`
				Count int    `json:"count"`
			} `json:"counts"`
		} `json:"favourites"`
	}
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatalf("profile --json: %v\n%s", err, out)
	}
	if p.Name != "bob" || len(p.Ratings) != 1 || p.Ratings[0].Games != 2 || p.Ratings[0].Wins != 0 || len(p.Ratings[0].History) != 2 {
		t.Errorf("profile bob --json:\n%s", out)
	}
	// Every game's tally is listed; bob has played Acquire only.
	if len(p.Recent) != 2 || len(p.Favourites) < 1 || p.Favourites[0].Game != "acquire" || p.Favourites[0].Title != "Favourite chains" ||
		len(p.Favourites[0].Counts) != 1 || p.Favourites[0].Counts[0].Name != "Luxor" || p.Favourites[0].Counts[0].Count != 1 {
		t.Errorf("bob's games and chains:\n%s", out)
	}
	for _, f := range p.Favourites[1:] {
		if len(f.Counts) != 0 {
			t.Errorf("bob played no %s, yet its tally counts %v", f.Game, f.Counts)
		}
	}
	for _, k := range []string{"game_id", "at", "place", "before", "after"} {
		if _, ok := p.Ratings[0].History[0][k]; !ok {
			t.Errorf("a rating change has no %q:\n%s", k, out)
		}
	}
	for _, k := range []string{"id", "game", "rules", "ranked", "status", "started", "players", "place", "score"} {
		if _, ok := p.Recent[0][k]; !ok {
			t.Errorf("a recent game has no %q:\n%s", k, out)
		}
	}

	for bad, why := range map[string]string{
		"profile nobody": `there is no player named "nobody"`,
		"profile":        "accepts 1 arg(s), received 0",
	} {
		out, stderr, status := sshtest.Exec(t, ts.addr, key, bad)
		if status == 0 || out != "" || !strings.Contains(stderr, why) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want a failure saying %q", bad, status, out, stderr, why)
		}
	}
}
