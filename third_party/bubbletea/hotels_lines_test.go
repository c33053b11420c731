package tea

import (
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unsafe"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
)

// A line's cells are parsed from a copy of its text, not from the frame it
// was cut from: the renderer keeps a player's own lines for as long as they
// are shown, and each would keep its whole frame (issue 22).
//
// Lines drawn by drawPlain (change 7) and by the general parser (a wide
// character),
// each twice, so that the second time the cache keeps it: neither the
// cells nor the cache's keys point into the frame.
func TestParsedLinesKeepNoFrame(t *testing.T) {
	frame := uv.ScreenBuffer{RenderBuffer: uv.NewRenderBuffer(80, 3), Method: ansi.WcWidth}
	text := "a line only one player sees: 2I 12G 9B\n\x1b[1mand another\x1b[m\n\x1b[2m漢字\x1b[m choose 8C"
	lo := uintptr(unsafe.Pointer(unsafe.StringData(text)))
	hi := lo + uintptr(len(text))
	into := func(s string) bool {
		p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
		return s != "" && p >= lo && p < hi
	}
	for range 2 {
		for y, line := range strings.Split(text, "\n") {
			drawLine(frame, y, line)
			for x, c := range frame.Lines[y] {
				if into(c.Content) {
					t.Fatalf("line %d, cell %d (%q) points into the frame", y, x, c.Content)
				}
			}
		}
	}
	kept := 0
	parsed.mu.Lock()
	defer parsed.mu.Unlock()
	for _, e := range parsed.now {
		k := e.key
		if into(k.text) {
			t.Fatalf("the cache's key %q points into the frame", k.text)
		}
		for _, line := range strings.Split(text, "\n") {
			if k.text == line && k.width == 80 {
				kept++
			}
		}
	}
	if kept != 3 {
		t.Errorf("the cache kept %d of the 3 lines parsed twice", kept)
	}
}

// TestDrawPlain draws random self-contained lines with drawPlain and with
// StyledString.Draw, by both width methods, into lines left with other
// cells (wide ones among them), and compares every cell: drawPlain must
// draw what the general parser draws, or decline (Hotels patch, change 7).
// Every rune drawPlain takes is drawn between two letters too.
func TestDrawPlain(t *testing.T) {
	sgrs := []string{"\x1b[m", "\x1b[0m", "\x1b[1m", "\x1b[38;5;239m", "\x1b[1;38;5;16;48;5;37m",
		"\x1b[1;4;38;5;16;48;5;220;4m", "\x1b[38;2;95;175;255m", "\x1b[7m", "\x1b[4:3;58;5;9m", "\x1b[;1m",
		"\x1b[22;39m", "\x1b[9;2;3m", "\x1b[48;2;1;2;3;38;5;300m"}
	chars := []string{"a", "Z", " ", "~", "$", "·", "é", "\u00a0", "\u02ff", "↑", "•", "›", "─", "▶", "…",
		"\u00ad", "\u0301", "\u231a", "\u2028", "漢", "👍", "\ufe0f", "\u200d", "e\u0301"}
	rnd := rand.New(rand.NewPCG(1, 22))
	random := func() string {
		var b strings.Builder
		n := len(chars) // half of the lines have only characters drawPlain takes
		if rnd.IntN(2) == 0 {
			n = 15
		}
		for range rnd.IntN(90) {
			if rnd.IntN(5) == 0 {
				b.WriteString(sgrs[rnd.IntN(len(sgrs))])
			} else if rnd.IntN(3) == 0 {
				b.WriteString(chars[rnd.IntN(n)])
			} else {
				b.WriteByte(byte(' ' + rnd.IntN(95)))
			}
		}
		return b.String()
	}
	var lines []string
	for r := rune(0xa0); r < 0x300; r++ {
		lines = append(lines, "a"+string(r)+"b", "\x1b[1m"+string(r)+"\u0301")
	}
	symbols := 0
	for r := rune(0x2000); r < 0x2800; r++ { // plainSymbols' blocks, and around them
		lines = append(lines, "a"+string(r)+"b", "\x1b[1m"+string(r)+"\u0301", string(r)+string(r)+"\ufe0f",
			"\x1b[7m"+string(r)+"\u200d"+string(r))
		if r >= symbolsFrom && r < symbolsFrom+rune(len(plainSymbols)) && plainSymbols[r-symbolsFrom] != "" {
			symbols++
		}
	}
	if symbols < 700 {
		t.Errorf("drawPlain takes %d symbols from U+2000: fewer than the blocks hold", symbols)
	}
	for range 20000 {
		lines = append(lines, random())
	}
	fast := 0
	for _, line := range lines {
		if self, _ := selfContained(line); !self {
			continue
		}
		for _, m := range []ansi.Method{ansi.WcWidth, ansi.GraphemeWidth} {
			w := 20 + rnd.IntN(80)
			want := uv.ScreenBuffer{RenderBuffer: uv.NewRenderBuffer(w, 1), Method: m}
			got := uv.ScreenBuffer{RenderBuffer: uv.NewRenderBuffer(w, 1), Method: m}
			for _, b := range []uv.ScreenBuffer{want, got} { // what a pooled frame may hold
				uv.NewStyledString("\x1b[31m漢字 x\x1b[4mlast\x1b[m 👍 ok").Draw(b, b.Bounds())
			}
			var scr uv.Screen = lineScreen{want.RenderBuffer}
			if m == ansi.GraphemeWidth {
				scr = graphemeLineScreen{lineScreen{want.RenderBuffer}}
			}
			uv.NewStyledString(line).Draw(scr, want.Bounds())
			if !drawPlain(got.Lines[0], line) {
				continue
			}
			fast++
			for x := range w {
				if g, w := got.Lines[0][x], want.Lines[0][x]; g != w {
					t.Fatalf("%q by %v, cell %d: drawPlain %#v, StyledString.Draw %#v", line, m, x, g, w)
				}
			}
		}
	}
	if fast < 5000 {
		t.Errorf("drawPlain drew %d lines: too few to tell", fast)
	}
}

