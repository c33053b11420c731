package uv

import (
	"bytes"
	"image/color"
	"io"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// TestShareLine: the renderer keeps a packed line given to ShareLine in
// place of its own only if the cells are the same, whether they are copies
// of the line's (sameBytes) or equal cells parsed apart; not if one cell
// differs in its style alone (Hotels patch, changes 6, 8 and 9). The line
// is one the last Render left as it was: a line it drew is the frame's,
// which ShareLine is given (change 16).
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
			frame := ScreenBuffer{RenderBuffer: NewRenderBuffer(20, 2), Method: ansi.WcWidth}
			NewStyledString(text).Draw(frame, frame.Bounds())
			r := NewTerminalRenderer(io.Discard, []string{"TERM=xterm-256color"})
			r.Render(frame.RenderBuffer)
			frame.Line(1)[0].Content = "x" // a frame that leaves line 0 as it was
			frame.TouchLine(0, 1, 1)
			r.Render(frame.RenderBuffer)
			l := c.line
			if l == nil {
				l = slices.Clone(frame.Line(0))
			}
			p, ok := PackLine(l)
			if !ok {
				t.Fatal("PackLine: false")
			}
			r.ShareLine(0, p, l)
			if got := r.LineShared(0); got != c.share {
				t.Errorf("LineShared = %v, want %v", got, c.share)
			}
		})
	}
}

// otherColor is a colour of a type packed lines do not take.
type otherColor struct{ c color.RGBA }

func (o otherColor) RGBA() (r, g, b, a uint32) { return o.c.RGBA() }

// TestPack: Pack keeps every cell a line may have, its style, link, width
// and content, and the types of its colours (Hotels patch, change 10); a
// line with a colour of another type, or content too long, stays as it is.
func TestPack(t *testing.T) {
	cells := Line{
		{Content: "a", Width: 1},
		{Content: "漢", Width: 2}, {Width: 0},
		{Content: "é", Width: 1, Style: Style{Fg: color.RGBA{1, 2, 3, 255}, Attrs: AttrBold | AttrItalic}},
		{Content: "·", Width: 1, Style: Style{Fg: ansi.IndexedColor(239), Bg: ansi.BasicColor(4)}},
		{Content: "👍🏽", Width: 2, Style: Style{UnderlineColor: ansi.TrueColor(0x123456), Underline: UnderlineCurly}}, {Width: 0},
		{Content: "l", Width: 1, Link: NewLink("https://example.com", "id=1")},
		{Content: " ", Width: 1, Style: Style{Bg: ansi.RGBColor{R: 9, G: 8, B: 7}}},
		{Content: "\x00", Width: 1},
	}
	for _, c := range []struct {
		name string
		cell Cell
		pack bool
	}{
		{"all kinds", EmptyCell, true},
		{"another colour type", Cell{Content: "x", Width: 1, Style: Style{Fg: otherColor{}}}, false},
		{"long content", Cell{Content: strings.Repeat("e\u0301", 200), Width: 1}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			line := append(slices.Clone(cells), c.cell)
			frame := ScreenBuffer{RenderBuffer: NewRenderBuffer(len(line), 2), Method: ansi.WcWidth}
			copy(frame.Lines[0], line)
			copy(frame.Lines[1], line)
			frame.TouchLine(0, 0, len(line))
			frame.TouchLine(0, 1, len(line))
			r := NewTerminalRenderer(io.Discard, []string{"TERM=xterm-256color"})
			r.Render(frame.RenderBuffer)
			r.Pack()
			if packed := r.lines[0].packed != ""; packed != c.pack {
				t.Fatalf("packed = %v, want %v", packed, c.pack)
			}
			for y := range 2 {
				got := r.ShownLine(y)
				for x := range line {
					if got[x] != line[x] { // the same types and values
						t.Errorf("line %d, cell %d = %#v, want %#v", y, x, got[x], line[x])
					}
				}
			}
			r.ownLine(1)
			if !slices.Equal(r.curbuf.Lines[1], line) {
				t.Errorf("ownLine: %v, want %v", r.curbuf.Lines[1], line)
			}
		})
	}
	for _, c := range packedCells {
		if c != packedCells[0] {
			t.Fatalf("packedCells changed: %#v", c)
		}
	}
}

