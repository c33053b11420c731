package server

import (
	"errors"
	"testing"

	"hotels/internal/store"
)

// F3 (issue 16): a signed-in player's terminal may take over one of its
// key's over the cap, but not while another of the key's sessions is still
// closing: those count against the cap until they end.
func TestF3_ClosingCountsAgainstCap(t *testing.T) {
	r := newSessions()
	who := identity{Key: store.Key{Fingerprint: "SHA256:ann"}, Known: true}
	terminal := func() *live { return &live{who: who, pty: true} }

	a := terminal()
	removeA, err := r.add(a, 2, elsewhere{})
	if err != nil {
		t.Fatal(err)
	}
	b := terminal()
	if _, err := r.add(b, 2, elsewhere{}); err != nil {
		t.Fatal(err)
	}
	r.markClosing(a) // b took a over
	c := terminal()
	if _, err := r.add(c, 2, elsewhere{}); !errors.Is(err, errTooManySessions) {
		t.Fatalf("a third terminal while the first is closing: err %v, want %v", err, errTooManySessions)
	}
	removeA()
	if _, err := r.add(c, 2, elsewhere{}); err != nil {
		t.Fatalf("a third terminal once the first closed: %v", err)
	}
	// Over the cap, an exec session is never let in, nor a newcomer's
	// terminal.
	if _, err := r.add(&live{who: who}, 2, elsewhere{}); !errors.Is(err, errTooManySessions) {
		t.Errorf("an exec session over the cap: err %v", err)
	}
	if _, err := r.add(&live{who: identity{Key: who.Key}, pty: true}, 2, elsewhere{}); !errors.Is(err, errTooManySessions) {
		t.Errorf("a newcomer's terminal over the cap: err %v", err)
	}
}
