package sanitize_test

import (
	"strings"
	"testing"
	"unicode"

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

func FuzzLine(f *testing.F) {
	for _, s := range []string{"alice", "\x1b[2J", "\x1b]52;c;eA==\x07", "\u202E", "a\u009bb", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := sanitize.Line(s)
		for _, r := range got {
			if unicode.IsControl(r) {
				t.Fatalf("Line(%q) = %q contains control %U", s, got, r)
			}
		}
		if strings.ContainsRune(got, '\u202E') {
			t.Fatalf("Line(%q) = %q contains an override", s, got)
		}
		if again := sanitize.Line(got); again != got {
			t.Fatalf("Line is not idempotent: Line(%q) = %q, Line of that = %q", s, got, again)
		}
	})
}
