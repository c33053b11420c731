package layout

import (
	"strings"
	"unicode/utf8"
	"unsafe"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// Fit pads or cuts s to exactly w cells.
func Fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	sw := Width(s)
	if sw > w {
		s = ansi.Truncate(s, w, "…")
		sw = Width(s)
	}
	return s + Spaces(w-sw)
}

// Spaces returns n spaces (none for n < 0), without allocating up to a
// wide screen's width.
func Spaces(n int) string {
	if n <= 0 {
		return ""
	}
	const blank = "                                                                                                                                                                                                                                                                "
	if n <= len(blank) {
		return blank[:n]
	}
	return strings.Repeat(" ", n)
}

// Width is lipgloss.Width, the cells s takes on a terminal, measured
// without Unicode's segmentation where s is printable ASCII, narrow
// characters that join no others (Latin, punctuation, arrows, box drawing)
// and CSI sequences, as what the screens draw almost always is: measuring
// was most of laying out a screen, and every screen is laid out again on
// every move (docs/capacity.md).
func Width(s string) int {
	if n, ok := PlainWidth(s); ok {
		return n
	}
	if strings.IndexByte(s, '\n') >= 0 {
		return lipgloss.Width(s)
	}
	return ansi.StringWidth(s)
}

// PlainWidth is the width of s, which ok says it could measure without
// Unicode's segmentation, as Width measures most lines: s has no control
// character but the CSI sequences' ESC, and every character not ASCII is
// narrow, one cell that no following character changes. Such widths add
// up, the width of two strings joined being the sum of theirs, so a line
// made of parts can be measured before it is made.
func PlainWidth(s string) (n int, ok bool) {
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c >= 0x20 && c < 0x7f:
			n++
			i++
		case c == ansi.ESC:
			// ESC [, parameter bytes, intermediate bytes, a final byte.
			j := i + 1
			if j >= len(s) || s[j] != '[' {
				return 0, false
			}
			for j++; j < len(s) && s[j] >= 0x30 && s[j] <= 0x3f; j++ {
			}
			for ; j < len(s) && s[j] >= 0x20 && s[j] <= 0x2f; j++ {
			}
			if j >= len(s) || s[j] < 0x40 || s[j] > 0x7e {
				return 0, false
			}
			i = j + 1
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(s[i:])
			if !narrow(r) {
				return 0, false
			}
			n++
			i += size
		default:
			return 0, false
		}
	}
	return n, true
}

// narrow reports whether r is one cell wide and joins no character before
// or after it, as ansi.StringWidth measures: Latin-1 (but the soft hyphen)
// and Latin Extended, general punctuation (not its joiners and marks
// of direction), arrows, ⌫ (which Acquire's key line shows while buying)
// and box drawing (TestWidth).
func narrow(r rune) bool {
	switch {
	case r >= 0xa0 && r < 0x300:
		return r != 0xad
	case r >= 0x2010 && r <= 0x2027, r >= 0x2030 && r <= 0x205e:
		return true
	case r >= 0x2190 && r <= 0x21ff, r == 0x232b, r >= 0x2500 && r <= 0x257f:
		return true
	}
	return false
}

// Cut cuts s to at most w cells.
func Cut(s string, w int) string {
	if len(s) <= w || Width(s) <= w { // no cell takes less than a byte
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
		out[i] = besideLine(left[i], right[i], lw, gap, rw)
	}
	return out
}

func besideLine(left, right string, lw, gap, rw int) string {
	return besideLineW(left, Width(left), right, lw, gap, rw)
}

// besideLineW is besideLine with the left's width lsw measured already.
func besideLineW(left string, lsw int, right string, lw, gap, rw int) string {
	if lsw > lw {
		left, lsw = Fit(left, lw), lw
	}
	return left + Spaces(max(0, lw-lsw)+gap) + Cut(right, rw)
}

