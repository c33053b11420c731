package tui_test

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"

	"hotels/internal/tui/tuitest"
)

// The renderer's patch in third_party/bubbletea (untouchSame) leaves the
// lines that are as in the last frame to the screen. Here a real program
// draws frames that change a few lines at a time, with what could make a
// same line draw differently (a style left open into the next lines, a line
// starting with a wide or combining character, control characters,
// hyperlinks, lines scrolling up), and after each a terminal emulator must
// show exactly that frame, cell by cell, as a fresh drawing of it. The
// random frames are handed over as one string and as lines (tea.View.Lines)
// in turn.
func TestFramesReachTheScreen(t *testing.T) {
	const w, h = 40, 12
	// Lines the renderer draws from lines it has seen, or leaves as the
	// screen shows them...
	common := []func(r *rand.Rand) string{
		func(r *rand.Rand) string { return fmt.Sprintf("plain %d", r.IntN(100)) },
		func(r *rand.Rand) string { return fmt.Sprintf("\x1b[1;38;5;%dmbold\x1b[m after", r.IntN(256)) },
		func(r *rand.Rand) string { return fmt.Sprintf("\x1b[0mreset first %d", r.IntN(10)) },
		func(r *rand.Rand) string { return fmt.Sprintf("\x1b[44mblue ground\x1b[m %d", r.IntN(10)) },
		func(r *rand.Rand) string { return fmt.Sprintf(" 漢字 wide %d", r.IntN(10)) },
		func(r *rand.Rand) string { return fmt.Sprintf("漢字 wide first %d", r.IntN(10)) },
		func(r *rand.Rand) string { return fmt.Sprintf("↑↓ arrows first %d", r.IntN(10)) },
		func(r *rand.Rand) string { return strings.Repeat(fmt.Sprint(r.IntN(10)), w+5) }, // cut at the edge
		func(r *rand.Rand) string { return "" },
		func(r *rand.Rand) string { return "· dot first" },
		// Changes apart on one line, with unchanged cells between them,
		// which the renderer moves over (Ultraviolet's change 11).
		func(r *rand.Rand) string {
			return fmt.Sprintf("%d unchanged between %d 漢字 wide \x1b[1;38;5;%dm%d\x1b[m after \x1b[7m%d\x1b[m", r.IntN(3), r.IntN(3), r.IntN(3), r.IntN(3), r.IntN(3))
		},
		// Spaces after a pen a space shows (reverse, underline,
		// strikethrough) or does not (a foreground, bold).
		func(r *rand.Rand) string {
			return fmt.Sprintf("\x1b[38;5;%dm·\x1b[m  \x1b[1;38;5;%dm·\x1b[m \x1b[7m r%d \x1b[m \x1b[4mu \x1b[m \x1b[9ms \x1b[m ·",
				r.IntN(256), r.IntN(256), r.IntN(10))
		},
	}
	// ...and lines after which it draws the whole frame, as upstream does.
	rare := []func(r *rand.Rand) string{
		func(r *rand.Rand) string { return fmt.Sprintf("\x1b[3%dmopen %d", r.IntN(8), r.IntN(100)) }, // style runs on
		func(r *rand.Rand) string { return fmt.Sprintf("\x1b[44mblue ground\x1b[49m %d", r.IntN(10)) },
		func(r *rand.Rand) string { return fmt.Sprintf("tab\tstop %d", r.IntN(10)) },
		func(r *rand.Rand) string { return fmt.Sprintf("abc\rX%d", r.IntN(10)) },
	}
	r := rand.New(rand.NewPCG(1, 2))
	line := func() string {
		if r.IntN(30) == 0 {
			return rare[r.IntN(len(rare))](r)
		}
		return common[r.IntN(len(common))](r)
	}
	lines := make([]string, h)
	for i := range lines {
		lines[i] = line()
	}

	screen := newScreen(w, h)
	p := tuitest.Program(t, "", screen, w, h)
	// Frames are drawn into buffers that programs share: a neighbour draws
	// blank frames between ours, so that what a frame leaves in a buffer is
	// rarely what the next frame of ours needs.
	wrote := make(tuitest.Writes, 1)
	neighbour := tuitest.Program(t, "", wrote, w, h)
	blankFrame := func() {
		for _, frame := range []string{strings.Repeat(strings.Repeat("x", w)+"\n", h), strings.Repeat(" \n", h)} {
			neighbour.Send(tuitest.Frame(frame))
			select {
			case <-wrote:
			case <-time.After(time.Second):
				t.Fatal("the neighbour drew nothing")
			}
		}
	}

	// First, by hand: a style left open colours the next line, which is
	// the same text in both frames; a style left open by a line that is
	// the same, after a line that changed.
	for i, frame := range []string{
		"\x1b[31mopen\nplain\nplain",
		"changed\nplain\nplain",
		"\x1b[32mopen\nplain\nplain",
		"\x1b[31mopen\n\x1b[mplain\x1b[33m\nplain",
		"\x1b[32mopen\n\x1b[mplain\x1b[33m\nplain",
		// The renderer may clear from the line above blank ones to the
		// bottom: an emptied last line, then the lines below the text.
		"one\ntwo\nthree",
		"one\ntwo\n",
		"one\ntwo\nthree",
		"one\ntwo",
		"one\ntwo\nthree\n",
		"one\ntwo\n\n",
		"one\ntwo\nthree\n",
		"one\ntwo\n   \n",
		// A line may start with an arrow or a wide character (a combining
		// mark, which folds into the line above, the emulator does not
		// show: see TestSelfContained in third_party/bubbletea).
		"one\n↑↓ two\n漢字 three",
		// A style left open by the last line, which is the same in the
		// next frame, where a line follows it.
		"one\n\x1b[31mopen\n",
		"one\n\x1b[31mopen\nplain",
	} {
		blankFrame()
		p.Send(tuitest.Frame(frame))
		if diff := screen.waitFor(frame, 2*time.Second); diff != "" {
			t.Fatalf("frame %d: the screen is not the frame %q:\n%s", i, frame, diff)
		}
	}
	last := ""
	for step := range 300 {
		switch n := r.IntN(10); {
		case n == 0 && len(lines) > 1: // the last line goes
			lines = lines[:len(lines)-1]
		case n == 1 && len(lines) < h: // a line comes
			lines = append(lines, line())
		case n == 2 || n == 3: // the lines from one on scroll up by one, as a log under a header
			k := r.IntN(len(lines))
			lines = append(slices.Delete(lines, k, k+1), line())
		default:
			for range 1 + r.IntN(3) {
				lines[r.IntN(len(lines))] = line()
			}
		}
		frame := strings.Join(lines, "\n")
		blankFrame()
		if step%2 == 0 {
			p.Send(tuitest.Frame(frame))
		} else { // as the room screen hands its frames over
			p.Send(tuitest.Lines(slices.Clone(lines)))
		}
		if diff := screen.waitFor(frame, 2*time.Second); diff != "" {
			t.Fatalf("step %d: the screen is not the frame %q, drawn after %q:\n%s", step, frame, last, diff)
		}
		last = frame
	}
}

