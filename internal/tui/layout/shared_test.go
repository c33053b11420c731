package layout_test

import (
	"slices"
	"sync"
	"testing"

	"hotels/internal/tui/layout"
)

// Shared gives every session the part the first put, and holds no more
// than two generations of parts.
func TestShared(t *testing.T) {
	s := layout.Shared[int, *string]{Size: 4}
	a, b := "a", "b"
	if got := s.Put(1, &a); got != &a {
		t.Fatal("the first part put is not kept")
	}
	if got := s.Put(1, &b); got != &a {
		t.Fatal("a second part put for the same key replaced the first")
	}
	if got, ok := s.Get(1); !ok || got != &a {
		t.Fatal("Get does not find the part put")
	}
	for k := 2; k <= 20; k++ {
		s.Put(k, &b)
		if n := s.Len(); n > 8 {
			t.Fatalf("%d parts held, more than two generations of 4", n)
		}
	}
	if _, ok := s.Get(1); ok {
		t.Error("a part put 19 puts ago is still held")
	}
	if _, ok := s.Get(20); !ok {
		t.Error("the part put last is not held")
	}
}

// Sessions draw on their own goroutines: run with -race.
func TestSharedConcurrent(t *testing.T) {
	var s layout.Shared[int, []string]
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 1000 {
				k := i / 4
				got, ok := s.Get(k)
				if !ok {
					got = s.Put(k, []string{string(rune('a' + g))})
				}
				if len(got) != 1 {
					t.Errorf("part %d: %q", k, got)
				}
			}
		})
	}
	wg.Wait()
}

// SetBeside sets the columns as Beside does, taking the lines of the Set
// before where both columns' lines are its strings.
func TestSetBeside(t *testing.T) {
	left := []string{"ab", "cd", "ef"}
	right := []string{"1", "\x1b[1m2\x1b[m"}
	first := layout.SetBeside(nil, left, right, 4, 1, 3)
	if want := layout.Beside(left, right, 4, 1, 3); !slices.Equal(first.Lines, want) {
		t.Fatalf("SetBeside = %q, Beside %q", first.Lines, want)
	}
	right2 := []string{right[0], "3", "4"}
	next := layout.SetBeside(&first, left, right2, 4, 1, 3)
	if want := layout.Beside(left, right2, 4, 1, 3); !slices.Equal(next.Lines, want) {
		t.Fatalf("SetBeside again = %q, Beside %q", next.Lines, want)
	}
	if !layout.Same(next.Lines[0], first.Lines[0]) {
		t.Error("the line whose columns are the same strings was set again")
	}
	if first.Lines[1] != layout.Beside(left, right, 4, 1, 3)[1] {
		t.Error("setting the next Set changed the first")
	}
	if other := layout.SetBeside(&first, left, right, 5, 1, 3); layout.Same(other.Lines[0], first.Lines[0]) {
		t.Error("a line of other widths was taken from the Set before")
	}
}
