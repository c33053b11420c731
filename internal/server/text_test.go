package server_test

import (
	"testing"

	"hotels/internal/server"
	"hotels/internal/sshtest"
)

// F5: a broadcast, a ban's reason and a close's reason need a character
// that shows: invisible ones alone are refused, and nothing happens.
func TestF5AdminTextNeedsVisibleCharacter(t *testing.T) {
	a := startAdmin(t, nil, server.Options{})
	bob := sshtest.NewKey(t)
	signUp(t, a.testServer, "bob", bob)

	wantRefused(t, a.testServer, a.admin, "admin broadcast '\u3164\u00AD\U000E0041'", "needs a character that shows")
	wantRefused(t, a.testServer, a.admin, "admin ban bob --reason '\u115F\u1160'", "no character that shows")
	if got := whoami(t, a.testServer, bob); got != "bob" {
		t.Errorf("whoami(bob) = %q after a refused ban, want bob: the ban must not happen", got)
	}
	if out, stderr, status := sshtest.Exec(t, a.addr, a.admin, "admin broadcast 'g\u00ADg'"); status != 0 {
		t.Errorf("admin broadcast gg: status %d, out %q, stderr %q", status, out, stderr)
	}
}
