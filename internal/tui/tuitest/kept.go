package tuitest

import (
	"slices"
	"strings"
	"testing"

	"hotels/internal/tui/room"
)

// ShowKept shows view to kept, a screen that has shown the views before it,
// and to a new screen from fresh, and fails t unless kept draws at w×h what
// the new one draws: a screen that keeps what it drew must draw it again
// when what it shows changes. It returns kept, having shown view; move
// names the view in the failure.
func ShowKept(t testing.TB, kept room.Screen, fresh func() room.Screen, view any, move, w, h int) room.Screen {
	t.Helper()
	kept, ok := kept.Show(view)
	if !ok {
		t.Fatal("the view refused")
	}
	anew, ok := fresh().Show(view)
	if !ok {
		t.Fatal("the view refused")
	}
	at := room.At{You: 0}
	if got, want := kept.Draw(w, h, at), anew.Draw(w, h, at); !slices.Equal(got, want) {
		t.Fatalf("move %d at %dx%d: drawn by the screen that showed the moves before\n%s\nwant\n%s",
			move, w, h, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	return kept
}
