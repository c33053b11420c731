package history

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"hotels/internal/engine"
	"hotels/internal/games"
	"hotels/internal/sanitize"
	"hotels/internal/tui/layout"
	"hotels/internal/tui/room"
)

// The replay viewer's parts, top to bottom: the header; the game's screen
// (for Acquire: the board beside the chain table), with the step (which
// move, its action line, what is due next) in place of a player's hand; the
// step's events in whatever height is left; the status line and the help
// line.

func (m Model) replayView() string {
	s, w, h := m.styles, m.width, m.height
	r := m.replay
	st := r.steps[r.at]
	g := r.game

	date := g.Started.UTC().Format("2006-01-02")
	left := s.Title.Render("Hotels") + "  " + fmt.Sprintf("game %d · %s · %s", g.ID, date, statusWords(g.Status))
	kind, _ := games.ByName(g.Game)
	right := strings.TrimSpace(kind.Title + " " + g.Rules)
	for _, o := range strings.Fields(g.Options) {
		right += " · " + strings.Replace(o, "=", " ", 1)
	}
	out := []string{layout.Spread(left, s.Subtle.Render(right), w)}

	me := engine.Seat(m.mySeat(g))
	at := room.At{You: me}
	for _, seat := range g.Seats {
		tag := ""
		switch {
		case seat.Player.ID == 0:
			tag = "bot"
		case seat.Player.Bot:
			tag = "BOT" // a bot account (issue 24), as at the table
		}
		at.Tags = append(at.Tags, tag)
	}
	out = append(out, m.screen.Replay(w, h, at, m.stepPanel(m.screen.StepWidth()))...)

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
	f := m.screen.Facts()
	var out []string
	if r.at == 0 {
		out = append(out, s.Heading.Render(fmt.Sprintf("The deal · %d moves", r.moves())))
		out = append(out, "The game is dealt.")
	} else {
		out = append(out, s.Heading.Render(fmt.Sprintf("Move %d of %d", r.at, r.moves())))
		line := sanitize.Line(st.line)
		if st.auto {
			line += s.Subtle.Render(" (autopilot)")
		}
		out = append(out, wrap(s.Notice.Render(line), w)...)
	}
	out = append(out, "")
	if f.Over {
		return append(out, wrap("Game over: "+winners(r.game, f.Standings)+".", w)...)
	}
	return append(out, wrap("Next: "+f.Due+".", w)...)
}

// wrap wraps text to w cells.
func wrap(text string, w int) []string { return strings.Split(ansi.Wrap(text, w, ""), "\n") }

// winners says who won finished game g: "carol wins", "alice and bob
// share the win", a bot account marked as one.
func winners(g Game, standings []engine.Standing) string {
	var names []string
	for _, st := range standings {
		if st.Place == 1 {
			name := st.Name
			if int(st.Seat) < len(g.Seats) && g.Seats[st.Seat].Player.Bot {
				name += " BOT"
			}
			names = append(names, name)
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
