package uv

import (
	"bytes"
	"errors"
	"hash/maphash"
	"io"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// ErrInvalidDimensions is returned when the dimensions of a window are invalid
// for the operation.
var ErrInvalidDimensions = errors.New("invalid dimensions")

// capabilities represents a mask of supported ANSI escape sequences.
type capabilities uint

const (
	// Vertical Position Absolute [ansi.VPA].
	capVPA capabilities = 1 << iota
	// Horizontal Position Absolute [ansi.HPA].
	capHPA
	// Cursor Horizontal Absolute [ansi.CHA].
	capCHA
	// Cursor Horizontal Tab [ansi.CHT].
	capCHT
	// Cursor Backward Tab [ansi.CBT].
	capCBT
	// Repeat Previous Character [ansi.REP].
	capREP
	// Erase Character [ansi.ECH].
	capECH
	// Insert Character [ansi.ICH].
	capICH
	// Scroll Down [ansi.SD].
	capSD
	// Scroll Up [ansi.SU].
	capSU
	// These capabilities depend on the tty termios settings and are not
	// enabled by default.
	// Tabulation [ansi.HT].
	capHT
	// Backspace [ansi.BS].
	capBS

	noCaps  capabilities = 0
	allCaps              = capVPA | capHPA | capCHA | capCHT | capCBT | capREP | capECH | capICH | capSD | capSU
)

// Set sets the given capabilities.
func (v *capabilities) Set(c capabilities) {
	*v |= c
}

// Reset resets the given capabilities.
func (v *capabilities) Reset(c capabilities) {
	*v &^= c
}

// Contains returns whether the capabilities contains the given capability.
func (v capabilities) Contains(c capabilities) bool {
	return v&c == c
}

// cursor represents a terminal cursor.
type cursor struct {
	Cell
	Position
}

// LineData represents the metadata for a line.
type LineData struct {
	// First and last changed cell indices.
	FirstCell, LastCell int
	// Old index used for scrolling
	oldIndex int //nolint:unused
}

// tFlag is a bitmask of terminal flags.
type tFlag uint

// Terminal writer flags.
const (
	tRelativeCursor tFlag = 1 << iota
	tFullscreen
	tMapNewline
	tScrollOptim
	// tGraphemeWidth indicates the terminal measures cell width using Unicode
	// grapheme clustering (DEC mode 2027 / Unicode core).
	tGraphemeWidth
)

// Set sets the given flags.
func (v *tFlag) Set(c tFlag) {
	*v |= c
}

// Reset resets the given flags.
func (v *tFlag) Reset(c tFlag) {
	*v &^= c
}

// Contains returns whether the terminal flags contains the given flags.
func (v tFlag) Contains(c tFlag) bool {
	return v&c == c
}

// TerminalRenderer is a terminal screen render and lazy writer that buffers
// the output until it is flushed. It handles rendering a screen from a
// [Buffer] to the terminal with the minimal necessary escape sequences to
// transition the terminal to the new buffer state. It uses various escape
// sequence optimizations to reduce the number of bytes sent to the terminal.
// It's designed to be lazy and only flush the output when necessary by calling
// the [TerminalRenderer.Flush] method.
//
// The renderer handles the terminal's alternate screen and cursor visibility
// via the [TerminalRenderer.EnterAltScreen], [TerminalRenderer.ExitAltScreen],
// [TerminalRenderer.ShowCursor] and [TerminalRenderer.HideCursor] methods.
// Using these methods will queue the appropriate escape sequences to enter or
// exit the alternate screen and show or hide the cursor respectively to be
// flushed to the terminal.
//
// Use the [io.Writer] and [io.StringWriter] interfaces to queue custom
// commands the renderer.
//
// The renderer is not thread-safe, the caller must protect the renderer when
// using it from multiple goroutines.
type TerminalRenderer struct {
	w                io.Writer
	buf              *bytes.Buffer // buffer for writing to the screen
	curbuf           *RenderBuffer // the current buffer
	lines            []lineState   // how curbuf's lines are kept (Hotels patch; see ShareLine and Pack)
	peek             Line          // a packed line unpacked to be read (Hotels patch; see peekLine)
	peekY            int           // the line peek holds
	newDrift         bool          // what transformLine found of the frame's line (Hotels patch, change 19)
	recent           penMemo       // the pens of the lines packed last (Hotels patch)
	moveSeq, moveTry []byte        // scratch for moveCursor (Hotels patch)
	tabs             *TabStops
	hasher           maphash.Hash
	oldhash, newhash []uint64     // the old and new hash values for each line
	hashtab          []hashmap    // the hashmap table
	oldnum           []int        // old indices from previous hash
	cur, saved       cursor       // the current and saved cursors
	flags            tFlag        // terminal writer flags.
	method           ansi.Method  // the width method used to measure cell width
	term             string       // the terminal type
	clear            bool         // whether to force clear the screen
	caps             capabilities // terminal control sequence capabilities
	atPhantom        bool         // whether the cursor is out of bounds and at a phantom cell
	lineHadWide      bool         // whether the line currently being transformed contained a wide cell
	logger           Logger       // The logger used for debugging.

	// profile is the color profile to use when downsampling colors. This is
	// used to determine the appropriate color the terminal can display.
	profile colorprofile.Profile
}

// NewTerminalRenderer returns a new [TerminalRenderer] that uses the given
// writer, terminal type, and initializes the width of the terminal. The
// terminal type is used to determine the capabilities of the terminal and
// should be set to the value of the TERM environment variable.
//
// The renderer will try to detect the color profile from the output and the
// given environment variables. Use [TerminalRenderer.SetColorProfile] method
// to set a specific color profile for downsampling.
//
// See [TerminalRenderer] for more information on how to use the renderer.
func NewTerminalRenderer(w io.Writer, env []string) (s *TerminalRenderer) {
	s = new(TerminalRenderer)
	s.w = w
	s.profile = colorprofile.Detect(w, env)
	s.buf = new(bytes.Buffer)
	s.term = Environ(env).Getenv("TERM")
	s.caps = xtermCaps(s.term)
	s.cur = cursor{Cell: EmptyCell, Position: Pos(-1, -1)} // start at -1 to force a move
	s.saved = s.cur
	s.oldhash, s.newhash = nil, nil
	return
}

// SetLogger sets the logger to use for debugging. If nil, no logging will be
// performed.
func (s *TerminalRenderer) SetLogger(logger Logger) {
	s.logger = logger
}

// SetColorProfile sets the color profile to use for downsampling colors. This
// is used to determine the appropriate color the terminal can display.
func (s *TerminalRenderer) SetColorProfile(profile colorprofile.Profile) {
	s.profile = profile
}

// SetScrollOptim sets whether to use hard scroll optimizations.
func (s *TerminalRenderer) SetScrollOptim(v bool) {
	if v {
		s.flags.Set(tScrollOptim)
	} else {
		s.flags.Reset(tScrollOptim)
	}
}

// SetMapNewline sets whether the terminal is currently mapping newlines to
// CRLF or carriage return and line feed. This is used to correctly determine
// how to move the cursor when writing to the screen.
func (s *TerminalRenderer) SetMapNewline(v bool) {
	if v {
		s.flags.Set(tMapNewline)
	} else {
		s.flags.Reset(tMapNewline)
	}
}

// SetWidthMethod sets the width method the renderer uses to measure the
// display width of strings. This should match the width method configured on
// the screen so that the renderer doesn't disagree with the cell widths it is
// asked to draw.
func (s *TerminalRenderer) SetWidthMethod(method ansi.Method) {
	s.method = method
}

// SetGraphemeWidth sets whether the terminal measures cell width using Unicode
// grapheme clustering (DEC mode 2027 / Unicode core). When enabled, the
// renderer measures string width using [ansi.GraphemeWidth]; otherwise it
// falls back to [ansi.WcWidth].
func (s *TerminalRenderer) SetGraphemeWidth(v bool) {
	if v {
		s.flags.Set(tGraphemeWidth)
		s.method = ansi.GraphemeWidth
	} else {
		s.flags.Reset(tGraphemeWidth)
		s.method = ansi.WcWidth
	}
}

// SetBackspace sets whether to use backspace as a movement optimization.
func (s *TerminalRenderer) SetBackspace(v bool) {
	if v {
		s.caps.Set(capBS)
	} else {
		s.caps.Reset(capBS)
	}
}

// SetTabStops sets the tab stops for the terminal and enables hard tabs
// movement optimizations. Use -1 to disable hard tabs. This option is ignored
// when the terminal type is "linux" as it does not support hard tabs.
func (s *TerminalRenderer) SetTabStops(width int) {
	if width < 0 || strings.HasPrefix(s.term, "linux") {
		// Linux terminal does not support hard tabs.
		s.caps.Reset(capHT)
	} else {
		s.caps.Set(capHT)
		s.tabs = DefaultTabStops(width)
	}
}

// SetFullscreen sets whether whole screen is being used. This is usually
// paired with the alternate screen mode, and used to control cursor movements
// and optimizations when the terminal is occupying the whole screen.
func (s *TerminalRenderer) SetFullscreen(v bool) {
	if v {
		s.flags.Set(tFullscreen)
	} else {
		s.flags.Reset(tFullscreen)
	}
}

// Fullscreen returns whether whole screen is being used. This is usually
// paired with the alternate screen mode, and used to control cursor movements
// and optimizations when the terminal is occupying the whole screen.
func (s *TerminalRenderer) Fullscreen() bool {
	return s.flags.Contains(tFullscreen)
}

// SetRelativeCursor sets whether to use relative cursor movements.
func (s *TerminalRenderer) SetRelativeCursor(v bool) {
	if v {
		s.flags.Set(tRelativeCursor)
	} else {
		s.flags.Reset(tRelativeCursor)
	}
}

// SaveCursor saves the current cursor position and styles. This can be used
// when a program enters the alternate screen buffer mode using DECSET 1049
// [ansi.ModeAltScreenSaveCursor] and wants to restore the cursor position and
// styles later.
func (s *TerminalRenderer) SaveCursor() {
	s.saved = s.cur
}

// RestoreCursor restores the saved cursor position and styles. This can be
// used when a program exits the alternate screen buffer mode using DECRST 1049
// [ansi.ModeAltScreenSaveCursor] and wants to restore the cursor position and
// styles saved earlier.
func (s *TerminalRenderer) RestoreCursor() {
	s.cur = s.saved
}

// EnterAltScreen is a helper that queues the [ansi.ModeAltScreenSaveCursor]
// escape sequence to enter the alternate screen buffer and save cursor mode.
//
// It saves the current cursor properties, enables
// [TerminalRenderer.SetFullscreen] flag, and disables
// [TerminalRenderer.SetRelativeCursor] flag. On the next call to
// [TerminalRenderer.Render], it will move the cursor home and clear the screen
// to prepare for rendering the new buffer.
//
// Note: you might want to reapply the cursor visibility state after calling
// this method, as some terminals reset the cursor visibility when switching to
// the alternate screen.
func (s *TerminalRenderer) EnterAltScreen() {
	s.SaveCursor()
	s.buf.WriteString(ansi.SetModeAltScreenSaveCursor)
	s.SetFullscreen(true)
	s.SetRelativeCursor(false)
	s.Erase()
}

// ExitAltScreen is a helper that queues the [ansi.ModeAltScreenSaveCursor]
// escape sequence to exit the alternate screen buffer and restore cursor mode.
//
// It restores the saved cursor properties, disables
// [TerminalRenderer.SetFullscreen] flag, and enables
// [TerminalRenderer.SetRelativeCursor] flag. On the next call to
// [TerminalRenderer.Render], it will move the cursor to the first line and
// clear everything below the cursor to prepare for rendering the new buffer.
//
// Note: you might want to reapply the cursor visibility state after calling
// this method, as some terminals reset the cursor visibility when switching to
// the alternate screen.
func (s *TerminalRenderer) ExitAltScreen() {
	s.Erase()
	s.SetRelativeCursor(true)
	s.SetFullscreen(false)
	s.buf.WriteString(ansi.ResetModeAltScreenSaveCursor)
	s.RestoreCursor()
}

// PrependString adds the lines of the given string to the top of the terminal
// screen. The lines prepended are not managed by the renderer and will not be
// cleared or updated by the renderer.
//
// Using this when the terminal is using the alternate screen or when occupying
// the whole screen may not produce any visible effects. This is because
// once the terminal writes the prepended lines, they will get overwritten
// by the next frame.
func (s *TerminalRenderer) PrependString(newbuf *RenderBuffer, str string) {
	if len(str) == 0 {
		return
	}

	// TODO: Use scrolling region if available.
	// TODO: Use [Screen.Write] [io.Writer] interface.

	// We need to scroll the screen up by the number of lines in the queue.
	// We can't use [ansi.SU] because we want the cursor to move down until
	// it reaches the bottom of the screen.
	w, h := newbuf.Width(), newbuf.Height()
	s.move(newbuf, 0, h-1)
	lines := strings.Split(str, "\n")
	offset := 0
	for _, line := range lines {
		lineWidth := s.method.StringWidth(line)
		if w > 0 && lineWidth > w {
			offset += (lineWidth / w)
		}
		if lineWidth == 0 || lineWidth%w != 0 {
			offset++
		}
	}

	s.buf.WriteString(strings.Repeat("\n", offset))
	s.cur.Y += offset
	// XXX: Now go to the top of the screen, insert new lines, and write
	// the queued strings. It is important to use [Screen.moveCursor]
	// instead of [Screen.move] because we don't want to perform any checks
	// on the cursor position.
	s.moveCursor(newbuf, 0, 0, false)
	s.buf.WriteString(ansi.InsertLine(offset))
	for _, line := range lines {
		s.buf.WriteString(line)
		s.buf.WriteString("\r\n")
	}
}

// moveCursor moves the cursor to the specified position.
//
// It is safe to call this function with a nil [Buffer], in that case, it won't
// be using any optimizations that depend on the buffer.
func (s *TerminalRenderer) moveCursor(newbuf *RenderBuffer, x, y int, overwrite bool) {
	if !s.flags.Contains(tFullscreen) && s.flags.Contains(tRelativeCursor) &&
		s.cur.X == -1 && s.cur.Y == -1 {
		// First cursor movement in inline mode, move the cursor to the first
		// column before moving to the target position.
		_ = s.buf.WriteByte('\r')
		s.cur.X, s.cur.Y = 0, 0
	}
	_, _ = s.buf.Write(moveCursor(s, newbuf, x, y, overwrite))
	s.cur.X, s.cur.Y = x, y
}

// move moves the cursor to the specified position in the buffer.
//
// It is safe to call this function with a nil [Buffer], in that case, it won't
// be using any optimizations that depend on the buffer.
func (s *TerminalRenderer) move(newbuf *RenderBuffer, x, y int) {
	// XXX: Make sure we use the max height and width of the buffer in case
	// we're in the middle of a resize operation.
	var width, height int
	if s.curbuf != nil {
		width, height = s.curbuf.Width(), s.curbuf.Height()
	}
	if newbuf != nil {
		width = max(newbuf.Width(), width)
		height = max(newbuf.Height(), height)
	}

	if width > 0 && x >= width {
		// Handle autowrap
		y += (x / width)
		x %= width
	}

	// XXX: Disable styles if there's any
	// Some move operations such as [ansi.LF] can apply styles to the new
	// cursor position, thus, we need to reset the styles before moving the
	// cursor.
	blank := s.clearBlank()
	resetPen := y != s.cur.Y && !blank.Equal(&EmptyCell)
	if resetPen {
		s.updatePen(nil)
	}

	// Reset wrap around (phantom cursor) state
	if s.atPhantom {
		s.cur.X = 0
		_ = s.buf.WriteByte('\r')
		s.atPhantom = false // reset phantom cell state
	}

	// TODO: Investigate if we need to handle this case and/or if we need the
	// following code.
	//
	// if width > 0 && s.cur.X >= width {
	// 	l := (s.cur.X + 1) / width
	//
	// 	s.cur.Y += l
	// 	if height > 0 && s.cur.Y >= height {
	// 		l -= s.cur.Y - height - 1
	// 	}
	//
	// 	if l > 0 {
	// 		s.cur.X = 0
	// 		s.buf.WriteString("\r" + strings.Repeat("\n", l)) //nolint:errcheck
	// 	}
	// }

	if height > 0 {
		if s.cur.Y > height-1 {
			s.cur.Y = height - 1
		}
		if y > height-1 {
			y = height - 1
		}
	}

	if x == s.cur.X && y == s.cur.Y {
		// We give up later because we need to run checks for the phantom cell
		// and others before we can determine if we can give up.
		return
	}

	// We set the new cursor in tscreen.moveCursor].
	s.moveCursor(newbuf, x, y, true) // Overwrite cells if possible
}

// cellEqual returns whether the two cells are equal. A nil cell is considered
// a [EmptyCell].
func cellEqual(a, b *Cell) bool {
	if a == b {
		return true
	}
	// TODO: This is needed to handle empty lines correctly when scroll
	// optimizations are enabled. Instead, a nil check should be equivalent to
	// checking for an [EmptyCell], should it?
	// Investigate why when we assign the pointers to &[EmptyCell], this causes
	// scroll optimization related artifacts where excess lines are left behind
	// in empty lines after scrolling.
	if a == nil || b == nil {
		return false
	}
	return a.Equal(b)
}

// putCell draws a cell at the current cursor position.
func (s *TerminalRenderer) putCell(newbuf *RenderBuffer, cell *Cell) {
	width, height := newbuf.Width(), newbuf.Height()
	if s.flags.Contains(tFullscreen) && s.cur.X == width-1 && s.cur.Y == height-1 {
		s.putCellLR(newbuf, cell)
	} else {
		s.putAttrCell(newbuf, cell)
	}
}

// wrapCursor wraps the cursor to the next line.
func (s *TerminalRenderer) wrapCursor() {
	const autoRightMargin = true
	if autoRightMargin {
		// Assume we have auto wrap mode enabled.
		s.cur.X = 0
		s.cur.Y++
	} else {
		s.cur.X--
	}
}

func (s *TerminalRenderer) putAttrCell(newbuf *RenderBuffer, cell *Cell) {
	if cell != nil && cell.Width == 0 {
		// XXX: Zero width cells are special and should not be written to the
		// screen no matter what other attributes they have.
		// Zero width cells are used for wide characters that are split into
		// multiple cells.
		return
	}

	// We're at pending wrap state (phantom cell), incoming cell should
	// wrap.
	if s.atPhantom {
		s.wrapCursor()
		s.atPhantom = false
	}

	s.updatePen(cell)
	cellWidth := 1
	if cell == nil {
		_ = s.buf.WriteByte(' ')
	} else {
		if len(cell.Content) == 1 {
			// Hotels patch (change 24): most cells' text, one byte,
			// without WriteString's copy.
			_ = s.buf.WriteByte(cell.Content[0])
		} else {
			_, _ = s.buf.WriteString(cell.Content)
		}
		cellWidth = cell.Width
	}

	s.cur.X += cellWidth
	if s.cur.X >= newbuf.Width() {
		s.atPhantom = true
	}

	if cellWidth > 1 {
		s.lineHadWide = true
	}
}

// putCellLR draws a cell at the lower right corner of the screen.
func (s *TerminalRenderer) putCellLR(newbuf *RenderBuffer, cell *Cell) {
	// Optimize for the lower right corner cell.
	curX := s.cur.X
	if !cell.isWidePlaceholder() {
		_, _ = s.buf.WriteString(ansi.ResetModeAutoWrap)
		s.putAttrCell(newbuf, cell)
		// Writing to lower-right corner cell should not wrap.
		s.atPhantom = false
		s.cur.X = curX
		_, _ = s.buf.WriteString(ansi.SetModeAutoWrap)
	}
}

// updatePen updates the cursor pen styles.
func (s *TerminalRenderer) updatePen(cell *Cell) {
	if cell == nil {
		if !s.cur.Style.IsZero() {
			_, _ = s.buf.WriteString(ansi.ResetStyle)
			s.cur.Style = Style{} // Reset style
		}
		if !s.cur.Link.IsZero() {
			_, _ = s.buf.WriteString(ansi.ResetHyperlink())
		}
		return
	}

	if spaceKeepsPen(cell, &s.cur.Cell) {
		return
	}
	// Hotels patch: a cell drawn with the pen as it is needs no change,
	// without downsampling both styles to the profile to compare them
	// (the cells of a line mostly come in runs of one style; HOTELS.md,
	// change 8).
	// Compared as Cell.Equal compares (change 24): the same colours and
	// no links seen without a call.
	if cell.Style.Attrs == s.cur.Style.Attrs && cell.Style.Underline == s.cur.Style.Underline &&
		(sameColors(&cell.Style, &s.cur.Style) || cell.Style.Equal(&s.cur.Style)) && cell.Link.Equal(&s.cur.Link) {
		return
	}

	// Downsample pen when we don't have a [colorprofile.TrueColor],
	// otherwise, use the original style (Hotels patch, change 17: the
	// sequence found in styleSteps, or worked out by penStep).
	newLink := ConvertLink(cell.Link, s.profile)
	oldLink := ConvertLink(s.cur.Link, s.profile)

	if seq, ok := penStep(&s.cur.Style, &cell.Style, s.profile); ok {
		_, _ = s.buf.WriteString(seq)
		s.cur.Style = cell.Style // Copy the original style
	}
	if !newLink.Equal(&oldLink) {
		_, _ = s.buf.WriteString(ansi.SetHyperlink(newLink.URL, newLink.Params))
		s.cur.Link = cell.Link // Copy the original link
	}
}

// spaceKeepsPen reports whether cell is a plain space that looks the same
// drawn with pen as with no style: the pen has no background, underline,
// reverse, strikethrough or link, and a space shows nothing of a
// foreground, bold, faint, italic or blink. Keeping the pen over such a
// space saves resetting it before and setting it again after, between each
// two of a game board's coloured tiles and dots (Hotels patch).
func spaceKeepsPen(cell, pen *Cell) bool {
	return cell.Content == " " && cell.Width == 1 && cell.Style.IsZero() && cell.Link.IsZero() &&
		pen.Style.Bg == nil && pen.Style.Underline == UnderlineStyleNone &&
		pen.Style.Attrs&(AttrReverse|AttrStrikethrough) == 0 && pen.Link.IsZero()
}

// canClearWith checks whether the given cell can be used by clearing commands
// like [ansi.EL] to clear the screen. It tests if a cell is empty i.e. space
// or blank and doesn't include any bad style attributes such as [AttrReverse].
func canClearWith(c *Cell) bool {
	if c == nil {
		return true
	}
	if c.Width != 1 || len(c.Content) != 1 || c.Content != " " {
		return false
	}
	// NOTE: This assumes that the terminal supports bce terminfo capability
	// which all xterm-compatible terminals and terminals that use xterm*
	// terminal types do.
	return c.Style.Underline == UnderlineNone &&
		c.Style.Attrs&^(AttrBold|AttrFaint|AttrItalic|AttrBlink|AttrRapidBlink) == 0 &&
		c.Link.IsZero()
}

// emitRange emits a range of cells to the buffer. It it equivalent to calling
// tscreen.putCell] for each cell in the range. This is optimized to use
// [ansi.ECH] and [ansi.REP].
// Returns whether the cursor is at the end of interval or somewhere in the
// middle.
func (s *TerminalRenderer) emitRange(newbuf *RenderBuffer, line Line, n int) (eoi bool) {
	hasECH := s.caps.Contains(capECH)
	hasREP := s.caps.Contains(capREP)
	if hasECH || hasREP { //nolint:nestif
		for n > 0 {
			var count int
			for n > 1 && !cellEqual(line.At(0), line.At(1)) {
				s.putCell(newbuf, line.At(0))
				line = line[1:]
				n--
			}

			cell0 := line[0]
			if n == 1 {
				s.putCell(newbuf, &cell0)
				return false
			}

			count = 2
			for count < n && cellEqual(line.At(count), &cell0) {
				count++
			}

			// Hotels patch (HOTELS.md, change 14): the lengths of ECH,
			// CUP and REP worked out, not built as strings to measure.
			var seq [24]byte
			if hasECH && count > csiLen(count, 1)+cupLen(s.cur.X+count, s.cur.Y) && canClearWith(&cell0) {
				s.updatePen(&cell0)
				_, _ = s.buf.Write(appendCSI(seq[:0], count, 1, 'X'))

				// If this is the last cell, we don't need to move the cursor.
				if count < n {
					s.move(newbuf, s.cur.X+count, s.cur.Y)
				} else {
					return true // cursor in the middle
				}
			} else if hasREP && count > csiLen(count, 1) &&
				(len(cell0.Content) == 1 && cell0.Content[0] >= ansi.US && cell0.Content[0] < ansi.DEL) {
				// We only support ASCII characters. Most terminals will handle
				// non-ASCII characters correctly, but some might not, ahem xterm.
				//
				// NOTE: [ansi.REP] only repeats the last rune and won't work
				// if the last cell contains multiple runes.

				wrapPossible := s.cur.X+count >= newbuf.Width()
				repCount := count
				if wrapPossible {
					repCount--
				}

				s.updatePen(&cell0)
				s.putCell(newbuf, &cell0)
				repCount-- // cell0 is a single width cell ASCII character

				_, _ = s.buf.Write(appendCSI(seq[:0], repCount, 1, 'b'))
				s.cur.X += repCount
				if wrapPossible {
					s.putCell(newbuf, &cell0)
				}
			} else {
				for i := 0; i < count; i++ {
					s.putCell(newbuf, line.At(i))
				}
			}

			line = line[clamp(count, 0, len(line)):]
			n -= count
		}

		return false
	}

	for i := 0; i < n; i++ {
		s.putCell(newbuf, line.At(i))
	}

	return false
}

// putRange puts a range of cells from the old line to the new line.
// Returns whether the cursor is at the end of interval or somewhere in the
// middle.
func (s *TerminalRenderer) putRange(newbuf *RenderBuffer, oldLine, newLine Line, y, start, end int) (eoi bool) {
	// Hotels patch (HOTELS.md, change 14): the lengths of CUP, HPA and CUF
	// worked out, not built as strings to measure.
	inline := min(cupLen(start+1, y+1), csiLen(start+1, 0), csiLen(start+1, 1))
	if (end - start + 1) > inline { //nolint:nestif
		var j, same int
		for j, same = start, 0; j <= end; j++ {
			oldCell, newCell := oldLine.At(j), newLine.At(j)
			if same == 0 && oldCell.isWidePlaceholder() && newCell.isWidePlaceholder() {
				continue
			}
			if cellEqual(oldCell, newCell) {
				same++
			} else {
				// Skip a run of unchanged cells when moving over it costs less
				// than writing it again, as ncurses does (Hotels patch,
				// HOTELS.md change 11: upstream compared the run with the
				// whole range, so every cell between a line's first and last
				// change was written again).
				if same > inline {
					s.emitRange(newbuf, newLine[start:], j-same-start)
					s.move(newbuf, j, y)
					start = j
				}
				same = 0
			}
		}

		i := s.emitRange(newbuf, newLine[start:], j-same-start)

		// Always return 1 for the next [tScreen.move] after a
		// [tScreen.putRange] if we found identical characters at end of
		// interval.
		if same == 0 {
			return i
		}
		return true
	}

	return s.emitRange(newbuf, newLine[start:], end-start+1)
}

// clearToEnd clears the screen from the current cursor position to the end of
// line.
func (s *TerminalRenderer) clearToEnd(newbuf *RenderBuffer, blank *Cell, force bool) {
	if s.cur.Y >= 0 {
		s.ownLine(s.cur.Y)
		curline := s.curbuf.Line(s.cur.Y)
		// We use the newbuf width because the current buffer might be smaller
		// than the new buffer during a resize operation and we want to detect
		// that.
		for j := s.cur.X; j < newbuf.Width(); j++ {
			if j >= 0 {
				c := curline.At(j)
				if !cellEqual(c, blank) {
					curline.Set(j, blank)
					force = true
				}
			}
		}
	}

	if force {
		s.updatePen(blank)
		count := newbuf.Width() - s.cur.X
		if s.el0Cost() <= count {
			_, _ = s.buf.WriteString(ansi.EraseLineRight)
		} else {
			for i := 0; i < count; i++ {
				s.putCell(newbuf, blank)
			}
		}
	}
}

// clearBlank returns a blank cell based on the current cursor background color.
func (s *TerminalRenderer) clearBlank() *Cell {
	return &s.cur.Cell
}

// insertCells inserts the count cells pointed by the given line at the current
// cursor position.
func (s *TerminalRenderer) insertCells(newbuf *RenderBuffer, line Line, count int) {
	supportsICH := s.caps.Contains(capICH)
	if supportsICH {
		// Use [ansi.ICH] as an optimization.
		_, _ = s.buf.WriteString(ansi.InsertCharacter(count))
	} else {
		// Otherwise, use [ansi.IRM] mode.
		_, _ = s.buf.WriteString(ansi.SetModeInsertReplace)
	}

	for i := 0; count > 0; i++ {
		s.putAttrCell(newbuf, line.At(i))
		count--
	}

	if !supportsICH {
		_, _ = s.buf.WriteString(ansi.ResetModeInsertReplace)
	}
}

// el0Cost returns the cost of using [ansi.EL] 0 i.e. [ansi.EraseLineRight]. If
// this terminal supports background color erase, it can be cheaper to use
// [ansi.EL] 0 i.e. [ansi.EraseLineRight] to clear
// trailing spaces.
func (s *TerminalRenderer) el0Cost() int {
	if s.caps != noCaps {
		return 0
	}
	return len(ansi.EraseLineRight)
}

// lineHasDrift reports whether the line contains a cell that a cell-level
// diff cannot safely reposition across: a wide cell (width > 1), or a cell
// whose width the terminal may measure differently than the model. Wide cells
// occupy several columns, so a diff that lands on a continuation column splits
// the character; and a width disagreement means the model cannot know which
// column each glyph landed on.
func lineHasDrift(m ansi.Method, line Line) bool {
	for i := 0; i < len(line); i++ {
		c := &line[i]
		if c.Width == 0 || len(c.Content) == 0 {
			continue
		}
		// Hotels patch, change 24: printable ASCII, most cells' text, seen
		// here as narrowRune sees it, without a call.
		if c.Width == 1 && (len(c.Content) == 1 && narrowASCII(c.Content[0]) || narrowRune(c.Content)) {
			// Hotels patch: a single rune below U+0300 (ASCII, Latin-1
			// and Latin Extended, no combining marks) is one cell wide by
			// every method; measuring it twice was an eighth of a game
			// server's CPU.
			continue
		}
		if c.Width > 1 || m.StringWidth(c.Content) != ansi.StringWidth(c.Content) {
			return true
		}
	}
	return false
}

// narrowRune reports whether s is one rune below U+0300 that is not a
// control character or the soft hyphen.
func narrowRune(s string) bool {
	switch len(s) {
	case 1:
		// Hotels patch (HOTELS.md, change 15): the text of most cells, one
		// byte, is printable ASCII; a byte of 0x80 or more alone decodes
		// to utf8.RuneError, which is not narrow either.
		return narrowASCII(s[0])
	case 2:
		// Hotels patch (change 18): a rune of two bytes (a board's dots,
		// U+00B7) without decoding it: from U+00A0 to U+02FF, with a lead
		// byte from 0xc2 to 0xcb and a continuation byte.
		r := rune(s[0]&0x1f)<<6 | rune(s[1]&0x3f)
		return s[0] >= 0xc2 && s[0] <= 0xcb && s[1]&0xc0 == 0x80 && r >= 0xa0 && r != 0xad
	case 3:
		// Hotels patch (change 23): a rune of U+2000 to U+25FF (bullets,
		// dashes, arrows, box drawing, shapes) that narrowSymbols holds,
		// without measuring it twice through the grapheme segmenter: the
		// help and decision lines of a game screen and Holiday AG's board
		// hold them.
		if s[0] == 0xe2 && s[1]&0xc0 == 0x80 && s[2]&0xc0 == 0x80 {
			r := rune(s[1]&0x3f)<<6 | rune(s[2]&0x3f) // from U+2000
			return r < rune(len(narrowSymbols)) && narrowSymbols[r]
		}
	}
	return narrowDecoded(s)
}

// narrowASCII is narrowRune of a text of one byte, b, which lineHasDrift
// calls without a call (Hotels patch, change 24).
func narrowASCII(b byte) bool {
	return b >= 0x20 && b < 0x7f
}

// narrowSymbols says, for each rune from U+2000 to U+25FF, whether it is a
// grapheme cluster of its own one cell wide by every width method, so that
// lineHasDrift has nothing to measure (Hotels patch, change 23).
var narrowSymbols = func() *[0x600]bool {
	var t [0x600]bool
	for r := range rune(len(t)) {
		s := string(0x2000 + r)
		t[r] = ansi.StringWidth(s) == 1 && ansi.WcWidth.StringWidth(s) == 1 && ansi.GraphemeWidth.StringWidth(s) == 1
	}
	return &t
}()

// narrowDecoded is narrowRune for texts of three bytes or more.
func narrowDecoded(s string) bool {
	r, n := utf8.DecodeRuneInString(s)
	return n == len(s) && r >= 0x20 && r < 0x300 && (r < 0x7f || r >= 0xa0) && r != 0xad
}

// repaintLine repaints a line from scratch. Unlike
// [TerminalRenderer.transformLine] it does not diff against the previous
// frame: it erases the whole line from column 0 with [ansi.EraseLineRight]
// and then writes the new frame's cells. Erasing from column 0 removes the
// entire line including any wide cells the terminal painted at a different
// width than the model measured, whose real extent the model cannot know.
// The repaint then starts from a known-empty line and an absolute cursor
// position, so the result does not depend on where the previous frame left
// the cursor.
func (s *TerminalRenderer) repaintLine(newbuf *RenderBuffer, y int) {
	s.ownLine(y)
	oldLine := s.curbuf.Line(y)
	newLine := newbuf.Line(y)

	s.move(newbuf, 0, y)
	blank := s.clearBlank()
	s.updatePen(blank)
	_, _ = s.buf.WriteString(ansi.EraseLineRight)
	s.cur.X = 0

	// Write the content cells. The line was just erased, so trailing blanks
	// need no write, and writing them would risk wrapping past the right
	// margin if the terminal painted a wide cell wider than the model
	// measured.
	last := -1
	for x := 0; x < newbuf.Width(); x++ {
		if c := newLine.At(x); c != nil && !c.isWidePlaceholder() && !cellEqual(c, blank) {
			last = x
		}
	}
	for x := 0; x <= last; x++ {
		s.putCell(newbuf, newLine.At(x))
	}

	// Adopt the new line as the model of what is on screen.
	if len(oldLine) == len(newLine) {
		copy(oldLine, newLine)
	}
}

// transformLine transforms the given line in the current window to the
// corresponding line in the new window. It uses [ansi.ICH] and [ansi.DCH] to
// insert or delete characters.
func (s *TerminalRenderer) transformLine(newbuf *RenderBuffer, y int) {
	var firstCell, oLastCell, nLastCell int // first, old last, new last index
	// Hotels patch, change 19: a packed line keeps what lineHasDrift said
	// of it when transformLine drew it (see lineState.drift).
	var was lineState
	if y >= 0 && y < len(s.lines) {
		was = s.lines[y]
	}
	s.ownLine(y)
	oldLine := s.curbuf.Line(y)
	newLine := newbuf.Line(y)

	s.lineHadWide = false
	defer s.reanchorWideLine(newbuf)

	// If either frame's line holds a cell that a cell-level diff cannot
	// safely reposition across, repaint the whole line instead. A wide cell
	// (width > 1) occupies several columns, so a diff that lands on a
	// continuation column splits the character, and per DEC semantics (also
	// implemented by ghostty and x/vt) an erase that splits a multi-cell
	// character erases the whole character, including a head cell that
	// belongs to the new frame. A cell whose width the terminal measures
	// differently than the model (an emoji cluster, a keycap) leaves the
	// real cursor at a column the model cannot predict, so a later erase in
	// the same transform fires at the wrong column. Repainting depends only
	// on an absolute cursor position and a known-empty line.
	oldDrift := was.drift
	if was.packed == "" || !was.driftKnown {
		oldDrift = lineHasDrift(s.method, oldLine)
	}
	s.newDrift = lineHasDrift(s.method, newLine) // for Render to keep
	if oldDrift || s.newDrift {
		s.repaintLine(newbuf, y)
		return
	}

	// Find the first changed cell in the line
	blank := newLine.At(0)

	// It might be cheaper to clear leading spaces with [ansi.EL] 1 i.e.
	// [ansi.EraseLineLeft].
	if canClearWith(blank) { //nolint:nestif
		var oFirstCell, nFirstCell int
		for oFirstCell = 0; oFirstCell < s.curbuf.Width(); oFirstCell++ {
			if !cellEqual(oldLine.At(oFirstCell), blank) {
				break
			}
		}
		for nFirstCell = 0; nFirstCell < newbuf.Width(); nFirstCell++ {
			if !cellEqual(newLine.At(nFirstCell), blank) {
				break
			}
		}

		if nFirstCell == oFirstCell {
			firstCell = nFirstCell

			// Find the first differing cell
			for firstCell < newbuf.Width() &&
				cellEqual(oldLine.At(firstCell), newLine.At(firstCell)) {
				firstCell++
			}
		} else if oFirstCell > nFirstCell {
			firstCell = nFirstCell
		} else if oFirstCell < nFirstCell {
			firstCell = oFirstCell
			el1Cost := len(ansi.EraseLineLeft)
			if el1Cost < nFirstCell-oFirstCell {
				if nFirstCell >= newbuf.Width() {
					s.move(newbuf, 0, y)
					s.updatePen(blank)
					_, _ = s.buf.WriteString(ansi.EraseLineRight)
				} else {
					s.move(newbuf, nFirstCell-1, y)
					s.updatePen(blank)
					_, _ = s.buf.WriteString(ansi.EraseLineLeft)
				}

				for firstCell < nFirstCell {
					oldLine.Set(firstCell, blank)
					firstCell++
				}
			}
		}
	} else {
		// Find the first differing cell
		for firstCell < newbuf.Width() && cellEqual(newLine.At(firstCell), oldLine.At(firstCell)) {
			firstCell++
		}
	}

	// If we didn't find one, we're done
	if firstCell >= newbuf.Width() {
		return
	}

	blank = newLine.At(newbuf.Width() - 1)
	if blank != nil && !canClearWith(blank) {
		// Find the last differing cell
		nLastCell = newbuf.Width() - 1
		for nLastCell > firstCell && cellEqual(newLine.At(nLastCell), oldLine.At(nLastCell)) {
			nLastCell--
		}

		if nLastCell >= firstCell {
			s.move(newbuf, firstCell, y)
			s.putRange(newbuf, oldLine, newLine, y, firstCell, nLastCell)
			if firstCell < len(oldLine) && firstCell < len(newLine) {
				copy(oldLine[firstCell:], newLine[firstCell:])
			} else {
				copy(oldLine, newLine)
			}
		}

		return
	}

	// Find last non-blank cell in the old line.
	// We always use the newbuf width to detect new cell changes.
	oLastCell = newbuf.Width() - 1
	for oLastCell > firstCell && cellEqual(oldLine.At(oLastCell), blank) {
		oLastCell--
	}

	// Find last non-blank cell in the new line.
	// We always use the newbuf width to detect new cell changes.
	nLastCell = newbuf.Width() - 1
	for nLastCell > firstCell && cellEqual(newLine.At(nLastCell), blank) {
		nLastCell--
	}

	if nLastCell == firstCell && s.el0Cost() < oLastCell-nLastCell { //nolint:nestif
		s.move(newbuf, firstCell, y)
		if !cellEqual(newLine.At(firstCell), blank) {
			s.putCell(newbuf, newLine.At(firstCell))
		}
		s.clearToEnd(newbuf, blank, false)
	} else if nLastCell != oLastCell &&
		!cellEqual(newLine.At(nLastCell), oldLine.At(oLastCell)) {
		s.move(newbuf, firstCell, y)
		if oLastCell-nLastCell > s.el0Cost() {
			if s.putRange(newbuf, oldLine, newLine, y, firstCell, nLastCell) {
				s.move(newbuf, nLastCell+1, y)
			}
			s.clearToEnd(newbuf, blank, false)
		} else {
			n := max(nLastCell, oLastCell)
			s.putRange(newbuf, oldLine, newLine, y, firstCell, n)
		}
	} else {
		nLastNonBlank := nLastCell
		oLastNonBlank := oLastCell

		// Find the last cells that really differ.
		// Can be -1 if no cells differ.
		// Hotels patch (HOTELS.md, change 24): each pair compared once;
		// upstream compared the pair before, found equal, again as the
		// loop's condition.
		if cellEqual(newLine.At(nLastCell), oldLine.At(oLastCell)) {
			for cellEqual(newLine.At(nLastCell-1), oldLine.At(oLastCell-1)) {
				nLastCell--
				oLastCell--
				if nLastCell == -1 || oLastCell == -1 {
					break
				}
			}
		}

		n := min(oLastCell, nLastCell)
		if n >= firstCell {
			s.move(newbuf, firstCell, y)
			s.putRange(newbuf, oldLine, newLine, y, firstCell, n)
		}

		if oLastCell < nLastCell {
			m := max(nLastNonBlank, oLastNonBlank)
			if n != 0 {
				for n > 0 {
					wide := newLine.At(n + 1)
					if !wide.isWidePlaceholder() {
						break
					}
					n--
					oLastCell--
				}
			} else if n >= firstCell && newLine.At(n) != nil && newLine.At(n).Width > 1 {
				next := newLine.At(n + 1)
				for next.isWidePlaceholder() {
					n++
					oLastCell++
					next = newLine.At(n + 1)
				}
			}

			// TODO: This can sometimes send unnecessary cursor movements with
			// negative or zero ranges. This could happen on a screen resize
			// where oLastCell < nLastCell and oLastCell is -1 or less.
			// Investigate and fix.
			s.move(newbuf, n+1, y)
			ichCost := 3 + nLastCell - oLastCell
			if s.caps.Contains(capICH) && (nLastCell < nLastNonBlank || ichCost > (m-n)) {
				s.putRange(newbuf, oldLine, newLine, y, n+1, m)
			} else {
				s.insertCells(newbuf, newLine[n+1:], nLastCell-oLastCell)
			}
		} else if oLastCell > nLastCell {
			s.move(newbuf, n+1, y)
			dchCost := 3 + oLastCell - nLastCell
			if dchCost > len(ansi.EraseLineRight)+nLastNonBlank-(n+1) {
				if s.putRange(newbuf, oldLine, newLine, y, n+1, nLastNonBlank) {
					s.move(newbuf, nLastNonBlank+1, y)
				}
				s.clearToEnd(newbuf, blank, false)
			} else {
				s.updatePen(blank)
				s.deleteCells(oLastCell - nLastCell)
			}
		}
	}

	// Update the old line with the new line
	if firstCell < len(oldLine) && firstCell < len(newLine) {
		copy(oldLine[firstCell:], newLine[firstCell:])
	} else {
		copy(oldLine, newLine)
	}
}

// reanchorWideLine re-anchors the cursor with a single absolute horizontal
// move after a line that contained a wide cell. This is a best-effort fallback
// that bounds cursor desync to one line on terminals whose width model
// disagrees with ours. When the terminal negotiated Unicode grapheme width
// (mode 2027) the models agree, so no re-anchor is needed.
func (s *TerminalRenderer) reanchorWideLine(newbuf *RenderBuffer) {
	if !s.lineHadWide || s.flags.Contains(tGraphemeWidth) {
		return
	}
	s.lineHadWide = false
	if s.atPhantom || s.cur.X < 0 || s.cur.X >= newbuf.Width() {
		return
	}
	_, _ = s.buf.WriteString(ansi.CursorHorizontalAbsolute(s.cur.X + 1))
}

// deleteCells deletes the count cells at the current cursor position and moves
// the rest of the line to the left. This is equivalent to [ansi.DCH].
func (s *TerminalRenderer) deleteCells(count int) {
	// [ansi.DCH] will shift in cells from the right margin so we need to
	// ensure that they are the right style.
	_, _ = s.buf.WriteString(ansi.DeleteCharacter(count))
}

// clearToBottom clears the screen from the current cursor position to the end
// of the screen.
func (s *TerminalRenderer) clearToBottom(blank *Cell) {
	row, col := s.cur.Y, s.cur.X
	if row < 0 {
		row = 0
	}

	s.updatePen(blank)
	_, _ = s.buf.WriteString(ansi.EraseScreenBelow)
	s.ownLines(row)
	// Clear the rest of the current line
	s.curbuf.ClearArea(Rect(col, row, s.curbuf.Width()-col, 1))
	// Clear everything below the current line
	s.curbuf.ClearArea(Rect(0, row+1, s.curbuf.Width(), s.curbuf.Height()-row-1))
}

// clearBottom tests if clearing the end of the screen would satisfy part of
// the screen update. Scan backwards through lines in the screen checking if
// each is blank and one or more are changed.
// It returns the top line.
func (s *TerminalRenderer) clearBottom(newbuf *RenderBuffer, total int) (top int) {
	if total <= 0 {
		return 0
	}

	top = total
	last := min(s.curbuf.Width(), newbuf.Width())
	blank := s.clearBlank()
	canClearWithBlank := canClearWith(blank)

	if canClearWithBlank { //nolint:nestif
		var row int
		for row = total - 1; row >= 0; row-- {
			newLine := newbuf.Line(row)

			var col int
			ok := true
			for col = 0; ok && col < last; col++ {
				ok = cellEqual(newLine.At(col), blank)
			}
			if !ok {
				break
			}

			// Unpacked only when the new line is blank (Hotels patch,
			// change 23): the bottom line of most frames is not, and
			// was unpacked for nothing in every frame.
			oldLine := s.peekLine(row)
			for col = 0; ok && col < last; col++ {
				ok = cellEqual(oldLine.At(col), blank)
			}
			if !ok {
				top = row
			}
		}

		if top < total {
			s.move(newbuf, 0, max(0, top-1)) // top is 1-based
			s.clearToBottom(blank)
			if s.oldhash != nil && s.newhash != nil &&
				row < len(s.oldhash) && row < len(s.newhash) {
				for row := top; row < newbuf.Height(); row++ {
					s.oldhash[row] = s.newhash[row]
				}
			}
		}
	}

	return top
}

// clearScreen clears the screen and put cursor at home.
func (s *TerminalRenderer) clearScreen(blank *Cell) {
	s.updatePen(blank)
	_, _ = s.buf.WriteString(ansi.CursorHomePosition)
	_, _ = s.buf.WriteString(ansi.EraseEntireScreen)
	s.cur.X, s.cur.Y = 0, 0
	s.ownLines(0)
	s.curbuf.Fill(blank)
}

// clearBelow clears everything below and including the row.
func (s *TerminalRenderer) clearBelow(newbuf *RenderBuffer, blank *Cell, row int) {
	s.move(newbuf, 0, row)
	s.clearToBottom(blank)
}

// clearUpdate forces a screen redraw.
func (s *TerminalRenderer) clearUpdate(newbuf *RenderBuffer) {
	blank := s.clearBlank()
	var nonEmpty int
	if s.flags.Contains(tFullscreen) {
		// XXX: We're using the maximum height of the two buffers to ensure we
		// write newly added lines to the screen in
		// [terminalWriter.transformLine].
		nonEmpty = max(s.curbuf.Height(), newbuf.Height())
		s.clearScreen(blank)
	} else {
		nonEmpty = newbuf.Height()
		// FIXME: Investigate the double [ansi.ClearScreenBelow] call.
		// Commenting the line below out seems to work but it might cause other
		// bugs.
		s.clearBelow(newbuf, blank, 0)
	}
	nonEmpty = s.clearBottom(newbuf, nonEmpty)
	for i := 0; i < nonEmpty && i < newbuf.Height(); i++ {
		s.transformLine(newbuf, i)
	}
}

func (s *TerminalRenderer) logf(format string, args ...any) {
	if s.logger == nil {
		return
	}
	s.logger.Printf(format, args...)
}

// Buffered returns the number of bytes buffered for the next flush.
func (s *TerminalRenderer) Buffered() int {
	return s.buf.Len()
}

// Flush flushes the buffer to the screen.
func (s *TerminalRenderer) Flush() (err error) {
	// Write the buffer
	if n := s.buf.Len(); n > 0 {
		bts := s.buf.Bytes()
		if s.logger != nil {
			s.logf("output: %q", bts)
		}
		_, err = s.w.Write(bts)
		s.buf.Reset()
	}
	return
}

// Redraw forces a full redraw of the screen. It's equivalent to calling
// [TerminalRenderer.Erase] and [TerminalRenderer.Render].
func (s *TerminalRenderer) Redraw(newbuf *RenderBuffer) {
	s.clear = true
	s.Render(newbuf)
}

// Render renders changes of the screen to the internal buffer. Call
// [terminalWriter.Flush] to flush pending changes to the screen.
func (s *TerminalRenderer) Render(newbuf *RenderBuffer) {
	for i := range s.lines { // Hotels patch, change 16: see ShareLine
		st := &s.lines[i]
		st.drawn = false
		st.driftKnown = st.driftKnown && st.packed != "" // change 19
	}
	// Do we need to render anything?
	touchedLines := newbuf.TouchedLines()
	if !s.clear && touchedLines == 0 {
		return
	}

	if s.curbuf == nil || s.curbuf.Bounds().Empty() {
		// Initialize the current buffer, of lines from spareLines (Hotels
		// patch, change 21), which Pack gives back after this frame.
		s.curbuf = &RenderBuffer{Buffer: &Buffer{}}
		s.resizeOwn(newbuf.Width(), newbuf.Height())
		s.lines = nil
	}

	newWidth, newHeight := newbuf.Width(), newbuf.Height()
	curWidth, curHeight := s.curbuf.Width(), s.curbuf.Height()

	if curWidth != newWidth || curHeight != newHeight {
		s.oldhash, s.newhash = nil, nil
		// A shrink makes the terminal reflow in emulator-defined ways the
		// incremental model cannot predict; force a full repaint. Only in
		// fullscreen, where the renderer owns every cell it is about to
		// clear. Inline mode shares the screen with whatever came before,
		// so it uses the narrower partial clear below instead.
		if s.flags.Contains(tFullscreen) && (newWidth < curWidth || newHeight < curHeight) {
			s.clear = true
		}
	}

	// TODO: Investigate whether this is necessary. Theoretically, terminals
	// can add/remove tab stops and we should be able to handle that. We could
	// use [ansi.DECTABSR] to read the tab stops, but that's not implemented in
	// most terminals :/
	// // Are we using hard tabs? If so, ensure tabs are using the
	// // default interval using [ansi.DECST8C].
	// if s.opts.HardTabs && !s.initTabs {
	// 	s.buf.WriteString(ansi.SetTabEvery8Columns)
	// 	s.initTabs = true
	// }

	var nonEmpty int

	// XXX: In inline mode, after a screen resize, we need to clear the extra
	// lines at the bottom of the screen. This is because in inline mode, we
	// don't use the full screen height and the current buffer size might be
	// larger than the new buffer size.
	partialClear := !s.flags.Contains(tFullscreen) && s.cur.X != -1 && s.cur.Y != -1 &&
		curWidth == newWidth &&
		curHeight > 0 &&
		curHeight > newHeight

	if !s.clear && partialClear {
		s.clearBelow(newbuf, nil, newHeight-1)
	}

	// Resize the model before diffing so the loop below walks every row
	// of the new screen, including rows added by a grow.
	if curWidth != newWidth || curHeight != newHeight {
		s.ownLines(0)
		s.lines = nil // nor what they were packed as, at another width
		s.resizeOwn(newWidth, newHeight)
	}

	if s.clear { //nolint:nestif
		s.clearUpdate(newbuf)
		s.clear = false
	} else if touchedLines > 0 {
		// On Windows, there's a bug with Windows Terminal where [ansi.DECSTBM]
		// misbehaves and moves the cursor outside of the scrolling region. For
		// now, we disable the optimizations completely on Windows.
		// See https://github.com/microsoft/terminal/issues/19016
		if s.flags.Contains(tScrollOptim) && s.flags.Contains(tFullscreen) {
			// Optimize scrolling for the alternate screen buffer.
			// TODO: Should we optimize for inline mode as well? If so, we need
			// to know the actual cursor position to use [ansi.DECSTBM].
			s.ownLines(0)
			s.scrollOptimize(newbuf)
		}

		var changedLines int
		var i int

		nonEmpty = newHeight

		nonEmpty = s.clearBottom(newbuf, nonEmpty)
		for i = 0; i < nonEmpty; i++ {
			if newbuf.Touched == nil || i >= len(newbuf.Touched) || (newbuf.Touched[i] != nil &&
				(newbuf.Touched[i].FirstCell != -1 || newbuf.Touched[i].LastCell != -1)) {
				if s.samePacked(newbuf, i) {
					// Left packed, and nothing to write (Hotels patch,
					// change 23).
					st := &s.lines[i]
					st.drift, st.driftKnown = false, true
					continue
				}
				s.transformLine(newbuf, i)
				changedLines++
				// It holds the frame's cells now (Hotels patch, change
				// 16; see ShareLine), and whether they drift (change 19).
				st := &s.states()[i]
				st.drawn, st.drift, st.driftKnown = true, s.newDrift, true
			}

			// Mark line changed successfully.
			if i < len(newbuf.Touched) && i <= newbuf.Height()-1 {
				untouch(newbuf.Touched, i)
			}
		}
	}

	if !s.flags.Contains(tFullscreen) && (curWidth != newWidth || curHeight != newHeight) {
		s.move(newbuf, 0, newHeight-1)
	}

	// Sync windows and screen
	if len(newbuf.Touched) != newHeight {
		newbuf.Touched = make([]*LineData, newHeight)
	}
	for i := range newbuf.Touched {
		untouch(newbuf.Touched, i)
	}
	// Nothing reads which lines of the renderer's own copy were touched
	// (Hotels patch, change 20): it keeps no marks, which were a LineData
	// a line, held for the whole session.
	s.curbuf.Touched = nil

	s.updatePen(nil) // nil indicates a blank cell with no styles
}

// samePacked reports whether line y of newbuf, touched, has the cells of
// the renderer's packed line y, unpacked from it (unchanged: their texts
// point into it), and neither drifts (lineHasDrift), so that transformLine
// would find no cell to draw: the patched Bubble Tea touches the line
// above one that became blank with the cells the screen shows, and a line
// the cache of parsed lines gives is the renderer's own shared line when
// only its text changed. The line is left packed: not unpacked, compared
// cell by cell, and packed or compared again (Hotels patch, change 23). A
// line that drifts is repainted by transformLine even when unchanged, so
// it is not the same here.
func (s *TerminalRenderer) samePacked(newbuf *RenderBuffer, y int) bool {
	if y >= len(s.lines) || y >= s.curbuf.Height() || s.lines[y].packed == "" {
		return false
	}
	st := &s.lines[y]
	newLine := newbuf.Line(y)
	if len(newLine) != len(s.curbuf.Lines[y]) || !s.unchanged(newLine, st.packed) {
		return false
	}
	if st.driftKnown {
		return !st.drift
	}
	return !lineHasDrift(s.method, newLine)
}

// untouch marks line i untouched, in the LineData it has if any (Hotels
// patch): upstream gave every line of both buffers a new one on every
// frame, a third of the allocations of drawing a frame.
func untouch(touched []*LineData, i int) {
	if t := touched[i]; t != nil {
		t.FirstCell, t.LastCell = -1, -1
		return
	}
	touched[i] = &LineData{FirstCell: -1, LastCell: -1}
}

// lineState says how the renderer keeps a line of what it drew, when not
// as cells of its own (Hotels patch).
type lineState struct {
	packed string // the line packed (Pack, ShareLine); its cells are packedCells
	shared bool   // packed is one given to ShareLine
	was    string // the line as packed when ownLine unpacked it
	// drawn: transformLine drew the line in the last Render, so that it
	// holds the cells of the frame's line (Hotels patch, change 16); Pack
	// clears it.
	drawn bool
	// drift is what lineHasDrift said of the frame's line when
	// transformLine drew it, if driftKnown: kept while the line is packed
	// (its cells cannot change), for transformLine to read when it next
	// draws the line, rather than go through the cells (change 19). Pack
	// and ShareLine keep it for a line drawn; Render drops it for a line
	// not packed.
	drift, driftKnown bool
}

// states returns s.lines, one for each line of curbuf. Its length differs
// only after curbuf changed height, which Render does having made every
// line its own (ownLines).
func (s *TerminalRenderer) states() []lineState {
	if len(s.lines) != s.curbuf.Height() {
		s.lines = make([]lineState, s.curbuf.Height())
	}
	return s.lines
}

// ShareLine makes p, a line packed by PackLine, line y of what the
// renderer keeps as drawn, in place of its own copy, if the two have the
// same cells (Hotels patch). cells are the cells of p, as UnpackLine gives
// them: line y of the frame the renderer was last given (drawn from p), to
// compare with a line the renderer holds unpacked, unless the last Render
// drew it from that frame (change 16). The caller shares p with other
// renderers: the patched Bubble Tea draws the lines most players of a table
// are shown from a cache of lines parsed before, shared by all, which keeps
// them packed. The renderer unpacks p when it needs the line (ownLine).
func (s *TerminalRenderer) ShareLine(y int, p string, cells Line) {
	if s.curbuf == nil || y < 0 || y >= s.curbuf.Height() || p == "" {
		return
	}
	st := &s.states()[y]
	if st.packed != "" {
		if st.packed == p {
			*st = lineState{packed: p, shared: true, drift: st.drift, driftKnown: st.driftKnown}
		}
		return
	}
	own := s.curbuf.Lines[y]
	if len(own) != len(cells) || len(own) == 0 || len(own) > len(packedCells) {
		return
	}
	// A line transformLine drew has the frame's cells: from the first cell
	// that differed it copied them, and those before were equal (change 16).
	for x := 0; !st.drawn && x < len(own); x++ {
		if !sameBytes(&own[x], &cells[x]) && !cellEqual(&own[x], &cells[x]) {
			return
		}
	}
	putSpare(own)
	s.curbuf.Lines[y] = packedCells[:len(own):len(own)]
	*st = lineState{packed: p, shared: true, drift: st.drift, driftKnown: st.drawn && st.driftKnown}
}

// sameBytes reports whether two cells hold the same bytes, as a cell and
// its copy do: then they are equal, without comparing their fields one by
// one. A line the renderer has just drawn from a frame holds copies of the
// cells of the frame's line that ShareLine is given (Hotels patch).
func sameBytes(a, b *Cell) bool {
	return *(*[unsafe.Sizeof(Cell{})]byte)(unsafe.Pointer(a)) == *(*[unsafe.Sizeof(Cell{})]byte)(unsafe.Pointer(b))
}

// LineShared reports whether line y of what the renderer keeps as drawn
// is one given to ShareLine (Hotels patch).
func (s *TerminalRenderer) LineShared(y int) bool {
	return y >= 0 && y < len(s.lines) && s.lines[y].shared
}

// spareLines holds lines renderers gave up for packed ones, for ownLine
// and peekLine: at most maxSpare, not a sync.Pool, whose lines a server of
// idle sessions would keep (it empties at a collection, and nothing
// allocates there to start one).
var spareLines struct {
	mu    sync.Mutex
	lines []Line
}

// maxSpare bounds spareLines: 1.1 MB of lines at 80 columns, as many as a
// few renderers drawing at once unpack.
const maxSpare = 128

// spareLine returns a line of n cells from spareLines, or a new one.
func spareLine(n int) Line {
	spareLines.mu.Lock()
	var l Line
	if k := len(spareLines.lines); k > 0 {
		l = spareLines.lines[k-1]
		spareLines.lines[k-1] = nil
		spareLines.lines = spareLines.lines[:k-1]
	}
	spareLines.mu.Unlock()
	if len(l) != n {
		l = make(Line, n)
	}
	return l
}

// putSpare puts l in spareLines, if it has room.
func putSpare(l Line) {
	spareLines.mu.Lock()
	if len(spareLines.lines) < maxSpare {
		spareLines.lines = append(spareLines.lines, l)
	}
	spareLines.mu.Unlock()
}

// blankLine returns a line of n blank cells from spareLines, or a new one.
func blankLine(n int) Line {
	if n == 0 {
		return Line{}
	}
	l := spareLine(n)
	for i := range l {
		l[i] = EmptyCell
	}
	return l
}

// resizeOwn resizes curbuf to w×h as Buffer.Resize does, keeping the cells
// both sizes have and blank cells elsewhere, with its lines all its own
// (ownLines), but takes the lines it needs from spareLines and gives back
// those it drops (Hotels patch, change 21): a session's first frame made
// its copy of the screen anew, 215 KB of cells at 80×24 that Pack gave up
// at once, and a frame of another size grew it likewise.
func (s *TerminalRenderer) resizeOwn(w, h int) {
	b := s.curbuf.Buffer
	for i, l := range b.Lines {
		switch {
		case i >= h:
			b.Lines[i] = nil
		case len(l) != w:
			b.Lines[i] = blankLine(w)
			copy(b.Lines[i], l)
		default:
			continue
		}
		if len(l) > 0 {
			putSpare(l)
		}
	}
	if h < len(b.Lines) {
		b.Lines = b.Lines[:h]
	}
	if h > cap(b.Lines) { // no room to spare, which the copy would keep
		b.Lines = append(make([]Line, 0, h), b.Lines...)
	}
	for len(b.Lines) < h {
		b.Lines = append(b.Lines, blankLine(w))
	}
}

// ownLine gives the renderer its own cells for line y if it is packed.
func (s *TerminalRenderer) ownLine(y int) {
	if y < 0 || y >= len(s.lines) || y >= s.curbuf.Height() || s.lines[y].packed == "" {
		return
	}
	st := &s.lines[y]
	var own Line
	if s.peek != nil && s.peekY == y {
		own, s.peek = s.peek, nil // unpacked by peekLine
	} else {
		own = spareLine(len(s.curbuf.Lines[y]))
		unpackLine(own, st.packed)
	}
	s.curbuf.Lines[y] = own
	*st = lineState{was: st.packed}
}

// ownLines gives the renderer its own cells for every packed line from y
// down, before it changes them all.
func (s *TerminalRenderer) ownLines(y int) {
	for ; y < len(s.lines); y++ {
		s.ownLine(y)
	}
}

// peekLine returns the cells of line y of what the renderer keeps as
// drawn, to be read, not changed, until the next call (Hotels patch): a
// packed line is unpacked into s.peek, which Pack gives back.
func (s *TerminalRenderer) peekLine(y int) Line {
	l := s.curbuf.Line(y)
	if y < 0 || y >= len(s.lines) || s.lines[y].packed == "" {
		return l
	}
	if len(s.peek) != len(l) {
		s.peek = spareLine(len(l))
	}
	unpackLine(s.peek, s.lines[y].packed)
	s.peekY = y
	return s.peek
}

// Pack packs every line the renderer keeps as drawn that is not: a string
// of a few bytes a cell in place of cells of 112 bytes, until the renderer
// needs the line's cells again (Hotels patch, HOTELS.md change 10). A
// server keeps a renderer per SSH session, and what it drew was most of
// what a session held between frames. Call it once a frame is rendered
// and its lines shared (ShareLine).
func (s *TerminalRenderer) Pack() {
	defer func() {
		if s.peek != nil {
			putSpare(s.peek)
			s.peek = nil
		}
	}()
	if s.curbuf == nil {
		return
	}
	var buf [1024]byte
	for y := range s.states() {
		st := &s.lines[y]
		known := st.drawn && st.driftKnown // of the cells packed here
		st.drawn = false
		l := s.curbuf.Lines[y]
		if st.packed != "" || len(l) == 0 || len(l) > len(packedCells) {
			continue
		}
		if st.was != "" && s.unchanged(l, st.was) {
			*st = lineState{packed: st.was, drift: st.drift, driftKnown: known}
		} else if b, ok := packLine(buf[:0], l, &s.recent); ok {
			*st = lineState{packed: string(b), drift: st.drift, driftKnown: known}
		} else {
			*st = lineState{}
			continue
		}
		putSpare(l)
		s.curbuf.Lines[y] = packedCells[:len(l):len(l)]
	}
}

// unchanged reports whether l has the cells it was unpacked from, p, byte
// for byte: a line the renderer unpacked and left as it was (the line above
// a line that became blank, which the patched Bubble Tea touches) keeps p,
// more cheaply than packed again. Each cell is compared with its record in
// p as it stands, without unpacking p (Hotels patch, change 16): a changed
// line, most of those unpacked, differs within a few cells.
func (s *TerminalRenderer) unchanged(l Line, p string) bool {
	var pn *penWords
	x, i := 0, 0
	for ; i < len(p) && x < len(l); x++ {
		h := p[i]
		i++
		if h&penFollows != 0 {
			pn = (*penWords)(unsafe.Pointer(penAt(uint16(p[i]) | uint16(p[i+1])<<8)))
			i += 2
		}
		n := int(p[i])
		i++
		// As unpackLine would set the cell: its text points into p.
		c := &l[x]
		if c.Width != int(h&^penFollows) || len(c.Content) != n || n > 0 && unsafe.StringData(c.Content) != unsafe.StringData(p[i:]) ||
			!sameWords((*penWords)(unsafe.Pointer(&c.Style)), pn) { // change 24
			return false
		}
		i += n
	}
	return x == len(l) && i == len(p)
}

// ShownLine returns line y of what the renderer last drew on the screen,
// or nil if it has drawn no such line (Hotels patch). The caller must not
// change it, and may use it only until it next calls the renderer.
func (s *TerminalRenderer) ShownLine(y int) Line {
	if s.curbuf == nil || y < 0 || y >= s.curbuf.Height() {
		return nil
	}
	return s.peekLine(y)
}

// ShownWidth returns the width of line y of what the renderer last drew
// on the screen, 0 if it has drawn no such line (Hotels patch).
func (s *TerminalRenderer) ShownWidth(y int) int {
	if s.curbuf == nil || y < 0 || y >= s.curbuf.Height() {
		return 0
	}
	return len(s.curbuf.Lines[y])
}

// Erase marks the screen to be fully erased on the next render.
func (s *TerminalRenderer) Erase() {
	s.clear = true
}

// Resize updates the terminal screen tab stops. This is used to calculate
// terminal tab stops for hard tab optimizations.
//
// Resize also invalidates the cursor model when the renderer can recover
// from it: a terminal may move the cursor on any resize, so the remembered
// position no longer matches reality, and the next move will be absolute.
//
// In relative cursor mode there is no absolute move to fall back on, and
// -1 there means "first move, assume the origin" rather than "unknown", so
// invalidating would assert a position instead of forgetting one. Keep the
// old model in that mode and let the next render diff against it.
func (s *TerminalRenderer) Resize(width, _ int) {
	if s.tabs != nil {
		s.tabs.Resize(width)
	}
	if !s.flags.Contains(tRelativeCursor) {
		s.cur.X, s.cur.Y = -1, -1
	}
}

// Position returns the cursor position in the screen buffer after applying any
// pending transformations from the underlying buffer.
func (s *TerminalRenderer) Position() (x, y int) {
	return s.cur.X, s.cur.Y
}

// SetPosition changes the logical cursor position. This can be used when we
// change the cursor position outside of the screen and need to update the
// screen cursor position.
// This changes the cursor position for both normal and alternate screen
// buffers.
func (s *TerminalRenderer) SetPosition(x, y int) {
	s.cur.X, s.cur.Y = x, y
}

// WriteString writes the given string to the underlying buffer.
func (s *TerminalRenderer) WriteString(str string) (int, error) {
	return s.buf.WriteString(str) //nolint:wrapcheck
}

// Write writes the given bytes to the underlying buffer.
func (s *TerminalRenderer) Write(b []byte) (int, error) {
	return s.buf.Write(b) //nolint:wrapcheck
}

// MoveTo calculates and writes the shortest sequence to move the cursor to the
// given position. It uses the current cursor position and the new position to
// calculate the shortest amount of sequences to move the cursor.
func (s *TerminalRenderer) MoveTo(x, y int) {
	s.move(nil, x, y)
}

// notLocal returns whether the coordinates are not considered local movement
// using the defined thresholds.
// This takes the number of columns, and the coordinates of the current and
// target positions.
func notLocal(cols, fx, fy, tx, ty int) bool {
	// The typical distance for a [ansi.CUP] sequence. Anything less than this
	// is considered local movement.
	const longDist = 8 - 1
	return (tx > longDist) &&
		(tx < cols-1-longDist) &&
		(abs(ty-fy)+abs(tx-fx) > longDist)
}

// relativeCursorMove appends to b the relative cursor movement sequence using
// one or two of the following sequences [ansi.CUU], [ansi.CUD], [ansi.CUF],
// [ansi.CUB], [ansi.VPA], [ansi.HPA].
// When overwrite is true, this will try to optimize the sequence by using the
// screen cells values to move the cursor instead of using escape sequences.
//
// It is safe to call this function with a nil [Buffer]. In that case, it won't
// use any optimizations that require the new buffer such as overwrite.
//
// Hotels patch (HOTELS.md, change 12): the candidates are compared by their
// lengths, worked out, and only the one chosen is written, into b; upstream
// built every candidate as a string to compare them.
func relativeCursorMove(b []byte, s *TerminalRenderer, newbuf *RenderBuffer, fx, fy, tx, ty int, overwrite, useTabs, useBackspace bool) []byte {
	if newbuf == nil {
		overwrite = false // We can't overwrite the current buffer.
	}

	if ty != fy { //nolint:nestif
		const (
			none = iota
			vpa
			cud
			cuu
			newlines
			ri
		)
		var kind, size, n int
		if s.caps.Contains(capVPA) && !s.flags.Contains(tRelativeCursor) {
			kind, size = vpa, csiLen(ty+1, 0)
		}

		if ty > fy {
			n = ty - fy
			if l := csiLen(n, 1); kind == none || l < size {
				kind, size = cud, l
			}
			if !s.flags.Contains(tFullscreen) || n < size { // n is the cost of using newline characters
				kind, size = newlines, n
				if s.flags.Contains(tMapNewline) {
					fx = 0
				}
			}
		} else if ty < fy {
			n = fy - ty
			if l := csiLen(n, 1); kind == none || l < size {
				kind, size = cuu, l
			}
			if n == 1 && fy-1 > 0 {
				// TODO: Ensure we're not unintentionally scrolling the screen up.
				kind = ri
			}
		}

		switch kind {
		case vpa:
			b = appendCSI(b, ty+1, 0, 'd')
		case cud:
			b = appendCSI(b, n, 1, 'B')
		case cuu:
			b = appendCSI(b, n, 1, 'A')
		case newlines:
			for range n {
				b = append(b, '\n')
			}
		case ri:
			b = append(b, ansi.ReverseIndex...)
		}
	}

	if tx != fx { //nolint:nestif
		const (
			none = iota
			hpa
			cha
			cuf
			ovw
			cub
			backspaces
		)
		var kind, size int
		if !s.flags.Contains(tRelativeCursor) {
			if s.caps.Contains(capHPA) {
				kind, size = hpa, csiLen(tx+1, 0)
			} else if s.caps.Contains(capCHA) {
				kind, size = cha, csiLen(tx+1, 0)
			}
		}

		var n int
		if tx > fx {
			n = tx - fx
			if useTabs && s.tabs != nil {
				var tabs int
				var col int
				for col = fx; s.tabs.Next(col) <= tx; col = s.tabs.Next(col) {
					tabs++
					if col == s.tabs.Next(col) || col >= s.tabs.Width()-1 {
						break
					}
				}

				if tabs > 0 {
					// TODO: The linux console and some terminals such as
					// Alacritty don't support [ansi.CHT]. Use it when it is
					// shorter once we have a way to detect this.
					for range tabs {
						b = append(b, '\t')
					}

					n = tx - col
					fx = col
				}
			}

			if l := csiLen(n, 1); kind == none || l < size {
				kind, size = cuf, l
			}

			// If we have no attribute and style changes, overwrite is cheaper.
			var ovwSize int
			if overwrite && ty >= 0 {
				for i := 0; i < n; i++ {
					cell := newbuf.CellAt(fx+i, ty)
					if cell != nil && cell.Width > 0 {
						if !cell.Style.Equal(&s.cur.Style) || !cell.Link.Equal(&s.cur.Link) {
							overwrite = false
							break
						}
						ovwSize += len(cell.String())
						i += cell.Width - 1
					}
				}
			}

			if overwrite && ovwSize < size {
				kind = ovw
			}
		} else if tx < fx {
			n = fx - tx
			if useTabs && s.tabs != nil && s.caps.Contains(capCBT) {
				// VT100 does not support backward tabs [ansi.CBT].

				col := fx

				var cbt int // cursor backward tabs count
				for s.tabs.Prev(col) >= tx {
					col = s.tabs.Prev(col)
					cbt++
					if col == s.tabs.Prev(col) || col <= 0 {
						break
					}
				}

				if cbt > 0 {
					b = appendCSI(b, cbt, 1, 'Z')
					n = col - tx
				}
			}

			if l := csiLen(n, 1); kind == none || l < size {
				kind, size = cub, l
			}

			if useBackspace && n < size {
				kind = backspaces
			}
		}

		switch kind {
		case hpa:
			b = appendCSI(b, tx+1, 0, '`')
		case cha:
			b = appendCSI(b, tx+1, 0, 'G')
		case cuf:
			b = appendCSI(b, n, 1, 'C')
		case ovw:
			if ty >= 0 {
				for i := 0; i < n; i++ {
					cell := newbuf.CellAt(fx+i, ty)
					if cell != nil && cell.Width > 0 {
						b = append(b, cell.String()...)
						i += cell.Width - 1
					}
				}
			}
		case cub:
			b = appendCSI(b, n, 1, 'D')
		case backspaces:
			for range n {
				b = append(b, '\b')
			}
		}
	}

	return b
}

// csiLen is the length of the control sequence appendCSI writes for n and
// omit (Hotels patch).
func csiLen(n, omit int) int {
	if n <= omit {
		return 3
	}
	return 3 + digits(n)
}

// digits is the length of strconv.Itoa(n) (Hotels patch).
func digits(n int) int {
	l := 1
	if n < 0 {
		l, n = l+1, -n
	}
	for ; n >= 10; n /= 10 {
		l++
	}
	return l
}

// cupLen is the length of [ansi.CursorPosition](col, row), which appendCUP
// writes (Hotels patch).
func cupLen(col, row int) int {
	if row <= 1 && col <= 1 {
		return len(ansi.CursorHomePosition)
	}
	l := len("\x1b[;H")
	if row > 0 {
		l += digits(row)
	}
	if col > 0 {
		l += digits(col)
	}
	return l
}

// appendCSI appends ESC [ n final to b, as package ansi writes its cursor
// moves: without n when n <= omit, its default (Hotels patch).
func appendCSI(b []byte, n, omit int, final byte) []byte {
	b = append(b, '\x1b', '[')
	if n > omit {
		b = strconv.AppendInt(b, int64(n), 10)
	}
	return append(b, final)
}

// appendCUP appends [ansi.CursorPosition](col, row) to b (Hotels patch).
func appendCUP(b []byte, col, row int) []byte {
	if row <= 1 && col <= 1 {
		return append(b, ansi.CursorHomePosition...)
	}
	b = append(b, '\x1b', '[')
	if row > 0 {
		b = strconv.AppendInt(b, int64(row), 10)
	}
	b = append(b, ';')
	if col > 0 {
		b = strconv.AppendInt(b, int64(col), 10)
	}
	return append(b, 'H')
}

// moveCursor returns the cursor movement sequence to move the cursor to the
// specified position.
// When overwrite is true, this will try to optimize the sequence by using the
// screen cells values to move the cursor instead of using escape sequences.
//
// It is safe to call this function with a nil [Buffer]. In that case, it won't
// use any optimizations that require the new buffer such as overwrite.
//
// Hotels patch (change 12): the sequence is built in the renderer's two
// scratch buffers, the shortest so far and the one being tried, and is valid
// until the next call.
func moveCursor(s *TerminalRenderer, newbuf *RenderBuffer, x, y int, overwrite bool) []byte {
	fx, fy := s.cur.X, s.cur.Y
	seq, try := s.moveSeq[:0], s.moveTry[:0]
	defer func() { s.moveSeq, s.moveTry = seq, try }()

	have := false // whether seq holds a candidate
	if !s.flags.Contains(tRelativeCursor) {
		width := -1 // Use -1 to indicate that we don't know the width of the screen.
		if s.tabs != nil {
			width = s.tabs.Width()
		}
		if newbuf != nil && width == -1 {
			// Even though this might not be accurate, we can use the new
			// buffer width as a fallback. Technically, if the new buffer
			// didn't have the width of the terminal, this would give us a
			// wrong result from [notLocal].
			width = newbuf.Width()
		}
		// Method #0: Use [ansi.CUP] if the distance is long.
		seq, have = appendCUP(seq, x+1, y+1), true
		if fx == -1 || fy == -1 || width == -1 || notLocal(width, fx, fy, x, y) {
			return seq
		}
	}

	// Optimize based on options.
	trials := 0
	if s.caps.Contains(capHT) {
		trials |= 2 // 0b10 in binary
	}
	if s.caps.Contains(capBS) {
		trials |= 1 // 0b01 in binary
	}

	// Try all possible combinations of hard tabs and backspace optimizations.
	for i := 0; i <= trials; i++ {
		// Skip combinations that are not enabled.
		if i & ^trials != 0 {
			continue
		}

		useHardTabs := i&2 != 0
		useBackspace := i&1 != 0

		// Method #1: Use local movement sequences.
		try = relativeCursorMove(try[:0], s, newbuf, fx, fy, x, y, overwrite, useHardTabs, useBackspace)
		if !have || len(try) < len(seq) {
			seq, try, have = try, seq, true
		}

		// Method #2: Use [ansi.CR] and local movement sequences.
		try = relativeCursorMove(append(try[:0], '\r'), s, newbuf, 0, fy, x, y, overwrite, useHardTabs, useBackspace)
		if len(try) < len(seq) {
			seq, try = try, seq
		}

		if !s.flags.Contains(tRelativeCursor) {
			// Method #3: Use [ansi.CursorHomePosition] and local movement sequences.
			try = relativeCursorMove(append(try[:0], ansi.CursorHomePosition...), s, newbuf, 0, 0, x, y, overwrite, useHardTabs, useBackspace)
			if len(try) < len(seq) {
				seq, try = try, seq
			}
		}
	}

	return seq
}

// xtermCaps returns whether the terminal is xterm-like. This means that the
// terminal supports ECMA-48 and ANSI X3.64 escape sequences.
// xtermCaps returns a list of control sequence capabilities for the given
// terminal type. This only supports a subset of sequences that can
// be different among terminals.
// NOTE: A hybrid approach would be to support Terminfo databases for a full
// set of capabilities.
func xtermCaps(termtype string) (v capabilities) {
	parts := strings.Split(termtype, "-")
	if len(parts) == 0 {
		return v
	}

	switch parts[0] {
	case
		"contour",
		"foot",
		"ghostty",
		"kitty",
		"rio",
		"st",
		"tmux",
		"wezterm":
		v = allCaps
	case "xterm":
		switch {
		case len(parts) > 1 && parts[1] == "ghostty":
			fallthrough
		case len(parts) > 1 && parts[1] == "kitty":
			fallthrough
		case len(parts) > 1 && parts[1] == "rio":
			// These terminals can be defined as xterm- variants for
			// compatibility with applications that check for xterm.
			v = allCaps
		default:
			// NOTE: We exclude capHPA from allCaps because terminals like
			// Konsole don't support it. Xterm terminfo defines HPA as CHA
			// which means we can use CHA instead of HPA.
			v = allCaps
			v &^= capHPA
			v &^= capCHT
			v &^= capREP
		}
	case "alacritty":
		v = allCaps
		v &^= capCHT // NOTE: alacritty added support for [ansi.CHT] in 2024-12-28 #62d5b13.
	case "screen":
		// See https://www.gnu.org/software/screen/manual/screen.html#Control-Sequences-1
		v = allCaps
		v &^= capREP
	case "linux":
		// See https://man7.org/linux/man-pages/man4/console_codes.4.html
		v = capVPA | capCHA | capHPA | capECH | capICH
	}

	return v
}
