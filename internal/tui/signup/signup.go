package signup

import (
	"errors"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"hotels/internal/tui/theme"
)

// Claim saves name (already normalised) for the connecting key. It returns an
// error wrapping ErrTaken when the name belongs to someone else; any other
// error is shown to the player only as "could not save".
type Claim func(name string) error

// DoneMsg is sent once a name has been claimed; the parent moves on.
type DoneMsg struct {
	Name string
}

// claimedMsg carries the result of a Claim back into Update.
type claimedMsg struct {
	name string
	err  error
}

// Model is the signup screen.
type Model struct {
	claim  Claim
	input  *textinput.Model // by pointer, as help: most of the model, which
	help   *help.Model      // is copied on every message
	keys   KeyMap
	styles *theme.Styles

	width   int
	problem string // why the last attempt failed, shown under the input
	saving  bool   // a Claim is running; input is ignored until it returns
}

// New returns a signup screen that saves names through claim.
func New(claim Claim, styles *theme.Styles) Model {
	in := theme.NewInput()
	in.Prompt = "name: "
	in.Placeholder = "e.g. alice"
	in.CharLimit = 32 // room to type past MaxName and be told why
	in.SetWidth(MaxName + 2)
	// ctrl+v would read the clipboard of the machine running the program:
	// the server's, not the player's. Terminal paste still arrives as a
	// tea.PasteMsg.
	in.KeyMap.Paste.SetEnabled(false)
	// Its styles' cursor does not blink: a blinking cursor redraws the
	// screen twice a second for nothing, and with thousands of newcomers
	// idle on this prompt, that costs cores.
	in.SetStyles(styles.Input)
	in.Focus()
	return Model{
		claim:  claim,
		input:  in,
		help:   theme.NewHelp(),
		keys:   DefaultKeyMap(),
		styles: styles,
	}
}

// Init does nothing: the screen waits for keys, and its cursor does not
// blink.
func (m Model) Init() tea.Cmd {
	return nil
}

// SetSize tells the screen how much room it has.
func (m *Model) SetSize(width, _ int) {
	m.width = width
	m.help.SetWidth(width)
}

// Update handles keys and the result of a claim.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, m.keys.Quit):
			return m, tea.Quit
		case m.saving:
			return m, nil
		case key.Matches(msg, m.keys.Submit):
			return m.submit()
		}
		m.problem = ""
	case claimedMsg:
		m.saving = false
		switch {
		case msg.err == nil:
			return m, func() tea.Msg { return DoneMsg{Name: msg.name} }
		case errors.Is(msg.err, ErrTaken):
			m.problem = "The name " + msg.name + " is taken. Try another."
		default:
			m.problem = "Could not save your name just now. Please try again."
		}
		return m, nil
	}
	var cmd tea.Cmd
	*m.input, cmd = m.input.Update(msg)
	return m, cmd
}

// submit checks the typed name and, if it is well formed, claims it.
func (m Model) submit() (Model, tea.Cmd) {
	name, err := Normalize(m.input.Value())
	if err != nil {
		m.problem = capitalize(err.Error()) + "."
		return m, nil
	}
	m.problem = ""
	m.saving = true
	claim := m.claim
	return m, func() tea.Msg {
		return claimedMsg{name: name, err: claim(name)}
	}
}

// View draws the screen.
func (m Model) View() string {
	s := m.styles
	var b strings.Builder
	b.WriteString(s.Title.Render("Welcome to Hotels"))
	b.WriteString("\n\n")
	b.WriteString(s.Text.Render("This key is new here. Pick the name other players will see."))
	b.WriteString("\n")
	b.WriteString(s.Subtle.Render("2 to 16 characters: a-z, 0-9, _ and -. Capitals become lowercase."))
	b.WriteString("\n\n")
	b.WriteString(m.input.View())
	b.WriteString("\n\n")
	switch {
	case m.saving:
		b.WriteString(s.Subtle.Render("Saving..."))
	case m.problem != "":
		b.WriteString(s.Error.Render(m.problem))
	}
	b.WriteString("\n\n")
	b.WriteString(m.help.ShortHelpView(m.keys.ShortHelp()))
	return b.String()
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
