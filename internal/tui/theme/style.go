package theme

import (
	"strings"
	"unicode"

	"charm.land/lipgloss/v2"
)

// Style is a Lip Gloss style that has worked out once the escape sequences
// it writes before and after a line. lipgloss.Style.Render reads every
// setting (sizes, borders, margins, colours) on every call: in play it was
// a fifth of the server's CPU, for a dot or a chain's letter drawn in a
// colour thousands of times a second (docs/capacity.md). A style of
// colours and attributes only writes one start sequence, the text and a
// reset, so Render is two concatenations (an underlined one does so for
// each character); other styles, several strings, and text with a tab or
// a line break go to Lip Gloss as before. Either way the result is Lip
// Gloss's, byte for byte.
type Style struct {
	lipgloss.Style
	start, end string // what Render writes around a line, or around each character but spaces
	space      string // what Render writes for a space, where it styles characters one by one
	wraps      bool   // Render is start + line + end
	perRune    bool   // Render styles each character alone (underlined or struck through)
}

// NewStyle returns st with its sequences worked out.
func NewStyle(st lipgloss.Style) Style {
	s := Style{Style: st}
	if !coloursOnly(st) {
		return s
	}
	probe := st.Render("x") // no sequence holds an x
	i := strings.IndexByte(probe, 'x')
	if i < 0 {
		return s
	}
	s.start, s.end, s.space = probe[:i], probe[i+1:], st.Render(" ")
	// As Lip Gloss, which styles spaces apart where a line may be drawn
	// through or under them.
	s.perRune = st.GetUnderline() || st.GetStrikethrough() || st.GetUnderlineSpaces() || st.GetStrikethroughSpaces()
	for _, line := range []string{"", " ", "a b", "xyz", "·", " (T) "} {
		if st.Render(line) != s.render(line) {
			return Style{Style: st}
		}
	}
	s.wraps = true
	return s
}

// coloursOnly reports whether st sets nothing that Render would apply
// otherwise than around the whole line or each character: no size, frame,
// transform or link.
func coloursOnly(st lipgloss.Style) bool {
	t, r, b, l := st.GetPadding()
	mt, mr, mb, ml := st.GetMargin()
	link, _ := st.GetHyperlink()
	return st.GetWidth() == 0 && st.GetHeight() == 0 && st.GetMaxWidth() == 0 && st.GetMaxHeight() == 0 &&
		t == 0 && r == 0 && b == 0 && l == 0 && mt == 0 && mr == 0 && mb == 0 && ml == 0 &&
		st.GetHorizontalBorderSize() == 0 && st.GetVerticalBorderSize() == 0 &&
		st.GetTransform() == nil && link == "" && st.Value() == "" && !st.GetInline()
}

// Render is lipgloss.Style.Render.
func (s Style) Render(strs ...string) string {
	if !s.wraps || len(strs) != 1 || strings.ContainsAny(strs[0], "\t\r\n") {
		return s.Style.Render(strs...)
	}
	return s.render(strs[0])
}

// AppendRender appends Render(line) to b: a row built in one buffer
// writes its styled parts without a string each (the Acquire tables).
func (s Style) AppendRender(b []byte, line string) []byte {
	if !s.wraps || s.perRune || strings.ContainsAny(line, "\t\r\n") {
		return append(b, s.Render(line)...)
	}
	b = append(b, s.start...)
	b = append(b, line...)
	return append(b, s.end...)
}

func (s Style) render(line string) string {
	if !s.perRune {
		return s.start + line + s.end
	}
	var b strings.Builder
	for _, r := range line {
		if unicode.IsSpace(r) {
			b.WriteString(s.space)
			continue
		}
		b.WriteString(s.start)
		b.WriteRune(r)
		b.WriteString(s.end)
	}
	return b.String()
}
