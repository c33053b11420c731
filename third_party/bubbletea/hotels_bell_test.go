package tea

// Tests of Hotels' patch that rings the terminal's bell from the view
// (View.Bell, HOTELS.md change 13).

import (
	"strings"
	"testing"
)

// A view whose Bell grew rings the bell once, in the write of the frame
// that shows it, when the renderer is idle (a player's turn coming back
// long after the last frame) as when a frame time holds the frame back;
// a view whose Bell is the last one's, or that counts none, rings nothing.
// The frames are those of shownModel at 60 frames a second.
func TestViewBellInTheFramesWrite(t *testing.T) {
	out := newTimedWrites()
	p := runShown(t, 60, out)
	// next sends msg once the renderer is idle and returns the writes it
	// made.
	next := func(msgs ...Msg) []string {
		idle(t, p)
		n := out.count()
		for _, msg := range msgs {
			p.Send(msg)
		}
		out.next(t, n)
		idle(t, p)
		out.mu.Lock()
		defer out.mu.Unlock()
		return append([]string(nil), out.writes[n:]...)
	}

	w := next(ring("your turn"))
	if len(w) != 1 || !strings.HasPrefix(w[0], "\a") || strings.Count(w[0], "\a") != 1 || !strings.Contains(w[0], "your turn") {
		t.Errorf("the frame that rings written as %q, want one write: one bell, then the frame", w)
	}
	if w := next(shown("their turn")); len(w) != 1 || strings.Contains(w[0], "\a") {
		t.Errorf("a frame whose view's Bell is the last one's written as %q, want the frame, no bell", w)
	}
	if w := next(silent("goodbye")); len(w) != 1 || strings.Contains(w[0], "\a") {
		t.Errorf("a frame whose view counts no bells written as %q, want the frame, no bell", w)
	}
	if w := next(ring("back")); len(w) != 1 || strings.Count(w[0], "\a") != 1 || !strings.Contains(w[0], "back") {
		t.Errorf("a view's Bell greater than any before written as %q, want the bell and the frame in one write", w)
	}

	// Two rings in a row, the second while the first's frame holds the
	// next a frame time: each rings once, in the write of a frame.
	w = next(ring("mine again"), ring("and again"))
	for _, w := range w {
		if strings.Contains(w, "\a") && strings.Trim(w, "\a") == "" {
			t.Errorf("a bell written without its frame: %q", w)
		}
	}
	if k := strings.Count(strings.Join(w, ""), "\a"); k != 2 {
		t.Errorf("%d bells for two rings, want 2: %q", k, w)
	}
}
