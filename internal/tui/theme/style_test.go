package theme

import (
	"testing"

	"charm.land/lipgloss/v2"
)

// Style.Render writes what lipgloss.Style.Render writes, byte for byte,
// for every style of both themes and for styles it leaves to Lip Gloss.
func TestStyleRender(t *testing.T) {
	texts := []string{"", " ", "·", "x", " A ", "(T)", "a b  c", "Hotels", "\x1b[1mbold\x1b[m inside", "tab\there", "two\nlines", "crlf\r\n", "日本"}
	var styles []Style
	for _, s := range []*Styles{New(true), New(false)} {
		styles = append(styles, s.Title, s.Text, s.Subtle, s.Error, s.Help, s.Name, s.Heading, s.Selected,
			s.Notice, s.Empty, s.Lone, s.Rack, s.Last, s.LastOwn)
		for name := range s.chains {
			styles = append(styles, s.Chain(name, 0), s.LastChain(name, 0))
		}
		for i := range s.palette {
			styles = append(styles, s.Chain("", i), s.LastChain("", i))
		}
	}
	others := []lipgloss.Style{
		lipgloss.NewStyle().Width(6), lipgloss.NewStyle().Padding(0, 1).Bold(true), lipgloss.NewStyle().MaxWidth(2),
		lipgloss.NewStyle().Underline(true), lipgloss.NewStyle().Strikethrough(true).Foreground(lipgloss.Color("1")),
		lipgloss.NewStyle().Underline(true).UnderlineSpaces(false), lipgloss.NewStyle().UnderlineSpaces(true).Bold(true),
		lipgloss.NewStyle().Border(lipgloss.NormalBorder()), lipgloss.NewStyle().SetString("value"),
		lipgloss.NewStyle().Transform(func(s string) string { return s + "!" }), lipgloss.NewStyle().Hyperlink("https://example.com"),
	}
	for _, st := range others {
		styles = append(styles, NewStyle(st))
	}
	wraps := 0
	for i, st := range styles {
		if st.wraps {
			wraps++
		}
		for _, text := range texts {
			if got, want := st.Render(text), st.Style.Render(text); got != want {
				t.Errorf("style %d: Render(%q) = %q, want %q", i, text, got, want)
			}
			if got, want := string(st.AppendRender([]byte("<"), text)), "<"+st.Style.Render(text); got != want {
				t.Errorf("style %d: AppendRender(%q) = %q, want %q", i, text, got, want)
			}
		}
		if got, want := st.Render("a", "b"), st.Style.Render("a", "b"); got != want {
			t.Errorf("style %d: Render(a, b) = %q, want %q", i, got, want)
		}
	}
	// The house styles of colours and attributes take the quick way.
	if s := New(true); !s.Subtle.wraps || !s.Chain("Tower", 0).wraps || !s.Text.wraps || !s.Last.wraps || !s.LastChain("Tower", 0).wraps {
		t.Errorf("quick: Subtle %v, Tower %v, Text %v, Last %v, Tower's last %v; want all",
			s.Subtle.wraps, s.Chain("Tower", 0).wraps, s.Text.wraps, s.Last.wraps, s.LastChain("Tower", 0).wraps)
	}
	if wraps == len(styles) {
		t.Error("every style takes the quick way, those Lip Gloss must draw too")
	}
}

func BenchmarkRender(b *testing.B) {
	s := New(true)
	b.Run("theme", func(b *testing.B) {
		for b.Loop() {
			_ = s.Subtle.Render("·")
		}
	})
	b.Run("lipgloss", func(b *testing.B) {
		for b.Loop() {
			_ = s.Subtle.Style.Render("·")
		}
	})
}