// BenchmarkDrawLine is drawLine (Hotels patch, change 3) for lines of a
// player's frame (testdata/hotels-seat.txt): "new" lines the cache does not
// hold (a parameter of no effect at their end makes each new), parsed, "kept"
// the same lines found in the cache. The lines are the help line (arrows and
// bullets), a board row and the status line, in turn.
func BenchmarkDrawLine(b *testing.B) {
	lines := strings.Split(hotelsFrame(b, "seat"), "\n")
	lines = []string{lines[23], lines[3], lines[20]}
	frame := uv.ScreenBuffer{RenderBuffer: uv.NewRenderBuffer(80, 1), Method: ansi.WcWidth}
	b.Run("new", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			drawLine(frame, 0, lines[i%3]+"\x1b["+strconv.Itoa(1000+i)+"m\x1b[m")
		}
	})
	b.Run("kept", func(b *testing.B) {
		for range 2 {
			for _, l := range lines {
				drawLine(frame, 0, l)
			}
		}
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			drawLine(frame, 0, lines[i%3])
		}
	})
}

// TestLineCacheKey: a line kept under a key is not found for another key
// of the same hash (change 11: the cache is keyed by the hash).
func TestLineCacheKey(t *testing.T) {
	c := lineCache{seed: parsed.seed}
	k := lineKey{"kept", 80, ansi.WcWidth}
	other := lineKey{"other", 80, ansi.WcWidth}
	c.add(c.hash(other), k, "packed") // as if k's hash were other's
	if l, _ := c.find(other, true); l != "" {
		t.Fatalf("find(%q) = %q, the line of %q", other.text, l, k.text)
	}
	c.keep(k, "packed")
	if l, _ := c.find(k, true); l != "packed" {
		t.Fatalf("find(%q) = %q, want the line kept", k.text, l)
	}
}

// TestDrawFrameLastLine: the last line of a frame, as in the last frame
// (drawn line by line), is not checked again (change 11), unless the line
// before it leaves a style open, which it then starts with: that frame is
// drawn whole.
func TestDrawFrameLastLine(t *testing.T) {
	last := []string{"a line", "\x1b[2m↑↓\x1b[m choose"}
	for _, c := range []struct {
		before string
		lines  bool
	}{
		{"another line", true},
		{"\x1b[1mbold left open", false},
	} {
		frame := uv.ScreenBuffer{RenderBuffer: uv.NewRenderBuffer(20, 2), Method: ansi.WcWidth}
		shown := uv.NewTerminalRenderer(io.Discard, []string{"TERM=xterm-256color"})
		next := []string{c.before, last[1]}
		if got := drawFrame(frame, shown, last, next, true, make([]string, 2), make([]uint8, 2)); got != c.lines {
			t.Errorf("after %q: drawn line by line %v, want %v", c.before, got, c.lines)
		}
	}
}