// boardLine is a line of Hotels' game screen at 80 columns.
const boardLine = "\x1b[38;5;245mA\x1b[m \x1b[1;38;5;16;48;5;37m C \x1b[m\x1b[1;38;5;16;48;5;37m C \x1b[m\x1b[1;38;5;16;48;5;37m C \x1b[m\x1b[1;38;5;16;48;5;37m C \x1b[m \x1b[38;5;239m·\x1b[m \x1b[1;38;5;231;48;5;94m W \x1b[m\x1b[1;38;5;231;48;5;94m W \x1b[m\x1b[1;38;5;231;48;5;94m W \x1b[m \x1b[38;5;239m·\x1b[m  \x1b[38;5;239m·\x1b[m  \x1b[1;38;2;95;175;255m+\x1b[m \x1b[1;38;5;16;48;5;250m o \x1b[m \x1b[1;38;5;231;48;5;94m W \x1b[m Worldwide      3   $300    5   0"

// BenchmarkPack packs and unpacks a line of Hotels' game screen: B/line is
// the packed line's size, against 80 cells of 112 bytes (Hotels patch,
// change 10).
func BenchmarkPack(b *testing.B) {
	buf := ScreenBuffer{RenderBuffer: NewRenderBuffer(80, 1), Method: ansi.WcWidth}
	NewStyledString(boardLine).Draw(buf, buf.Bounds())
	line := buf.Line(0)
	p, _ := PackLine(line)
	b.Run("pack", func(b *testing.B) {
		var scratch [1024]byte
		var recent penMemo
		for b.Loop() {
			packLine(scratch[:0], line, &recent)
		}
		b.ReportMetric(float64(len(p)), "B/line")
	})
	b.Run("unpack", func(b *testing.B) {
		l := make(Line, 80)
		for b.Loop() {
			unpackLine(l, p)
		}
	})
	b.Run("PackLine", func(b *testing.B) { // as Bubble Tea's cache packs a line it keeps
		b.ReportAllocs()
		for b.Loop() {
			_, _ = PackLine(line)
		}
	})
}

// TestCellEqual: the fast paths of Cell.Equal and Style.Equal (change 13)
// take the same colours and texts at other addresses for equal, and other
// colours of the same type, other texts of one byte, other attributes for
// different.
func TestCellEqual(t *testing.T) {
	if unsafe.Offsetof(Style{}.Fg) != 0 || unsafe.Offsetof(Style{}.Bg) != 16 || unsafe.Offsetof(Style{}.UnderlineColor) != 32 {
		t.Fatal("sameColors reads the colours of a Style as its first six words")
	}
	text := strings.Repeat("ab·日", 2) // texts at other addresses
	rgb := func(r uint8) color.Color { return color.RGBA{r, 215, 95, 255} }
	pen := rgb(255) // the same interface value, as cells unpacked from one pen have
	cell := func(content string, fg, bg color.Color, attrs uint8) *Cell {
		return &Cell{Content: content, Width: 1, Style: Style{Fg: fg, Bg: bg, Attrs: attrs}}
	}
	for _, c := range []struct {
		name  string
		a, b  *Cell
		equal bool
	}{
		{"blanks", &Cell{Content: " ", Width: 1}, &Cell{Content: string([]byte{' '}), Width: 1}, true},
		{"one pen", cell(text[0:1], pen, nil, 1), cell(text[7:8], pen, nil, 1), true},
		{"colours boxed apart", cell("a", rgb(255), ansi.IndexedColor(239), 0), cell("a", rgb(255), ansi.IndexedColor(239), 0), true},
		{"another text", cell("a", nil, nil, 0), cell("b", nil, nil, 0), false},
		{"a longer text", cell(text[2:4], nil, nil, 0), cell(text[9:11], nil, nil, 0), true},
		{"one pen, other attributes", cell("a", pen, nil, 1), cell("a", pen, nil, 0), false},
		{"another rgb", cell("a", rgb(255), nil, 0), cell("a", rgb(254), nil, 0), false},
		{"another background", cell("a", nil, ansi.IndexedColor(239), 0), cell("a", nil, ansi.IndexedColor(238), 0), false},
		{"other attributes", cell("a", nil, nil, 1), cell("a", nil, nil, 2), false},
		{"another type, boxed alike", cell("a", ansi.BasicColor(1), nil, 0), cell("a", color.Gray{Y: 1}, nil, 0), false},
		{"no links", &Cell{Content: "a", Width: 1, Link: Link{URL: text[:0]}}, &Cell{Content: "a", Width: 1}, true},
		{"a link", &Cell{Content: "a", Width: 1, Link: Link{URL: "https://x"}}, &Cell{Content: "a", Width: 1}, false},
		{"another link", &Cell{Content: "a", Width: 1, Link: Link{URL: "https://x"}}, &Cell{Content: "a", Width: 1, Link: Link{URL: "https://y"}}, false},
		{"the same link", &Cell{Content: "a", Width: 1, Link: Link{URL: text[:2]}}, &Cell{Content: "a", Width: 1, Link: Link{URL: text[7:9]}}, true},
		{"link params", &Cell{Content: "a", Width: 1, Link: Link{Params: "id=1"}}, &Cell{Content: "a", Width: 1}, false},
		{"another underline colour", &Cell{Content: "a", Width: 1, Style: Style{Fg: pen, UnderlineColor: ansi.Red}},
			&Cell{Content: "a", Width: 1, Style: Style{Fg: pen, UnderlineColor: ansi.Green}}, false},
		// Cell.Equal compares attributes and underline itself (change 24).
		{"one pen, another underline", &Cell{Content: "a", Width: 1, Style: Style{Fg: pen, Underline: UnderlineSingle}},
			&Cell{Content: "a", Width: 1, Style: Style{Fg: pen}}, false},
		{"another width", &Cell{Content: "a", Width: 1, Style: Style{Fg: pen}}, &Cell{Content: "a", Width: 2, Style: Style{Fg: pen}}, false},
	} {
		if got := c.a.Equal(c.b); got != c.equal {
			t.Errorf("%s: Equal = %v, want %v", c.name, got, c.equal)
		}
		if got := c.b.Equal(c.a); got != c.equal {
			t.Errorf("%s: reversed, Equal = %v, want %v", c.name, got, c.equal)
		}
	}
}

