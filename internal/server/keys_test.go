package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/server"
	"hotels/internal/sshtest"
	"hotels/internal/store/storetest"
)

// codeIn finds the one-time code in what `keys add` printed.
var codeIn = regexp.MustCompile(`keys confirm ([A-Z2-7]+)`)

// addKey runs `keys add` for key from a session of by and returns the code.
func addKey(t *testing.T, ts *testServer, by, key gossh.Signer) string {
	t.Helper()
	out, stderr, status := sshtest.Exec(t, ts.addr, by, "keys add "+authorized(key)+" me@desktop")
	m := codeIn.FindStringSubmatch(out)
	if status != 0 || m == nil {
		t.Fatalf("keys add: status %d, out %q, stderr %q; want a code", status, out, stderr)
	}
	return m[1]
}

// whoami is the name key signs in as, "" if none.
func whoami(t *testing.T, ts *testServer, key gossh.Signer) string {
	t.Helper()
	out, _, _ := sshtest.Exec(t, ts.addr, key, "whoami")
	name, _, _ := strings.Cut(strings.TrimPrefix(out, "name\t"), "\n")
	if !strings.HasPrefix(out, "name\t") {
		return ""
	}
	return name
}

// refused runs cmd as key and checks that it fails saying want.
func wantRefused(t *testing.T, ts *testServer, key gossh.Signer, cmd, want string) {
	t.Helper()
	_, stderr, status := sshtest.Exec(t, ts.addr, key, cmd)
	if status == 0 || !strings.Contains(stderr, want) {
		t.Errorf("%.60s: status %d, stderr %q; want a refusal saying %q", cmd, status, stderr, want)
	}
}

// wantKeyAudit checks that the audit log has command, run by a session
// signed with by, with an outcome containing outcome.
func wantKeyAudit(t *testing.T, ts *testServer, command string, by gossh.Signer, outcome string) {
	t.Helper()
	log, err := ts.store.AuditLog(context.Background(), 100)
	if err != nil {
		t.Fatal(err)
	}
	fp := gossh.FingerprintSHA256(by.PublicKey())
	var seen []string
	for _, e := range log {
		if e.Command == command && e.Fingerprint == fp && strings.Contains(e.Outcome, outcome) {
			return
		}
		seen = append(seen, fmt.Sprintf("%s %q by %s → %q", e.Command, e.Args, e.Fingerprint, e.Outcome))
	}
	t.Errorf("audit log lacks %q by %s with outcome %q; it has:\n%s", command, fp, outcome, strings.Join(seen, "\n"))
}

// F2: a key joins an account only when a session signed with it confirms
// the code `keys add` gave; the code works once.
func TestF2KeysConfirm(t *testing.T) {
	ts := startServer(t, server.Options{})
	laptop, desktop := sshtest.NewKey(t), sshtest.NewKey(t)

	wantRefused(t, ts, laptop, "keys", "no name yet")
	signUp(t, ts, "alice", laptop)

	code := addKey(t, ts, laptop, desktop)
	if got := whoami(t, ts, desktop); got != "" {
		t.Fatalf("whoami with an unconfirmed key = %q, want no name", got)
	}
	out, _, _ := sshtest.Exec(t, ts.addr, laptop, "keys list")
	if !strings.Contains(out, gossh.FingerprintSHA256(desktop.PublicKey())+"\tssh-ed25519\t(waiting for confirmation") {
		t.Errorf("keys list = %q, want the desktop key waiting", out)
	}
	out, stderr, status := sshtest.Exec(t, ts.addr, desktop, "keys confirm "+code)
	if status != 0 || !strings.Contains(out, "now signs in as alice") {
		t.Fatalf("keys confirm: status %d, out %q, stderr %q", status, out, stderr)
	}
	if got := whoami(t, ts, desktop); got != "alice" {
		t.Errorf("whoami with the confirmed key = %q, want alice", got)
	}
	wantRefused(t, ts, desktop, "keys confirm "+code, "unknown, used or expired")
	wantRefused(t, ts, laptop, "keys add "+authorized(desktop), "already signs in as you")

	bare, _, _ := sshtest.Exec(t, ts.addr, desktop, "keys --json")
	out, _, _ = sshtest.Exec(t, ts.addr, desktop, "keys list --json")
	if bare != out {
		t.Errorf("keys --json = %q, want what keys list --json says, %q", bare, out)
	}
	var l struct {
		Keys []struct {
			Fingerprint string `json:"fingerprint"`
			ThisSession bool   `json:"this_session"`
		} `json:"keys"`
		Pending []any `json:"pending"`
	}
	if err := json.Unmarshal([]byte(out), &l); err != nil {
		t.Fatalf("keys list --json = %q: %v", out, err)
	}
	if len(l.Keys) != 2 || len(l.Pending) != 0 || l.Keys[0].ThisSession || !l.Keys[1].ThisSession {
		t.Errorf("keys list --json = %+v; want both keys, the second this session's, none pending", l)
	}
	wantKeyAudit(t, ts, "keys add", laptop, "ok")
	wantKeyAudit(t, ts, "keys confirm", desktop, "ok")
	wantKeyAudit(t, ts, "keys confirm", desktop, "unknown, used or expired")

	for _, bad := range []string{"keys add", "keys add not-a-key", "keys confirm", "keys remove"} {
		if _, stderr, status := sshtest.Exec(t, ts.addr, laptop, bad); status == 0 || stderr == "" {
			t.Errorf("%q: status %d, stderr %q; want a clear refusal", bad, status, stderr)
		}
	}
}

