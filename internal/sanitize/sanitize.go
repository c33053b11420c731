package sanitize

import (
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"
)

// Line returns s as one line of plain printable text: escape sequences and
// control characters are removed, and tabs and line breaks become spaces.
func Line(s string) string {
	return clean(s, false)
}

// Text is like Line but keeps line breaks ("\n"); "\r\n" and "\r" become "\n".
func Text(s string) string {
	return clean(strings.ReplaceAll(s, "\r\n", "\n"), true)
}

func clean(s string, keepNewlines bool) string {
	s = ansi.Strip(s)
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r == '\n' || r == '\r':
			if keepNewlines {
				b.WriteByte('\n')
			} else {
				b.WriteByte(' ')
			}
		case r == '\t':
			b.WriteByte(' ')
		case unicode.IsControl(r), isFormatControl(r):
			// Dropped: C0, DEL and C1 controls (U+009B is a one-character CSI
			// on some terminals) and invisible direction or layout marks.
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isFormatControl reports invisible characters that change how the text
// around them is laid out: bidirectional marks, embeddings, overrides and
// isolates (the "Trojan Source" characters), zero-width characters, and
// interlinear annotation marks.
func isFormatControl(r rune) bool {
	switch {
	case r == '\u061C', // arabic letter mark
		r >= '\u200B' && r <= '\u200F', // zero-width space, joiners, LRM, RLM
		r >= '\u202A' && r <= '\u202E', // embeddings and overrides
		r >= '\u2060' && r <= '\u206F', // word joiner, isolates, deprecated format chars
		r == '\uFEFF',                  // zero-width no-break space
		r >= '\uFFF9' && r <= '\uFFFB': // interlinear annotations
		return true
	}
	return false
}
