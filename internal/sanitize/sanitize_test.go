package sanitize_test

import (
	"errors"
	"strings"
	"testing"
	"unicode"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hotels/internal/sanitize"
)

func TestLine(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"alice", "alice"},
		{"Zoë 🎲", "Zoë 🎲"},
		{"\x1b[2J\x1b[Halice", "alice"},                    // clear screen, cursor home
		{"\x1b]0;pwned\x07bob", "bob"},                     // set window title
		{"\x1b]52;c;aGVsbG8=\x07carol", "carol"},           // OSC 52 clipboard write
		{"\x1b[31mred\x1b[0m", "red"},                      // colour
		{"a\x1bb", "a"},                                    // ESC b is a sequence too
		{"a\u009b31mb", "a31mb"},                           // C1 CSI as a character
		{"a\x00b\x07c\x7fd", "abcd"},                       // NUL, BEL, DEL
		{"two\nlines\r\nhere\ttab", "two lines  here tab"}, // breaks become spaces
		{"\u202Eecila", "ecila"},                           // right-to-left override
		{"al\u200Bice", "alice"},                           // zero-width space
		{"bad \xff byte", "bad  byte"},                     // invalid UTF-8 is dropped
		{"\x1bP+q544e\x1b\\dcs", "dcs"},                    // DCS query
		{"\x1b[?1049h\x1b[?1000halt", "alt"},               // alt screen, mouse
	}
	for _, tt := range tests {
		if got := sanitize.Line(tt.in); got != tt.want {
			t.Errorf("Line(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestText(t *testing.T) {
	in := "line one\r\n\x1b[1mline\x1b[0m two\rthree"
	if got, want := sanitize.Text(in), "line one\nline two\nthree"; got != want {
		t.Errorf("Text(%q) = %q, want %q", in, got, want)
	}
}

// F5: every format (Cf) and default-ignorable code point is dropped, one
// case for each class of them.
func TestF5LineDropsInvisible(t *testing.T) {
	tests := []struct {
		class, in, want string
	}{
		{"soft hyphen U+00AD", "al\u00ADice", "alice"},
		{"tag characters U+E0001, U+E0020-E007F", "hi\U000E0001\U000E0041\U000E007F", "hi"},
		{"unassigned tag block U+E0000, U+E0080-E0FFF", "\U000E0000a\U000E0080b\U000E0FFF", "ab"},
		{"Hangul choseong filler U+115F", "\u115Fbob", "bob"},
		{"Hangul jungseong filler U+1160", "bob\u1160", "bob"},
		{"Hangul filler U+3164", "\u3164\u3164", ""},
		{"halfwidth Hangul filler U+FFA0", "x\uFFA0y", "xy"},
		{"combining grapheme joiner U+034F", "a\u034Fb", "ab"},
		{"Mongolian vowel separator U+180E and free variation selectors", "a\u180E\u180Bb", "ab"},
		{"zero-width joiner and non-joiner", "a\u200Db\u200Cc", "abc"},
		{"word joiner, invisible operators U+2060-2064", "a\u2060\u2061\u2064b", "ab"},
		{"reserved default-ignorable U+2065", "a\u2065b", "ab"},
		{"isolates U+2066-2069", "\u2066a\u2069b", "ab"},
		{"arabic letter mark U+061C", "\u061Cab", "ab"},
		{"prepended concatenation mark U+0600", "\u0600ab", "ab"},
		{"Khmer inherent vowel U+17B4", "a\u17B4b", "ab"},
		{"byte order mark U+FEFF", "\uFEFFab", "ab"},
		{"interlinear annotation U+FFF9-FFFB", "a\uFFF9b\uFFFBc", "abc"},
		{"shorthand format controls U+1BCA0-1BCA3", "a\U0001BCA0b", "ab"},
		{"musical symbol format U+1D173-1D17A", "a\U0001D173b", "ab"},
		{"variation selectors U+FE00-FE0F: the emoji stays", "\u2764\uFE0F", "\u2764"},
		{"supplementary variation selectors U+E0100-E01EF", "\u8FBA\U000E0100", "\u8FBA"},
		{"emoji and accents stay", "Zoë 🎲 e\u0301", "Zoë 🎲 e\u0301"},
	}
	for _, tt := range tests {
		if got := sanitize.Line(tt.in); got != tt.want {
			t.Errorf("%s: Line(%+q) = %+q, want %+q", tt.class, tt.in, got, tt.want)
		}
	}
}

// F5: a title or message needs a character that shows, and is measured as
// the renderer measures it.
func TestF5Message(t *testing.T) {
	tests := []struct {
		in    string
		max   int
		want  string
		err   error
		width int
	}{
		{"  hello  ", 10, "hello", nil, 5},
		{"", 10, "", sanitize.ErrBlank, 0},
		{"   \t ", 10, "", sanitize.ErrBlank, 0},
		{"\u00AD\u00AD", 10, "", sanitize.ErrBlank, 0},
		{"\u3164\u115F\uFFA0", 10, "", sanitize.ErrBlank, 0},
		{"\U000E0041\U000E0042", 10, "", sanitize.ErrBlank, 0},
		{"\u2800\u2800", 10, "", sanitize.ErrBlank, 0},    // blank braille
		{"\u3000\u2003", 10, "", sanitize.ErrBlank, 0},    // ideographic and em space
		{"\u0301\u0308", 10, "", sanitize.ErrBlank, 0},    // marks on nothing
		{"\x1b[31m\x1b[0m", 10, "", sanitize.ErrBlank, 0}, // colour and nothing
		{"🎲🎲🎲", 6, "🎲🎲🎲", nil, 6},
		{"🎲🎲🎲", 5, "", sanitize.ErrTooWide, 6},
		{"漢字漢字", 7, "", sanitize.ErrTooWide, 8},
		{"👍🏽", 3, "", sanitize.ErrTooWide, 4}, // one cluster of two cells, two characters of two
		{strings.Repeat("x", 200), 200, strings.Repeat("x", 200), nil, 200},
	}
	for _, tt := range tests {
		got, err := sanitize.Message(tt.in, tt.max)
		if got != tt.want || !errors.Is(err, tt.err) || (tt.err == nil && err != nil) {
			t.Errorf("Message(%+q, %d) = %+q, %v; want %+q, %v", tt.in, tt.max, got, err, tt.want, tt.err)
		}
		if w := sanitize.Width(sanitize.Line(strings.TrimSpace(tt.in))); tt.width != 0 && w != tt.width {
			t.Errorf("Width(%+q) = %d, want %d", tt.in, w, tt.width)
		}
	}
}

// FuzzLine checks Line on any input: it never panics, its output holds no
// control, format or default-ignorable character and is one line, cleaning
// it again changes nothing, and its width is what the renderer measures,
// never less than lipgloss's.
func FuzzLine(f *testing.F) {
	for _, s := range []string{"alice", "\x1b[2J", "\x1b]52;c;eA==\x07", "\u202E", "a\u009bb", "\xff",
		"\u00AD", "\U000E0041", "\u3164", "\u2764\uFE0F", "👨\u200D👩\u200D👧", "👍🏽"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := sanitize.Line(s)
		for _, r := range got {
			if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || sanitize.Invisible(r) ||
				unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) || unicode.Is(unicode.Variation_Selector, r) {
				t.Fatalf("Line(%+q) = %+q contains %U", s, got, r)
			}
		}
		if again := sanitize.Line(got); again != got {
			t.Fatalf("Line is not idempotent: Line(%+q) = %+q, Line of that = %+q", s, got, again)
		}
		if w, lw := sanitize.Width(got), lipgloss.Width(got); w < lw || w != max(ansi.StringWidth(got), ansi.StringWidthWc(got)) {
			t.Fatalf("Width(%+q) = %d; lipgloss.Width = %d", got, w, lw)
		}
		if m, err := sanitize.Message(s, 40); err == nil && (!sanitize.Visible(m) || sanitize.Width(m) > 40) {
			t.Fatalf("Message(%+q, 40) = %+q: blank or wider than 40", s, m)
		}
	})
}

