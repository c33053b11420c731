package server

import (
	"fmt"
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
	b.attach(func(m tea.Msg) { got <- m })
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
	got := make(chan tea.Msg, 100)
	b.attach(func(m tea.Msg) { got <- m })
	start := time.Now()
	for w := 1; w <= 50; w++ {
		b.window(ssh.Window{Width: w, Height: 24})
	}
	first, last := <-got, <-got
	if took := time.Since(start); took < windowEvery {
		t.Errorf("the second size came after %v, want at least %v", took, windowEvery)
	}
	if fmt.Sprint(first, last) != fmt.Sprint(tea.WindowSizeMsg{Width: 1, Height: 24}, tea.WindowSizeMsg{Width: 50, Height: 24}) {
		t.Errorf("handed %v then %v, want the first size then the last", first, last)
	}
	select {
	case m := <-got:
		t.Errorf("handed %v, want no more", m)
	case <-time.After(2 * windowEvery):
	}
	b.close()
}
