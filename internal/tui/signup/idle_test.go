package signup_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hotels/internal/tui/signup"
	"hotels/internal/tui/theme"
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

// output keeps what a program writes and signals each write.
type output struct {
	mu     sync.Mutex
	text   strings.Builder
	writes chan struct{}
}

func (o *output) Write(p []byte) (int, error) {
	o.mu.Lock()
	o.text.Write(p)
	o.mu.Unlock()
	select {
	case o.writes <- struct{}{}:
	default:
	}
	return len(p), nil
}

func (o *output) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.text.String()
}

// A program showing the signup screen writes nothing to its terminal once
// the screen is drawn: a blinking cursor would write twice a second.
func TestIdleSignupWritesNothing(t *testing.T) {
	out := &output{writes: make(chan struct{}, 1)}
	p := tea.NewProgram(screen{signup.New(func(string) error { return nil }, theme.DefaultStyles())},
		tea.WithInput(nil), tea.WithOutput(out), tea.WithWindowSize(80, 24))
	done := make(chan struct{})
	go func() { _, _ = p.Run(); close(done) }()
	defer func() { p.Quit(); <-done }()

	// The whole screen is drawn once its last line, the keys' help, is.
	for !strings.Contains(ansi.Strip(out.String()), "save name") {
		select {
		case <-out.writes:
		case <-time.After(5 * time.Second):
			t.Fatalf("the signup screen was not drawn; the program wrote %q", out.String())
		}
	}
	// Startup redraws it once more, at once; a blinking cursor writes
	// every 530 ms, so it too leaves such a quiet moment, and would fail
	// below.
	for quiet := false; !quiet; {
		select {
		case <-out.writes:
		case <-time.After(300 * time.Millisecond):
			quiet = true
		}
	}
	drawn := out.String()
	select {
	case <-out.writes:
		t.Errorf("the idle signup screen wrote %q after it was drawn", strings.TrimPrefix(out.String(), drawn))
	case <-time.After(1500 * time.Millisecond): // three blinks of a blinking cursor
	}
}
