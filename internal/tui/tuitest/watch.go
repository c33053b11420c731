package tuitest

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

// Watch is the watch of a mailbox (tea.Watch) that cmd, a screen's Init,
// gives the program; what gives the program something else fails t.
func Watch(t testing.TB, cmd tea.Cmd) *tea.WatchMsg {
	t.Helper()
	msg := cmd()
	w, ok := msg.(*tea.WatchMsg)
	if !ok {
		t.Fatalf("Init's message %#v, want a watch of the screen's mailbox", msg)
	}
	return w
}

// Next is the message of the next value w takes; a watch that has ended
// fails t.
func Next(t testing.TB, w *tea.WatchMsg) tea.Msg {
	t.Helper()
	msg, ok := w.Next()
	if !ok {
		t.Fatal("the watch ended")
	}
	return msg
}
