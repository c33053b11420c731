package server_test

// The hostile-client suite, round two (issue 27), its application-level
// findings: what a stranger's raw SSH client could still do through the
// commands and screens, one test per finding (N2, N8, ...), each able to
// fail on the code before its fix. cmd/sshd/hostile_test.go has those that
// need the whole product's screens (N2's rooms, N6).

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

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
	// Quoted once, as typed otherwise.
	if _, errOut, _ := sshtest.Exec(t, ts.addr, key, "keys list --"+rlo+"nosuch"); !strings.Contains(errOut, `unknown flag: "--nosuch"`) {
		t.Errorf("an unknown flag: stderr %q, want it quoted once", errOut)
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

// N10: `keys add` answers alike for a key that signs in to another account,
// an admin's key and a key no one has: a code each, and each listed as
// waiting. Before, the first two were refused, saying why.
func TestN10_KeysAddTellsNothing(t *testing.T) {
	a := startAdmin(t, nil, server.Options{})
	mallory, bob, fresh := sshtest.NewKey(t), sshtest.NewKey(t), sshtest.NewKey(t)
	signUp(t, a.testServer, "mallory", mallory)
	signUp(t, a.testServer, "bob", bob)
	masked := func(key gossh.Signer) string {
		out, errOut, status := sshtest.Exec(t, a.addr, mallory, "keys add "+authorized(key))
		text := strings.ReplaceAll(out+errOut, gossh.FingerprintSHA256(key.PublicKey()), "FP")
		return fmt.Sprintf("exit %d: %s", status, codeIn.ReplaceAllString(text, "CODE"))
	}
	want := masked(fresh)
	for name, key := range map[string]gossh.Signer{"bob's key": bob, "an admin's key": a.admin} {
		if got := masked(key); got != want {
			t.Errorf("keys add of %s:\n%s\nof a fresh key:\n%s", name, got, want)
		}
	}
	if out, _, _ := sshtest.Exec(t, a.addr, mallory, "keys list"); strings.Count(out, "waiting for confirmation") != 3 {
		t.Errorf("keys list = %q, want the three keys waiting", out)
	}
}

// N10: a session's request for agent forwarding is answered false (nothing
// is forwarded), before the shell and after, and a signal that asks for a
// reply gets one (false: the server sends its sessions no signals), where
// before the client waited for ever.
func TestN10_AgentAndSignalRequests(t *testing.T) {
	ts := startServer(t, server.Options{})
	key := sshtest.NewKey(t)
	signUp(t, ts, "ann", key)
	c := sshtest.Connect(t, ts.addr, key)
	ask := func(ch gossh.Channel, typ string, payload []byte) (bool, error) {
		type answer struct {
			ok  bool
			err error
		}
		got := make(chan answer, 1)
		go func() {
			ok, err := ch.SendRequest(typ, true, payload)
			got <- answer{ok, err}
		}()
		select {
		case a := <-got:
			return a.ok, a.err
		case <-time.After(5 * time.Second):
			return false, fmt.Errorf("%s: no answer in 5 s", typ)
		}
	}
	signal := gossh.Marshal(struct{ Signal string }{"INT"})
	for _, shell := range []bool{false, true} {
		ch, reqs, err := c.OpenChannel("session", nil)
		if err != nil {
			t.Fatal(err)
		}
		go gossh.DiscardRequests(reqs)
		go func() { _, _ = io.Copy(io.Discard, ch) }()
		if shell { // the lobby, which stays
			pty := gossh.Marshal(struct {
				Term         string
				W, H, PW, PH uint32
				Modes        string
			}{"xterm", 80, 24, 0, 0, ""})
			for _, r := range []struct {
				typ     string
				payload []byte
			}{{"pty-req", pty}, {"shell", nil}} {
				if ok, err := ch.SendRequest(r.typ, true, r.payload); !ok || err != nil {
					t.Fatalf("%s: %v, %v", r.typ, ok, err)
				}
			}
		}
		if ok, err := ask(ch, "auth-agent-req@openssh.com", nil); ok || err != nil {
			t.Errorf("agent forwarding (after the shell: %v) answered %v, %v; want false", shell, ok, err)
		}
		if ok, err := ask(ch, "signal", signal); ok || err != nil {
			t.Errorf("signal (after the shell: %v) answered %v, %v; want false", shell, ok, err)
		}
		_ = ch.Close()
	}
}
