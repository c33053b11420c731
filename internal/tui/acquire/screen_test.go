package acquire_test

import (
	"strings"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	acquirescreen "hotels/internal/tui/acquire"
	"hotels/internal/tui/room"
	"hotels/internal/tui/theme"
	"hotels/internal/tui/tuitest"
)

// The screen shows Acquire's views only, reads its facts from them, and
// answers the player's keys with action text or words, never with a call.
func TestScreen(t *testing.T) {
	s := acquirescreen.New(theme.DefaultStyles())
	if _, ok := s.Show(struct{}{}); ok {
		t.Error("Show(a view of another game) = ok, want refused")
	}
	p := tuitest.FourSeat(t, "play")
	shown, ok := s.Show(p.View(0))
	if !ok {
		t.Fatal("Show(an Acquire view) refused")
	}
	f := shown.Facts()
	if f.ToMove != 0 || f.Over || len(f.Names) != 4 || f.Unit != engine.Dollars || f.Header == "" {
		t.Errorf("Facts() = %+v; want alice to move, four seats, dollars, the bag in the header", f)
	}
	at := room.At{You: 0, Mine: true}
	steps := []struct {
		key  string
		want room.Reply
	}{
		{"2", room.Reply{Handled: true}},
		{"I", room.Reply{Handled: true}},
		{"enter", room.Reply{Handled: true, Act: "play 2I"}},
		{"6", room.Reply{Handled: true}},
		{"D", room.Reply{Handled: true}},
		{"enter", room.Reply{Handled: true, Say: "6D is not in your rack: choose one of 2I 12G 9B 2D 10B 11A.", Problem: true}},
		{"/", room.Reply{}}, // chat is the room's
	}
	for _, st := range steps {
		var r room.Reply
		shown, r = shown.Key(tuitest.Key(st.key), at)
		if r != st.want {
			t.Errorf("key %q: reply %+v, want %+v", st.key, r, st.want)
		}
	}
}

// A tile that cannot be played is explained once: the decision's line
// says why, and enter on it says only what to do instead.
func TestUnplayableSaidOnce(t *testing.T) {
	v := tuitest.FourSeat(t, "play").View(0)
	v.Rack[0].Class = acquire.Unplayable
	v.Rack[0].Reason = "unplayable for now: all seven chains are on the board"
	s, _ := acquirescreen.New(theme.DefaultStyles()).Show(v)
	at := room.At{You: 0, Mine: true}
	s, r := s.Key(tuitest.Key("enter"), at)
	if r.Act != "" || !r.Problem {
		t.Fatalf("enter on an unplayable tile: %+v, want a problem and no action", r)
	}
	text := strings.Join(append(s.Decision(80, at), r.Say), "\n")
	if n := strings.Count(text, "all seven chains"); n != 1 || !strings.Contains(text, "2I is unplayable for now: all seven chains are on the board.") {
		t.Errorf("the reason is said %d times, want once:\n%s", n, text)
	}
}
