package server_test

import (
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/server"
	"hotels/internal/sshtest"
)

// A player adds a second key from a signed-in session; that key then signs
// in as the same player.
func TestKeysAdd(t *testing.T) {
	ts := startServer(t, server.Options{})
	laptop, desktop := sshtest.NewKey(t), sshtest.NewKey(t)

	if _, stderr, status := sshtest.Exec(t, ts.addr, laptop, "keys"); status == 0 || !strings.Contains(stderr, "no name yet") {
		t.Errorf("keys before signup: status %d, stderr %q", status, stderr)
	}
	term := sshtest.Open(t, ts.addr, laptop, 80, 24)
	term.WaitFor(t, "Pick the name")
	term.Type("alice\r")
	term.WaitFor(t, "Welcome, alice!") // not just "alice": that is on the screen as it is typed

	pub := string(gossh.MarshalAuthorizedKey(desktop.PublicKey()))
	out, stderr, status := sshtest.Exec(t, ts.addr, laptop, "keys add "+strings.TrimSpace(pub)+" me@desktop")
	if status != 0 || !strings.Contains(out, "signs in as alice") {
		t.Fatalf("keys add: status %d, out %q, stderr %q", status, out, stderr)
	}
	out, _, _ = sshtest.Exec(t, ts.addr, desktop, "whoami")
	if !strings.Contains(out, "alice") {
		t.Errorf("whoami with the added key = %q, want alice", out)
	}
	out, _, _ = sshtest.Exec(t, ts.addr, desktop, "keys")
	if strings.Count(out, "SHA256:") != 2 || !strings.Contains(out, "(this session)") {
		t.Errorf("keys = %q, want both keys, this one marked", out)
	}
	for _, bad := range []string{"keys add", "keys add not-a-key", "keys add " + strings.TrimSpace(pub)} {
		if _, stderr, status := sshtest.Exec(t, ts.addr, laptop, bad); status == 0 || stderr == "" {
			t.Errorf("%.30q: status %d, stderr %q; want a clear refusal", bad, status, stderr)
		}
	}
}
