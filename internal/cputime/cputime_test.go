package cputime

import (
	"testing"
	"time"
)

// Used grows with the work the process does, and only then.
func TestUsed(t *testing.T) {
	before := Used(t)
	deadline := Used(t) + 20*time.Millisecond
	n := 0
	for Used(t) < deadline { // spins until 20 ms of CPU are used: fails by timing out if Used stands still
		n++
	}
	if got := Used(t) - before; got < 20*time.Millisecond {
		t.Errorf("Used grew by %v over a loop that used 20 ms", got)
	}
}
