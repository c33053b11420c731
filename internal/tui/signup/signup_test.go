package signup_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hotels/internal/tui/signup"
	"hotels/internal/tui/theme"
	"hotels/internal/tui/tuitest"
)

// typeText sends s one key press at a time.
func typeText(m signup.Model, s string) signup.Model {
	for _, r := range s {
		m, _ = m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	return m
}

// run executes cmd and feeds its message back, as the program would, until a
// message the model does not consume (returned) or no command is left.
func run(t *testing.T, m signup.Model, cmd tea.Cmd) (signup.Model, tea.Msg) {
	t.Helper()
	for cmd != nil {
		msg := cmd()
		if _, ok := msg.(signup.DoneMsg); ok {
			return m, msg
		}
		m, cmd = m.Update(msg)
	}
	return m, nil
}

var enter = tea.KeyPressMsg{Code: tea.KeyEnter}

func TestSubmitClaimsNormalisedName(t *testing.T) {
	var claimed []string
	m := signup.New(func(name string) error {
		claimed = append(claimed, name)
		return nil
	}, theme.DefaultStyles())

	m = typeText(m, "Alice")
	m, cmd := m.Update(enter)
	if !strings.Contains(ansi.Strip(m.View()), "Saving...") {
		t.Errorf("View() while saving lacks %q:\n%s", "Saving...", ansi.Strip(m.View()))
	}
	_, msg := run(t, m, cmd)
	if done, ok := msg.(signup.DoneMsg); !ok || done.Name != "alice" {
		t.Errorf("after enter: message %#v, want DoneMsg{alice}", msg)
	}
	if fmt.Sprint(claimed) != "[alice]" {
		t.Errorf("claimed %q, want [alice]", claimed)
	}
}

func TestSubmitShowsProblems(t *testing.T) {
	tests := []struct {
		typed string
		claim error
		want  string
	}{
		{"a", nil, "2 to 16 characters"},
		{"al ice", nil, "cannot be in a name"},
		{"", nil, "Type a name first."},
		{"ALICE", fmt.Errorf("store says: %w", signup.ErrTaken), "The name alice is taken. Try another."},
		{"bob", errors.New("database is locked"), "Could not save your name just now."},
	}
	for _, tt := range tests {
		m := signup.New(func(string) error { return tt.claim }, theme.DefaultStyles())
		m = typeText(m, tt.typed)
		m, cmd := m.Update(enter)
		m, msg := run(t, m, cmd)
		if msg != nil {
			t.Errorf("typed %q: got %#v, want to stay on the screen", tt.typed, msg)
		}
		view := ansi.Strip(m.View())
		if !strings.Contains(view, tt.want) {
			t.Errorf("typed %q: view lacks %q:\n%s", tt.typed, tt.want, view)
		}
		if strings.Contains(view, "database is locked") {
			t.Errorf("typed %q: view leaks the internal error:\n%s", tt.typed, view)
		}
	}
}

// ctrl+v in bubbles' textinput reads the clipboard of the host running the
// program; on a server that is the server's clipboard.
func TestCtrlVDoesNotReadServerClipboard(t *testing.T) {
	m := signup.New(func(string) error { return nil }, theme.DefaultStyles())
	m, cmd := m.Update(tea.KeyPressMsg{Code: 'v', Mod: tea.ModCtrl})
	if cmd != nil {
		if msg := cmd(); msg != nil {
			t.Errorf("ctrl+v produced %T, want no clipboard read", msg)
		}
	}
	m, _ = m.Update(tea.PasteMsg{Content: "carol"})
	if !strings.Contains(ansi.Strip(m.View()), "carol") {
		t.Errorf("terminal paste not inserted:\n%s", ansi.Strip(m.View()))
	}
}

func TestQuit(t *testing.T) {
	m := signup.New(func(string) error { return nil }, theme.DefaultStyles())
	for _, k := range []tea.KeyPressMsg{{Code: tea.KeyEscape}, {Code: 'c', Mod: tea.ModCtrl}} {
		_, cmd := m.Update(k)
		if cmd == nil {
			t.Fatalf("%s: no command, want tea.Quit", k)
		}
		if _, ok := cmd().(tea.QuitMsg); !ok {
			t.Errorf("%s: command is not tea.Quit", k)
		}
	}
}

func TestView(t *testing.T) {
	for _, size := range tuitest.Sizes {
		m := signup.New(func(string) error { return nil }, theme.DefaultStyles())
		m.SetSize(size[0], size[1])
		m = typeText(m, "al ice")
		m, _ = m.Update(enter)
		tuitest.Golden(t, fmt.Sprintf("%dx%d", size[0], size[1]), ansi.Strip(m.View()))
	}
}
