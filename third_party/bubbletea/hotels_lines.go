package tea

import (
	"strings"
	"sync"
	"unicode/utf8"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
)

// untouchSame marks the lines of frame that are the same as in the last
// frame as untouched, so that the terminal renderer compares only the
// others with the screen (Hotels patch). flush draws every frame whole and
// touches every line, and comparing each of 1,920 cells at 80×24 with the
// screen was over a third of drawing a frame; after a move most lines of a
// game screen are as they were.
//
// A line is the same if its text is, it is self-contained (see
// selfContained), and it starts with the same style in both frames, which
// a style left open by a line above could change. Frames are drawn without
// wrapping, so line y is row y in both. The caller makes sure the screen
// shows the last frame: same size, no erase, and no scroll optimisation,
// which moves the screen's lines under untouched ones.
func untouchSame(frame *uv.RenderBuffer, last, next string) {
	last = strings.ReplaceAll(last, "\r\n", "\n") // as StyledString.Draw does
	next = strings.ReplaceAll(next, "\r\n", "\n")
	if strings.Count(last, "\n") != strings.Count(next, "\n") {
		return
	}
	// The style at the start of line y: the same in both frames, and the
	// default in both.
	same, plain := true, true
	for y := range frame.Touched {
		var a, b string
		a, last, _ = strings.Cut(last, "\n")
		b, next, _ = strings.Cut(next, "\n")
		selfA, endA := selfContained(a)
		selfB, endB := selfA, endA
		if a != b {
			selfB, endB = selfContained(b)
		}
		if !selfA || !selfB {
			if y > 0 { // it may fold a mark into the line above
				frame.TouchLine(0, y-1, frame.Width())
			}
			same, plain = false, false
			continue
		}
		if a == b && same {
			frame.Touched[y] = nil
		}
		plainA, plainB := endA.plain(plain), endB.plain(plain)
		same = a == b && same || plainA && plainB
		plain = plainA && plainB
	}
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
// characters and no invalid UTF-8, and it starts with a character that
// cannot be a mark folded into the line above. Such a line's cells depend
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
		if r == utf8.RuneError || r < 0xa0 || first && (r >= 0x300 || r == 0xad) {
			return false, end
		}
		first = false
		i += n
	}
	return true, end
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

// drawLines draws content into frame from lines parsed before, by this or
// any other program (Hotels patch), and reports false, having drawn
// nothing, if a line's cells could depend on the lines before it (see
// selfContained). Parsing text into cells was half of drawing a frame, and
// the lines of a frame recur: in the next frame of the same screen, and in
// the frames of the others watching or playing at the same table.
func drawLines(frame uv.ScreenBuffer, content string) bool {
	content = strings.ReplaceAll(content, "\r\n", "\n") // as StyledString.Draw does
	plain := true
	rest := content
	for y := 0; y < frame.Height() && rest != ""; y++ {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		self, end := selfContained(line)
		if !self || !plain {
			return false
		}
		plain = end.plain(plain)
	}
	w := frame.Width()
	for y := 0; y < frame.Height() && content != ""; y++ {
		var line string
		line, content, _ = strings.Cut(content, "\n")
		copy(frame.Lines[y], parsed(line, w, frame.Method))
	}
	return true
}

// lines keeps lines parsed into cells by drawLines, by text, width and
// width method, in two generations: a line is looked up in both and kept
// in the newer, and when the newer holds lineCells cells it becomes the
// older and the older is dropped. Parsed lines are never changed.
var lines struct {
	sync.Mutex
	now, old map[lineKey]uv.Line
	cells    int // in now
}

type lineKey struct {
	text   string
	width  int
	method ansi.Method
}

// lineCells bounds the cells of a generation: 200,000 cells of 112 bytes,
// 22 MB, is 2,500 lines at 80 columns.
const lineCells = 200_000

func parsed(text string, width int, method ansi.Method) uv.Line {
	k := lineKey{text, width, method}
	lines.Lock()
	l, ok := lines.now[k]
	if !ok {
		if l, ok = lines.old[k]; ok {
			keepLine(k, l)
		}
	}
	lines.Unlock()
	if ok {
		return l
	}
	// The cells' text points into the text they were parsed from: a copy,
	// not the frame the line was cut from, is what the cache keeps.
	k.text = strings.Clone(text)
	buf := uv.ScreenBuffer{RenderBuffer: uv.NewRenderBuffer(width, 1), Method: method}
	uv.NewStyledString(k.text).Draw(buf, buf.Bounds())
	l = buf.Line(0)
	lines.Lock()
	keepLine(k, l)
	lines.Unlock()
	return l
}

// keepLine adds a line to the newer generation; lines is locked.
func keepLine(k lineKey, l uv.Line) {
	if lines.now == nil || lines.cells+len(l) > lineCells {
		lines.old, lines.now, lines.cells = lines.now, make(map[lineKey]uv.Line), 0
	}
	lines.now[k] = l
	lines.cells += len(l)
}
