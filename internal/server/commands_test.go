package server_test

import (
	"strings"
	"testing"

	"hotels/internal/server"
	"hotels/internal/sshtest"
)

func TestExecHelp(t *testing.T) {
	ts := startServer(t, server.Options{})
	out, errOut, status := sshtest.Exec(t, ts.addr, sshtest.NewKey(t), "help")
	if status != 0 {
		t.Fatalf("help: exit %d, stderr %q", status, errOut)
	}
	for _, want := range []string{"Available Commands", "whoami", "help"} {
		if !strings.Contains(out, want) {
			t.Errorf("help output lacks %q:\n%s", want, out)
		}
	}
}

func TestExecUnknownCommandFails(t *testing.T) {
	ts := startServer(t, server.Options{})
	out, errOut, status := sshtest.Exec(t, ts.addr, sshtest.NewKey(t), "bogus")
	if status != 2 {
		t.Errorf("bogus: exit %d, want 2 (usage)", status)
	}
	if out != "" {
		t.Errorf("bogus: stdout %q, want nothing", out)
	}
	for _, want := range []string{`unknown command "bogus"`, "help"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("bogus: stderr lacks %q: %q", want, errOut)
		}
	}
}

func TestExecWhoamiWithoutAccount(t *testing.T) {
	ts := startServer(t, server.Options{})
	out, errOut, status := sshtest.Exec(t, ts.addr, sshtest.NewKey(t), "whoami")
	if status != 0 || !strings.Contains(out, "SHA256:") || !strings.Contains(errOut, "no name yet") {
		t.Errorf("whoami = %q, %q, exit %d", out, errOut, status)
	}
}

// A session with neither a command nor a terminal is told how to connect.
func TestNoTerminalNoCommand(t *testing.T) {
	ts := startServer(t, server.Options{})
	c := sshtest.Connect(t, ts.addr, sshtest.NewKey(t))
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	var errOut strings.Builder
	sess.Stderr = &errOut
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	err = sess.Wait()
	if err == nil {
		t.Fatal("shell without a terminal exited 0, want 1")
	}
	if !strings.Contains(errOut.String(), "ssh -t") {
		t.Errorf("stderr = %q, want a hint to use ssh -t", errOut.String())
	}
}
