package server_test

import (
	"encoding/json"
	"testing"
	"time"

	"hotels/internal/server"
	"hotels/internal/sshtest"
)

// Two sessions on one connection, which share its context (OpenSSH's
// ControlMaster): each is registered as itself, the terminal and the
// command (identify makes the registry entry, admit fills it in).
func TestSessionsShareAConnection(t *testing.T) {
	a := startAdmin(t, nil, server.Options{})
	client := sshtest.Connect(t, a.addr, a.admin)
	shell, err := client.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	defer shell.Close()
	out, err := shell.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := shell.RequestPty("xterm-256color", 24, 80, nil); err != nil {
		t.Fatal(err)
	}
	if err := shell.Shell(); err != nil {
		t.Fatal(err)
	}
	if _, err := out.Read(make([]byte, 1)); err != nil { // its screen: admitted
		t.Fatal(err)
	}
	var players []struct {
		Admin    bool   `json:"admin"`
		Terminal bool   `json:"terminal"`
		Command  string `json:"command"`
	}
	for deadline := time.Now().Add(5 * time.Second); ; {
		cmd, err := client.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		text, err := cmd.Output("admin players --json")
		if err != nil {
			t.Fatalf("admin players: %v", err)
		}
		if err := json.Unmarshal(text, &players); err != nil {
			t.Fatalf("admin players --json = %s: %v", text, err)
		}
		if len(players) == 2 || time.Now().After(deadline) { // one may be the last command, ending
			break
		}
	}
	if len(players) != 2 {
		t.Fatalf("admin players --json = %+v; want the terminal and the command", players)
	}
	if p := players[0]; !p.Admin || !p.Terminal || p.Command != "" {
		t.Errorf("first session = %+v, want the admin's terminal", p)
	}
	if p := players[1]; !p.Admin || p.Terminal || p.Command != "admin players --json" {
		t.Errorf("second session = %+v, want the admin's command", p)
	}
}
