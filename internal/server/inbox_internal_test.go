package server

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
)

// What is posted before the program runs waits for it, of each kind the
// latest, in the order the kinds came; after the program has ended,
// nothing is handed to it.
func TestInboxHandsTheLatestOfEachKind(t *testing.T) {
	var b inbox
	b.post(noticeMsg{text: "first"})
	b.post(closingMsg{})
	b.post(noticeMsg{text: "second"})
	got := make(chan tea.Msg, 10)
	b.attach(sendFunc(func(m tea.Msg) { got <- m }))
	for _, want := range []tea.Msg{noticeMsg{text: "second"}, closingMsg{}} {
		select {
		case m := <-got:
			if m != want {
				t.Errorf("handed %#v, want %#v", m, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%#v was never handed over", want)
		}
	}
	b.post(endedMsg{why: "banned"})
	if m := <-got; m != (endedMsg{why: "banned"}) {
		t.Errorf("handed %#v after the program ran, want the ban", m)
	}
	b.close()
	b.post(noticeMsg{text: "late"})
	select {
	case m := <-got:
		t.Errorf("handed %#v after the program ended", m)
	case <-time.After(100 * time.Millisecond):
	}
}

// Window sizes reach the program at once, then at most one each
// windowEvery, the latest.
func TestInboxWindowSizes(t *testing.T) {
	var b inbox
	defer b.close()
	got := make(chan tea.Msg, 100)
	b.attach(sendFunc(func(m tea.Msg) { got <- m }))
	start := time.Now()
	for w := 1; w <= 50; w++ {
		b.window(ssh.Window{Width: w, Height: 24})
	}
	sent := time.Since(start)
	var sizes []int
	for {
		select {
		case m := <-got:
			sizes = append(sizes, m.(tea.WindowSizeMsg).Width)
			continue
		case <-time.After(3 * windowEvery):
		}
		break
	}
	took := time.Since(start) - 3*windowEvery
	t.Logf("50 sizes sent in %v: %v handed over in %v", sent, sizes, took)
	if len(sizes) < 2 || sizes[0] != 1 || sizes[len(sizes)-1] != 50 {
		t.Fatalf("handed widths %v, want 1 first and 50 last", sizes)
	}
	if limit := int(took/windowEvery) + 1; len(sizes) > limit {
		t.Errorf("%d sizes handed over in %v, want at most %d", len(sizes), took, limit)
	}
}

// sendFunc is a sender that calls itself.
type sendFunc func(tea.Msg)

func (f sendFunc) Send(m tea.Msg) { f(m) }
