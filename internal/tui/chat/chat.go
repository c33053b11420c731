package chat

import (
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hotels/internal/rooms"
	"hotels/internal/sanitize"
	"hotels/internal/tui/theme"
)

// SendMsg carries a message the player typed and confirmed.
type SendMsg struct {
	Text string
}

// Model is the chat pane.
type Model struct {
	// input exists only while the input is open or holds a draft: a text
	// input is 8 KB, and most players never chat (docs/capacity.md).
	input  *textinput.Model
	keys   KeyMap
	styles *theme.Styles
	lines  []rooms.ChatLine
	width  int
	height int
}

// prompt starts the input's line.
const prompt = "say: "

// New returns a closed chat pane.
func New(styles *theme.Styles) Model {
	m := Model{keys: DefaultKeyMap()}
	m.SetStyles(styles)
	return m
}

// newInput makes the pane's input, for its styles and width.
func (m *Model) newInput() {
	in := theme.NewInput()
	in.Prompt = prompt
	in.Placeholder = "a message for the table"
	in.CharLimit = rooms.MaxChat
	// ctrl+v reads the clipboard of the machine running the program: the
	// server's. Terminal paste still arrives as a tea.PasteMsg.
	in.KeyMap.Paste.SetEnabled(false)
	m.input = in
	m.SetStyles(m.styles)
	m.SetSize(m.width, m.height)
}

// SetStyles changes the pane's styles.
func (m *Model) SetStyles(s *theme.Styles) {
	m.styles = s
	if m.input != nil {
		m.input.SetStyles(s.Input)
	}
}

// SetSize sets the pane's width and height in cells; the input, when open,
// takes its last line.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = width, height
	if m.input != nil {
		m.input.SetWidth(max(1, width-utf8.RuneCountInString(prompt)-1))
	}
}

// SetLines replaces the messages shown, oldest first.
func (m *Model) SetLines(lines []rooms.ChatLine) { m.lines = lines }

// Open focuses the input, with the draft left in it if any.
func (m *Model) Open() tea.Cmd {
	if m.input == nil {
		m.newInput()
	}
	return m.input.Focus()
}

// Focused reports whether the input is open and takes the keys.
func (m Model) Focused() bool { return m.input != nil && m.input.Focused() }

// KeyMap returns the keys of the open input, for the parent's help line.
func (m Model) KeyMap() KeyMap { return m.keys }

// Update handles keys while the input is open: enter sends a SendMsg and
// closes it, esc closes it and keeps the draft.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	if !m.Focused() {
		return m, nil
	}
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, m.keys.Send):
			text := strings.TrimSpace(m.input.Value())
			m.input = nil
			if text == "" {
				return m, nil
			}
			return m, func() tea.Msg { return SendMsg{Text: text} }
		case key.Matches(k, m.keys.Cancel):
			if m.input.Value() == "" {
				m.input = nil // no draft to keep
				return m, nil
			}
			m.input.Blur()
			return m, nil
		}
	}
	var cmd tea.Cmd
	*m.input, cmd = m.input.Update(msg)
	return m, cmd
}

// wrap writes a message, with who wrote it, in lines of the pane's width.
func (m Model) wrap(l rooms.ChatLine) []string {
	from := sanitize.Line(l.From)
	if l.Bot {
		from += " BOT" // a bot account (issue 24)
	}
	text := m.styles.Name.Render(from) + ": " + sanitize.Line(l.Text)
	return strings.Split(ansi.Wrap(text, m.width, ""), "\n")
}

// Need is how many lines the pane needs, at width cells, to show the
// newest message whole, and the input while it is open.
func (m Model) Need(width int) int {
	n := 1
	if len(m.lines) > 0 {
		c := m
		c.width = width
		n = len(c.wrap(m.lines[len(m.lines)-1]))
	}
	if m.Focused() {
		n++
	}
	return n
}

// View draws the newest messages that fit, wrapped to the pane, and the
// input below them while it is open.
func (m Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	room := m.height
	if m.Focused() {
		room--
	}
	// An empty pane is left blank, not "No chat yet.": the key line says
	// "/ chat", and the words were sent again each time the recap, which
	// takes the pane's lines at 80×24, went (issue 22).
	var out []string
	for i := len(m.lines) - 1; i >= 0 && len(out) < room; i-- {
		wrapped := m.wrap(m.lines[i])
		if left := room - len(out); len(wrapped) > left {
			// A message that does not fit shows its start, with who
			// wrote it, not its last words alone.
			wrapped = wrapped[:left]
			wrapped[left-1] = ansi.Truncate(wrapped[left-1], m.width-1, "") + "…"
		}
		for j := len(wrapped) - 1; j >= 0; j-- {
			out = append(out, wrapped[j])
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	if m.Focused() {
		out = append(out, m.input.View())
	}
	return strings.Join(out, "\n")
}
