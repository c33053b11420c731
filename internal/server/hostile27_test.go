package server_test

// The hostile-client suite, round two (issue 27): what a stranger's raw
// SSH client could still do, one test per finding (N2, N8, …), each able
// to fail on the code before its fix. cmd/sshd/hostile_test.go has those
// that need the whole product's screens (N2's rooms, N6).

import (
	"context"
	"strings"
	"testing"

	"hotels/internal/server"
	"hotels/internal/sshtest"
)

// Escapes a client might hope to have echoed to its own terminal (or, had
// it other ways, to someone else's): OSC 52 sets the clipboard, U+202E
// turns the rest of the line around.
const (
	osc52 = "\x1b]52;c;aG90ZWxz\x07"
	rlo   = "\u202e"
)

// raw reports whether s carries an escape, a control character or U+202E
// to the terminal.
func raw(s string) bool {
	return strings.ContainsAny(s, "\x1b\x07\x9b"+rlo)
}

// N8: `keys remove`, `join`, `watch` and unknown flags name what the
// client typed, quoted, as the other commands do: no escape sequence in
// the answer, on stdout or stderr.
func TestN8_ArgumentsQuoted(t *testing.T) {
	ts := startServer(t, server.Options{})
	key := sshtest.NewKey(t)
	signUp(t, ts, "ann", key)
	for _, evil := range []string{osc52, rlo + "gnp.exe"} {
		for _, cmd := range []string{
			"keys remove 'SHA256:" + evil + "'",
			"join '" + evil + "'",
			"watch '" + evil + "'",
			"rooms '--" + evil + "'",
			"rooms '-" + evil + "'",
			"keys list '--x" + evil + "=1'",
		} {
			out, errOut, status := sshtest.Exec(t, ts.addr, key, cmd)
			if status == 0 || errOut == "" {
				t.Errorf("%q: exit %d, stderr %q; want refused, and why", cmd, status, errOut)
			}
			if raw(out) || raw(errOut) {
				t.Errorf("%q echoed the escape raw: stdout %q, stderr %q", cmd, out, errOut)
			}
		}
	}
}

// N9: a newcomer cannot take a name that passes for the server, its admins
// or the autopilot, however written; the name is explained, not saved.
func TestN9_ReservedNames(t *testing.T) {
	ts := startServer(t, server.Options{})
	term := sshtest.Open(t, ts.addr, sshtest.NewKey(t), 80, 24)
	term.WaitFor(t, "Pick the name")
	for _, name := range []string{"root", "SYSTEM", "hotels", "autopilot", "Adm1n", "the_admin"} {
		term.Type("\x15" + name + "\r") // ctrl+u clears the input
		term.WaitFor(t, "The name "+strings.ToLower(name)+" is kept for the server's own words: pick another.")
		if _, err := ts.store.AccountByName(context.Background(), strings.ToLower(name)); err == nil {
			t.Errorf("an account named %q was created", name)
		}
	}
	term.Type("\x1b")
	term.Wait(t)
}
