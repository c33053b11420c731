package server_test

import (
	"context"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/server"
)

// A new key picks a name, is greeted, and is greeted by name next time
// without being asked again.
func TestSignupThenWelcomeBack(t *testing.T) {
	ts := startServer(t, server.Options{})
	key := newKey(t)

	term := ts.openTerminal(t, key, 80, 24)
	term.waitFor(t, "Pick the name other players will see")
	term.typeKeys(t, "alice\r")
	term.waitFor(t, "Welcome, alice!")
	term.typeKeys(t, "q")
	if status := term.wait(t); status != 0 {
		t.Errorf("exit status after q = %d, want 0", status)
	}

	acct, err := ts.store.AccountByKey(context.Background(), string(gossh.MarshalAuthorizedKey(key.PublicKey())))
	if err != nil || acct.Name != "alice" {
		t.Fatalf("account for the key = %+v, %v; want alice", acct, err)
	}

	again := ts.openTerminal(t, key, 100, 30)
	screen := again.waitFor(t, "Welcome back, alice!")
	if strings.Contains(screen, "Pick the name") {
		t.Errorf("returning key was asked for a name again:\n%s", screen)
	}
	again.typeKeys(t, "q")
	again.wait(t)
}

// A name is unique regardless of case: a second key typing "ALICE" is told
// the name is taken, and can pick another.
func TestNameTakenInAnyCase(t *testing.T) {
	ts := startServer(t, server.Options{})
	if _, err := ts.store.CreateAccount(context.Background(), "alice",
		string(gossh.MarshalAuthorizedKey(newKey(t).PublicKey()))); err != nil {
		t.Fatal(err)
	}

	term := ts.openTerminal(t, newKey(t), 80, 24)
	term.waitFor(t, "Pick the name")
	term.typeKeys(t, "ALICE\r")
	term.waitFor(t, "The name alice is taken")

	term.typeKeys(t, "\x15bob\r") // ctrl+u clears the input
	term.waitFor(t, "Welcome, bob!")
	term.typeKeys(t, "q")
	term.wait(t)
}

// Names that break the rules are explained, not saved.
func TestBadNameExplained(t *testing.T) {
	ts := startServer(t, server.Options{})
	term := ts.openTerminal(t, newKey(t), 80, 24)
	term.waitFor(t, "Pick the name")
	term.typeKeys(t, "a\r")
	term.waitFor(t, "A name has 2 to 16 characters")
	term.typeKeys(t, "\x1b") // esc quits
	term.wait(t)
	if _, err := ts.store.AccountByName(context.Background(), "a"); err == nil {
		t.Error("account named \"a\" was created")
	}
}

// The same key connecting again takes over: the older session is told why
// and closed, the newer one goes on.
func TestReconnectTakesOver(t *testing.T) {
	ts := startServer(t, server.Options{})
	key := newKey(t)
	first := ts.openTerminal(t, key, 80, 24)
	first.waitFor(t, "Pick the name other players will see")
	first.typeKeys(t, "alice\r")
	first.waitFor(t, "Welcome, alice!")

	second := ts.openTerminal(t, key, 80, 24)
	second.waitFor(t, "Welcome back, alice!")
	first.waitFor(t, "You connected again from somewhere else")
	first.wait(t)
	if s := second.screen(); !strings.Contains(s, "Welcome back, alice!") {
		t.Errorf("the newer session did not go on:\n%s", s)
	}
	second.typeKeys(t, "q")
	second.wait(t)
}