// Wrap wraps s to w cells, as ansi.Wrap, a line each. A line that fits
// is most of what the screens wrap (events, the recap, chat), and ansi.Wrap
// reads it grapheme by grapheme only to give it back as it was: measuring
// it is enough (TestWrap).
func Wrap(s string, w int) []string {
	if n, ok := PlainWidth(s); ok && n <= w {
		return []string{s}
	}
	return strings.Split(ansi.Wrap(s, w, ""), "\n")
}

// Tail wraps texts to w cells and returns the last h lines.
func Tail(texts []string, w, h int) []string {
	var out []string
	for i := len(texts) - 1; i >= 0 && len(out) < h; i-- {
		wrapped := Wrap(texts[i], w)
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
	rw := Width(right)
	if Width(left)+1+rw > w {
		return Cut(left, max(0, w-rw-1)) + " " + right
	}
	return Fit(left, w-rw) + right
}

// Memo lays out a screen that is drawn again and again with mostly the same
// lines, as a game screen is on every key and every move: it remembers
// what Beside and Lines made of the lines they were last given and makes
// only the lines that changed again. Measuring text is most of laying out a screen
// (docs/capacity.md). Each Beside call site has its own slot.
type Memo struct {
	beside [2]Columns
	screen lineMemo
	inner  Laid // another layout, whose lines Lines may be given (Embed)
}

// Laid is a layout whose lines another Memo's Lines may be given, as a
// game's own screen lays out its part of the room screen: a *Memo, a
// *Columns, or a screen's own parts. Holds reports whether l is one of
// the lines it last set, which it knows fit in w cells: Lines measures
// none of them. The same string (the same bytes where it is kept) is the
// same text.
type Laid interface {
	Holds(l string, w int) bool
}

// Embed tells m that the lines given to its Lines may be lines that
// inner set: Lines need not measure them either. A nil inner embeds none.
func (m *Memo) Embed(inner Laid) {
	if inner != Laid(m) {
		m.inner = inner
	}
}

// Columns sets two columns side by side again and again, as Beside does,
// remembering the lines it was last given and made: it sets again only
// the lines that changed. A game screen keeps one for its own columns.
type Columns struct {
	left, right, out []string
	lws              []int // the left lines' widths: a board row's 300-odd bytes beside a chain's row that changed need no measuring again
	lw, gap, rw      int
}

// lineMemo maps each line last given to Lines to what it became, and
// keeps the screen's lines they made, and the screen's before them: a
// player's idle key puts words on the status line and the next takes them
// away, giving back the screen before, whose lines need not be copied
// again (room.BenchmarkIdleKey). The screens' lines, once returned, are
// never changed: a session's renderer keeps them as its last frame, and
// the watchers of a room share them (rooms.Memo).
type lineMemo struct {
	in     []string // the lines last given
	w      int
	out    []string // the screen they made
	before []string // the screen before it
}

// Beside is Beside, setting again only the lines that differ from slot's
// last call's.
func (m *Memo) Beside(slot int, left, right []string, lw, gap, rw int) []string {
	return m.beside[slot].Beside(left, right, lw, gap, rw)
}

// Append is Beside appending the lines to dst (Columns.Append).
func (m *Memo) Append(slot int, dst, left, right []string, lw, gap, rw int) []string {
	return m.beside[slot].Append(dst, left, right, lw, gap, rw)
}

// AppendMeasured is Append given the left lines' widths
// (Columns.AppendMeasured).
func (m *Memo) AppendMeasured(slot int, dst, left []string, lws []int, right []string, lw, gap, rw int) []string {
	return m.beside[slot].AppendMeasured(dst, left, lws, right, lw, gap, rw)
}

// Set is two columns set side by side, as Beside sets them, that is never
// changed: a part of a screen that the seats of a room share (Shared).
type Set struct {
	Left, Right, Lines []string // the columns, and the lines set of them
	lw, gap, rw        int
}

// SetBeside sets left and right side by side as Beside does, taking the
// lines of last (nil for none) whose columns' lines are the same strings
// (Same): the part the seats share at a snapshot is set from the one of
// the snapshot before, which a move changes a line or two of. The Set
// holds left and right: the caller must not change them.
func SetBeside(last *Set, left, right []string, lw, gap, rw int) Set {
	if last != nil && (last.lw != lw || last.gap != gap || last.rw != rw) {
		last = nil
	}
	var lastLeft, lastRight []string
	if last != nil {
		lastLeft, lastRight = last.Left, last.Right
	}
	if !oneEachNew(left, lastLeft) || !oneEachNew(right, lastRight) {
		return Set{left, right, Beside(left, right, lw, gap, rw), lw, gap, rw}
	}
	n := max(len(left), len(right))
	lines := make([]string, n)
	for i := range n {
		l, r := at(left, i), at(right, i)
		if last != nil && i < len(last.Lines) && Same(l, at(lastLeft, i)) && Same(r, at(lastRight, i)) {
			lines[i] = last.Lines[i]
			continue
		}
		lines[i] = besideLine(l, r, lw, gap, rw)
	}
	return Set{left, right, lines, lw, gap, rw}
}

// Beside is Beside, setting again only the lines that differ from the
// last call's.
func (c *Columns) Beside(left, right []string, lw, gap, rw int) []string {
	return c.Append(nil, left, right, lw, gap, rw)
}

// Append is Beside appending the lines to dst: a screen that sets its
// columns in its own list makes no other.
func (c *Columns) Append(dst, left, right []string, lw, gap, rw int) []string {
	return c.AppendMeasured(dst, left, nil, right, lw, gap, rw)
}

// AppendMeasured is Append given the width of each left line, lws[i]
// for left[i] (nil: none given), which it then need not measure: a board
// whose rows are all as wide, of a few hundred bytes each, that a move
// changes on every seat's screen (Acquire's; room.BenchmarkGame).
func (c *Columns) AppendMeasured(dst, left []string, lws []int, right []string, lw, gap, rw int) []string {
	if c.lw != lw || c.gap != gap || c.rw != rw {
		c.left, c.right, c.out, c.lws = c.left[:0], c.right[:0], c.out[:0], c.lws[:0]
		c.lw, c.gap, c.rw = lw, gap, rw
	}
	n := max(len(left), len(right))
	if !oneEachNew(left, c.left) || !oneEachNew(right, c.right) {
		left, right, lws = Pad(left, n), Pad(right, n), nil
	}
	// The lines kept are changed in place: a move changes a few of them.
	for i := range n {
		l, r := at(left, i), at(right, i)
		if i < len(c.out) {
			switch {
			case c.left[i] != l:
				c.lws[i] = measured(lws, i, l)
				fallthrough
			case c.right[i] != r:
				c.left[i], c.right[i], c.out[i] = l, r, besideLineW(l, c.lws[i], r, lw, gap, rw)
			}
			continue
		}
		lsw := measured(lws, i, l)
		c.left, c.right, c.lws = append(c.left, l), append(c.right, r), append(c.lws, lsw)
		c.out = append(c.out, besideLineW(l, lsw, r, lw, gap, rw))
	}
	c.left, c.right, c.out, c.lws = c.left[:n], c.right[:n], c.out[:n], c.lws[:n]
	return append(dst, c.out...)
}

// measured is the width of l, the i-th of lines whose widths lws gives
// where it has one.
func measured(lws []int, i int, l string) int {
	if i < len(lws) {
		return lws[i]
	}
	return Width(l)
}

// oneEachNew reports whether each of lines is one line, looking only at
// the lines not as kept (the lines a Columns kept, each one line): a move
// changes a few lines of a column, and looking for line breaks in every
// line of both columns was a sixth of setting them side by side
// (room.BenchmarkMix).
func oneEachNew(lines, kept []string) bool {
	for i, l := range lines {
		if (i >= len(kept) || kept[i] != l) && strings.IndexByte(l, '\n') >= 0 {
			return false
		}
	}
	return true
}

// at is lines[i], or "" past their end.
func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return ""
}

