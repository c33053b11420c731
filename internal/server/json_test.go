package server_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/rooms"
	"hotels/internal/server"
	"hotels/internal/sshtest"
	"hotels/internal/store"
	"hotels/internal/store/storetest"
)

// Every exec command, the admin ones too, takes --json and then prints one
// JSON value to stdout, and ends with the exit status `help` documents:
// 0 done, 1 refused or failed, 2 not understood. A failure prints nothing
// to stdout and says why on stderr, as text. The cases run in order: the
// keys ones pass on the code `keys add` gave.
func TestEveryCommandJSON(t *testing.T) {
	a := startAdmin(t, func(c *server.Config) { c.BackupDir = t.TempDir() }, server.Options{})
	ctx := context.Background()
	annKey, bobKey, stranger, other := sshtest.NewKey(t), sshtest.NewKey(t), sshtest.NewKey(t), sshtest.NewKey(t)
	ann, bob := signUp(t, a.testServer, "ann", annKey), signUp(t, a.testServer, "bob", bobKey)
	bobP := rooms.Player{ID: bob.ID, Name: bob.Name}

	game, err := a.store.CreateGame(ctx, store.NewGame{Game: "acquire", Rules: "modern", Chance: "hotels-record 1\ngame acquire\n",
		Status: store.StatusPlaying, Seats: []store.Seat{{Index: 0, Account: ann.ID, Name: "ann"}, {Index: 1, Name: "bot1", Bot: "hard"}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.store.FinishGame(ctx, game, "bot1 6100 ann 5900", []store.Outcome{{Place: 2, Score: 5900}, {Place: 1, Score: 6100}}); err != nil {
		t.Fatal(err)
	}
	playing := a.playing(t, ann)
	private, err := a.lobby.Create(ctx, bobP, rooms.Settings{Seats: 2, Private: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := private.AddBot(ctx, bobP, ""); err != nil {
		t.Fatal(err)
	}
	doomed, err := a.lobby.Create(ctx, bobP, rooms.Settings{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	// Issue 24: a bot account waiting for games, for `invite`.
	roboKey := sshtest.NewKey(t)
	signUp(t, a.testServer, "robo", roboKey)
	if _, errOut, status := sshtest.Exec(t, a.addr, roboKey, "account bot --yes"); status != 0 {
		t.Fatalf("account bot --yes: exit %d: %s", status, errOut)
	}
	waitForGames(t, a.addr, roboKey)
	// cat plays in no game, so may open a room (issue 27, N6: ann plays).
	catKey := sshtest.NewKey(t)
	signUp(t, a.testServer, "cat", catKey)
	otherFP := gossh.FingerprintSHA256(other.PublicKey())
	strangerFP := gossh.FingerprintSHA256(stranger.PublicKey())

	type listing []map[string]any
	tests := []struct {
		key    gossh.Signer
		cmd    string
		status int
		check  func(t *testing.T, out string) // of stdout, when status is 0
	}{
		{annKey, "help --json", 0, nil},
		{annKey, "whoami --json", 0, func(t *testing.T, out string) { want(t, out, `"name": "ann"`) }},
		{stranger, "whoami --json", 0, func(t *testing.T, out string) { want(t, out, `"key": "`+strangerFP+`"`) }},
		{annKey, "rooms --json", 0, func(t *testing.T, out string) {
			var got listing
			mustJSON(t, out, &got)
			if len(got) != 2 || got[0]["id"] != doomed.ID || got[1]["id"] != playing.ID || got[1]["status"] != "playing" ||
				got[1]["title"] != "Acquire" || got[1]["free"] != 0.0 {
				t.Errorf("ann's rooms = %v; want %s waiting and %s playing, not bob's private room", got, doomed.ID, playing.ID)
			}
		}},
		{bobKey, "rooms --json", 0, func(t *testing.T, out string) {
			var got listing
			mustJSON(t, out, &got)
			if ids := roomIDs(got); !slices.Contains(ids, private.ID) {
				t.Errorf("bob's rooms = %q, want his private room %s among them", ids, private.ID)
			}
			for _, r := range got {
				host := r["players"].([]any)[0].(map[string]any)
				if r["id"] == private.ID && (host["name"] != "bob" || host["host"] != true) {
					t.Errorf("room %s's first seat = %v, want bob, the host", r["id"], host)
				}
			}
		}},
		{annKey, "games --json", 0, func(t *testing.T, out string) {
			var got listing
			mustJSON(t, out, &got)
			if len(got) != 1 || got[0]["export"] == nil || !strings.HasSuffix(got[0]["export"].(string), "export 1") {
				t.Errorf("ann's games = %v, want game 1 with its export command", got)
			}
		}},
		{stranger, "games ann --json", 0, nil},
		{annKey, "export 1 --json", 0, func(t *testing.T, out string) { want(t, out, `"record": "hotels-record 1`) }},
		{annKey, "leaderboard --json", 0, nil},
		{annKey, "rules --json", 0, func(t *testing.T, out string) { want(t, out, `"title": "Hotel Tycoon"`) }},
		{annKey, "rules holiday --json", 0, func(t *testing.T, out string) { want(t, out, `"text": "`) }},
		{annKey, "profile bob --json", 0, nil},
		{annKey, "settings --json", 0, func(t *testing.T, out string) { want(t, out, `"bell": true`) }},
		{annKey, "settings bell off --json", 0, func(t *testing.T, out string) { want(t, out, `"bell": false`) }},
		{annKey, "keys --json", 0, nil},
		{annKey, "keys list --json", 0, nil},
		{annKey, "keys add --json " + authorized(other), 0, nil},
		{other, "keys confirm {code} --json", 0, func(t *testing.T, out string) { want(t, out, `"name": "ann"`) }},
		{annKey, "keys remove --json " + otherFP, 0, nil},
		{catKey, "new --json --seats 3 --bot random", 0, func(t *testing.T, out string) { want(t, out, `"play": "ssh `) }},
		{catKey, "invite --json {room} robo", 0, func(t *testing.T, out string) { want(t, out, `"robo"`) }},
		{catKey, "start --json {room}", 0, func(t *testing.T, out string) { want(t, out, `"status": "playing"`) }},
		{annKey, "account --json", 0, func(t *testing.T, out string) { want(t, out, `"command": "account bot"`) }},
		{annKey, "bot --json", 0, func(t *testing.T, out string) { want(t, out, `"command": "bot wait"`) }},
		{bobKey, "account bot --yes --json", 0, func(t *testing.T, out string) { want(t, out, `"bot": true`) }},
		{a.admin, "admin --json", 0, func(t *testing.T, out string) { want(t, out, `"command": "admin kick"`) }},
		{a.admin, "admin rooms --json", 0, nil},
		{a.admin, "admin room --json " + playing.ID, 0, nil},
		{a.admin, "admin kick --json " + private.ID + " 2", 0, func(t *testing.T, out string) { want(t, out, `"seat": 2`) }},
		{a.admin, "admin close " + doomed.ID + " --json --reason tidy", 0, nil},
		{a.admin, "admin ban --json --for 1h " + strangerFP, 0, nil},
		{a.admin, "admin bans --json", 0, nil},
		{a.admin, "admin unban --json " + strangerFP, 0, nil},
		{a.admin, "admin players --json", 0, nil},
		{a.admin, "admin broadcast --json hello", 0, nil},
		{a.admin, "admin stats --json", 0, nil},
		{a.admin, "admin audit --json", 0, nil},

		// Refused or failed: 1.
		{annKey, "play nope --json", 1, nil},
		{stranger, "play {room} --json", 1, nil},
		{annKey, "new --game chess --json", 1, nil},
		{annKey, "new --json", 1, nil}, // ann plays in a game already
		{annKey, "new --clock 1s --json", 1, nil},
		{catKey, "start {room} --json", 1, nil}, // started already
		{bobKey, "start " + playing.ID + " --json", 1, nil},
		{catKey, "invite {room} nobody --json", 1, nil},
		{annKey, "account bot --json", 1, nil}, // asks for --yes
		{annKey, "bot wait --json", 1, nil},    // not a bot account
		{bobKey, "bot wait --game chess --json", 1, nil},
		{annKey, "games nobody --json", 1, nil},
		{stranger, "games --json", 1, nil},
		{annKey, "games --limit 0 --json", 1, nil},
		{annKey, "export 99 --json", 1, nil},
		{annKey, "export x --json", 1, nil},
		{annKey, "profile nobody --json", 1, nil},
		{annKey, "rules chess --json", 1, nil},
		{annKey, "settings bell loud --json", 1, nil},
		{stranger, "settings --json", 1, nil},
		{annKey, "leaderboard --game chess --json", 1, nil},
		{annKey, "join " + playing.ID + " --json", 1, nil}, // needs a terminal
		{annKey, "watch " + playing.ID + " --json", 1, nil},
		{annKey, "keys remove SHA256:nope --json", 1, nil},
		{stranger, "keys list --json", 1, nil},
		{annKey, "admin rooms --json", 1, nil},
		{annKey, "admin bogus --json", 1, nil}, // others learn nothing, not even that it is unknown
		{a.admin, "admin watch " + playing.ID + " --json", 1, nil},
		{a.admin, "admin room nope --json", 1, nil},

		// Not understood: 2.
		{annKey, "bogus --json", 2, nil},
		{annKey, "rooms extra --json", 2, nil},
		{annKey, "rooms --bogus", 2, nil},
		{annKey, "export --json", 2, nil},
		{annKey, "games a b --json", 2, nil},
		{annKey, "rules a b --json", 2, nil},
		{annKey, "settings bell --json", 2, nil},
		{annKey, "help bogus --json", 2, nil},
		{annKey, "play --json", 2, nil},
		{annKey, "invite x --json", 2, nil},
		{annKey, "new --seats x --json", 2, nil},
		{a.admin, "admin bogus --json", 2, nil},
		{a.admin, "admin kick --json " + playing.ID, 2, nil},
	}
	// Backups are SQLite's (PostgreSQL's are pg_dump's).
	needless := []string{"join", "watch", "admin watch", "play", "bot wait"}
	if storetest.Postgres() {
		needless = append(needless, "admin backup")
	} else {
		tests = append(tests, struct {
			key    gossh.Signer
			cmd    string
			status int
			check  func(*testing.T, string)
		}{a.admin, "admin backup --json", 0, nil})
	}
	vars := map[string]string{}
	ran := map[string]bool{}
	for _, tt := range tests {
		cmd := tt.cmd
		for k, v := range vars {
			cmd = strings.ReplaceAll(cmd, "{"+k+"}", v)
		}
		out, errOut, status := sshtest.Exec(t, a.addr, tt.key, cmd)
		if status != tt.status {
			t.Errorf("%q: exit %d, want %d; stderr %q", cmd, status, tt.status, errOut)
			continue
		}
		if status != 0 {
			if out != "" || errOut == "" {
				t.Errorf("%q: exit %d with stdout %q and stderr %q; want nothing on stdout and why on stderr", cmd, status, out, errOut)
			}
			continue
		}
		var v any
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Errorf("%q: stdout is not JSON (%v):\n%s", cmd, err, out)
			continue
		}
		if m, ok := v.(map[string]any); ok && m["code"] != nil {
			vars["code"] = m["code"].(string)
		}
		if m, ok := v.(map[string]any); ok && commandOf(cmd) == "new" {
			vars["room"] = m["room"].(string)
		}
		if tt.check != nil {
			tt.check(t, out)
		}
		ran[commandOf(cmd)] = true
	}

	// Every command an admin may run was run above with --json and
	// exit 0, except those that need a terminal, and the streams of
	// docs/protocol.md (`play` and `bot wait`, run to their end by
	// TestPlayOverSSH), which were refused above.
	out, _, _ := sshtest.Exec(t, a.addr, a.admin, "help --json")
	var help struct {
		Commands []struct{ Command string }
		Exit     []struct {
			Status  int
			Meaning string
		} `json:"exit_status"`
	}
	mustJSON(t, out, &help)
	for _, c := range help.Commands {
		if !ran[c.Command] && !slices.Contains(needless, c.Command) {
			t.Errorf("%q is not run with --json by this test", c.Command)
		}
	}
	if len(help.Commands) < 20 {
		t.Errorf("help --json lists %d commands, want every one: %+v", len(help.Commands), help.Commands)
	}
	// The statuses the test checks are those help documents.
	text, _, _ := sshtest.Exec(t, a.addr, annKey, "help")
	for _, e := range help.Exit {
		if e.Status > 2 || !strings.Contains(text, e.Meaning) {
			t.Errorf("exit status %d (%s): not in help, or not checked here:\n%s", e.Status, e.Meaning, text)
		}
	}
	if len(help.Exit) != 3 {
		t.Errorf("help documents exit statuses %+v, want 0, 1 and 2", help.Exit)
	}
}

// commandOf is the command a command line runs: its words before the
// first flag or argument that is not a subcommand.
func commandOf(line string) string {
	var words []string
	for _, w := range strings.Fields(line) {
		if strings.HasPrefix(w, "-") || (len(words) > 0 && !slices.Contains([]string{"admin", "keys", "account", "bot"}, words[0])) || len(words) == 2 {
			break
		}
		words = append(words, w)
	}
	return strings.Join(words, " ")
}

func mustJSON(t *testing.T, out string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(out), v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
}

func want(t *testing.T, out, part string) {
	t.Helper()
	if !strings.Contains(out, part) {
		t.Errorf("output lacks %s:\n%s", part, out)
	}
}

func roomIDs(list []map[string]any) []string {
	var out []string
	for _, r := range list {
		out = append(out, r["id"].(string))
	}
	return out
}
