package tuitest

import (
	"io"
	"sync/atomic"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"hotels/internal/tui/room"
)

// Frame is a program's model that shows itself on the alternate screen and
// becomes the Frame it is sent: tests of how frames reach a terminal send
// them one by one.
type Frame string

func (f Frame) Init() tea.Cmd { return nil }

func (f Frame) Update(msg tea.Msg) (tea.Model, tea.Cmd) { return nextFrame(f, msg) }

func (f Frame) View() tea.View {
	v := tea.NewView(string(f))
	v.AltScreen = true
	return v
}

// Lines is a Frame handed over as lines (tea.View.Lines), as the room
// screen hands its frames; a program showing either becomes the Frame or
// Lines it is sent. The lines must not change once sent.
type Lines []string

func (l Lines) Init() tea.Cmd { return nil }

func (l Lines) Update(msg tea.Msg) (tea.Model, tea.Cmd) { return nextFrame(l, msg) }

func (l Lines) View() tea.View {
	v := tea.NewView("")
	v.Lines, v.AltScreen = l, true
	return v
}

// nextFrame is the frame a program showing shown is sent in msg, if any.
func nextFrame(shown tea.Model, msg tea.Msg) (tea.Model, tea.Cmd) {
	switch next := msg.(type) {
	case Frame:
		return next, nil
	case Lines:
		return next, nil
	}
	return shown, nil
}

// Program runs a program showing first on a w×h xterm-256color terminal
// that takes its output, until the test ends.
func Program(tb testing.TB, first Frame, out io.Writer, w, h int) *tea.Program {
	return ProgramOf(tb, first, out, w, h)
}

// ProgramOf runs a program of model as Program does.
func ProgramOf(tb testing.TB, model tea.Model, out io.Writer, w, h int) *tea.Program {
	p := tea.NewProgram(model, tea.WithInput(nil), tea.WithOutput(out), tea.WithWindowSize(w, h),
		tea.WithColorProfile(colorprofile.ANSI256), tea.WithEnvironment([]string{"TERM=xterm-256color"}), tea.WithFPS(120))
	done := make(chan struct{})
	go func() { _, _ = p.Run(); close(done) }()
	tb.Cleanup(func() { p.Quit(); <-done })
	return p
}

// Writes is an io.Writer that discards what it is given and signals each
// write, dropping the signal if one is already waiting.
type Writes chan struct{}

func (w Writes) Write(p []byte) (int, error) {
	select {
	case w <- struct{}{}:
	default:
	}
	return len(p), nil
}

// Counter is Writes that also counts the bytes it is given: what a
// terminal is sent, for benchmarks' B/frame and B/move.
type Counter struct {
	N      atomic.Int64
	Signal Writes
}

// NewCounter is a Counter whose Signal holds one write's signal.
func NewCounter() *Counter { return &Counter{Signal: make(Writes, 1)} }

func (c *Counter) Write(p []byte) (int, error) {
	c.N.Add(int64(len(p)))
	return c.Signal.Write(p)
}

// RoomModel is a room screen as a program's model, drawn as the session draws
// it (tui.Model.View): its lines, on the alternate screen, under its
// window title.
type RoomModel struct{ Screen room.Model }

func (r RoomModel) Init() tea.Cmd { return r.Screen.Init() }

func (r RoomModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	r.Screen, cmd = r.Screen.Update(msg)
	return r, cmd
}

func (r RoomModel) View() tea.View {
	v := tea.NewView("")
	v.Lines, v.AltScreen, v.WindowTitle = r.Screen.Lines(), true, r.Screen.Title()
	return v
}
