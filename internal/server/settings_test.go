package server_test

import (
	"context"
	"strings"
	"testing"

	"hotels/internal/server"
	"hotels/internal/sshtest"
)

// `settings` shows the bell on for a new player; `settings bell off`
// turns it off for good, and bad words change nothing.
func TestSettingsCommand(t *testing.T) {
	ts := startServer(t, server.Options{})
	key := sshtest.NewKey(t)
	ann, err := ts.store.CreateAccount(context.Background(), "ann", keyText(key))
	if err != nil {
		t.Fatal(err)
	}
	run := func(command string) string {
		t.Helper()
		out, stderr, status := sshtest.Exec(t, ts.addr, key, command)
		if status != 0 {
			t.Fatalf("%s: exit %d, stderr %q", command, status, stderr)
		}
		return out
	}
	if out := run("settings"); out != "bell\ton\n" {
		t.Errorf("settings of a new player = %q, want the bell on", out)
	}
	if out := run("settings bell off"); out != "bell\toff\n" {
		t.Errorf("settings bell off = %q", out)
	}
	if out := run("settings --json"); !strings.Contains(out, `"bell": false`) {
		t.Errorf("settings --json = %q, want the bell off", out)
	}
	if set, err := ts.store.Settings(context.Background(), ann.ID); err != nil || set.Bell {
		t.Errorf("stored settings = %+v, %v; want the bell off", set, err)
	}
	for _, bad := range []struct {
		cmd, why string
		status   int
	}{
		{"settings colour red", `there is no setting "colour"`, 1},
		{"settings bell loud", `the bell is on or off, not "loud"`, 1},
		{"settings bell", "say `settings`, `settings bell on` or `settings bell off`", 2},
		{"settings bell on more", "say `settings`, `settings bell on` or `settings bell off`", 2},
	} {
		out, stderr, status := sshtest.Exec(t, ts.addr, key, bad.cmd)
		if status != bad.status || out != "" || !strings.Contains(stderr, bad.why) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d saying %q", bad.cmd, status, out, stderr, bad.status, bad.why)
		}
	}
	if out := run("settings"); out != "bell\toff\n" {
		t.Errorf("after refused changes, settings = %q; want the bell still off", out)
	}
	// A key with no name yet has no settings.
	if _, stderr, status := sshtest.Exec(t, ts.addr, sshtest.NewKey(t), "settings"); status == 0 || !strings.Contains(stderr, "no name yet") {
		t.Errorf("settings of an unnamed key: exit %d, stderr %q", status, stderr)
	}
}
