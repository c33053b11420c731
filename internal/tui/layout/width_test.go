package layout_test

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hotels/internal/tui/layout"
)

// Width measures as lipgloss.Width does, on the text the screens draw and
// on every character of its own quick path, alone and between others.
func TestWidth(t *testing.T) {
	bold := lipgloss.NewStyle().Bold(true).Foreground(lipgloss.Color("#5FAFFF"))
	cases := []string{
		"", "abc", "·ab", "Hotels  alice's table · room k3vq", bold.Render("ab") + " · " + bold.Render(""),
		"e\u0301", "a\u00adb", "·\u200d·", "a\tb", "a\x07b", "two\nlines", "\x1b]8;;x\x1b\\link", "\x1b[", "\x1b[1",
		"日本", "›2 → ×3 … — │", "emoji 🎲", "\x1b[38;5;245m·\x1b[m",
	}
	for r := rune(0x20); r < 0x3000; r++ {
		if utf8.ValidRune(r) {
			cases = append(cases, string(r), "a"+string(r)+"b", string(r)+"\u0301", string(r)+"\u200d"+string(r))
		}
	}
	for _, s := range cases {
		if got, want := layout.Width(s), lipgloss.Width(s); got != want {
			t.Errorf("Width(%q) = %d, want %d", s, got, want)
		}
	}
}

func FuzzWidth(f *testing.F) {
	for _, s := range []string{"abc", "·\x1b[1mab\x1b[m", "→×…", "e\u0301"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := layout.Width(s), lipgloss.Width(s); got != want {
			t.Errorf("Width(%q) = %d, want %d", s, got, want)
		}
	})
}

// Wrap wraps as ansi.Wrap does, a line each, on lines that fit, lines that
// do not, styled text and text its quick path leaves to ansi.Wrap, at
// widths around theirs.
func TestWrap(t *testing.T) {
	bold := lipgloss.NewStyle().Bold(true).Foreground(lipgloss.Color("#5FAFFF"))
	cases := []string{
		"", " ", "abc", "abc ", " abc", "a  b", "a-b-c", "alice played 6D and founded Sackson.",
		bold.Render("bob") + " bought 3 Festival · " + bold.Render("$1,200"), "·→×…—│ · ›", "two\nlines",
		"a\tb", "日本 語", "e\u0301e", "emoji 🎲 roll", "\x1b[38;5;245m·\x1b[m the end", "trailing   ",
	}
	for _, s := range cases {
		for w := -1; w <= 45; w++ {
			if got, want := layout.Wrap(s, w), strings.Split(ansi.Wrap(s, w, ""), "\n"); !slices.Equal(got, want) {
				t.Errorf("Wrap(%q, %d) = %q, want %q", s, w, got, want)
			}
		}
	}
}

func FuzzWrap(f *testing.F) {
	for _, s := range []string{"abc de", "·\x1b[1mab\x1b[m c", "→×… x", "e\u0301", "a  "} {
		f.Add(s, 4)
	}
	f.Fuzz(func(t *testing.T, s string, w int) {
		if got, want := layout.Wrap(s, w), strings.Split(ansi.Wrap(s, w, ""), "\n"); !slices.Equal(got, want) {
			t.Errorf("Wrap(%q, %d) = %q, want %q", s, w, got, want)
		}
	})
}
