package layout_test

import (
	"testing"
	"unicode/utf8"

	"charm.land/lipgloss/v2"

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
