package tea

// Tests of Hotels' patch to the event loop and the renderer's pace
// (HOTELS.md, changes 4 and 8).

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"
)

// waitingModel's Init is commands that each wait until release is closed,
// in a batch within a batch, as Hotels' sessions start: the server's
// notices and the lobby's feed wait for the whole session.
type waitingModel struct {
	started chan<- struct{}
	release <-chan struct{}
	got     chan<- Msg
}

type released struct{}

func (m waitingModel) wait() Msg {
	m.started <- struct{}{}
	<-m.release
	return released{}
}

func (m waitingModel) Init() Cmd {
	return Batch(Batch(m.wait, m.wait), m.wait)
}

func (m waitingModel) Update(msg Msg) (Model, Cmd) {
	if _, ok := msg.(released); ok {
		m.got <- msg
	}
	return m, nil
}

func (m waitingModel) View() View { return NewView("waiting") }

// While its commands wait, a program holds a goroutine for each, the event
// loop's and the renderer's, and no goroutine that only waits for a batch
// or hands commands on (upstream: a goroutine for each batch, and one that
// starts every command). Each command's message still arrives.
func TestWaitingCommandsHoldNoOtherGoroutines(t *testing.T) {
	started, release, got := make(chan struct{}), make(chan struct{}), make(chan Msg, 3)
	p := NewProgram(waitingModel{started: started, release: release, got: got},
		WithInput(nil), WithOutput(new(bytes.Buffer)), WithoutSignalHandler())
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()
	for range 3 {
		<-started
	}
	buf := make([]byte, 1<<20)
	stacks := string(buf[:runtime.Stack(buf, true)])
	for _, f := range []string{"(*Program).execBatchMsg(", "(*Program).handleCommands"} {
		if n := strings.Count(stacks, "bubbletea/v2."+f); n > 0 {
			t.Errorf("%d goroutines in %s while the commands wait, want none", n, f)
		}
	}
	close(release)
	for range 3 {
		select {
		case <-got:
		case <-time.After(10 * time.Second):
			t.Fatal("a command's message did not arrive")
		}
	}
	p.Quit()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// countModel shows the last number it was sent.
type countModel int

func (m countModel) Init() Cmd { return nil }

func (m countModel) Update(msg Msg) (Model, Cmd) {
	if n, ok := msg.(countModel); ok {
		return n, nil
	}
	return m, nil
}

func (m countModel) View() View { return NewView(fmt.Sprintf("count %d", int(m))) }

// frameWrites keeps what a program writes, a write a frame.
type frameWrites struct {
	mu     sync.Mutex
	frames []string
}

func (w *frameWrites) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.frames = append(w.frames, string(p))
	return len(p), nil
}

func (w *frameWrites) last() (int, string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.frames) == 0 {
		return 0, ""
	}
	return len(w.frames), w.frames[len(w.frames)-1]
}

// A program holds no renderer goroutine while nothing changes, only while
// it flushes (HOTELS.md, change 8: upstream's ticker, and change 1's
// renderer, waited on a goroutine for the whole program); frames still
// come when the view changes, at most fps a second.
func TestIdleProgramHoldsNoRenderer(t *testing.T) {
	out := new(frameWrites)
	p := NewProgram(countModel(0), WithInput(nil), WithOutput(out), WithoutSignalHandler(), WithFPS(20), WithWindowSize(80, 24))
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()
	waitFor := func(what string, ok func() bool) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); !ok(); time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("no %s in 10 s: %q", what, out.frames)
			}
		}
	}
	renderers := func() int {
		buf := make([]byte, 1<<20)
		stacks := string(buf[:runtime.Stack(buf, true)])
		return strings.Count(stacks, "bubbletea/v2.(*Program).paced(") +
			strings.Count(stacks, "bubbletea/v2.(*Program).startRenderer.func")
	}
	frameWith := func(text string) func() bool { // the view the renderer last flushed
		return func() bool {
			r := p.renderer.(*cursedRenderer)
			r.mu.Lock()
			defer r.mu.Unlock()
			return r.lastView != nil && r.lastView.Content == text
		}
	}
	// The renderer is set before it writes: read it once it has.
	waitFor("first write", func() bool { n, _ := out.last(); return n > 0 })
	waitFor("first frame", frameWith("count 0"))
	waitFor("idle renderer", func() bool { return renderers() == 0 })
	p.Send(countModel(1))
	waitFor("frame of a change", frameWith("count 1"))

	// 60 changes over 0.6 s at 20 frames a second: about 12 frames.
	before, _ := out.last()
	start := time.Now()
	for i := range 60 {
		p.Send(countModel(i + 2))
		time.Sleep(10 * time.Millisecond)
	}
	waitFor("frame of the last change", frameWith("count 61"))
	n, _ := out.last()
	if most := int(time.Since(start)/(50*time.Millisecond)) + 2; n-before > most {
		t.Errorf("%d frames in %v at 20 a second, want at most %d", n-before, time.Since(start), most)
	}
	waitFor("idle renderer", func() bool { return renderers() == 0 })
	p.Quit()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// BenchmarkIdlePrograms is what 200 programs that drew their first frame
