package server_test

import (
	"encoding/json"
	"strings"
	"testing"

	"hotels/internal/server"
	"hotels/internal/sshtest"
)

// `rules GAME` prints a game's rules for a newcomer, the name in any case;
// with no GAME it lists the games; --json gives {game, title, text}; an
// unknown game fails with a message that lists the known ones.
func TestRules(t *testing.T) {
	ts := startServer(t, server.Options{})
	key := sshtest.NewKey(t)

	out, stderr, status := sshtest.Exec(t, ts.addr, key, "rules")
	if status != 0 {
		t.Fatalf("rules: exit %d, stderr %q", status, stderr)
	}
	for _, want := range []string{"acquire  Acquire\n", "holiday  Holiday AG\n", "tycoon   Hotel Tycoon\n", "rules GAME"} {
		if !strings.Contains(out, want) {
			t.Errorf("rules lacks %q:\n%s", want, out)
		}
	}

	for game, want := range map[string]string{"Acquire": "Found hotel chains", "HOLIDAY": "grand coup", "tycoon": "permission die"} {
		out, stderr, status := sshtest.Exec(t, ts.addr, key, "rules "+game)
		if status != 0 || !strings.Contains(out, "GOAL") || !strings.Contains(out, want) {
			t.Errorf("rules %s: exit %d, stderr %q, stdout lacks GOAL or %q:\n%s", game, status, stderr, want, out)
		}
		if strings.Contains(out, "THIS ROOM'S OPTIONS") {
			t.Errorf("rules %s prints a room's options:\n%s", game, out)
		}
	}

	out, stderr, status = sshtest.Exec(t, ts.addr, key, "rules tycoon --json")
	var r struct{ Game, Title, Text string }
	if status != 0 || json.Unmarshal([]byte(out), &r) != nil {
		t.Fatalf("rules tycoon --json: exit %d, stderr %q, stdout %q", status, stderr, out)
	}
	if r.Game != "tycoon" || r.Title != "Hotel Tycoon" || !strings.HasPrefix(r.Text, "GOAL\n") {
		t.Errorf("rules tycoon --json = %+v", r)
	}

	out, stderr, status = sshtest.Exec(t, ts.addr, key, "rules chess")
	if status != 1 || out != "" || !strings.Contains(stderr, `there is no game "chess": choose acquire, holiday, tycoon`) {
		t.Errorf("rules chess: exit %d, stdout %q, stderr %q", status, out, stderr)
	}
}
