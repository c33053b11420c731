package server_test

import (
	"net"
	"testing"

	"hotels/internal/server"
)

// On shutdown, an open interactive session is told and ended, Serve returns
// nil, and new connections are refused.
func TestShutdownEndsSessions(t *testing.T) {
	ts := startServer(t, server.Options{})
	term := ts.openTerminal(t, newKey(t), 80, 24)
	term.waitFor(t, "Pick the name")
	term.typeKeys(t, "carol\r")
	term.waitFor(t, "Welcome, carol!")

	stopped := make(chan error, 1)
	go func() { stopped <- ts.stop() }()

	term.waitFor(t, "Hotels is restarting")
	term.wait(t)
	_ = term.conn.Close() // as ssh(1) does once its session ends
	if err := <-stopped; err != nil {
		t.Fatalf("Serve after shutdown = %v, want nil", err)
	}
	if c, err := net.Dial("tcp", ts.addr); err == nil {
		_ = c.Close()
		t.Error("server still accepts connections after shutdown")
	}
}
