package server_test

import (
	"net"
	"testing"

	"hotels/internal/server"
	"hotels/internal/sshtest"
)

// On shutdown, an open interactive session is told and ended, Serve returns
// nil, and new connections are refused.
func TestShutdownEndsSessions(t *testing.T) {
	ts := startServer(t, server.Options{})
	term := sshtest.Open(t, ts.addr, sshtest.NewKey(t), 80, 24)
	term.WaitFor(t, "Pick the name")
	term.Type("carol\r")
	term.WaitFor(t, "Welcome, carol!")

	stopped := make(chan error, 1)
	go func() { stopped <- ts.stop() }()

	term.WaitFor(t, "Hotels is restarting")
	term.Wait(t)
	_ = term.Close() // as ssh(1) does once its session ends
	if err := <-stopped; err != nil {
		t.Fatalf("Serve after shutdown = %v, want nil", err)
	}
	if c, err := net.Dial("tcp", ts.addr); err == nil {
		_ = c.Close()
		t.Error("server still accepts connections after shutdown")
	}
}
