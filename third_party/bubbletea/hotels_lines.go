package tea

import (
	"hash/maphash"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
)

// drawFrame draws next, a frame's lines, into frame line by line, and
// reports false, having drawn nothing, if a line's cells could depend on
// the lines before it (see selfContained); flush then draws the frame
// whole, as upstream does (Hotels patch).
//
// Upstream parses every frame whole into cells and marks every line
// touched, so the terminal renderer compares all 1,920 cells of an 80×24
// frame with the screen. After a move or a key most lines of a screen are
// as they were, and the lines that change recur across the watchers and
// players of a table. So a line that is the same as in the last frame,
// last, if shown shows that frame (see sameScreen in flush), is left
// untouched and not drawn at all; another is copied from the lines parsed
// before by any program, or parsed.
//
// A line is the same if its text is and, in both frames, every line before
// it is self-contained and leaves the default style. Frames are drawn
// without wrapping, so line y is row y in both.
//
// cached[y] is set to the cache's line, packed, for each line y drawn from
// the cache, which the terminal renderer may keep in place of its own copy
// once it has drawn the frame (ShareLine); the others are set to "".
//
// looked[y] counts the frames that left line y untouched, since it was
// drawn, that looked for it in the cache: see maxLooks.
//
// checked says that last passed the check below too (drawFrame drew it),
// so that its lines need not be checked again: a line as in last, with a
// line after it there, is self-contained and ends with the default style.
func drawFrame(frame uv.ScreenBuffer, shown *uv.TerminalRenderer, last, next []string, checked bool, cached []string, looked []uint8) bool {
	w, h := frame.Width(), frame.Height()
	next = next[:min(len(next), h)]
	checked = checked && shown != nil && len(last) > 0
	// known reports whether line y of last is known self-contained and to
	// end with the default style: the line after it was checked and began
	// with it.
	known := func(y int) bool {
		return checked && y+1 < len(last) && y+1 < h
	}
	plain := true
	for y, line := range next {
		if plain && known(y) && line == lineAt(last, y) {
			continue // plain stays true
		}
		// The last line of next, as in last, which was checked: it is
		// self-contained, and no line follows to take the style it ends
		// with (change 11: the help line at the bottom of a game screen,
		// long and full of SGR sequences, was checked in every frame).
		if plain && checked && y == len(next)-1 && y < len(last) && line == last[y] {
			break
		}
		// A line the cache holds is self-contained: only frames drawn
		// line by line, every line of which was checked, keep lines
		// there. It is taken from the cache below (Hotels patch, change
		// 16: the check was 1.5% of the server's CPU at 2,500 players).
		var self bool
		var end lineEnd
		if l, _ := parsed.find(lineKey{line, w, frame.Method}, false); l != "" {
			self, end, cached[y] = true, lastEnd(line), l
		} else {
			self, end = selfContained(line)
		}
		if !self || !plain {
			clear(cached)
			return false
		}
		plain = end.plain(plain)
	}
	if len(frame.Touched) != h {
		frame.Touched = make([]*uv.LineData, h)
	}
	// same: the last frame may be compared, and its line y starts with the
	// default style.
	same := shown != nil && len(last) > 0
	kept := -1 // the last line left untouched
	// tail: the first of the blank lines at the bottom of next (Hotels
	// patch, change 17); see restore's call below.
	tail := len(next)
	for tail > 0 && blank(next[tail-1]) {
		tail--
	}
	for y, b := range next {
		a := lineAt(last, y)
		if same && a == b && shown.ShownWidth(y) == w {
			// The renderer reads an untouched line of the frame only to
			// find the blank lines at the bottom (clearBottom): instead
			// of its cells, a mark says it is not blank.
			frame.Lines[y][0] = notBlank
			// Untouched in the LineData it has, as the renderer marks
			// lines after each frame: a nil one it would replace with a
			// new one (Ultraviolet's change 7).
			if t := frame.Touched[y]; t != nil {
				t.FirstCell, t.LastCell = -1, -1
			}
			kept = y
			// The screen's copy of a line drawn before it was cached
			// may give way to the cache's.
			cached[y] = "" // not the line the check found
			if !shown.LineShared(y) && looked[y] < maxLooks {
				looked[y]++
				cached[y], _ = parsed.find(lineKey{b, w, frame.Method}, false)
			}
		} else {
			if l := cached[y]; l != "" { // found by the check
				uv.UnpackLine(frame.Lines[y], l)
			} else {
				cached[y] = drawLine(frame, y, b)
			}
			looked[y] = 0
			frame.TouchLine(0, y, w)
			// The renderer may erase from the line above a line that
			// became blank to the bottom, and then redraws only the
			// touched lines: only from above the blank lines at the
			// bottom of the frame (clearBottom), so not above a blank
			// line with text below it, such as a status line cleared
			// (change 17).
			if y > 0 && kept == y-1 && y >= tail {
				restore(frame, shown, y-1)
			}
		}
		// A line of last that is the same as b is self-contained and,
		// unless it is the last, ends with the default style, as b does.
		if same && a != b && !known(y) {
			self, end := selfContained(a)
			same = self && end.plain(true)
		}
	}
	if y := len(next); y < h { // the lines below the text are blank
		frame.ClearArea(uv.Rect(0, y, w, h-y))
		if y > 0 && kept == y-1 {
			restore(frame, shown, y-1)
		}
	}
	return true
}

