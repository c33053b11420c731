//go:build linux

// Tests of Hotels' patch (HOTELS.md); on Linux, for the thread CPU time of
// BenchmarkFlush.

package tea

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// BenchmarkFlush is the renderer's flush of frames of Hotels' game screen
// at 80×24 (testdata/hotels-*.txt, drawn by internal/tui/room), alternating
// between two, without a program around it: "status" a player's screen and
// the same with a word in the status line (an idle key), "move" a player's
// screen a move apart, "watcher" a watcher's. B/frame is what the terminal
// is sent a frame, cpu-µs/frame the CPU time of the benchmark's thread a
// frame (Hotels patch; see HOTELS.md). The "-lines" ones hand the frames
// over as lines (change 9).
func BenchmarkFlush(b *testing.B) {
	for _, c := range []struct {
		name, a, b string
		lines      bool // the frames handed as Lines (change 9), as the game screens hand them
	}{
		{"status", "seat", "seat-status", false},
		{"move", "seat", "seat-move", false},
		{"watcher", "watcher", "watcher-move", false},
		{"status-lines", "seat", "seat-status", true},
		{"move-lines", "seat", "seat-move", true},
		{"watcher-lines", "watcher", "watcher-move", true},
	} {
		b.Run(c.name, func(b *testing.B) {
			frames := [2]View{NewView(hotelsFrame(b, c.a)), NewView(hotelsFrame(b, c.b))}
			for i, f := range frames {
				if c.lines {
					frames[i].Content, frames[i].Lines = "", strings.Split(f.Content, "\n")
				}
				frames[i].AltScreen = true
			}
			if c.lines {
				memoLines(frames[0].Lines, frames[1].Lines)
			}
			var out counter
			r := newCursedRenderer(&out, []string{"TERM=xterm-256color"}, 80, 24)
			r.setColorProfile(colorprofile.ANSI256)
			draw := func(v View) {
				r.render(v)
				if err := r.flush(false); err != nil {
					b.Fatal(err)
				}
			}
			for _, f := range frames { // the first frames, and the cache
				draw(f)
			}
			out = 0
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			cpu := threadTime(b)
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				draw(frames[i%2])
			}
			b.ReportMetric(float64(threadTime(b)-cpu)/float64(b.N)/float64(time.Microsecond), "cpu-µs/frame")
			b.ReportMetric(float64(out)/float64(b.N), "B/frame")
		})
	}
}

// BenchmarkFlushCold is BenchmarkFlush's "-lines" frames over 2,500
// renderers at once, as 625 tables of four players: each table's frames
// its own (every line not blank starts with the table's number, so that
// the cache of parsed lines holds a table's lines as it holds a game's),
// and a frame of each renderer in turn, each alternating between two. It is
// what a flush costs when the renderers' lines, the cache's and the
// frames' are not in the processor's caches, as at 2,500 players, where a
// frame took several times its in-process CPU (issue 22).
func BenchmarkFlushCold(b *testing.B) {
	const tables, seats = 625, 4
	for _, c := range []struct{ name, a, b string }{
		{"status", "seat", "seat-status"},
		{"move", "seat", "seat-move"},
	} {
		b.Run(c.name, func(b *testing.B) {
			texts := [2]string{hotelsFrame(b, c.a), hotelsFrame(b, c.b)}
			var out counter
			frames := make([][2]View, tables)
			rs := make([]*cursedRenderer, 0, tables*seats)
			for t := range frames {
				for i, f := range texts {
					lines := strings.Split(f, "\n")
					for y, l := range lines {
						if !blank(l) { // a blank line stays blank
							lines[y] = fmt.Sprintf("%03d", t) + l
						}
					}
					frames[t][i] = NewView("")
					frames[t][i].Lines, frames[t][i].AltScreen = lines, true
				}
				memoLines(frames[t][0].Lines, frames[t][1].Lines)
				for range seats {
					r := newCursedRenderer(&out, []string{"TERM=xterm-256color"}, 80, 24)
					r.setColorProfile(colorprofile.ANSI256)
					rs = append(rs, r)
				}
			}
			draw := func(r *cursedRenderer, v View) {
				r.render(v)
				if err := r.flush(false); err != nil {
					b.Fatal(err)
				}
			}
			for f := range 2 { // the first frames, and the cache
				for i, r := range rs {
					draw(r, frames[i/seats][f])
				}
			}
			out = 0
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			cpu := threadTime(b)
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				r := i % len(rs)
				draw(rs[r], frames[r/seats][(i/len(rs))%2])
			}
			b.ReportMetric(float64(threadTime(b)-cpu)/float64(b.N)/float64(time.Microsecond), "cpu-µs/frame")
			b.ReportMetric(float64(out)/float64(b.N), "B/frame")
		})
	}
}

