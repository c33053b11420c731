package room

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hotels/internal/engine"
	"hotels/internal/rooms"
	"hotels/internal/tui/layout"
	"hotels/internal/tui/theme"
)

// Rules are what a game's rules page shows: its short rules for a
// newcomer, and its kind, whose rule sets and options the page explains
// with the room's choices. Each game's Screen brings its own.
type Rules struct {
	// Text is the rules in lines of at most 76 cells, so that the page
	// and `ssh host rules GAME` need not wrap them.
	Text string
	Kind engine.Kind
}

// Choices are a room's or a recorded game's settings, for the page's
// "This room's options".
type Choices struct {
	Rules   string   // the rule set; "" for a game without
	Options []string // key=value, as the room was created with
	Seats   int
	// Room is set for a room's choices, which say its clock and whether
	// it is private or ranked; a record keeps none of them.
	Room    bool
	Clock   string // the clock in words; "" for none
	Private bool
	Ranked  bool
}

// RoomChoices are the choices of the room info describes.
func RoomChoices(info rooms.Info) Choices {
	return Choices{Rules: info.Rules, Options: info.Options, Seats: info.Seats, Room: true,
		Clock: info.Clock.String(), Private: info.Private, Ranked: info.Ranked}
}

// Options lists the choices in words: the rule set and every option of the
// game, those left at their default too, then the seats and, for a room,
// its clock and whether it is private or ranked.
func (r Rules) Options(c Choices) []string {
	var out []string
	if c.Rules != "" {
		out = append(out, "  rules "+c.Rules)
		out = append(out, explained(r.Kind.RulesHelp)...)
	}
	chosen := map[string]string{}
	for _, o := range c.Options {
		if k, v, ok := strings.Cut(o, "="); ok {
			chosen[k] = v
		}
	}
	for _, o := range r.Kind.Options {
		v, ok := chosen[o.Key]
		if !ok && len(o.Values) > 0 {
			v = o.Values[0]
		}
		line := "  " + o.Key + " " + v // as the header writes it
		if w := o.Words[v]; w != "" {
			line += ": " + w
		}
		out = append(out, line)
		out = append(out, explained(o.Help)...)
	}
	if c.Seats > 0 {
		out = append(out, fmt.Sprintf("  %d players", c.Seats))
	}
	if !c.Room {
		return out
	}
	clock := "no clock: nobody is timed"
	if c.Clock != "" {
		clock = "clock " + c.Clock
	}
	out = append(out, "  "+clock)
	switch {
	case c.Ranked:
		out = append(out, "  ranked: the result changes the players' ratings")
	case c.Private:
		out = append(out, "  private: players join with the invite code")
	default:
		out = append(out, "  public: listed in the lobby")
	}
	return out
}

// explained indents an option's explanation under it, in lines that fit
// the 76 cells of the rules.
func explained(help string) []string {
	lines := strings.Split(ansi.Wrap(help, 70, ""), "\n")
	for i, l := range lines {
		lines[i] = "      " + l
	}
	return lines
}

// Page is a rules page being read: the game's rules and, for a room or a
// recorded game, its options, in a Pager.
type Page struct {
	title string
	lines []string
	pager Pager
}

// NewPage returns the rules page of r, with the options c of the room (or
// game) being played below them.
func NewPage(r Rules, c Choices) Page {
	lines := strings.Split(r.Text, "\n")
	heading := "THIS GAME'S OPTIONS"
	if c.Room {
		heading = "THIS ROOM'S OPTIONS"
	}
	lines = append(lines, "", heading)
	lines = append(lines, r.Options(c)...)
	return Page{title: r.Kind.Title + ": the rules", lines: lines}
}

// closePage closes the rules page.
var closePage = key.NewBinding(key.WithKeys("esc", "q", "R"))

// Key scrolls the page shown h lines high; open is false once k closes it.
func (p Page) Key(k tea.KeyPressMsg, h int) (page Page, open bool) {
	p.pager, _ = p.pager.Key(k, len(p.lines), h)
	return p, !key.Matches(k, closePage)
}

// View draws the page in w×h cells, its headings (lines in capitals)
// marked.
func (p Page) View(s *theme.Styles, w, h int) string {
	lines := make([]string, len(p.lines))
	for i, l := range p.lines {
		if l != "" && l == strings.ToUpper(l) && !strings.HasPrefix(l, " ") {
			l = s.Heading.Render(l)
		}
		lines[i] = l
	}
	return layout.Screen(p.pager.View(s, p.title, lines, "esc back", w, h), w, h)
}