// lineAt is line y of lines, or "" below them: the screen shows blank
// lines below a frame's text.
func lineAt(lines []string, y int) string {
	if y < len(lines) {
		return lines[y]
	}
	return ""
}

// lines returns the view's lines, for drawFrame: v.Lines, or else
// v.Content cut at its newlines into *cut, as StyledString.Draw reads it
// ("\r\n" as "\n"; a newline at the end starts no line to draw) (Hotels
// patch, change 9). Only screens that still build one string are cut.
func (v *View) lines(cut *[]string) []string {
	if v.Lines != nil {
		return v.Lines
	}
	lines := (*cut)[:0]
	for rest := v.Content; rest != ""; {
		line, after, nl := strings.Cut(rest, "\n")
		if nl {
			line = strings.TrimSuffix(line, "\r")
		}
		lines, rest = append(lines, line), after
	}
	*cut = lines
	return lines
}

// text returns the view's content as one string: Content, or Lines joined,
// for what upstream reads of the string: a frame that drawFrame cannot draw
// line by line is drawn whole from it, and an inline (not alternate
// screen) frame is measured (Hotels patch, change 9).
func (v *View) text() string {
	if v.Lines != nil {
		return strings.Join(v.Lines, "\n")
	}
	return v.Content
}

// frameCut holds a flush's frames cut into lines (View.lines), for the
// views that have no Lines: the frame it draws and the last frame.
type frameCut struct{ next, last []string }

// cuts holds the frameCuts flushes borrow, shared by every program (Hotels
// patch, change 9): a session whose screens hand over lines holds none.
var cuts = sync.Pool{New: func() any { return new(frameCut) }}

func takeCut() *frameCut { return cuts.Get().(*frameCut) }

// giveCut gives c back to cuts, holding no line of a frame.
func giveCut(c *frameCut) {
	clear(c.next)
	clear(c.last)
	c.next, c.last = c.next[:0], c.last[:0]
	cuts.Put(c)
}

// maxLooks is how many frames that leave a line untouched, after it was
// drawn, look for it in the cache. A line is cached once a second program
// parses it, mostly while the other players of the table draw the same
// move, so just after the first program's frame, not later; and most lines
// left unshared are a player's own, which no other program draws. Looking
// them up in every frame was 1.3% of the server's CPU (issue 22: 122,000
// looks in 40 s with 400 players, 6% found).
const maxLooks = 2

// notBlank marks an untouched line of a frame; see drawFrame.
var notBlank = uv.Cell{Content: "\x00", Width: 1}

// restore gives line y, which drawFrame left untouched, the cells the
// screen shows, and touches it.
func restore(frame uv.ScreenBuffer, shown *uv.TerminalRenderer, y int) {
	copy(frame.Lines[y], shown.ShownLine(y))
	frame.TouchLine(0, y, frame.Width())
}