// memoLines makes each line of b that is a line of a the same string, as
// the game screens hand over lines (internal/tui/layout's Memo keeps a line
// that did not change): equal lines of two frames are then one string, not
// two that == compares byte by byte.
func memoLines(a, b []string) {
	for i := range b {
		if i < len(a) && a[i] == b[i] {
			b[i] = a[i]
		}
	}
}

func hotelsFrame(tb testing.TB, name string) string {
	frame, err := os.ReadFile("testdata/hotels-" + name + ".txt")
	if err != nil {
		tb.Fatal(err)
	}
	return string(frame)
}

// threadTime is the CPU time the calling thread has used: steadier than
// ns/op on a busy machine.
func threadTime(tb testing.TB) time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_THREAD, &u); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// counter counts the bytes written to it.
type counter int

func (c *counter) Write(p []byte) (int, error) {
	*c += counter(len(p))
	return len(p), nil
}

// TestSelfContained: a line may start with an arrow, a dot or a wide
// character and still be drawn alone, but not with a character that
// StyledString.Draw folds into the cell before it, on the line above.
func TestSelfContained(t *testing.T) {
	for line, want := range map[string]bool{
		"plain":                         true,
		"\x1b[38;5;245m↑↓\x1b[m choose": true,
		"· dot":                         true,
		"漢字 wide":                       true,
		"\u0301 combining mark":         false,
		"\x1b[1m\u0301 after a style":   false,
		"\u200d joiner":                 false,
		"\u00ad soft hyphen":            false,
		"\ufe0f variation selector":     false,
		"a\u0301 mark after a letter":   true,
		"tab\tstop":                     false,
		"\x1b]8;;http://x\x1b\\link":    false,
	} {
		if got, _ := selfContained(line); got != want {
			t.Errorf("selfContained(%q) = %v, want %v", line, got, want)
		}
	}
}

// writes keeps each write it is given.
type writes [][]byte

func (w *writes) Write(p []byte) (int, error) {
	*w = append(*w, bytes.Clone(p))
	return len(p), nil
}

// A frame goes to the terminal in one write, with what goes before and
// after it (hiding a visible cursor while it draws), and between frames the
// renderer holds no buffer of output (change 5): upstream's kept the
// capacity of the largest frame it ever wrote.
func TestFrameWrittenWhole(t *testing.T) {
	var w writes
	r := newCursedRenderer(&w, []string{"TERM=xterm-256color"}, 80, 24)
	r.setColorProfile(colorprofile.ANSI256)
	for i, frame := range []string{hotelsFrame(t, "seat"), hotelsFrame(t, "seat-move"), hotelsFrame(t, "seat")} {
		v := NewView(frame)
		v.AltScreen = true
		v.Cursor = NewCursor(3, 4)
		r.render(v)
		w = w[:0]
		if err := r.flush(false); err != nil {
			t.Fatal(err)
		}
		if len(w) != 1 {
			t.Fatalf("frame %d: %d writes, want 1", i, len(w))
		}
		if i > 0 && (!bytes.HasPrefix(w[0], []byte(ansi.ResetModeTextCursorEnable)) || !bytes.HasSuffix(w[0], []byte(ansi.SetModeTextCursorEnable))) {
			t.Errorf("frame %d: %q does not hide the cursor while it draws", i, w[0])
		}
		if c := r.buf.Cap(); c != 0 {
			t.Errorf("after frame %d the renderer holds an output buffer of %d bytes", i, c)
		}
	}
}

