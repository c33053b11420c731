package server_test

import (
	"context"
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hotels/internal/server"
	"hotels/internal/sshtest"
)

// maxGoroutinesPerSession is what an interactive session in the lobby may
// cost in goroutines, its client's in this process included. The server's
// are ten: x/crypto/ssh's three (mux.loop, readLoop, kexLoop),
// charm.land/ssh's connection and session loops, refuseStderr, and Bubble
// Tea's four (the event loop on the session's own, the renderer, the input
// reader and its stream); the client's ten (x/crypto/ssh's seven, and
// sshtest's two and the stderr copy). Each is a stack every collection
// scans, and one that allocates helps mark (docs/capacity.md). It was 24:
// the server's session had a goroutine each for its requests after the
// shell, its window changes, the server's news (shutdown, broadcasts,
// bans, takeovers, the idle clock) and its connection's global requests.
const maxGoroutinesPerSession = 21

// Twenty sessions in the lobby, each sitting there: the goroutines they
// cost, server's and clients', come to at most maxGoroutinesPerSession each.
func TestGoroutinesPerSession(t *testing.T) {
	var keys, pasted atomic.Int64
	ts := startServer(t, server.Options{
		Lobby: func(context.Context, server.Player) tea.Model {
			return countingLobby{keys: &keys, pasted: &pasted}
		},
	})
	const n = 20
	before := settledGoroutines()
	for i := range n {
		key := sshtest.NewKey(t)
		signUp(t, ts, fmt.Sprintf("p%d", i), key)
		term := sshtest.Open(t, ts.addr, key, 80, 24)
		term.WaitFor(t, "LOBBY keys=0")
	}
	after := settledGoroutines()
	per := float64(after-before) / n
	t.Logf("%d sessions: %d goroutines, %.2f a session", n, after-before, per)
	if per > maxGoroutinesPerSession {
		t.Errorf("%.2f goroutines a session, want at most %d", per, maxGoroutinesPerSession)
	}
}

// settledGoroutines is the number of goroutines once it has stopped
// changing for a while (those that hand a message over, or draw a frame,
// end in a moment).
func settledGoroutines() int {
	n := runtime.NumGoroutine()
	for range 50 {
		time.Sleep(100 * time.Millisecond)
		m := runtime.NumGoroutine()
		if m == n {
			return n
		}
		n = m
	}
	return n
}
