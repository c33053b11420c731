package uv

import (
	"io"
	"slices"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestShareLine: the renderer keeps a line given to ShareLine in place of
// its own only if the cells are the same, whether they are copies of the
// line's (sameBytes) or equal cells parsed apart; not if one cell differs
// in its style alone (Hotels patch, changes 6 and 8).
func TestShareLine(t *testing.T) {
	const text = "\x1b[38;2;255;215;95mYour turn\x1b[m: \x1b[38;5;245m·\x1b[m \x1b[1mplay\x1b[m"
	parse := func(s string) Line {
		buf := ScreenBuffer{RenderBuffer: NewRenderBuffer(20, 1), Method: ansi.WcWidth}
		NewStyledString(s).Draw(buf, buf.Bounds())
		return buf.Line(0)
	}
	for _, c := range []struct {
		name  string
		line  Line
		share bool
	}{
		{"a copy", nil, true},
		{"parsed apart", parse(text), true},
		{"another colour", parse("\x1b[38;2;255;215;96mYour turn\x1b[m: \x1b[38;5;245m·\x1b[m \x1b[1mplay\x1b[m"), false},
		{"not bold", parse("\x1b[38;2;255;215;95mYour turn\x1b[m: \x1b[38;5;245m·\x1b[m play"), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			frame := ScreenBuffer{RenderBuffer: NewRenderBuffer(20, 1), Method: ansi.WcWidth}
			NewStyledString(text).Draw(frame, frame.Bounds())
			r := NewTerminalRenderer(io.Discard, []string{"TERM=xterm-256color"})
			r.Render(frame.RenderBuffer)
			l := c.line
			if l == nil {
				l = slices.Clone(frame.Line(0))
			}
			r.ShareLine(0, l)
			if got := r.LineShared(0); got != c.share {
				t.Errorf("LineShared = %v, want %v", got, c.share)
			}
		})
	}
}