// BenchmarkLine cleans what screens clean on every frame: names and short
// chat lines.
func BenchmarkLine(b *testing.B) {
	for _, bb := range []struct{ name, in string }{
		{"name", "alice"},
		{"chat", "gg everyone, that merger was brutal 🎲 Zoë"},
	} {
		b.Run(bb.name, func(b *testing.B) {
			for b.Loop() {
				sanitize.Line(bb.in)
			}
		})
	}
}

// Issue 27, N10: a character keeps at most MaxMarks combining marks; the
// rest of a pile goes. Marks as languages stack them stay.
func TestN10_CombiningMarks(t *testing.T) {
	pile := "a" + strings.Repeat("\u0301", 20) + "b" + strings.Repeat("\u20dd", 9) // acute accents, enclosing circles
	want := "a" + strings.Repeat("\u0301", sanitize.MaxMarks) + "b" + strings.Repeat("\u20dd", sanitize.MaxMarks)
	if got := sanitize.Line(pile); got != want {
		t.Errorf("Line(a + 20 marks, b + 9) = %q, want %q", got, want)
	}
	if got, err := sanitize.Message(pile, 200); err != nil || got != want {
		t.Errorf("Message(a + 20 marks, b + 9) = %q, %v; want %q", got, err, want)
	}
	for _, s := range []string{"Vie\u0323\u0302t", "Zoë", "e\u0301e\u0301e\u0301"} {
		if got := sanitize.Line(s); got != s {
			t.Errorf("Line(%q) = %q, want it as it is", s, got)
		}
	}
}