// screen is a terminal emulator the program writes to.
type screen struct {
	mu  sync.Mutex
	emu *vt.Emulator
}

func newScreen(w, h int) *screen {
	s := &screen{emu: vt.NewEmulator(w, h)}
	// The emulator answers the program's queries through a pipe; drain it
	// (without answering, so the program keeps measuring widths as the
	// test's fresh drawing does).
	go func() { _, _ = io.Copy(io.Discard, s.emu) }()
	return s
}

// Write takes the program's output as a terminal gets it through a tty,
// which turns each newline into a carriage return and a newline (ONLCR).
func (s *screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := s.emu.Write(bytes.ReplaceAll(p, []byte("\n"), []byte("\r\n"))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// waitFor waits until the screen shows frame and returns "", or the rows
// that differ when it gives up.
func (s *screen) waitFor(frame string, timeout time.Duration) string {
	s.mu.Lock()
	w, h := s.emu.Width(), s.emu.Height()
	s.mu.Unlock()
	want := drawn(w, h, frame)
	deadline := time.Now().Add(timeout)
	for {
		diff := s.diff(want)
		if diff == "" || time.Now().After(deadline) {
			return diff
		}
		time.Sleep(time.Millisecond)
	}
}

// drawn is the cells of frame, parsed whole into a blank buffer: what a
// terminal must show, independently of the renderer under test.
func drawn(w, h int, frame string) uv.ScreenBuffer {
	buf := uv.ScreenBuffer{RenderBuffer: uv.NewRenderBuffer(w, h), Method: ansi.WcWidth}
	uv.NewStyledString(frame).Draw(buf, buf.Bounds())
	return buf
}

// diff compares the screen with want, cell by cell.
func (s *screen) diff(want uv.ScreenBuffer) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out strings.Builder
	for y := range s.emu.Height() {
		for x := range s.emu.Width() {
			got, exp := s.emu.CellAt(x, y), want.CellAt(x, y)
			if !sameCell(got, exp) {
				fmt.Fprintf(&out, "row %d col %d: screen %s, frame %s\n", y, x, cellText(got), cellText(exp))
				break
			}
		}
	}
	if out.Len() > 0 {
		out.WriteString("screen:\n" + s.emu.String() + "\nframe:\n" + want.Render())
	}
	return out.String()
}

func sameCell(a, b *uv.Cell) bool {
	if a == nil || b == nil {
		return cellText(a) == cellText(b)
	}
	blank := func(c *uv.Cell) bool { return c.Content == "" || c.Content == " " }
	if blank(a) && blank(b) {
		sa, sb := onSpace(a.Style), onSpace(b.Style)
		return sa.Equal(&sb)
	}
	return a.Content == b.Content && a.Width == b.Width && a.Style.Equal(&b.Style) && a.Link.URL == b.Link.URL
}

// onSpace is what of style s a space shows: the renderer may draw a
// space with the foreground, bold, faint, italic or blink of the cells
// before it (third_party/ultraviolet, change 4), which show nothing there.
func onSpace(s uv.Style) uv.Style {
	if s.Attrs&uv.AttrReverse == 0 {
		s.Fg = nil
	}
	if s.Underline == uv.UnderlineStyleNone {
		s.UnderlineColor = nil
	}
	s.Attrs &= uv.AttrReverse | uv.AttrStrikethrough
	return s
}

func cellText(c *uv.Cell) string {
	if c == nil {
		return "none"
	}
	return fmt.Sprintf("%q w%d %+v link %q", c.Content, c.Width, c.Style, c.Link.URL)
}
