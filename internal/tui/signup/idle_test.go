package signup_test

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hotels/internal/tui/signup"
	"hotels/internal/tui/theme"
	"hotels/internal/tui/tuitest"
)

// An idle signup screen asks for nothing to be done later: no blink, no
// tick. Every key it handles returns no command either, since a moved
// cursor restarts a blinking cursor's timer.
func TestSignupNeverTicks(t *testing.T) {
	m := signup.New(func(string) error { return nil }, theme.DefaultStyles())
	if cmd := m.Init(); cmd != nil {
		t.Fatalf("Init() = a command (%T), want none: an idle screen must not tick", cmd())
	}
	keys := []tea.KeyPressMsg{
		{Code: 'a', Text: "a"}, {Code: 'b', Text: "b"},
		{Code: tea.KeyLeft}, {Code: tea.KeyHome}, {Code: tea.KeyEnd}, {Code: tea.KeyBackspace},
	}
	for _, k := range keys {
		var cmd tea.Cmd
		if m, cmd = m.Update(k); cmd != nil {
			t.Errorf("Update(%s) = a command, want none", k)
		}
	}
}

// screen runs a signup Model as a program's root.
type screen struct{ m signup.Model }

func (s screen) Init() tea.Cmd { return s.m.Init() }

func (s screen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	s.m, cmd = s.m.Update(msg)
	return s, cmd
}

func (s screen) View() tea.View { return tea.NewView(s.m.View()) }

// A program showing the signup screen writes nothing to its terminal once
// the screen is drawn: a blinking cursor would write twice a second.
func TestIdleSignupWritesNothing(t *testing.T) {
	wrote := make(tuitest.Writes, 1)
	p := tea.NewProgram(screen{signup.New(func(string) error { return nil }, theme.DefaultStyles())},
		tea.WithInput(nil), tea.WithOutput(wrote), tea.WithWindowSize(80, 24))
	done := make(chan struct{})
	go func() { _, _ = p.Run(); close(done) }()
	defer func() { p.Quit(); <-done }()

	<-wrote // the first frame
	// Let the first frame's writes end: a blinking cursor writes every
	// 530 ms, so a quarter second of quiet comes between two blinks too.
	for quiet := false; !quiet; {
		select {
		case <-wrote:
		case <-time.After(250 * time.Millisecond):
			quiet = true
		}
	}
	select {
	case <-wrote:
		t.Error("the idle signup screen wrote to its terminal")
	case <-time.After(1500 * time.Millisecond):
	}
}