// Lines is Screen without joining the lines: the screen as lines, none
// wider than w, at most h, with no trailing spaces. It cuts only the lines
// that differ from the last call's, and gives back the same slice as the
// last call's, or the one before it, where the screen is the same: the
// lines returned are never changed (see lineMemo), and a new slice is made
// only at the first line that differs from both. The screen joined into
// one string, which the renderer cut into lines again, was a third of what
// drawing a move allocated (room.BenchmarkMoveOn; Bubble Tea's View.Lines,
// third_party/bubbletea/HOTELS.md).
func (m *Memo) Lines(lines []string, w, h int) []string {
	if len(lines) > h {
		lines = lines[:h]
	}
	c := &m.screen
	if c.w != w {
		c.in, c.w, c.out, c.before = c.in[:0], w, nil, nil
	}
	n := len(lines)
	// same: the lines so far are out's (each given as last time); back:
	// they are before's. made: the lines so far, once neither holds them.
	same, back := n == len(c.in) && c.out != nil, n == len(c.before)
	var made []string
	for i, l := range lines {
		var line string
		kept := i < len(c.in) && c.in[i] == l
		if kept {
			line = c.out[i]
		} else {
			if !m.fits(l, w) {
				l = Cut(l, w)
			}
			if i < len(c.in) {
				c.in[i] = lines[i]
			} else {
				c.in = append(c.in, lines[i])
			}
			line = strings.TrimRight(l, " ")
		}
		if made == nil {
			wasSame := same
			same, back = same && kept, back && c.before[i] == line
			if same || back {
				continue
			}
			made = make([]string, i, n)
			if wasSame {
				copy(made, c.out)
			} else {
				copy(made, c.before) // the lines so far were before's, or there are none
			}
		}
		made = append(made, line)
	}
	c.in = c.in[:n]
	switch {
	case made != nil:
		c.before, c.out = c.out, made
	case !same: // the screen before, again
		c.before, c.out = c.out, c.before
	}
	return c.out
}