// TestNarrowRune: narrowRune's path for texts of one byte (change 15)
// answers as decoding the byte does, for every byte.
func TestNarrowRune(t *testing.T) {
	decoded := func(s string) bool {
		r, n := utf8.DecodeRuneInString(s)
		return n == len(s) && r >= 0x20 && r < 0x300 && (r < 0x7f || r >= 0xa0) && r != 0xad
	}
	for b := range 256 {
		s := string([]byte{byte(b)})
		if got, want := narrowRune(s), decoded(s); got != want {
			t.Errorf("narrowRune(%q) = %v, want %v", s, got, want)
		}
	}
	for b := range 1 << 16 { // every two bytes (change 18)
		s := string([]byte{byte(b >> 8), byte(b)})
		if got, want := narrowRune(s), decoded(s); got != want {
			t.Fatalf("narrowRune(%q) = %v, want %v", s, got, want)
		}
	}
	// Every text of three bytes from U+2000 to U+27FF (change 23) is narrow
	// only if no width method measures it otherwise (lineHasDrift).
	measured := func(s string) bool {
		return ansi.StringWidth(s) == 1 && ansi.WcWidth.StringWidth(s) == 1 && ansi.GraphemeWidth.StringWidth(s) == 1
	}
	symbols := 0
	for r := rune(0x2000); r < 0x2800; r++ {
		s := string(r)
		if got, want := narrowRune(s), measured(s); got != want && (got || r < 0x2600) {
			t.Fatalf("narrowRune(%q) = %v, measured narrow %v", s, got, want)
		}
		if narrowRune(s) {
			symbols++
		}
		for _, bad := range []string{s[:2] + "\x7f", s[:1] + "\x7f" + s[2:], "\xe3" + s[1:]} {
			if narrowRune(bad) != decoded(bad) {
				t.Fatalf("narrowRune(%q) = %v", bad, narrowRune(bad))
			}
		}
	}
	if symbols < 900 {
		t.Errorf("narrowRune takes %d runes from U+2000: too few", symbols)
	}
	for _, s := range []string{"é", "·", "\u00ad", "\u0300", "日", "a\u0301", "ab", "⌚", "a•"} {
		if got, want := narrowRune(s), decoded(s); got != want {
			t.Errorf("narrowRune(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestUnchanged: a line unpacked from p is unchanged only while every cell
// is as unpackLine set it, its text pointing into p (Hotels patch, change
// 16: compared with p's records, without unpacking p).
func TestUnchanged(t *testing.T) {
	line := Line{
		{Content: "a", Width: 1, Style: Style{Fg: ansi.IndexedColor(239)}},
		{Content: "漢", Width: 2}, {Width: 0},
		{Content: "é", Width: 1, Style: Style{Fg: color.RGBA{1, 2, 3, 255}, Attrs: AttrBold}},
		{Content: "l", Width: 1, Link: NewLink("https://example.com", "id=1")},
		{Content: "b", Width: 1},
	}
	p, ok := PackLine(line)
	if !ok {
		t.Fatal("PackLine: false")
	}
	var r TerminalRenderer
	for _, c := range []struct {
		name   string
		change func(l Line)
		same   bool
	}{
		{"as unpacked", func(Line) {}, true},
		{"the same text elsewhere", func(l Line) { l[0].Content = strings.Clone("a") }, false},
		{"another text", func(l Line) { l[5].Content = "c" }, false},
		{"another width", func(l Line) { l[1].Width = 1 }, false},
		{"another colour", func(l Line) { l[3].Style.Fg = color.RGBA{1, 2, 4, 255} }, false},
		{"the same colour in another box", func(l Line) { l[3].Style.Fg = color.RGBA{1, 2, byte(len(l) - 3), 255} }, false},
		{"another attribute", func(l Line) { l[3].Style.Attrs = AttrItalic }, false},
		{"another link", func(l Line) { l[4].Link.Params = "id=2" }, false},
		{"a cell fewer", func(l Line) {}, false},
	} {
		l := make(Line, len(line))
		unpackLine(l, p)
		c.change(l)
		if c.name == "a cell fewer" {
			l = l[:len(l)-1]
		}
		if got := r.unchanged(l, p); got != c.same {
			t.Errorf("%s: unchanged = %v, want %v", c.name, got, c.same)
		}
	}
}

// TestPenStep: the sequence penStep gives for a step of the pen, found in
// styleSteps or not, is the one the renderer works out (Hotels patch,
// change 17), for random pairs of styles with colours of every type, equal
// values of different types and colours in boxes of their own among them,
// under every colour profile.
func TestPenStep(t *testing.T) {
	rnd := rand.New(rand.NewPCG(17, 22))
	colour := func() color.Color {
		v := uint8(rnd.IntN(3)) // few values, so that types and boxes differ for equal ones
		switch rnd.IntN(8) {
		case 0:
			return ansi.BasicColor(v)
		case 1:
			return ansi.IndexedColor(v + 16)
		case 2:
			return ansi.TrueColor(uint32(v) * 0x10101)
		case 3:
			return ansi.RGBColor{R: v, G: v, B: v}
		case 4:
			return color.RGBA{v, v, v, 255}
		case 5:
			return otherColor{color.RGBA{v, v, v, 255}}
		}
		return nil
	}
	style := func() Style {
		return Style{Fg: colour(), Bg: colour(), UnderlineColor: colour(),
			Underline: Underline(rnd.IntN(3)), Attrs: uint8(rnd.IntN(4)) << uint(rnd.IntN(6))}
	}
	profiles := []colorprofile.Profile{colorprofile.TrueColor, colorprofile.ANSI256, colorprofile.ANSI,
		colorprofile.Ascii, colorprofile.NoTTY}
	styles := make([]Style, 40)
	for i := range styles {
		styles[i] = style()
	}
	for range 100000 {
		from, to := styles[rnd.IntN(len(styles))], styles[rnd.IntN(len(styles))]
		if rnd.IntN(4) == 0 { // the same values in new boxes
			from = Style{Fg: reboxed(from.Fg), Bg: reboxed(from.Bg), UnderlineColor: reboxed(from.UnderlineColor),
				Underline: from.Underline, Attrs: from.Attrs}
		}
		p := profiles[rnd.IntN(len(profiles))]
		newStyle, oldStyle := ConvertStyle(to, p), ConvertStyle(from, p)
		want, wantOK := "", !newStyle.Equal(&oldStyle)
		if wantOK {
			want = newStyle.Diff(&oldStyle)
			if newStyle.IsZero() && len(want) > len(ansi.ResetStyle) {
				want = ansi.ResetStyle
			}
		}
		if got, ok := penStep(&from, &to, p); got != want || ok != wantOK {
			t.Fatalf("penStep(%#v, %#v, %v) = %q, %v; want %q, %v", from, to, p, got, ok, want, wantOK)
		}
	}
}

// reboxed returns c in a box of its own.
func reboxed(c color.Color) color.Color {
	switch v := c.(type) {
	case color.RGBA:
		return v
	case ansi.RGBColor:
		return v
	}
	return c
}

// TestKeptDrift: a renderer that takes what it kept of its packed lines'
// drift (Hotels patch, change 19) writes the same bytes as one that looks
// at every line's cells, through random frames of plain, wide, emoji and
// ambiguous lines, some lines shared (ShareLine) and the rest packed after
// each frame, as the patched Bubble Tea draws them.
func TestKeptDrift(t *testing.T) {
	texts := []string{"plain text", "\x1b[1mbold\x1b[m and · dots", "漢字 wide", "👍 thumbs", "☺\ufe0f smile",
		"↑↓ arrows", "e\u0301 mark", "ｱｲ half", "", "  spaces  "}
	rnd := rand.New(rand.NewPCG(19, 22))
	const w, h = 20, 6
	var outs [2]strings.Builder
	var rs [2]*TerminalRenderer
	for i := range rs {
		rs[i] = NewTerminalRenderer(&outs[i], []string{"TERM=xterm-256color"})
		rs[i].SetFullscreen(true)
	}
	lines := make([]string, h)
	for frame := range 400 {
		for y := range lines {
			if frame == 0 || rnd.IntN(3) == 0 {
				lines[y] = texts[rnd.IntN(len(texts))]
			}
		}
		share := rnd.IntN(h)
		for i, r := range rs {
			buf := ScreenBuffer{RenderBuffer: NewRenderBuffer(w, h), Method: ansi.WcWidth}
			NewStyledString(strings.Join(lines, "\n")).Draw(buf, buf.Bounds())
			if i == 1 {
				for y := range r.lines { // look at every line's cells
					r.lines[y].driftKnown = false
				}
			}
			r.Render(buf.RenderBuffer)
			if p, ok := PackLine(buf.Line(share)); ok {
				r.ShareLine(share, p, buf.Line(share))
			}
			r.Pack()
			if err := r.Flush(); err != nil {
				t.Fatal(err)
			}
		}
		if outs[0].String() != outs[1].String() {
			t.Fatalf("frame %d: the renderers wrote\n%q\nand\n%q", frame, outs[0].String(), outs[1].String())
		}
	}
}

// TestOwnCopyKeepsNoTouchMarks: after a frame, the renderer's own copy of
// the screen holds no marks of touched lines, which nothing reads (Hotels
// patch, change 20), even after a frame that cleared lines of it.
func TestOwnCopyKeepsNoTouchMarks(t *testing.T) {
	r := NewTerminalRenderer(io.Discard, []string{"TERM=xterm-256color"})
	r.SetFullscreen(true)
	for _, text := range []string{"one\ntwo\nthree", "one\n\n", "four\nfive\nsix"} {
		frame := ScreenBuffer{RenderBuffer: NewRenderBuffer(10, 3), Method: ansi.WcWidth}
		NewStyledString(text).Draw(frame, frame.Bounds())
		r.Render(frame.RenderBuffer)
		r.Pack()
		if r.curbuf.Touched != nil {
			t.Fatalf("after %q the renderer's copy holds %d marks", text, len(r.curbuf.Touched))
		}
	}
}

// TestFirstFrameTakesSpareLines: a renderer's first frame, and a frame of
// another size, take the lines of its copy of the screen from spareLines
// rather than allocate them (Hotels patch, change 21), and draw what a
// renderer given a new buffer drew.
func TestFirstFrameTakesSpareLines(t *testing.T) {
	frame := func(w, h int, text string) *RenderBuffer {
		f := ScreenBuffer{RenderBuffer: NewRenderBuffer(w, h), Method: ansi.WcWidth}
		NewStyledString(text).Draw(f, f.Bounds())
		return f.RenderBuffer
	}
	// Spare lines, as renderers that packed their lines gave back.
	for range 3 {
		putSpare(make(Line, 80))
	}
	r := NewTerminalRenderer(io.Discard, []string{"TERM=xterm-256color"})
	r.SetFullscreen(true)
	f := frame(80, 3, "one\ntwo\nthree")
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r.Render(f)
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 80*uint64(unsafe.Sizeof(Cell{})) {
		t.Errorf("the first frame allocated %d bytes, more than a line of cells", n)
	}
	if cap(r.curbuf.Lines) != 3 { // kept for the session
		t.Errorf("the copy has room for %d lines, want 3", cap(r.curbuf.Lines))
	}

	// resizeOwn keeps what Buffer.Resize keeps, growing and shrinking.
	for _, size := range [][2]int{{82, 5}, {82, 5}, {40, 2}, {90, 4}, {0, 0}, {3, 1}} {
		want := NewRenderBuffer(0, 0)
		for _, l := range r.curbuf.Lines {
			want.Lines = append(want.Lines, slices.Clone(l))
		}
		want.Resize(size[0], size[1])
		r.resizeOwn(size[0], size[1])
		if r.curbuf.Width() != size[0] || r.curbuf.Height() != size[1] {
			t.Fatalf("resizeOwn(%d, %d) made %d×%d", size[0], size[1], r.curbuf.Width(), r.curbuf.Height())
		}
		for y := range want.Lines {
			if !slices.Equal(r.curbuf.Lines[y], want.Lines[y]) {
				t.Fatalf("resizeOwn(%d, %d), line %d: %v, want %v", size[0], size[1], y, r.curbuf.Lines[y], want.Lines[y])
			}
		}
	}
}

// TestSamePacked: a touched line with the cells of the renderer's packed
// line, unpacked from it, is left packed and not drawn (change 23) only
// where transformLine would draw nothing: a line that drifts (a wide
// character) is repainted all the same, and a line unpacked and changed is
// drawn. Each is rendered by a renderer whose lines are packed and by one
// whose are not, which must write the same bytes.
func TestSamePacked(t *testing.T) {
	for _, c := range []struct {
		name, text string
		change     bool // a cell of the line changed
	}{
		{"plain", "\x1b[1mplain\x1b[m line", false},
		{"wide", "wide \x1b[1m漢字\x1b[m line", false},
		{"changed", "\x1b[1mplain\x1b[m line", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			var outs [2]bytes.Buffer
			for i, pack := range []bool{false, true} {
				r := NewTerminalRenderer(&outs[i], []string{"TERM=xterm-256color"})
				r.SetFullscreen(true)
				frame := ScreenBuffer{RenderBuffer: NewRenderBuffer(20, 3), Method: ansi.WcWidth}
				NewStyledString(c.text+"\nstatus\nhelp").Draw(frame, frame.Bounds())
				r.Render(frame.RenderBuffer)
				if pack {
					r.Pack()
				}
				outs[i].Reset()
				// Line 0 as the screen shows it, touched; line 1 blank
				// (a status line cleared), line 2 as it was.
				copy(frame.Line(0), r.ShownLine(0))
				if c.change {
					frame.Line(0)[1].Content = "L"
				}
				frame.TouchLine(0, 0, 20)
				frame.ClearArea(Rect(0, 1, 20, 1))
				r.Render(frame.RenderBuffer)
				if err := r.Flush(); err != nil {
					t.Fatal(err)
				}
				// Left packed: the plain line, unchanged.
				if got, want := r.lines[0].packed != "", pack && c.name == "plain"; got != want {
					t.Errorf("line 0 packed after the frame: %v, want %v", got, want)
				}
			}
			if outs[0].String() != outs[1].String() {
				t.Errorf("packed, the renderer wrote %q; unpacked %q", outs[1].String(), outs[0].String())
			}
		})
	}
}

// TestSamePen: samePen, and so sameWords, which packLine, penMemo.find and
// unchanged compare pens with, tells apart two cells that differ in any one
// of the eleven words of their style and link alone: a colour's type or its
// box, the attributes, a link's text or its length (Hotels patch, change
// 24). It fails if a word is left out.
func TestSamePen(t *testing.T) {
	box := func(c color.Color) color.Color { return c } // a new box for an RGBA
	// ansi.IndexedColor(5) and ansi.BasicColor(5) are boxed at the same
	// address (a byte's value): the same data word, another type word.
	indexed, basic := color.Color(ansi.IndexedColor(5)), color.Color(ansi.BasicColor(5))
	if (*[2]unsafe.Pointer)(unsafe.Pointer(&indexed))[1] != (*[2]unsafe.Pointer)(unsafe.Pointer(&basic))[1] {
		t.Skip("small colours are not boxed at one address")
	}
	rgb := color.RGBA{1, 2, 3, 255}
	url := "https://example.com/ab"
	base := Cell{Content: "x", Width: 1, Style: Style{Fg: indexed, Bg: box(rgb), UnderlineColor: box(rgb), Attrs: AttrBold},
		Link: Link{URL: url, Params: "id=1"}}
	for name, change := range map[string]func(c *Cell){
		"fg type":   func(c *Cell) { c.Style.Fg = basic },
		"fg box":    func(c *Cell) { c.Style.Fg = box(rgb); base.Style.Fg = box(rgb) },
		"bg type":   func(c *Cell) { c.Style.Bg = indexed; base.Style.Bg = basic },
		"bg box":    func(c *Cell) { c.Style.Bg = box(rgb) },
		"ul type":   func(c *Cell) { c.Style.UnderlineColor = indexed; base.Style.UnderlineColor = basic },
		"ul box":    func(c *Cell) { c.Style.UnderlineColor = box(rgb) },
		"attrs":     func(c *Cell) { c.Style.Attrs = AttrItalic },
		"underline": func(c *Cell) { c.Style.Underline = UnderlineCurly },
		"url text":  func(c *Cell) { c.Link.URL = strings.Clone(url) },
		"url len":   func(c *Cell) { c.Link.URL = url[:len(url)-1] },
		"params":    func(c *Cell) { c.Link.Params = strings.Clone("id=1") },
		"param len": func(c *Cell) { c.Link.Params = base.Link.Params[:3] },
	} {
		saved := base
		c := base
		change(&c)
		if samePen(&c, &base) || samePen(&base, &c) {
			t.Errorf("%s: samePen takes cells of other words for the same", name)
		}
		if c := base; !samePen(&c, &base) {
			t.Errorf("%s: samePen takes a cell and its copy for different", name)
		}
		base = saved
	}
}

// BenchmarkRender is Render of an 80×24 game screen of which a frame
// changes a few lines (a tile on the board, a chain's size and a player's
// cash in the tables, the status and help lines), the renderer's lines
// packed between frames as the patched Bubble Tea packs them (Hotels
// patch, change 24): the diff of changed lines against the packed copy.
func BenchmarkRender(b *testing.B) {
	const w, h = 80, 24
	table := "  \x1b[1;38;2;95;175;255malice\x1b[m      $4,700  \x1b[38;5;245m·\x1b[m  6* 1  1  2+ 7+ 1"
	a := make([]string, h)
	for y := range a {
		switch {
		case y < 10:
			a[y] = boardLine
		case y < 16:
			a[y] = table
		}
	}
	a[20] = "\x1b[1;38;2;255;215;95mYour turn: play a tile.\x1b[m"
	a[23] = "\x1b[38;2;98;98;98m↑↓\x1b[m \x1b[38;2;74;74;74mchoose\x1b[m\x1b[38;2;60;60;60m • \x1b[m\x1b[38;2;98;98;98menter\x1b[m \x1b[38;2;74;74;74mplay\x1b[m"
	c := slices.Clone(a)
	c[3] = strings.Replace(boardLine, "48;5;37m C ", "48;5;220m T ", 1)
	c[5] = strings.Replace(boardLine, "  3   $300", "  4   $400", 1)
	c[12] = strings.Replace(table, "$4,700", "$4,400", 1)
	c[20] = "\x1b[1;38;2;255;215;95mYour turn: buy up to 3 shares.\x1b[m"
	c[23] = strings.Replace(a[23], "play", "buy", 1)
	var frames [2]*RenderBuffer
	for i, lines := range [][]string{a, c} {
		f := ScreenBuffer{RenderBuffer: NewRenderBuffer(w, h), Method: ansi.WcWidth}
		NewStyledString(strings.Join(lines, "\n")).Draw(f, f.Bounds())
		frames[i] = f.RenderBuffer
	}
	var out counter
	r := NewTerminalRenderer(&out, []string{"TERM=xterm-256color"})
	r.SetFullscreen(true)
	r.SetColorProfile(colorprofile.ANSI256)
	render := func(f *RenderBuffer) {
		for y := range h {
			if a[y] != c[y] {
				f.TouchLine(0, y, w)
			}
		}
		r.Render(f)
		r.Pack()
		if err := r.Flush(); err != nil {
			b.Fatal(err)
		}
	}
	render(frames[0])
	render(frames[1])
	out = 0
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		render(frames[i%2])
	}
	b.ReportMetric(float64(out)/float64(b.N), "B/frame")
}

// counter counts the bytes written to it.
type counter int

func (n *counter) Write(p []byte) (int, error) {
	*n += counter(len(p))
	return len(p), nil
}