// BenchmarkLineCache is a look-up in a cache of parsed lines as full as it
// gets (two generations of maxBytes of 300-byte texts and 200-byte lines,
// some 16,000 lines; more than the processor's caches hold, as with
// thousands of sessions): "miss" a line it does not hold, "hit" one it
// does, in the newer generation (Hotels patch, change 15).
func BenchmarkLineCache(b *testing.B) {
	c := lineCache{seed: parsed.seed}
	key := func(i int) lineKey {
		return lineKey{fmt.Sprintf("%0300d", i), 80, ansi.WcWidth}
	}
	n := 0
	for ; c.old == nil || c.bytes+500 <= maxBytes; n++ {
		c.keep(key(n), strings.Repeat("p", 200))
	}
	keys := make([]lineKey, 4096) // in a random order, newer and not kept
	for i := range keys {
		keys[i] = key(n - 1 - (i*7919)%(n/3))
	}
	b.Run("hit", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			if l, _ := c.find(keys[i%len(keys)], false); l == "" {
				b.Fatal("a line kept was not found")
			}
		}
	})
	for i := range keys {
		keys[i] = key(n + i)
	}
	b.Run("miss", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			if l, _ := c.find(keys[i%len(keys)], false); l != "" {
				b.Fatal("a line not kept was found")
			}
		}
	})
}

// TestLineCacheOlder: a line kept is found in either generation, and a
// line dropped with the older one is not (change 15: the maps are looked
// in only where lineCache.in says they may hold the line).
func TestLineCacheOlder(t *testing.T) {
	c := lineCache{seed: parsed.seed}
	key := func(i int) lineKey { return lineKey{fmt.Sprintf("%0300d", i), 80, ansi.WcWidth} }
	packed := strings.Repeat("p", 200)
	c.keep(key(0), packed)
	n := 1
	for ; c.old == nil; n++ { // key(0) is in the older generation now
		c.keep(key(n), packed)
	}
	if l, _ := c.find(key(0), false); l != packed {
		t.Fatal("a line of the older generation was not found")
	}
	if _, ok := c.now[c.hash(key(0))]; !ok {
		t.Error("a line found in the older generation was not moved to the newer")
	}
	for m := n; c.old[c.hash(key(1))].key == key(1); m++ {
		c.keep(key(m), packed) // until the next generation drops key(1)
	}
	if l, _ := c.find(key(1), false); l != "" {
		t.Error("a line dropped with the older generation was found")
	}
	if l, _ := c.find(key(0), false); l != packed {
		t.Error("a line moved to the newer generation was not found after the next generation began")
	}
}

// TestDrawFrameCachedLine: a line the cache holds is taken as
// self-contained without the check (change 16), and leaves the style its
// last SGR sequence sets to the line after it: a line that leaves a style
// open, kept as a frame's last line, makes the frame it begins drawn whole,
// as when the cache does not hold it. And the line is drawn from the cache.
func TestDrawFrameCachedLine(t *testing.T) {
	for _, c := range []struct {
		line  string
		lines bool
	}{
		{"\x1b[1mbold left open, change 16", false},
		{"\x1b[1mbold\x1b[m closed, change 16", true},
		{"\x1b[1mbold\x1b[0m closed, change 16", true},
		{"\x1b[1mbold\x1b[0;2m dim left open, change 16", false},
		{"plain, change 16", true},
	} {
		draw := func(next []string, cached []string) bool {
			frame := uv.ScreenBuffer{RenderBuffer: uv.NewRenderBuffer(40, 2), Method: ansi.WcWidth}
			return drawFrame(frame, nil, nil, next, false, cached, make([]uint8, 2))
		}
		for range 2 { // kept the second time it is parsed
			if !draw([]string{"above", c.line}, make([]string, 2)) {
				t.Fatalf("%q as the last line: drawn whole", c.line)
			}
		}
		cached := make([]string, 2)
		if got := draw([]string{c.line, "below"}, cached); got != c.lines {
			t.Errorf("%q before a line: drawn line by line %v, want %v", c.line, got, c.lines)
		}
		if c.lines && cached[0] == "" {
			t.Errorf("%q: not drawn from the cache", c.line)
		}
	}
}

