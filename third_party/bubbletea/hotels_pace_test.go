package tea

// Tests of Hotels' patch to the renderer's pace after a flush that wrote
// nothing, the queued output written with the frame, and the flush run on
// the event loop (HOTELS.md, change 12).

import (
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/colorprofile"
)

// shownModel shows the text of the last shown it was sent, on the
// alternate screen as Hotels' game screens do; a bell queues "\a"; a ring
// shows its text and rings the view's bell (change 13), a silent shows its
// text in a view that counts no bells. It closes sized once it has the
// window's size.
type shownModel struct {
	text  string
	bells uint64
	quiet bool // the view counts no bells
	sized chan struct{}
}

type (
	shown  string
	bell   struct{}
	ring   string
	silent string
	stall  time.Duration // the event loop busy for that long
)

func (m shownModel) Init() Cmd { return nil }

func (m shownModel) Update(msg Msg) (Model, Cmd) {
	switch msg := msg.(type) {
	case shown:
		m.text = string(msg)
	case bell:
		return m, Raw("\a")
	case ring:
		m.text = string(msg)
		m.bells++
		m.quiet = false
	case silent:
		m.text, m.quiet = string(msg), true
	case stall:
		time.Sleep(time.Duration(msg))
	case WindowSizeMsg:
		if m.sized != nil {
			close(m.sized)
			m.sized = nil
		}
	}
	return m, nil
}

func (m shownModel) View() View {
	v := NewView(m.text)
	v.AltScreen = true
	if !m.quiet {
		v.Bell = m.bells
	}
	return v
}

// timedWrites keeps what a program writes and when, a write at a time,
// and signals each write.
type timedWrites struct {
	mu     sync.Mutex
	writes []string
	at     []time.Time
	signal chan struct{}
}

func newTimedWrites() *timedWrites { return &timedWrites{signal: make(chan struct{}, 1)} }

func (w *timedWrites) Write(p []byte) (int, error) {
	w.mu.Lock()
	w.writes = append(w.writes, string(p))
	w.at = append(w.at, time.Now())
	w.mu.Unlock()
	select {
	case w.signal <- struct{}{}:
	default:
	}
	return len(p), nil
}

// next waits for the write after the first n and returns it and its time.
func (w *timedWrites) next(tb testing.TB, n int) (string, time.Time) {
	tb.Helper()
	deadline := time.After(10 * time.Second)
	for {
		w.mu.Lock()
		if len(w.writes) > n {
			defer w.mu.Unlock()
			return w.writes[n], w.at[n]
		}
		w.mu.Unlock()
		select {
		case <-w.signal:
		case <-deadline:
			tb.Fatalf("no write after the first %d in 10 s", n)
		}
	}
}

func (w *timedWrites) count() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.writes)
}

// runShown runs a program of shownModel at fps frames a second, writing to
// out, and stops it at the end of the test. It returns once the program
// has drawn its first frame, redrawn it for the window's size, and waited
// out the frame time after: out's writes from then on are the test's.
func runShown(tb testing.TB, fps int, out *timedWrites) *Program {
	sized := make(chan struct{})
	p := NewProgram(shownModel{text: "first", sized: sized}, WithInput(nil), WithOutput(out), WithoutSignalHandler(),
		WithFPS(fps), WithWindowSize(80, 24), WithColorProfile(colorprofile.ANSI256),
		WithEnvironment([]string{"TERM=xterm-256color"}))
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()
	tb.Cleanup(func() {
		p.Quit()
		if err := <-done; err != nil {
			tb.Error(err)
		}
	})
	select {
	case <-sized:
	case <-time.After(10 * time.Second):
		tb.Fatal("no window size in 10 s")
	}
	idle(tb, p)
	return p
}

// idle waits until p's renderer neither flushes nor waits out a frame time.
func idle(tb testing.TB, p *Program) {
	tb.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		p.pace.Lock()
		done := !p.pace.running && !p.pace.pending
		p.pace.Unlock()
		if done {
			return
		}
		if time.Now().After(deadline) {
			tb.Fatal("the renderer was not idle in 10 s")
		}
	}
}

// flushed waits until p's renderer has taken what was pending, then a
// little longer for a flush that took it to end.
func flushed(tb testing.TB, p *Program) {
	tb.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		p.pace.Lock()
		pending := p.pace.pending
		p.pace.Unlock()
		if !pending {
			break
		}
		if time.Now().After(deadline) {
			tb.Fatal("the renderer did not flush in 10 s")
		}
	}
	time.Sleep(50 * time.Millisecond)
}