// drawLine draws line into row y of frame: the cells parsed before for
// the same text, width and width method, if any. It returns the cache's
// line, packed, if the line is in the cache now.
func drawLine(frame uv.ScreenBuffer, y int, line string) string {
	k := lineKey{line, frame.Width(), frame.Method}
	l, again := parsed.find(k, true)
	if l != "" {
		uv.UnpackLine(frame.Lines[y], l)
		return l
	}
	// The cells' text points into the text they are parsed from: parse a
	// copy, not the frame the line was cut from, which every line kept
	// from it (here or in the renderer's copy of the screen) would keep
	// whole (issue 22: 20 MB of frames with 400 players). drawPlain's
	// point into no text, and need no copy (change 7).
	plain := drawPlain(frame.Lines[y], line)
	if !plain {
		k.text = strings.Clone(line)
		var scr uv.Screen = lineScreen{frame.RenderBuffer}
		if frame.Method == ansi.GraphemeWidth {
			scr = graphemeLineScreen{lineScreen{frame.RenderBuffer}}
		}
		uv.NewStyledString(k.text).Draw(scr, uv.Rect(0, y, frame.Width(), 1))
	}
	if again {
		var ok bool
		if l, ok = uv.PackLine(frame.Lines[y]); ok {
			if plain {
				k.text = strings.Clone(line) // the key, kept
			}
			parsed.keep(k, l)
		}
	}
	return l
}

// drawPlain draws text, a self-contained line (selfContained) that starts
// with the default style, into l as StyledString.Draw does, when every
// character of it is printable ASCII, a rune from U+00A0 to U+02FF other
// than the soft hyphen, or a symbol of plainSymbols (change 11); otherwise
// it reports false, and l is to be drawn by StyledString.Draw, which
// clears it first (Hotels patch, change 7).
//
// Such a character is a grapheme cluster of its own (none of them extends
// a cluster or is extended by another of them), one cell wide by either
// width method, and StyledString.Draw gives it a cell of its own with the
// style the SGR sequences before it set, read by the same parser and
// ReadStyle; the cells after the text are blank. The cells' texts are
// plainText's and plainSymbols', not the line's. Most of a game screen's
// lines are such lines (the board's dots are U+00B7), and the general
// parser, which decodes every byte through its state machine and sets
// cells one by one through the screen, was 7% of the server's CPU with
// 5,000 players (issue 22).
func drawPlain(l uv.Line, text string) bool {
	// cell is the next cell, its style the one the SGR sequences so far
	// set, copied whole into l (Hotels patch, change 18): a cell built in
	// place, uv.Cell{...}, was zeroed on the stack, filled, and copied.
	cell := uv.Cell{Width: 1}
	zero := true // cell.Style is the default style (change 18)
	var p *ansi.Parser
	defer func() {
		if p != nil {
			ansi.PutParser(p)
		}
	}()
	x := 0
	for i := 0; i < len(text); {
		c := text[i]
		r, n := rune(c), 1
		switch {
		case c == '\x1b':
			m, reset, ok := sgr(text[i:])
			if !ok {
				return false
			}
			// Change 18: a reset gives the default style, whatever the
			// style was, and a sequence after the default style the
			// style kept for it, if any (sgrStyle); neither is parsed.
			seq := text[i : i+m]
			i += m
			if reset {
				cell.Style, zero = uv.Style{}, true
				continue
			}
			if zero {
				if st, ok := sgrStyle(seq); ok {
					cell.Style, zero = st, false
					continue
				}
			}
			if p == nil {
				p = ansi.GetParser()
			}
			ansi.DecodeSequenceWc(seq, ansi.NormalState, p)
			uv.ReadStyle(p.Params(), &cell.Style)
			if zero {
				keepSGRStyle(seq, cell.Style)
			}
			zero = false
			continue
		case c >= utf8.RuneSelf:
			r, n = utf8.DecodeRuneInString(text[i:])
			if r >= 0x300 { // change 11: see plainSymbols
				t := ""
				if r >= symbolsFrom && r < symbolsFrom+rune(len(plainSymbols)) {
					t = plainSymbols[r-symbolsFrom]
				}
				if t == "" {
					return false
				}
				if x < len(l) {
					cell.Content = t
					l[x] = cell
				}
				x++
				i += n
				continue
			}
			if r < 0xa0 || r == 0xad { // utf8.RuneError too
				return false
			}
		case c < 0x20 || c == 0x7f:
			return false
		}
		if x < len(l) {
			cell.Content = plainText[r]
			l[x] = cell
		}
		x++
		i += n
	}
	for ; x < len(l); x++ {
		l[x] = uv.EmptyCell
	}
	return true
}

