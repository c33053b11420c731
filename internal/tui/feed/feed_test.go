package feed_test

import (
	"context"
	"testing"

	"hotels/internal/tui/feed"
)

func TestFeed(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan int, 1)
	stopped := 0
	f := feed.New(ctx, ch, func() { stopped++ })
	ch <- 7
	if v, ok := f.Next(); !ok || v != 7 {
		t.Fatalf("Next = %d, %v; want 7, true", v, ok)
	}
	cancel()
	ch <- 8 // a value after the stay ended is not delivered
	if _, ok := f.Next(); ok {
		t.Fatal("Next delivered after the context ended")
	}
	f.End()
	if stopped != 1 {
		t.Fatalf("stop called %d times, want once", stopped)
	}
}

// The end of the stay ends the subscription though no one waits on the
// feed (a program watching the mailbox itself), and closes Ended.
func TestStayEndsFeed(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan struct{})
	f := feed.New(ctx, make(chan int, 1), func() { close(stopped) })
	select {
	case <-f.Ended():
		t.Fatal("Ended closed before the stay ended")
	default:
	}
	cancel()
	<-stopped
	<-f.Ended()
	if f.Live() {
		t.Error("Live after the stay ended")
	}
	f.End() // again: nothing
}
