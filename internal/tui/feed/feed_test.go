package feed_test

import (
	"context"
	"testing"

	"hotels/internal/tui/feed"
)

// A feed hands out its mailbox, and its End ends the subscription once,
// however often it is called.
func TestFeed(t *testing.T) {
	ch := make(chan int, 1)
	stopped := 0
	f := feed.New(context.Background(), ch, func() { stopped++ })
	ch <- 7
	if v := <-f.Mailbox(); v != 7 {
		t.Fatalf("the mailbox gave %d, want 7", v)
	}
	if !f.Live() {
		t.Error("not Live while the stay lasts")
	}
	f.End()
	f.End()
	<-f.Ended()
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
