package server_test

import (
	"fmt"
	"math"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/sshtest"
)

// maxGoroutinesPerSession is what an interactive session in the lobby may
// cost in goroutines, its client's in this process included. The server's
// are eight: x/crypto/ssh's three (mux.loop, readLoop, kexLoop),
// charm.land/ssh's connection and session loops, refuseStderr, and Bubble
// Tea's two (the event loop on the session's own, and the input reader,
// which reads and parses on one: third_party/ultraviolet/HOTELS.md, change
// 22); the client's ten (x/crypto/ssh's seven, and sshtest's two and the
// stderr copy). Each is a stack every collection scans, and one that
// allocates helps mark (docs/capacity.md). It was 24: the server's session
// had a goroutine each for its requests after the shell, its window
// changes, the server's news (shutdown, broadcasts, bans, takeovers, the
// idle clock) and its connection's global requests; then 19, with the
// input reader's second.
const maxGoroutinesPerSession = 18

// Twenty sessions in the lobby, each sitting there: the goroutines they
// cost, server's and clients', come to at most maxGoroutinesPerSession each.
func TestGoroutinesPerSession(t *testing.T) {
	ts := startCountingServer(t)
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
	if math.Round(per) > maxGoroutinesPerSession { // one that has not ended yet is not the session's
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

// BenchmarkLobbySession is what an interactive session sitting in the
// lobby keeps, server and client together (both are in this process): each
// op opens one and leaves it open; after a collection, the goroutines, live
// heap objects and the stack and heap bytes the collector scans are
// reported per session (docs/capacity.md: the mark phase's work). Run with
// a fixed count, e.g. -benchtime 200x; ns/op is the time to open one.
func BenchmarkLobbySession(b *testing.B) {
	ts := startCountingServer(b)
	signers := make([]gossh.Signer, b.N)
	for i := range signers {
		signers[i] = sshtest.NewKey(b)
		signUp(b, ts, fmt.Sprintf("p%d", i), signers[i])
	}
	before := marked()
	b.ResetTimer()
	for i := range b.N {
		sshtest.Open(b, ts.addr, signers[i], 80, 24).WaitFor(b, "LOBBY keys=0")
	}
	b.StopTimer()
	settledGoroutines()
	after := marked()
	for i, unit := range []string{"goroutines/op", "live-objects/op", "scan-stack-B/op", "scan-heap-B/op"} {
		b.ReportMetric(float64(after[i]-before[i])/float64(b.N), unit)
	}
}

// marked is what the collector marks, after a collection: goroutines, heap
// objects, and the stack and heap bytes it scans.
func marked() [4]uint64 {
	runtime.GC()
	s := []metrics.Sample{{Name: "/sched/goroutines:goroutines"}, {Name: "/gc/heap/objects:objects"},
		{Name: "/gc/scan/stack:bytes"}, {Name: "/gc/scan/heap:bytes"}}
	metrics.Read(s)
	return [4]uint64{s[0].Value.Uint64(), s[1].Value.Uint64(), s[2].Value.Uint64(), s[3].Value.Uint64()}
}