var update = flag.Bool("update", false, "rewrite testdata/hotels-flush.golden")

// TestFlushBytes: the bytes two programs' renderers send for a run of
// Hotels' frames (testdata/hotels-*.txt), drawn alternately as a table's
// players' are, sharing the cache of parsed lines, are those recorded in
// testdata/hotels-flush.golden: the frames a move, an idle key and a
// watcher make, frames cut short (blank lines at the bottom), a frame drawn
// whole (a tab), a smaller and a larger window, a narrower and a wider one
// of the same height. Recorded before Ultraviolet's change 10 (packed
// lines), whose bytes it kept: a line the renderer did not unpack before
// reading it makes the renderer send more (Hotels patch); recorded again with
// change 11, which sends 2.8% less for the same frames (-update rewrites it).
// The frames are handed to the renderer as Content, then as Lines (change 9),
// which send the same bytes.
func TestFlushBytes(t *testing.T) {
	for _, lines := range []bool{false, true} {
		name := "Content"
		if lines {
			name = "Lines"
		}
		t.Run(name, func(t *testing.T) { flushBytes(t, lines) })
	}
}

func flushBytes(t *testing.T, lines bool) {
	type step struct {
		frame string
		w, h  int
	}
	cut := func(name string, n int) string {
		lines := strings.Split(hotelsFrame(t, name), "\n")
		return strings.Join(lines[:n], "\n")
	}
	var steps []step
	for _, f := range []string{
		hotelsFrame(t, "seat"), hotelsFrame(t, "seat-status"), hotelsFrame(t, "seat"),
		hotelsFrame(t, "seat-move"), hotelsFrame(t, "seat-status"), hotelsFrame(t, "watcher"),
		hotelsFrame(t, "watcher-move"), cut("watcher-move", 12), cut("seat", 5), hotelsFrame(t, "seat"),
		strings.Replace(hotelsFrame(t, "seat-move"), "Chain", "Ch\tain", 1), hotelsFrame(t, "seat-move"),
		hotelsFrame(t, "seat-status"), hotelsFrame(t, "watcher-move"),
	} {
		steps = append(steps, step{f, 80, 24})
	}
	steps = append(steps, step{hotelsFrame(t, "seat"), 60, 20}, step{hotelsFrame(t, "seat-move"), 60, 20},
		step{hotelsFrame(t, "seat-status"), 100, 30}, step{hotelsFrame(t, "seat"), 100, 30},
		step{hotelsFrame(t, "seat-move"), 70, 30}, step{hotelsFrame(t, "seat"), 90, 30})

	var got bytes.Buffer
	var outs [2]bytes.Buffer
	var rs [2]*cursedRenderer
	for i := range rs {
		rs[i] = newCursedRenderer(&outs[i], []string{"TERM=xterm-256color"}, 80, 24)
		rs[i].setColorProfile(colorprofile.ANSI256)
	}
	for i, st := range steps {
		for j, r := range rs {
			if i > 0 && (st.w != steps[i-1].w || st.h != steps[i-1].h) {
				r.resize(st.w, st.h)
			}
			// The second program is a frame behind the first.
			f := st.frame
			if j == 1 && i > 0 {
				f = steps[i-1].frame
			}
			v := NewView(f)
			if lines {
				v.Content, v.Lines = "", strings.Split(f, "\n")
			}
			v.AltScreen = true
			r.render(v)
			if err := r.flush(false); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&got, "step %d program %d %q\n", i, j, outs[j].String())
			outs[j].Reset()
		}
	}
	const golden = "testdata/hotels-flush.golden"
	if *update && !lines {
		if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	g, w := strings.Split(got.String(), "\n"), strings.Split(string(want), "\n")
	for i := range max(len(g), len(w)) {
		if i >= len(g) || i >= len(w) || g[i] != w[i] {
			t.Fatalf("line %d of %s differs:\ngot  %.400s\nwant %.400s", i+1, golden, at(g, i), at(w, i))
		}
	}
}