// sgrStyles holds the styles SGR sequences give after the default style,
// by a hash of the sequence, for drawPlain; a sequence replaces the one in
// its slot (Hotels patch, change 18). A game screen's lines start each
// styled run with one sequence after a reset, from a few dozen, which
// drawPlain parsed each time: half of its CPU (issue 22, 2,500 players).
var sgrStyles [256]atomic.Pointer[sgrStyleOf]

// sgrStyleOf is the style an SGR sequence gives after the default style.
type sgrStyleOf struct {
	seq   string
	style uv.Style
}

// sgrSlot returns the slot of sgrStyles for seq.
func sgrSlot(seq string) *atomic.Pointer[sgrStyleOf] {
	h := uint32(2166136261)
	for i := 0; i < len(seq); i++ {
		h = (h ^ uint32(seq[i])) * 16777619
	}
	return &sgrStyles[h>>24]
}

// sgrStyle returns the style seq gives after the default style, if kept.
func sgrStyle(seq string) (uv.Style, bool) {
	if k := sgrSlot(seq).Load(); k != nil && k.seq == seq {
		return k.style, true
	}
	return uv.Style{}, false
}

// keepSGRStyle keeps st as the style seq gives after the default style;
// seq is copied, not to keep the frame it points into.
func keepSGRStyle(seq string, st uv.Style) {
	sgrSlot(seq).Store(&sgrStyleOf{strings.Clone(seq), st})
}

// plainSymbols holds the text of each rune from symbolsFrom that drawPlain
// takes, "" for one it does not (Hotels patch, change 11): the punctuation,
// arrows, technical symbols, box drawing, blocks and shapes of the general
// punctuation to geometric shapes blocks (U+2010 to U+25FF) that are a
// grapheme cluster of their own, one cell wide by either width method
// (not an emoji drawn two wide, as U+231A is), and neither extend a cluster
// nor are extended by a rune drawPlain takes: none is a mark, a joiner, a
// spacing mark or a prepended character; the spaces, separators and
// invisible characters of U+2000 to U+200F, U+2028 to U+202F and U+205F on
// are left out. The game screens draw bullets, arrows, dashes and "›" in
// most lines a move changes (help and decision lines, Holiday AG's board),
// which StyledString.Draw parsed: 3.5% of the server's CPU at 2,500 players
// (issue 22).
var plainSymbols = func() *[0x600]string {
	var t [0x600]string
	for _, span := range [][2]rune{{0x2010, 0x2027}, {0x2030, 0x205e}, {0x2190, 0x23ff}, {0x2500, 0x25ff}} {
		for r := span[0]; r <= span[1]; r++ {
			s := string(r)
			c, wc := ansi.FirstGraphemeCluster(s, ansi.WcWidth)
			_, gw := ansi.FirstGraphemeCluster(s, ansi.GraphemeWidth)
			if c == s && wc == 1 && gw == 1 {
				t[r-symbolsFrom] = s
			}
		}
	}
	return &t
}()

// symbolsFrom is the rune of plainSymbols[0].
const symbolsFrom = 0x2000

// plainText holds the text of each character drawPlain takes, by its rune:
// the cells it draws point to these, not into the line, which need not be
// copied for them (see drawLine).
var plainText = func() *[0x300]string {
	var t [0x300]string
	for r := range t {
		t[r] = string(rune(r))
	}
	return &t
}()

// lineScreen is a frame that drawLine parses a line into: its cells are
// set without comparing each with the cell it replaces to mark the line
// touched, as RenderBuffer.SetCell does, since drawFrame touches every line
// it draws whole (issue 22: the comparisons were a fifth of the parsing).
// One pointer, so that it is a Screen without an allocation; the width
// method is its type's: wcwidth, as printString takes any other.
type lineScreen struct{ *uv.RenderBuffer }