// TestLineCacheStack: looking a line up and keeping one leave a program's
// goroutine its small stack. The cache's 64 KB table of bits, copied onto
// the stack by a range over its values, grew the stack of every program
// that drew a line to 128 KB (0.04 MB more a player at 2,500 players).
func TestLineCacheStack(t *testing.T) {
	const n = 200
	c := &lineCache{seed: parsed.seed}
	stacks := func() uint64 {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.StackInuse
	}
	before := stacks()
	var ready, done sync.WaitGroup
	ready.Add(n)
	done.Add(1)
	for i := range n {
		go func() {
			k := lineKey{fmt.Sprint("line ", i), 80, ansi.WcWidth}
			c.find(k, true)
			c.keep(k, "packed")
			ready.Done()
			done.Wait()
		}()
	}
	ready.Wait()
	grown := stacks() - before
	done.Done()
	if perG := grown / n; perG > 16<<10 {
		t.Errorf("a goroutine that looked up and kept a line holds %d KB of stack, want at most 16", perG>>10)
	}
}

// TestBlankLineRestoresAbove: a line that became blank gives the line above
// it, left untouched, the cells the screen shows, touched, only when it is
// one of the blank lines at the bottom of the frame, from which the
// renderer may erase (clearBottom): not a status line cleared above the
// help line (bubbletea change 17), which copied and compared a line that
// did not change in most frames of an idle key.
func TestBlankLineRestoresAbove(t *testing.T) {
	last := []string{"the board", "a status line", "the help line"}
	for _, c := range []struct {
		next    []string
		touched bool // line 0
	}{
		{[]string{"the board", "", "the help line"}, false},
		{[]string{"the board", "", ""}, true},
		{[]string{"the board", "  ", "\x1b[m"}, true},
		{[]string{"the board"}, true},
	} {
		frame := uv.ScreenBuffer{RenderBuffer: uv.NewRenderBuffer(20, 3), Method: ansi.WcWidth}
		shown := uv.NewTerminalRenderer(io.Discard, []string{"TERM=xterm-256color"})
		shown.SetFullscreen(true)
		if !drawFrame(frame, nil, nil, last, false, make([]string, 3), make([]uint8, 3)) {
			t.Fatal("the first frame not drawn line by line")
		}
		shown.Render(frame.RenderBuffer)
		shown.Pack()
		if !drawFrame(frame, shown, last, c.next, true, make([]string, 3), make([]uint8, 3)) {
			t.Fatalf("%q not drawn line by line", c.next)
		}
		t0 := frame.Touched[0]
		if touched := t0 != nil && (t0.FirstCell != -1 || t0.LastCell != -1); touched != c.touched {
			t.Errorf("%q: the line above the blank line touched %v, want %v", c.next, touched, c.touched)
		}
	}
}

// TestSGRStyleKept: drawPlain keeps the style an SGR sequence gives after
// the default style, from a copy of the sequence, not the line it was cut
// from, and takes it from there the next time (change 18); TestDrawPlain
// compares what it draws with the general parser, sequences after other
// sequences and resets among them.
func TestSGRStyleKept(t *testing.T) {
	seq := "\x1b[1;38;5;16;48;5;" + strconv.Itoa(100+rand.IntN(100)) + "m"
	line := "a " + seq + "tile\x1b[m b"
	l := make(uv.Line, 20)
	if !drawPlain(l, line) {
		t.Fatalf("%q not drawn by drawPlain", line)
	}
	st, ok := sgrStyle(seq)
	if !ok {
		t.Fatalf("the style of %q not kept", seq)
	}
	if st != l[2].Style || st.IsZero() {
		t.Errorf("kept %#v for %q, drawn %#v", st, seq, l[2].Style)
	}
	k := sgrSlot(seq).Load()
	if p, at := uintptr(unsafe.Pointer(unsafe.StringData(k.seq))), uintptr(unsafe.Pointer(unsafe.StringData(line))); p >= at && p < at+uintptr(len(line)) {
		t.Errorf("the sequence kept points into the line drawn")
	}
	// Taken from sgrStyles: a style put in its slot is what drawPlain draws.
	want := uv.Style{Attrs: uv.AttrItalic}
	keepSGRStyle(seq, want)
	if !drawPlain(l, line) || l[2].Style != want {
		t.Errorf("%q drawn with %#v, not the kept %#v", seq, l[2].Style, want)
	}
	keepSGRStyle(seq, st)
}
