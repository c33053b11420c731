package mailbox_test

import (
	"sync"
	"testing"

	"hotels/internal/mailbox"
)

func TestLatestWins(t *testing.T) {
	ch := make(chan int, 1)
	mailbox.Put(ch, 1)
	mailbox.Put(ch, 2)
	if got := <-ch; got != 2 {
		t.Fatalf("got %d, want the latest, 2", got)
	}
	select {
	case v := <-ch:
		t.Fatalf("a second value %d was left", v)
	default:
	}
}

// Many senders and a slow reader: nobody blocks, the reader sees values.
func TestNeverBlocks(t *testing.T) {
	ch := make(chan int, 1)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 1000 {
				mailbox.Put(ch, i*1000+j)
			}
		}()
	}
	wg.Wait()
	if len(ch) != 1 {
		t.Fatalf("%d values in the mailbox, want 1", len(ch))
	}
}