// fits reports whether l is a line that Beside last set, in columns no
// wider than w in all: it needs no measuring. A game screen is most of
// such lines, and measuring them again was a tenth of drawing a move
// (room.BenchmarkMove). The same string is the same text.
func (m *Memo) fits(l string, w int) bool {
	if l == "" {
		return false
	}
	return m.Holds(l, w) || m.inner != nil && m.inner.Holds(l, w)
}

// Holds reports whether l is a line that m's Beside last set, in
// columns no wider than w in all.
func (m *Memo) Holds(l string, w int) bool {
	for i := range m.beside {
		if m.beside[i].Holds(l, w) {
			return true
		}
	}
	return false
}

// Holds reports whether l is a line that c last set, in columns no wider
// than w in all.
func (c *Columns) Holds(l string, w int) bool {
	if c.lw < 0 || c.gap < 0 || c.rw < 0 || c.lw+c.gap+c.rw > w {
		return false
	}
	for _, o := range c.out {
		if Same(o, l) {
			return true
		}
	}
	return false
}

// Same reports whether a and b are the same string, its bytes where they
// are kept: a line kept is compared with what a screen gives without
// reading it.
func Same(a, b string) bool {
	return len(a) == len(b) && unsafe.StringData(a) == unsafe.StringData(b)
}

// Kept is lines kept by a key of everything they are drawn from, so that
// the frames that leave them as they were (most keys, the room's answer
// to a decision) draw them no more. The lines are never changed once
// drawn: the renderer keeps them as its last frame.
type Kept[K comparable] struct {
	key   K
	lines []string
}

// Key is the key of the lines kept: the zero K before any.
func (k *Kept[K]) Key() K { return k.key }

// Lines gives the lines kept for key, drawn by draw when key is another.
func (k *Kept[K]) Lines(key K, draw func() []string) []string {
	if k.lines == nil || k.key != key {
		k.key, k.lines = key, draw()
	}
	return k.lines
}
