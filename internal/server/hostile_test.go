package server_test

// The hostile-client suite: what a stranger's raw SSH client may try, one
// test per finding of issue 16 (F1, F3, …), each able to fail on the code
// before its fix.

import (
	"runtime"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/server"
	"hotels/internal/sshtest"
)

// heapInUse is the heap in use after a collection.
func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// watchHeap samples heapInUse until stop is closed and returns the most it
// saw, on the returned channel.
func watchHeap(stop <-chan struct{}) <-chan uint64 {
	most := make(chan uint64, 1)
	go func() {
		var peak uint64
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			peak = max(peak, heapInUse())
			select {
			case <-stop:
				most <- peak
				return
			case <-tick.C:
			}
		}
	}()
	return most
}

// waitGoroutines waits up to 10 s for the goroutines to be back to at most
// baseline and returns how many there were at the end.
func waitGoroutines(baseline int) int {
	deadline := time.Now().Add(10 * time.Second)
	for {
		n := runtime.NumGoroutine()
		if n <= baseline || time.Now().After(deadline) {
			return n
		}
		time.Sleep(50 * time.Millisecond)
	}
}

const mb = 1 << 20

// F1: 100 MB of requests on a session channel before (instead of) a shell,
// then a client that stays: the server's heap stays within 20 MB of where
// it was, the connection is dropped, and once the client has gone every
// goroutine it cost is gone within 10 s. Two patterns: env requests (kept,
// before the fix, for as long as the client stayed: 100 MB held 125 MB),
// and window changes after a pty-req (which stopped the session's request
// loop and so the connection's reader, leaking the connection for good).
func TestF1_RequestsBeforeShell(t *testing.T) {
	if testing.Short() {
		t.Skip("sends 100 MB")
	}
	ts := startServer(t, server.Options{})
	key := sshtest.NewKey(t)
	// Warm up: one whole session, so that what the first connection
	// allocates once (the store's statements, the host key) is in the
	// baseline.
	if _, _, status := sshtest.Exec(t, ts.addr, key, "whoami"); status != 0 {
		t.Fatalf("whoami: exit %d", status)
	}

	window := gossh.Marshal(struct{ W, H, PW, PH uint32 }{80, 24, 0, 0})
	pty := gossh.Marshal(struct {
		Term       string
		W, H       uint32
		PW, PH     uint32
		Modes      string
	}{"xterm", 80, 24, 0, 0, ""})
	env := gossh.Marshal(struct{ Name, Value string }{"HOTELS", strings.Repeat("x", 32<<10)})
	for _, tt := range []struct {
		name  string
		first []struct {
			typ     string
			payload []byte
		}
		typ     string
		payload []byte
	}{
		{name: "env", typ: "env", payload: env},
		{name: "window-change", first: []struct {
			typ     string
			payload []byte
		}{{"pty-req", pty}}, typ: "window-change", payload: window},
	} {
		t.Run(tt.name, func(t *testing.T) {
			goroutines := runtime.NumGoroutine()
			heap := heapInUse()
			stop := make(chan struct{})
			peak := watchHeap(stop)

			c := sshtest.Connect(t, ts.addr, key)
			ch, reqs, err := c.OpenChannel("session", nil)
			if err != nil {
				t.Fatal(err)
			}
			go gossh.DiscardRequests(reqs)
			for _, r := range tt.first {
				if ok, err := ch.SendRequest(r.typ, true, r.payload); !ok || err != nil {
					t.Fatalf("%s: ok %v, err %v", r.typ, ok, err)
				}
			}
			// At full speed, on a goroutine: a server that stops
			// reading stops the sender too.
			var sent int
			done := make(chan struct{})
			go func() {
				defer close(done)
				for sent < 100*mb {
					if _, err := ch.SendRequest(tt.typ, false, tt.payload); err != nil {
						return // the server dropped the connection
					}
					sent += len(tt.payload)
				}
			}()
			// The client stays connected, as long as the server lets it.
			dropped := make(chan error, 1)
			go func() { dropped <- c.Wait() }()
			select {
			case <-dropped:
			case <-time.After(20 * time.Second):
				t.Errorf("the server kept a connection that sent %s requests before a shell for 20 s", tt.typ)
			}
			_ = c.Close()
			<-done
			close(stop)
			grew := int64(<-peak) - int64(heap)
			t.Logf("%s: sent %.1f MB; heap in use %.1f MB before, at most %+.1f MB while sending",
				tt.typ, float64(sent)/mb, float64(heap)/mb, float64(grew)/mb)
			if grew > 20*mb {
				t.Errorf("the heap grew by %.1f MB, want at most 20 MB", float64(grew)/mb)
			}

			if n := waitGoroutines(goroutines); n > goroutines {
				t.Errorf("10 s after the client left, %d goroutines, want at most %d as before it came", n, goroutines)
			}
		})
	}
}
