package history

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/sanitize"
	"hotels/internal/tui/board"
	"hotels/internal/tui/layout"
)

// The replay viewer's parts, top to bottom: the header; the board beside
// the chain table; the step (which move, its action line, what is due
// next) beside the players; the step's events in whatever height is left;
// the status line and the help line.
const (
	gap        = 1
	legendFrom = 30 // from this height the board has a legend
)

func (m Model) replayView() string {
	s, w, h := m.styles, m.width, m.height
	r := m.replay
	st := r.steps[r.at]
	g := r.game

	date := g.CreatedAt.UTC().Format("2006-01-02")
	left := s.Title.Render("Hotels") + "  " + fmt.Sprintf("game %d · %s · %s", g.ID, date, statusWords(g.Status))
	right := "Acquire " + g.Rules
	for _, o := range strings.Fields(g.Options) {
		right += " · " + strings.Replace(o, "=", " ", 1)
	}
	out := []string{layout.Spread(left, s.Subtle.Render(right), w)}

	rw := w - board.Width - gap
	b := m.board
	bh := board.Height
	if h >= legendFrom {
		bh++
	}
	b.SetSize(board.Width, bh)
	me := engine.Seat(m.mySeat(g))
	out = append(out, layout.Beside(layout.Block(b.View(), bh), m.board.Chains(rw, bh, me), board.Width, gap, rw)...)

	seats := board.Seats{You: me}
	for _, seat := range g.Seats {
		tag := ""
		if seat.Account == 0 {
			tag = "bot"
		}
		seats.Tags = append(seats.Tags, tag)
	}
	out = append(out, layout.Beside(m.stepPanel(board.Width-1), m.board.Players(rw, seats), board.Width, gap, rw)...)

	status := ""
	if m.status != "" {
		status = s.Error.Render(m.status)
	}
	events := h - len(out) - 2
	if events >= 2 {
		out = append(out, s.Heading.Render("What happened"))
		events--
	}
	out = append(out, head(st.log, w, events)...)
	out = append(layout.Pad(out, h-2), status, m.help.ShortHelpView(m.keys.replayHelp()))
	return layout.Screen(out, w, h)
}

// stepPanel says which step is shown, the action that made it and what
// was due next, in w cells.
func (m Model) stepPanel(w int) []string {
	s, r := m.styles, m.replay
	st := r.steps[r.at]
	v := st.view
	var out []string
	if r.at == 0 {
		out = append(out, s.Heading.Render(fmt.Sprintf("The deal · %d moves", r.moves())))
		out = append(out, "The tiles are dealt.")
	} else {
		out = append(out, s.Heading.Render(fmt.Sprintf("Move %d of %d", r.at, r.moves())))
		line := sanitize.Line(st.line)
		if st.auto {
			line += s.Subtle.Render(" (autopilot)")
		}
		out = append(out, wrap(s.Notice.Render(line), w)...)
	}
	out = append(out, "")
	if v.Phase == acquire.PhaseOver {
		return append(out, wrap("Game over: "+winners(v)+".", w)...)
	}
	out = append(out, wrap("Next: "+v.Due+".", w)...)
	return append(out, s.Subtle.Render(fmt.Sprintf("Bag: %d tiles.", v.BagLeft)))
}

// wrap wraps text to w cells.
func wrap(text string, w int) []string { return strings.Split(ansi.Wrap(text, w, ""), "\n") }

// winners says who won a finished game: "carol wins", "alice and bob share
// the win".
func winners(v *acquire.View) string {
	var names []string
	for _, st := range v.Standings {
		if st.Place == 1 {
			names = append(names, st.Name)
		}
	}
	switch len(names) {
	case 0:
		return "no standings"
	case 1:
		return names[0] + " wins"
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1] + " share the win"
}

// head wraps texts to w cells and returns the first h lines, the last of
// them saying how many more there are if they do not all fit.
func head(texts []string, w, h int) []string {
	if h <= 0 {
		return nil
	}
	var lines []string
	for _, t := range texts {
		lines = append(lines, wrap(t, w)...)
	}
	if len(lines) <= h {
		return lines
	}
	more := len(lines) - h + 1
	return append(lines[:h-1], fmt.Sprintf("… and %d more %s", more, map[bool]string{true: "line", false: "lines"}[more == 1]))
}