// F2: a published public key cannot be claimed: a code for it is of no
// use without the private key, and one bound to an account is refused when
// its holder confirms (mallory, asking, learns nothing of it: N10).
func TestF2StealPublishedKeyRefused(t *testing.T) {
	ts := startServer(t, server.Options{})
	mallory, bob, victim := sshtest.NewKey(t), sshtest.NewKey(t), sshtest.NewKey(t)
	signUp(t, ts, "mallory", mallory)
	signUp(t, ts, "bob", bob)

	bobs := addKey(t, ts, mallory, bob)
	wantRefused(t, ts, bob, "keys confirm "+bobs, "already signs in to an account")
	if got := whoami(t, ts, bob); got != "bob" {
		t.Errorf("whoami(bob) = %q after mallory's attempt, want bob", got)
	}

	code := addKey(t, ts, mallory, victim)
	wantRefused(t, ts, mallory, "keys confirm "+code, "that code is for another key")
	wantRefused(t, ts, bob, "keys confirm "+code, "that code is for another key")
	if got := whoami(t, ts, victim); got != "" {
		t.Errorf("whoami(victim) = %q, want no name: only the key's holder can confirm", got)
	}
	wantKeyAudit(t, ts, "keys confirm", mallory, "for another key")
}

// F2: a key that already belongs to another account cannot confirm a code
// made for it meanwhile, and a code works only for the account that asked.
func TestF2WrongAccountRefused(t *testing.T) {
	ts := startServer(t, server.Options{})
	alice, carol, desktop := sshtest.NewKey(t), sshtest.NewKey(t), sshtest.NewKey(t)
	signUp(t, ts, "alice", alice)
	signUp(t, ts, "carol", carol)

	code := addKey(t, ts, alice, desktop)
	signUp(t, ts, "dave", desktop) // the key signs up on its own before confirming
	wantRefused(t, ts, desktop, "keys confirm "+code, "already signs in to an account")
	if got := whoami(t, ts, desktop); got != "dave" {
		t.Errorf("whoami(desktop) = %q, want dave still", got)
	}
	// carol's own key cannot take alice's code either.
	code = addKey(t, ts, alice, sshtest.NewKey(t))
	wantRefused(t, ts, carol, "keys confirm "+code, "for another key")
	if got := whoami(t, ts, carol); got != "carol" {
		t.Errorf("whoami(carol) = %q, want carol still", got)
	}
}

