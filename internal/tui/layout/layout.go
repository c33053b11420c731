package layout

import (
	"slices"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// Fit pads or cuts s to exactly w cells.
func Fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	sw := width(s)
	if sw > w {
		s = ansi.Truncate(s, w, "…")
		sw = width(s)
	}
	return s + strings.Repeat(" ", w-sw)
}

// width is lipgloss.Width, without splitting the one line that layout is
// given almost always: measuring is most of laying out a screen, and every
// screen is laid out on every key (docs/capacity.md).
func width(s string) int {
	if strings.IndexByte(s, '\n') >= 0 {
		return lipgloss.Width(s)
	}
	return ansi.StringWidth(s)
}

// Cut cuts s to at most w cells.
func Cut(s string, w int) string {
	if width(s) <= w {
		return s
	}
	return ansi.Truncate(s, max(0, w), "…")
}

// Block splits s into exactly n lines, dropping the excess.
func Block(s string, n int) []string {
	out := strings.Split(s, "\n")
	if s == "" {
		out = nil
	}
	if len(out) > n {
		out = out[:n]
	}
	for len(out) < n {
		out = append(out, "")
	}
	return out
}

// Pad adds empty lines to reach n, or drops the excess.
func Pad(lines []string, n int) []string {
	for _, l := range lines {
		if strings.IndexByte(l, '\n') >= 0 {
			return Block(strings.Join(lines, "\n"), n) // one line each first
		}
	}
	out := make([]string, n)
	copy(out, lines)
	return out
}

// Beside sets two columns side by side: the left padded to lw cells, then
// gap spaces, then the right cut to rw. The result has as many lines as
// the longer column.
func Beside(left, right []string, lw, gap, rw int) []string {
	n := max(len(left), len(right))
	left, right = Pad(left, n), Pad(right, n)
	out := make([]string, n)
	for i := range n {
		out[i] = Fit(left[i], lw) + strings.Repeat(" ", gap) + Cut(right[i], rw)
	}
	return out
}

// Tail wraps texts to w cells and returns the last h lines.
func Tail(texts []string, w, h int) []string {
	var out []string
	for i := len(texts) - 1; i >= 0 && len(out) < h; i-- {
		wrapped := strings.Split(ansi.Wrap(texts[i], w, ""), "\n")
		for j := len(wrapped) - 1; j >= 0 && len(out) < h; j-- {
			out = append(out, wrapped[j])
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// Screen joins lines into a screen at most w wide and h high, with no
// trailing spaces.
func Screen(lines []string, w, h int) string {
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		lines[i] = strings.TrimRight(Cut(l, w), " ")
	}
	return strings.Join(lines, "\n")
}

// Spread puts left and right on one line w cells wide, cutting left if
// both do not fit.
func Spread(left, right string, w int) string {
	rw := width(right)
	if width(left)+1+rw > w {
		return Cut(left, max(0, w-rw-1)) + " " + right
	}
	return Fit(left, w-rw) + right
}

// Memo lays out a screen that is drawn again and again with mostly the same
// lines, as a game screen is on every key: it remembers what Beside and
// Screen made of the lines they were last given and makes only the lines
// that changed again. Measuring text is most of laying out a screen
// (docs/capacity.md). Each Beside call site has its own slot.
type Memo struct {
	beside [2]besideMemo
	screen lineMemo
}

type besideMemo struct {
	left, right, out []string
	lw, gap, rw      int
}

// lineMemo maps each line last given to Screen to what it became.
type lineMemo struct {
	in, out []string
	w       int
}

// Beside is Beside, remembering slot's last call.
func (m *Memo) Beside(slot int, left, right []string, lw, gap, rw int) []string {
	c := &m.beside[slot]
	if c.out == nil || c.lw != lw || c.gap != gap || c.rw != rw || !slices.Equal(c.left, left) || !slices.Equal(c.right, right) {
		c.left, c.right = slices.Clone(left), slices.Clone(right)
		c.lw, c.gap, c.rw = lw, gap, rw
		c.out = Beside(left, right, lw, gap, rw)
	}
	return slices.Clone(c.out)
}

// Screen is Screen, cutting only the lines that differ from the last call's.
func (m *Memo) Screen(lines []string, w, h int) string {
	if len(lines) > h {
		lines = lines[:h]
	}
	c := &m.screen
	out := make([]string, len(lines))
	for i, l := range lines {
		if c.w == w && i < len(c.in) && c.in[i] == l {
			out[i] = c.out[i]
			continue
		}
		out[i] = strings.TrimRight(Cut(l, w), " ")
	}
	c.in, c.out, c.w = slices.Clone(lines), out, w
	return strings.Join(out, "\n")
}
