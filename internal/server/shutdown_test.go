package server_test

import (
	"net"
	"testing"

	"hotels/internal/server"
	"hotels/internal/sshtest"
)

// On shutdown, every open interactive session is told and ended (two in
// the lobby and one choosing its name), Serve returns nil, and new
// connections are refused.
func TestShutdownEndsSessions(t *testing.T) {
	ts := startServer(t, server.Options{})
	var terms []*sshtest.Terminal
	for _, name := range []string{"carol", "dave"} {
		term := sshtest.Open(t, ts.addr, sshtest.NewKey(t), 80, 24)
		term.WaitFor(t, "Pick the name")
		term.Type(name + "\r")
		term.WaitFor(t, "Welcome, "+name+"!")
		terms = append(terms, term)
	}
	naming := sshtest.Open(t, ts.addr, sshtest.NewKey(t), 80, 24)
	naming.WaitFor(t, "Pick the name")
	terms = append(terms, naming)

	stopped := make(chan error, 1)
	go func() { stopped <- ts.stop() }()

	for _, term := range terms {
		term.WaitFor(t, "Hotels is restarting")
		term.Wait(t)
		_ = term.Close() // as ssh(1) does once its session ends
	}
	if err := <-stopped; err != nil {
		t.Fatalf("Serve after shutdown = %v, want nil", err)
	}
	if c, err := net.Dial("tcp", ts.addr); err == nil {
		_ = c.Close()
		t.Error("server still accepts connections after shutdown")
	}
}
