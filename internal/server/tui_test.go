package server_test

import (
	"context"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/server"
	"hotels/internal/sshtest"
)

// A new key picks a name, is greeted, and is greeted by name next time
// without being asked again.
func TestSignupThenWelcomeBack(t *testing.T) {
	ts := startServer(t, server.Options{})
	key := sshtest.NewKey(t)

	term := sshtest.Open(t, ts.addr, key, 80, 24)
	term.WaitFor(t, "Pick the name other players will see")
	term.Type("alice\r")
	term.WaitFor(t, "Welcome, alice!")
	term.Type("q")
	if status := term.Wait(t); status != 0 {
		t.Errorf("exit status after q = %d, want 0", status)
	}

	acct, err := ts.store.AccountByKey(context.Background(), string(gossh.MarshalAuthorizedKey(key.PublicKey())))
	if err != nil || acct.Name != "alice" {
		t.Fatalf("account for the key = %+v, %v; want alice", acct, err)
	}

	again := sshtest.Open(t, ts.addr, key, 100, 30)
	screen := again.WaitFor(t, "Welcome back, alice!")
	if strings.Contains(screen, "Pick the name") {
		t.Errorf("returning key was asked for a name again:\n%s", screen)
	}
	again.Type("q")
	again.Wait(t)
}

// A name is unique regardless of case: a second key typing "ALICE" is told
// the name is taken, and can pick another.
func TestNameTakenInAnyCase(t *testing.T) {
	ts := startServer(t, server.Options{})
	if _, err := ts.store.CreateAccount(context.Background(), "alice",
		string(gossh.MarshalAuthorizedKey(sshtest.NewKey(t).PublicKey()))); err != nil {
		t.Fatal(err)
	}

	term := sshtest.Open(t, ts.addr, sshtest.NewKey(t), 80, 24)
	term.WaitFor(t, "Pick the name")
	term.Type("ALICE\r")
	term.WaitFor(t, "The name alice is taken")

	term.Type("\x15bob\r") // ctrl+u clears the input
	term.WaitFor(t, "Welcome, bob!")
	term.Type("q")
	term.Wait(t)
}

// Names that break the rules are explained, not saved.
func TestBadNameExplained(t *testing.T) {
	ts := startServer(t, server.Options{})
	term := sshtest.Open(t, ts.addr, sshtest.NewKey(t), 80, 24)
	term.WaitFor(t, "Pick the name")
	term.Type("a\r")
	term.WaitFor(t, "A name has 2 to 16 characters")
	term.Type("\x1b") // esc quits
	term.Wait(t)
	if _, err := ts.store.AccountByName(context.Background(), "a"); err == nil {
		t.Error("account named \"a\" was created")
	}
}

// The same key connecting again takes over: the older session is told why
// and closed, the newer one goes on.
func TestReconnectTakesOver(t *testing.T) {
	ts := startServer(t, server.Options{})
	key := sshtest.NewKey(t)
	first := sshtest.Open(t, ts.addr, key, 80, 24)
	first.WaitFor(t, "Pick the name other players will see")
	first.Type("alice\r")
	first.WaitFor(t, "Welcome, alice!")

	second := sshtest.Open(t, ts.addr, key, 80, 24)
	second.WaitFor(t, "Welcome back, alice!")
	first.WaitFor(t, "You connected again from somewhere else")
	first.Wait(t)
	if s := second.Screen(); !strings.Contains(s, "Welcome back, alice!") {
		t.Errorf("the newer session did not go on:\n%s", s)
	}
	second.Type("q")
	second.Wait(t)
}