func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "(none)"
}

// BenchmarkHeld is the heap 100 renderers hold between frames, having
// drawn a player's frame and the frame a move later (testdata): "shared"
// all the same frames, whose lines they draw from the cache of parsed lines
// and share with it, "own" frames whose every line is theirs alone (each
// line starts with the renderer's number), as a player's rack and status
// line are. B/session is the heap held a renderer, the cache's included
// (Hotels patch; Ultraviolet's changes 6 and 9), once the renderers' spare
// lines (a fixed cost) are in use; objects/session the heap objects.
func BenchmarkHeld(b *testing.B) {
	const sessions = 100
	frames := [2]string{hotelsFrame(b, "seat"), hotelsFrame(b, "seat-move")}
	draw := func(i int, own bool) *cursedRenderer {
		r := newCursedRenderer(io.Discard, []string{"TERM=xterm-256color"}, 80, 24)
		r.setColorProfile(colorprofile.ANSI256)
		for _, f := range frames {
			if own {
				f = fmt.Sprintf("%03d ", i) + strings.ReplaceAll(f, "\n", fmt.Sprintf("\n%03d ", i))
			}
			v := NewView(f)
			v.AltScreen = true
			r.render(v)
			if err := r.flush(false); err != nil {
				b.Fatal(err)
			}
		}
		return r
	}
	for _, c := range []struct {
		name string
		own  bool
	}{{"shared", false}, {"own", true}} {
		b.Run(c.name, func(b *testing.B) {
			for i := range 10 { // the lines renderers keep spare, a fixed cost
				draw(sessions+i, true)
			}
			parsed.mu.Lock()
			parsed.now, parsed.old, parsed.bytes, parsed.once = nil, nil, 0, [4096]uint64{}
			parsed.mu.Unlock()
			before, objects := heapHeld()
			rs := make([]*cursedRenderer, sessions)
			for i := range rs {
				rs[i] = draw(i, c.own)
			}
			after, objectsAfter := heapHeld()
			held := float64(after-before) / sessions
			for b.Loop() { // the figure is the metric below
			}
			runtime.KeepAlive(rs)
			b.ReportMetric(held, "B/session")
			b.ReportMetric(float64(objectsAfter-objects)/sessions, "objects/session")
		})
	}
}

// heapInUse is the heap in use once pools have given up what they held.
func heapInUse() uint64 {
	bytes, _ := heapHeld()
	return bytes
}

// heapHeld is the heap in use, in bytes and in objects, after collections.
func heapHeld() (bytes, objects uint64) {
	var ms runtime.MemStats
	runtime.GC()
	runtime.GC() // pools keep what they hold until the second
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc, ms.HeapObjects
}

// BenchmarkParsed is the renderer's flush of a player's frames whose every
// line is new, as a player's own lines are (their rack, their column of the
// chains, the status line): each line starts with the frame's number, so
// every line is parsed, none is found in the cache of parsed lines (Hotels
// patch; see drawLine).
func BenchmarkParsed(b *testing.B) {
	frame := hotelsFrame(b, "seat")
	r := newCursedRenderer(io.Discard, []string{"TERM=xterm-256color"}, 80, 24)
	r.setColorProfile(colorprofile.ANSI256)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu := threadTime(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		n := fmt.Sprintf("%07d", i)
		v := NewView(n + strings.ReplaceAll(frame, "\n", "\n"+n))
		v.AltScreen = true
		r.render(v)
		if err := r.flush(false); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(threadTime(b)-cpu)/float64(b.N)/float64(time.Microsecond), "cpu-µs/frame")
}

