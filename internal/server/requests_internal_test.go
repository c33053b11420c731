package server

import (
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// keysChannel is a session channel whose reads each return one key.
type keysChannel struct{ gossh.Channel }

func (keysChannel) Read(p []byte) (int, error) { return copy(p, "z"), nil }

// Once what the channel read before its shell has been read, a session's
// reads go to the channel without taking earlyChannel's lock (each key a
// session reads comes through it): a read done while the lock is held
// does not wait for it.
func TestEarlyChannelReadsDirectOnceDrained(t *testing.T) {
	e := &earlyChannel{Channel: keysChannel{}, buf: []byte("ab")}
	p := make([]byte, 8)
	for _, want := range []string{"ab", "z"} {
		if n, err := e.Read(p); err != nil || string(p[:n]) != want {
			t.Fatalf("Read = %q, %v; want %q", p[:n], err, want)
		}
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	done := make(chan string, 1)
	go func() {
		n, _ := e.Read(p)
		done <- string(p[:n])
	}()
	select {
	case got := <-done:
		if got != "z" {
			t.Errorf("Read = %q, want z", got)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a read waited for earlyChannel's lock after what pump read was read")
	}
}
