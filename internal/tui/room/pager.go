package room

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hotels/internal/tui/layout"
	"hotels/internal/tui/theme"
)

// Pager is where a page taller than the screen is scrolled to: the rules
// page, the game's log and the list of keys share it. It holds no lines:
// the log's grow while it is open, so each call is given them.
type Pager struct {
	top int  // the first line shown
	end bool // the last line stays shown as lines are added (the log)
}

// AtEnd returns a pager that shows the last lines, and keeps them shown as
// more come.
func AtEnd() Pager { return Pager{end: true} }

// pagerKeys scroll a pager; each page has its own key to close it.
var pagerKeys = struct {
	Up, Down, PageUp, PageDown, Home, End key.Binding
}{
	Up:       key.NewBinding(key.WithKeys("up", "k")),
	Down:     key.NewBinding(key.WithKeys("down", "j")),
	PageUp:   key.NewBinding(key.WithKeys("pgup", "b")),
	PageDown: key.NewBinding(key.WithKeys("pgdown", "space", "f")),
	Home:     key.NewBinding(key.WithKeys("home", "g")),
	End:      key.NewBinding(key.WithKeys("end", "G")),
}

// pagerRows is how many of a page's lines fit in h lines, under its title
// line and a blank one and above its key line.
func pagerRows(h int) int { return max(1, h-3) }

// window is the lines [top, end) of n shown in rows.
func (p Pager) window(n, rows int) (top, end int) {
	top = min(p.top, max(0, n-rows))
	if p.end {
		top = max(0, n-rows)
	}
	return top, min(n, top+rows)
}

// Key scrolls a page of n lines shown h lines high; ok is false if k is
// not a scrolling key, or the page fits and does not scroll.
func (p Pager) Key(k tea.KeyPressMsg, n, h int) (pager Pager, ok bool) {
	rows := pagerRows(h)
	if n <= rows {
		return p, false
	}
	p.top, _ = p.window(n, rows)
	switch {
	case key.Matches(k, pagerKeys.Up):
		p.top--
	case key.Matches(k, pagerKeys.Down):
		p.top++
	case key.Matches(k, pagerKeys.PageUp):
		p.top -= rows - 1
	case key.Matches(k, pagerKeys.PageDown):
		p.top += rows - 1
	case key.Matches(k, pagerKeys.Home):
		p.top = 0
	case key.Matches(k, pagerKeys.End):
		p.top = n
	default:
		return p, false
	}
	last := max(0, n-rows)
	p.top = max(0, min(p.top, last))
	p.end = p.top == last
	return p, true
}

// View draws lines in w×h cells: the title and, if they do not all fit,
// which are shown; the lines; the keys, with close the key that closes
// the page.
func (p Pager) View(s *theme.Styles, title string, lines []string, close string, w, h int) []string {
	rows := pagerRows(h)
	top, end := p.window(len(lines), rows)
	where := ""
	if len(lines) > rows {
		where = fmt.Sprintf("lines %d–%d of %d", top+1, end, len(lines))
	}
	out := []string{layout.Spread(s.Title.Render(title), s.Subtle.Render(where), w), ""}
	for _, l := range lines[top:end] {
		out = append(out, ansi.Truncate(l, w, "…"))
	}
	keys := "↑↓ scroll · pgup/pgdn page · home/end · " + close
	if len(lines) <= rows {
		keys = close
	}
	return append(layout.Pad(out, h-1), s.Subtle.Render(layout.Cut(keys, w)))
}