// BenchmarkStart is a session's first two flushes, of an empty view (the
// terminal queries a program writes before its first frame) and then of a
// player's frame, while the frame buffers are shared (Hotels patch; see
// takeFrame): B/op is what a session's start allocates, its renderer's own
// copy of the screen included.
func BenchmarkStart(b *testing.B) {
	frame := hotelsFrame(b, "seat")
	b.ReportAllocs()
	for b.Loop() {
		r := newCursedRenderer(io.Discard, []string{"TERM=xterm-256color"}, 80, 24)
		r.setColorProfile(colorprofile.ANSI256)
		for _, f := range []string{"", frame} {
			v := NewView(f)
			v.AltScreen = true
			r.render(v)
			if err := r.flush(false); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// TestEmptyViewKeepsFrameBuffers: a program's first flush, of an empty view
// (the terminal queries written before its first frame), leaves the shared
// frame buffers as they were, so that the next 80×24 frame of any program
// is drawn into one of them, not into 24 lines of cells made anew (215 KB;
// issue 22: every session that started made them).
func TestEmptyViewKeepsFrameBuffers(t *testing.T) {
	frames := [2]string{hotelsFrame(t, "seat"), hotelsFrame(t, "seat-move")}
	flush := func(r *cursedRenderer, frame string) {
		v := NewView(frame)
		v.AltScreen = true
		r.render(v)
		if err := r.flush(false); err != nil {
			t.Fatal(err)
		}
	}
	player := newCursedRenderer(io.Discard, []string{"TERM=xterm-256color"}, 80, 24)
	player.setColorProfile(colorprofile.ANSI256)
	flush(player, frames[0])
	const starts = 10
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := range starts {
		flush(newCursedRenderer(io.Discard, []string{"TERM=xterm-256color"}, 80, 24), "")
		flush(player, frames[(i+1)%2])
	}
	runtime.ReadMemStats(&after)
	if n := (after.TotalAlloc - before.TotalAlloc) / starts; n > 64<<10 {
		t.Errorf("a session's empty first view and another's frame allocated %d bytes, want a frame buffer's lines (215 KB) not made anew", n)
	}
}

// BenchmarkTable is a move at a table of four players, through four
// renderers sharing the cache of parsed lines, as in play: each op, the
// four draw a player's frame a move later whose changed lines are new (a
// parameter of no effect at their end, "\x1b[Nm\x1b[m", makes them new
// texts of the same cells), then the frame before the move. The first
// renderer parses the new lines, the second parses and keeps them, the
// other two draw them from the cache. Each renderer's frames are strings
// of its own, a line that did not change the same string, as each
// session's screen hands them (memoLines). cpu-µs/frame and B/frame are a
// frame's, of the eight; making the new lines (56 short strings) is in
// the op.
func BenchmarkTable(b *testing.B) {
	before := strings.Split(hotelsFrame(b, "seat"), "\n")
	after := strings.Split(hotelsFrame(b, "seat-move"), "\n")
	var out counter
	var rs [4]*cursedRenderer
	var frames [4][2][]string
	for i := range rs {
		rs[i] = newCursedRenderer(&out, []string{"TERM=xterm-256color"}, 80, 24)
		rs[i].setColorProfile(colorprofile.ANSI256)
		frames[i][0] = strings.Split(strings.Join(after, "\n"), "\n")
		frames[i][1] = strings.Split(strings.Join(before, "\n"), "\n")
		memoLines(frames[i][0], frames[i][1])
	}
	draw := func(r *cursedRenderer, lines []string) {
		v := View{Lines: lines, AltScreen: true}
		r.render(v)
		if err := r.flush(false); err != nil {
			b.Fatal(err)
		}
	}
	// move draws move n at the table.
	move := func(n int) {
		for i, r := range rs {
			moved := slices.Clone(frames[i][0])
			for y, l := range after {
				if y >= len(before) || l != before[y] {
					moved[y] = l + "\x1b[" + strconv.Itoa(1000+n%50000) + "m\x1b[m"
				}
			}
			draw(r, moved)
		}
		for i, r := range rs {
			draw(r, frames[i][1])
		}
	}
	for n := range 2 { // the first frames, and the cache
		move(n)
	}
	out = 0
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu := threadTime(b)
	b.ReportAllocs()
	for n := 2; b.Loop(); n++ {
		move(n)
	}
	b.ReportMetric(float64(threadTime(b)-cpu)/float64(8*b.N)/float64(time.Microsecond), "cpu-µs/frame")
	b.ReportMetric(float64(out)/float64(8*b.N), "B/frame")
}
