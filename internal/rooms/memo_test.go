package rooms_test

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"hotels/internal/rooms"
)

// Sessions drawing one key from a snapshot's Memo at once draw it once and
// all get that drawing; another key is drawn again. Past the Memo's bound
// every caller draws, so client-chosen keys cannot grow it.
func TestMemo(t *testing.T) {
	var m rooms.Memo
	var draws atomic.Int32
	var wg sync.WaitGroup
	for range 50 {
		wg.Go(func() {
			got := m.Draw("80x24", func() []string { draws.Add(1); return []string{"screen"} })
			if len(got) != 1 || got[0] != "screen" {
				t.Errorf("Draw = %q, want the first drawing", got)
			}
		})
	}
	wg.Wait()
	if n := draws.Load(); n != 1 {
		t.Errorf("50 sessions drew one key %d times, want 1", n)
	}
	if got := m.Draw("120x40", func() []string { return []string{"wide"} }); len(got) != 1 || got[0] != "wide" {
		t.Errorf("another key: %q, want its own drawing", got)
	}
	for i := range 20 {
		m.Draw(i, func() []string { return []string{fmt.Sprint(i)} })
	}
	draws.Store(0)
	for range 2 {
		m.Draw(19, func() []string { draws.Add(1); return []string{"19"} })
	}
	if n := draws.Load(); n != 2 {
		t.Errorf("a key past the bound was drawn %d times in 2 calls, want 2 (not kept)", n)
	}
}
