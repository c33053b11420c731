//go:build linux

// Tests of Hotels' patch (HOTELS.md); on Linux, for the thread CPU time of
// BenchmarkFlush.

package tea

import (
	"bytes"
	"os"
	"runtime"
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
// frame (Hotels patch; see HOTELS.md).
func BenchmarkFlush(b *testing.B) {
	for _, c := range []struct{ name, a, b string }{
		{"status", "seat", "seat-status"},
		{"move", "seat", "seat-move"},
		{"watcher", "watcher", "watcher-move"},
	} {
		b.Run(c.name, func(b *testing.B) {
			frames := [2]string{hotelsFrame(b, c.a), hotelsFrame(b, c.b)}
			var out counter
			r := newCursedRenderer(&out, []string{"TERM=xterm-256color"}, 80, 24)
			r.setColorProfile(colorprofile.ANSI256)
			draw := func(frame string) {
				v := NewView(frame)
				v.AltScreen = true
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
