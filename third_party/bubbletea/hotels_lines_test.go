package tea

import (
	"strings"
	"testing"
	"unsafe"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
)

// A line's cells are parsed from a copy of its text, not from the frame it
// was cut from: the renderer keeps a player's own lines for as long as they
// are shown, and each would keep its whole frame (issue 22).
func TestParsedLinesKeepNoFrame(t *testing.T) {
	frame := uv.ScreenBuffer{RenderBuffer: uv.NewRenderBuffer(80, 2), Method: ansi.WcWidth}
	text := "a line only one player sees: 2I 12G 9B\n\x1b[1mand another\x1b[m"
	lo := uintptr(unsafe.Pointer(unsafe.StringData(text)))
	hi := lo + uintptr(len(text))
	a, b, _ := strings.Cut(text, "\n")
	for y, line := range []string{a, b} {
		drawLine(frame, y, line)
		for x, c := range frame.Lines[y] {
			if p := uintptr(unsafe.Pointer(unsafe.StringData(c.Content))); c.Content != "" && p >= lo && p < hi {
				t.Fatalf("line %d, cell %d (%q) points into the frame", y, x, c.Content)
			}
		}
	}
}