// SetCell sets the cell at x, y of the frame, and touches nothing.
func (l lineScreen) SetCell(x, y int, c *uv.Cell) { l.Buffer.SetCell(x, y, c) }

// WidthMethod returns wcwidth.
func (lineScreen) WidthMethod() uv.WidthMethod { return ansi.WcWidth }

// graphemeLineScreen is a lineScreen of a frame measured by grapheme.
type graphemeLineScreen struct{ lineScreen }

// WidthMethod returns the grapheme width method.
func (graphemeLineScreen) WidthMethod() uv.WidthMethod { return ansi.GraphemeWidth }

// parsed keeps lines parsed into cells, packed (uv.PackLine), for all
// programs: a line is kept the second time it is parsed, so that the lines
// a table's watchers all show are parsed about twice, and one player's are
// not copied in vain. Kept lines are in two generations: a line found is
// moved to the newer, and when that holds maxBytes bytes of text and
// packed lines it becomes the older and the older is dropped.
var parsed = lineCache{seed: maphash.MakeSeed()}

// maxBytes bounds a generation: about 5,000 lines of a game's screen at 80
// columns (some 400 bytes of text and 300 packed a line).
const maxBytes = 4 << 20

type lineCache struct {
	mu       sync.Mutex
	now, old map[uint64]cachedLine // by the key's hash (lineKey.hash)
	bytes    int                   // of now's texts and lines
	once     [4096]uint64          // hashes of lines parsed once, by their low bits
	seed     maphash.Seed
	// in says, by the top bits of a hash, whether now (inNow) or old
	// (inOld) may hold a line of that hash: a map is looked in only then
	// (Hotels patch, change 15). A look-up mostly finds nothing (a line new
	// to the cache, a line of a player's own that no other program draws),
	// and each map it looked in was a few reads of memory the processor's
	// caches had lost, with thousands of sessions: 2% of the server's CPU
	// at 2,500 players (issue 22). 64 KB, which they keep.
	in [1 << 16]uint8
}

// The bits of lineCache.in.
const (
	inNow = 1 << iota
	inOld
)

// slot is h's byte of lineCache.in.
func slot(h uint64) uint16 { return uint16(h >> 48) }

type lineKey struct {
	text   string
	width  int
	method ansi.Method
}

// cachedLine is a line kept, with its key: two keys of one hash are
// different lines, the one kept last is kept.
type cachedLine struct {
	key  lineKey
	line string
}

// hash hashes k, once a look-up (Hotels patch, change 11): the maps were
// keyed by lineKey, which each look-up hashed again, twice if the newer
// generation did not hold it, with the struct's generic hash (issue 22:
// 3% of the server's CPU at 2,500 players).
func (c *lineCache) hash(k lineKey) uint64 {
	return (maphash.String(c.seed, k.text) ^ uint64(k.width)<<8 ^ uint64(k.method)) * 0x9e3779b97f4a7c15
}

// find returns the line kept for k, or "" and whether k was parsed once
// before; with parsing, it records that k is being parsed now.
func (c *lineCache) find(k lineKey, parsing bool) (l string, again bool) {
	h := c.hash(k)
	c.mu.Lock()
	defer c.mu.Unlock()
	in := c.in[slot(h)]
	if in&inNow != 0 {
		if e, ok := c.now[h]; ok && e.key == k {
			return e.line, false
		}
	}
	if in&inOld != 0 {
		if e, ok := c.old[h]; ok && e.key == k {
			c.add(h, e.key, e.line) // its key a copy already, not the frame k was cut from
			return e.line, false
		}
	}
	if !parsing {
		return "", false
	}
	slot := &c.once[h%uint64(len(c.once))]
	again = *slot == h
	*slot = h
	return "", again
}

// keep adds a line to the newer generation.
func (c *lineCache) keep(k lineKey, l string) {
	h := c.hash(k)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.add(h, k, l)
}