// F2: a code stops working after ten minutes.
func TestF2CodeExpires(t *testing.T) {
	ts := startServer(t, server.Options{})
	laptop, desktop := sshtest.NewKey(t), sshtest.NewKey(t)
	signUp(t, ts, "alice", laptop)
	code := addKey(t, ts, laptop, desktop)

	// Ten minutes pass: the row's expiry moves into the past.
	storetest.Exec(t, ts.data, `UPDATE key_confirmations SET expires_at = '2000-01-01T00:00:00Z'`)
	wantRefused(t, ts, desktop, "keys confirm "+code, "unknown, used or expired")
	if got := whoami(t, ts, desktop); got != "" {
		t.Errorf("whoami with an expired code's key = %q, want no name", got)
	}
	if out, errOut, status := sshtest.Exec(t, ts.addr, laptop, "keys list"); status != 0 || out == "" || strings.Contains(out, "waiting") {
		t.Errorf("keys list: status %d, stderr %q, out %q; want 0 and the keys, none waiting once its code expired", status, errOut, out)
	}
}

// F2: an admin's key joins no player's account, whether it was an
// admin's when `keys add` named it (which tells the asker nothing: N10) or
// became one before confirming.
func TestF2AdminKeyRefused(t *testing.T) {
	a := startAdmin(t, nil, server.Options{})
	alice, later := sshtest.NewKey(t), sshtest.NewKey(t)
	signUp(t, a.testServer, "alice", alice)

	admins := addKey(t, a.testServer, alice, a.admin)
	wantRefused(t, a.testServer, a.admin, "keys confirm "+admins, "an admin's key")
	wantKeyAudit(t, a.testServer, "keys confirm", a.admin, "an admin's key")

	code := addKey(t, a.testServer, alice, later)
	writeAdminKeys(t, a.keys, a.admin, later)
	wantRefused(t, a.testServer, later, "keys confirm "+code, "an admin's key")
	if got := whoami(t, a.testServer, later); got != "" {
		t.Errorf("whoami(admin key) = %q, want no name", got)
	}
}

// F2: keys remove takes a key off the account, never its last one, and only
// one of its own.
func TestF2RemoveNeverLastKey(t *testing.T) {
	ts := startServer(t, server.Options{})
	laptop, desktop, bob := sshtest.NewKey(t), sshtest.NewKey(t), sshtest.NewKey(t)
	signUp(t, ts, "alice", laptop)
	signUp(t, ts, "bob", bob)
	laptopFP := gossh.FingerprintSHA256(laptop.PublicKey())

	wantRefused(t, ts, laptop, "keys remove "+laptopFP, "is your only key, so it stays")
	wantRefused(t, ts, laptop, "keys remove "+gossh.FingerprintSHA256(bob.PublicKey()), "not one of your keys")
	if got := whoami(t, ts, bob); got != "bob" {
		t.Errorf("whoami(bob) = %q, want bob", got)
	}

	code := addKey(t, ts, laptop, desktop)
	if _, stderr, status := sshtest.Exec(t, ts.addr, desktop, "keys confirm "+code); status != 0 {
		t.Fatalf("keys confirm: status %d, stderr %q", status, stderr)
	}
	term := sshtest.Open(t, ts.addr, laptop, 80, 24)
	term.WaitFor(t, "alice")
	out, stderr, status := sshtest.Exec(t, ts.addr, desktop, "keys remove "+strings.TrimPrefix(laptopFP, "SHA256:"))
	if status != 0 || !strings.Contains(out, "removed "+laptopFP) || !strings.Contains(out, "1 open sessions of it ended") {
		t.Fatalf("keys remove: status %d, out %q, stderr %q", status, out, stderr)
	}
	term.WaitFor(t, "This key was removed from its account.")
	term.Wait(t)
	if got := whoami(t, ts, laptop); got != "" {
		t.Errorf("whoami with the removed key = %q, want no name", got)
	}
	wantRefused(t, ts, desktop, "keys remove "+gossh.FingerprintSHA256(desktop.PublicKey()), "is your only key")
	wantKeyAudit(t, ts, "keys remove", laptop, "is your only key")
	wantKeyAudit(t, ts, "keys remove", desktop, "ok")
}
