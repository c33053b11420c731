package sanitize

import (
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"
)

// Line returns s as one line of plain printable text: escape sequences,
// control characters, invisible characters (see Invisible) and combining
// marks past MaxMarks on a character are removed, and tabs and line breaks
// become spaces.
func Line(s string) string {
	if printable(s) {
		return s // as clean returns it, without copying: screens clean names and events on every move
	}
	return clean(s, false)
}

// printable reports whether s is printable ASCII alone, which clean
// leaves as it is.
func printable(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

// Text is like Line but keeps line breaks ("\n"); "\r\n" and "\r" become "\n".
func Text(s string) string {
	return clean(strings.ReplaceAll(s, "\r\n", "\n"), true)
}

// MaxMarks is how many combining marks (Unicode Mn and Me) Line and Text
// keep on one character: as many as any language stacks (Vietnamese two,
// in its decomposed form), while the rest of a pile, which draws over the
// lines above and below ("Zalgo" text), goes (issue 27, N10).
const MaxMarks = 3

func clean(s string, keepNewlines bool) string {
	s = ansi.Strip(s)
	var b strings.Builder
	b.Grow(len(s))
	marks := 0 // combining marks on the character before
	for _, r := range s {
		if r >= '\u0300' && unicode.In(r, unicode.Mn, unicode.Me) { // none below U+0300
			if marks++; marks > MaxMarks {
				continue
			}
		} else {
			marks = 0
		}
		switch {
		case r == '\n' || r == '\r':
			if keepNewlines {
				b.WriteByte('\n')
			} else {
				b.WriteByte(' ')
			}
		case r == '\t':
			b.WriteByte(' ')
		case unicode.IsControl(r), Invisible(r):
			// Dropped: C0, DEL and C1 controls (U+009B is a one-character CSI
			// on some terminals) and invisible characters.
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Invisible reports the characters Line and Text drop because they draw
// nothing yet change what the text around them looks like, or how wide it
// is: every format character (Unicode category Cf: soft hyphen, zero-width
// characters and joiners, bidirectional marks, embeddings, overrides and
// isolates, the "Trojan Source" characters, tag characters) and every other
// default-ignorable code point (Hangul fillers, which terminals draw as one
// or two blank cells, and reserved ones).
//
// Variation selectors are dropped with them, emoji's included: U+FE0F turns
// "❤" into a two-cell emoji for a terminal that measures grapheme clusters
// and leaves it one cell for one that measures characters, so the same line
// would lay out differently on different screens. Without it the heart
// still shows, in its default presentation, one cell everywhere.
func Invisible(r rune) bool {
	if r < '\u00AD' { // below the first of them: most of what is typed
		return false
	}
	return unicode.In(r, unicode.Cf, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector)
}

// Width is how many terminal cells s takes, as the renderer measures it.
// The renderer measures characters (wcwidth) unless the terminal says it
// measures grapheme clusters (mode 2027), when it measures those, as lipgloss
// always does; the two differ for some emoji, so Width is the wider of both.
// Escape sequences take no room.
func Width(s string) int {
	return max(ansi.StringWidth(s), ansi.StringWidthWc(s))
}

// Visible reports whether s has a character that shows: something other
// than spaces, invisible characters, the blank braille pattern (U+2800,
// often used to pass for a name) and combining marks with nothing to
// combine with.
func Visible(s string) bool {
	for _, r := range ansi.Strip(s) {
		if !unicode.IsSpace(r) && !unicode.IsControl(r) && !Invisible(r) && r != '\u2800' &&
			unicode.IsGraphic(r) && Width(string(r)) > 0 {
			return true
		}
	}
	return false
}

// ErrBlank is what Message wraps when nothing in the text shows.
var ErrBlank = errors.New("it has no visible character")

// ErrTooWide is what Message wraps when the text is wider than allowed.
var ErrTooWide = errors.New("it is too wide")

// Message returns s as Line cleans it, without leading or trailing spaces,
// for a chat message, a room title, a reason or a broadcast. It refuses,
// with an error wrapping ErrBlank, text with no visible character, and,
// wrapping ErrTooWide, text wider than maxWidth cells (see Width).
func Message(s string, maxWidth int) (string, error) {
	m := strings.TrimSpace(Line(s))
	if !Visible(m) {
		return "", ErrBlank
	}
	if w := Width(m); w > maxWidth {
		return "", fmt.Errorf("%w: %d cells, more than %d", ErrTooWide, w, maxWidth)
	}
	return m, nil
}