// add adds a line of key k, whose hash is h, to the newer generation;
// c.mu is held.
func (c *lineCache) add(h uint64, k lineKey, l string) {
	n := len(k.text) + len(l)
	if c.now == nil || c.bytes+n > maxBytes {
		c.old, c.now, c.bytes = c.now, make(map[uint64]cachedLine), 0
		// By index: a range over the array's values would copy its 64 KB
		// onto the stack of every program's goroutine that adds a line
		// (their stacks grew to 128 KB: 0.04 MB more a player).
		for i := range c.in {
			c.in[i] = (c.in[i] & inNow) << 1 // now's become old's, old's go
		}
	}
	c.now[h] = cachedLine{k, l}
	c.in[slot(h)] |= inNow
	c.bytes += n
}

// blank reports whether a self-contained line has nothing but spaces.
func blank(line string) bool {
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case ' ':
		case '\x1b':
			n, _, _ := sgr(line[i:])
			i += n - 1
		default:
			return false
		}
	}
	return true
}

// lineEnd is the style a line leaves to the next.
type lineEnd int

const (
	endAsBegun lineEnd = iota // it has no SGR sequence: the style it started with
	endReset                  // its last SGR sequence resets the style
	endStyled                 // its last SGR sequence sets a style
)

// plain reports whether a line ends with the default style, given whether
// it started with it.
func (e lineEnd) plain(began bool) bool {
	return e == endReset || e == endAsBegun && began
}

// selfContained reports whether line draws its row alone: its only escape
// sequences are complete SGR ones (no hyperlinks, nothing that moves the
// cursor or leaves the parser mid-sequence), it has no other control
// characters and no invalid UTF-8, and it does not start with a character
// folded into the line above (see foldsUp). Such a line's cells depend
// only on its text and the style it starts with.
func selfContained(line string) (bool, lineEnd) {
	end, first := endAsBegun, true
	for i := 0; i < len(line); {
		c := line[i]
		if c == '\x1b' {
			n, reset, ok := sgr(line[i:])
			if !ok {
				return false, end
			}
			end = endStyled
			if reset {
				end = endReset
			}
			i += n
			continue
		}
		if c < 0x20 || c == 0x7f {
			return false, end
		}
		if c < utf8.RuneSelf {
			first = false
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(line[i:])
		if r == utf8.RuneError || r < 0xa0 || first && (r >= 0x300 || r == 0xad) && foldsUp(line[i:]) {
			return false, end
		}
		first = false
		i += n
	}
	return true, end
}

// lastEnd is the style a self-contained line leaves to the next, as
// selfContained reports it: its last SGR sequence's, found from the end
// (every escape sequence of such a line is a complete SGR one, and no byte
// of an SGR sequence or of a multibyte character is ESC) (change 16).
func lastEnd(line string) lineEnd {
	i := strings.LastIndexByte(line, '\x1b')
	if i < 0 {
		return endAsBegun
	}
	if _, reset, _ := sgr(line[i:]); reset {
		return endReset
	}
	return endStyled
}

// foldsUp reports whether the text s starts with, the first a line prints,
// is a grapheme cluster that StyledString.Draw measures as zero wide by
// either width method (a combining mark, a joiner, a soft hyphen...), which
// it folds into the cell it wrote last: the end of the line above. Arrows,
// box drawing, dots and wide characters are drawn in their own cells.
func foldsUp(s string) bool {
	_, wc := ansi.FirstGraphemeCluster(s, ansi.WcWidth)
	_, gw := ansi.FirstGraphemeCluster(s, ansi.GraphemeWidth)
	return wc == 0 || gw == 0
}

// sgr reads the SGR sequence at the start of s: its length, whether it
// resets the style ("ESC[m" or "ESC[0m"), and false if it is something else.
func sgr(s string) (n int, reset, ok bool) {
	if len(s) < 3 || s[1] != '[' {
		return 0, false, false
	}
	for i := 2; i < len(s); i++ {
		switch c := s[i]; {
		case c == 'm':
			params := s[2:i]
			return i + 1, params == "" || params == "0", true
		case c >= '0' && c <= '9', c == ';', c == ':':
		default:
			return 0, false, false
		}
	}
	return 0, false, false
}
