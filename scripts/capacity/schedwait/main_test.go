package main

import (
	"bytes"
	"runtime/trace"
	"strings"
	"testing"
	"time"
)

// A goroutine woken from a channel receive is counted under the place it
// had stopped in, with its wait, and the rows cover the trace's length.
func TestWaitsByPlace(t *testing.T) {
	var buf bytes.Buffer
	if err := trace.Start(&buf); err != nil {
		t.Fatal(err)
	}
	c, done := make(chan int), make(chan bool)
	go parked(c, done)
	time.Sleep(20 * time.Millisecond)
	c <- 1
	<-done
	trace.Stop()

	w, err := read(&buf, 10*time.Millisecond, 0, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if len(w.rows) < 2 {
		t.Errorf("%d rows of 10 ms for a trace of over 20 ms", len(w.rows))
	}
	found := false
	for p, ds := range w.byPlace {
		if strings.Contains(p, "parked") && len(ds) > 0 {
			found = true
		}
	}
	if !found {
		var out strings.Builder
		w.print(&out, 10*time.Millisecond, 50)
		t.Errorf("no wait counted where parked stopped:\n%s", out.String())
	}
}

//go:noinline
func parked(c chan int, done chan bool) {
	<-c
	done <- true
}
