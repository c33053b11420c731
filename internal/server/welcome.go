package server

import (
	"context"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hotels/internal/sanitize"
	"hotels/internal/tui/theme"
)

// PLACEHOLDER. welcomeLobby is the Lobby used until the real lobby screen
// lands: it greets the player by name and quits on q. Replace it by passing
// Options.Lobby from cmd/sshd; then delete this file.
func welcomeLobby(_ context.Context, p Player) tea.Model {
	return welcome{name: p.Account.Name, returning: !p.New, styles: theme.DefaultStyles()}
}

type welcome struct {
	name      string
	returning bool
	styles    *theme.Styles
}

var quitKeys = key.NewBinding(key.WithKeys("q", "ctrl+c", "esc"), key.WithHelp("q", "quit"))

func (w welcome) Init() tea.Cmd { return nil }

func (w welcome) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok && key.Matches(k, quitKeys) {
		return w, tea.Quit
	}
	return w, nil
}

func (w welcome) View() tea.View {
	hello := "Welcome, "
	if w.returning {
		hello = "Welcome back, "
	}
	v := tea.NewView(w.styles.Title.Render(hello) + w.styles.Name.Render(sanitize.Line(w.name)) +
		w.styles.Title.Render("!") + "\n\n" +
		w.styles.Text.Render("The lobby is not open yet.") + "\n\n" +
		w.styles.Help.Render("q quit"))
	v.AltScreen = true
	return v
}