// A flush that writes nothing (a message whose view is the last one) does
// not hold the next frame back a frame time: the change after it goes out
// at once. A frame that was written still does, so fps stays the most
// frames a second. At 1 frame a second the wait is unmistakable.
func TestNothingWrittenHoldsNoFrame(t *testing.T) {
	out := newTimedWrites()
	p := runShown(t, 1, out)
	base := out.count()

	p.Send(shown("first")) // the view as it is: nothing to write
	flushed(t, p)
	if n := out.count() - base; n != 0 {
		t.Fatalf("%d writes after a message that changed nothing, want none", n)
	}
	sent := time.Now()
	p.Send(shown("second"))
	frame, at := out.next(t, base)
	if !strings.Contains(frame, "second") {
		t.Fatalf("write %q, want the second frame", frame)
	}
	if waited := at.Sub(sent); waited > 500*time.Millisecond {
		t.Errorf("the frame after a flush that wrote nothing went out %v after the change, want at once (the frame time is 1 s)", waited)
	}

	// A written frame holds the next one a frame time.
	p.Send(shown("third"))
	frame, next := out.next(t, base+1)
	if !strings.Contains(frame, "third") {
		t.Fatalf("write %q, want the third frame", frame)
	}
	if gap := next.Sub(at); gap < time.Second {
		t.Errorf("a frame %v after the last, want at least the frame time, 1 s", gap)
	}
}

// Output queued while a frame is pending (the bell a screen rings with the
// frame that shows a player's turn) goes out in the frame's write, before
// it: the bytes of the two writes it was, in one. A bell alone still goes
// alone.
func TestQueuedOutputInTheFramesWrite(t *testing.T) {
	// turn draws a frame, then, while the next waits out the frame time
	// (1 s), a change and, if ring, a bell.
	turn := func(ring bool) (*Program, *timedWrites, int) {
		out := newTimedWrites()
		p := runShown(t, 1, out)
		base := out.count()
		p.Send(shown("before"))
		out.next(t, base)
		p.Send(shown("your turn"))
		if ring {
			p.Send(bell{})
		}
		return p, out, base + 1
	}
	p, out, n := turn(true)
	w, _ := out.next(t, n)
	_, alone, m := turn(false)
	frame, _ := alone.next(t, m)
	if want := "\a" + frame; w != want {
		t.Errorf("frame and bell written as\n%q\nwant the bell's write and the frame's in one:\n%q", w, want)
	}
	flushed(t, p)
	if k := out.count() - n; k != 1 {
		t.Errorf("%d writes for a frame and a bell, want 1", k)
	}

	p.Send(bell{})
	if w, _ := out.next(t, n+1); w != "\a" {
		t.Errorf("a bell alone written as %q", w)
	}
}

// A program stopped after the frame time's timer asked the event loop to
// flush, and before the loop did, ends: stopRenderer takes the request
// the loop will not (it waited for that flush for ever).
func TestStopWhileFlushDue(t *testing.T) {
	for range 3 {
		sized := make(chan struct{})
		p := NewProgram(shownModel{text: "first", sized: sized}, WithInput(nil), WithOutput(newTimedWrites()),
			WithoutSignalHandler(), WithFPS(10), WithWindowSize(80, 24))
		done := make(chan error, 1)
		go func() { _, err := p.Run(); done <- err }()
		<-sized
		idle(t, p)
		p.Send(shown("a")) // written at once; the next waits 100 ms
		p.Send(shown("b"))
		go p.Send(stall(400 * time.Millisecond)) // the loop busy as the timer fires
		time.Sleep(200 * time.Millisecond)
		killed := make(chan struct{})
		go func() { p.Kill(); close(killed) }() // the loop ends after the stall, without flushing
		select {
		case <-killed:
			<-done
		case <-time.After(10 * time.Second):
			t.Fatal("the program did not end in 10 s")
		}
	}
}

// BenchmarkPacedFrames is the flush of Hotels' game frames through real
// programs, a frame on each of 100 programs an op (HOTELS.md, change 12):
// "idle" changes the views once the renderers are idle, as most frames of
// a player come (seconds apart), "paced" as soon as the last frames were
// written, so that each frame waits out a frame time. Profile it
// (-cpuprofile) for runtime.newstack and copystack: the stack a flush
// grows. cpu-µs/frame is the process's CPU time a frame, the benchmark's
// own waiting included.
func BenchmarkPacedFrames(b *testing.B) {
	frames := [2]shown{shown(hotelsFrame(b, "seat")), shown(hotelsFrame(b, "seat-status"))}
	for _, c := range []struct {
		name string
		idle bool
	}{{"idle", true}, {"paced", false}} {
		b.Run(c.name, func(b *testing.B) {
			ps := make([]*Program, 100)
			outs := make([]*timedWrites, len(ps))
			for i := range ps {
				outs[i] = newTimedWrites()
				ps[i] = runShown(b, 120, outs[i])
			}
			ns := make([]int, len(ps))
			cpu := processTime(b)
			for i := 0; b.Loop(); i++ {
				for j, p := range ps {
					if c.idle {
						idle(b, p)
					}
					ns[j] = outs[j].count()
					p.Send(frames[i%2])
				}
				for j, out := range outs {
					out.next(b, ns[j])
				}
			}
			b.ReportMetric(float64(processTime(b)-cpu)/float64(b.N*len(ps))/float64(time.Microsecond), "cpu-µs/frame")
		})
	}
}

// processTime is the CPU time the process has used.
func processTime(tb testing.TB) time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