// and wait hold: goroutines and the collector's scannable stack bytes a
// program (HOTELS.md, change 8). An op is nothing: the figures are the
// metrics.
func BenchmarkIdlePrograms(b *testing.B) {
	const n = 200
	read := func() (goroutines, stack uint64) {
		runtime.GC()
		m := []metrics.Sample{{Name: "/sched/goroutines:goroutines"}, {Name: "/gc/scan/stack:bytes"}}
		metrics.Read(m)
		return m[0].Value.Uint64(), m[1].Value.Uint64()
	}
	g0, s0 := read()
	ps := make([]*Program, n)
	done := make(chan error, n)
	for i := range ps {
		out := new(frameWrites)
		ps[i] = NewProgram(countModel(i), WithInput(nil), WithOutput(out), WithoutSignalHandler(), WithWindowSize(80, 24))
		go func() { _, err := ps[i].Run(); done <- err }()
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
			if k, _ := out.last(); k > 0 {
				break
			}
			if time.Now().After(deadline) {
				b.Fatal("no first frame in 10 s")
			}
		}
	}
	time.Sleep(100 * time.Millisecond) // a few frame times
	g1, s1 := read()
	for b.Loop() {
	}
	b.ReportMetric(float64(g1-g0)/n, "goroutines/program")
	b.ReportMetric(float64(s1-s0)/n, "stack-B/program")
	for _, p := range ps {
		p.Quit()
	}
	for range ps {
		if err := <-done; err != nil {
			b.Fatal(err)
		}
	}
}

// sentModel counts the messages it is sent and draws the same view for all
// of them, so that a flush writes nothing after the first frame.
type sentModel struct{ n *int }

func (m sentModel) Init() Cmd { return nil }

func (m sentModel) Update(msg Msg) (Model, Cmd) {
	if _, ok := msg.(int); ok {
		*m.n++
	}
	return m, nil
}

func (m sentModel) View() View { return NewView("sent") }

// BenchmarkSend is a message sent to a running program until its event loop
// waits for the next: Send, the loop's select, Update, the render and the
// flush of a view as the last (HOTELS.md, change 14). cpu-ns/op is the
// process's CPU time an op.
func BenchmarkSend(b *testing.B) {
	var n int
	p := NewProgram(sentModel{&n}, WithInput(nil), WithOutput(io.Discard), WithoutSignalHandler(), WithWindowSize(80, 24))
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()
	p.Send(0) // the program runs
	b.ReportAllocs()
	cpu := cpuTime(b)
	for i := 0; b.Loop(); i++ {
		p.Send(i)
	}
	b.ReportMetric(float64(cpuTime(b)-cpu)/float64(b.N), "cpu-ns/op")
	b.StopTimer()
	p.Quit()
	if err := <-done; err != nil {
		b.Fatal(err)
	}
	if n < b.N {
		b.Fatalf("the model got %d messages, want %d", n, b.N+1)
	}
}
