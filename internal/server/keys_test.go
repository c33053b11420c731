package server_test

import (
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/server"
)

// A player adds a second key from a signed-in session; that key then signs
// in as the same player.
func TestKeysAdd(t *testing.T) {
	ts := startServer(t, server.Options{})
	laptop, desktop := newKey(t), newKey(t)

	if _, stderr, status := ts.exec(t, laptop, "keys"); status == 0 || !strings.Contains(stderr, "no name yet") {
		t.Errorf("keys before signup: status %d, stderr %q", status, stderr)
	}
	term := ts.openTerminal(t, laptop, 80, 24)
	term.waitFor(t, "Pick the name")
	term.typeKeys(t, "alice\r")
	term.waitFor(t, "alice")

	pub := string(gossh.MarshalAuthorizedKey(desktop.PublicKey()))
	out, stderr, status := ts.exec(t, laptop, "keys add "+strings.TrimSpace(pub)+" me@desktop")
	if status != 0 || !strings.Contains(out, "signs in as alice") {
		t.Fatalf("keys add: status %d, out %q, stderr %q", status, out, stderr)
	}
	out, _, _ = ts.exec(t, desktop, "whoami")
	if !strings.Contains(out, "alice") {
		t.Errorf("whoami with the added key = %q, want alice", out)
	}
	out, _, _ = ts.exec(t, desktop, "keys")
	if strings.Count(out, "SHA256:") != 2 || !strings.Contains(out, "(this session)") {
		t.Errorf("keys = %q, want both keys, this one marked", out)
	}
	for _, bad := range []string{"keys add", "keys add not-a-key", "keys add " + strings.TrimSpace(pub)} {
		if _, stderr, status := ts.exec(t, laptop, bad); status == 0 || stderr == "" {
			t.Errorf("%.30q: status %d, stderr %q; want a clear refusal", bad, status, stderr)
		}
	}
}
