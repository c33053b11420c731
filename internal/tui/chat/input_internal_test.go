package chat

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hotels/internal/tui/theme"
)

// The pane holds a text input (8 KB) only while it is open or keeps a
// draft: a closed chat in every player's room screen was a tenth of a
// player's heap (docs/capacity.md).
func TestInputOnlyWhileUsed(t *testing.T) {
	m := New(theme.DefaultStyles())
	m.SetSize(40, 3)
	if m.input != nil {
		t.Fatal("a closed chat holds an input")
	}
	m.Open()
	for _, r := range "hi" {
		m, _ = m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	if m, _ = m.Update(tea.KeyPressMsg{Code: tea.KeyEnter}); m.input != nil {
		t.Error("the input is kept after sending")
	}
	m.Open()
	if m, _ = m.Update(tea.KeyPressMsg{Code: tea.KeyEscape}); m.input != nil {
		t.Error("an empty input is kept after esc")
	}
	m.Open()
	m, _ = m.Update(tea.KeyPressMsg{Code: 'd', Text: "d"})
	m, _ = m.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	if m.input == nil {
		t.Fatal("esc lost the draft")
	}
	m.Open()
	if v := ansi.Strip(m.View()); !strings.Contains(v, "say: d") {
		t.Errorf("reopened, the input shows %q, want the draft", v)
	}
}
