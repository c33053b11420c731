package tea

// Tests of Hotels' patch letting the event loop watch a mailbox
// (HOTELS.md, change 10).

import (
	"bytes"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the CPU time this process has used, user and system.
func cpuTime(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// mailModel follows a mailbox of *int with Watch (or, when blocking, with a
// command that waits on it, returned again after each value, as upstream's
// programs do), and hands on each value it gets.
type mailModel struct {
	mail     chan *int
	done     chan struct{}
	got      chan int
	blocking bool
	next     Cmd       // the watch or the wait, made once
	taken    func(int) // if not nil, called with each value as it is taken
}

func (m mailModel) Init() Cmd { return m.next }

func (m mailModel) wait() Cmd {
	then := func(v *int) Msg {
		if v == nil {
			return nil
		}
		if m.taken != nil {
			m.taken(*v)
		}
		return *v
	}
	if m.blocking {
		return func() Msg {
			select {
			case v := <-m.mail:
				return then(v)
			case <-m.done:
				return nil
			}
		}
	}
	return Watch(m.mail, m.done, then)
}

func (m mailModel) Update(msg Msg) (Model, Cmd) {
	switch msg := msg.(type) {
	case int:
		m.got <- msg
		if m.blocking {
			return m, m.next
		}
		return m, nil
	case Cmd: // a second watch, beside the first
		return m, msg
	}
	return m, nil
}

func (m mailModel) View() View { return NewView("mail") }

func startMail(t testing.TB, blocking bool, taken ...func(int)) (*Program, mailModel, chan error) {
	m := mailModel{mail: make(chan *int, 1), done: make(chan struct{}), got: make(chan int, 1), blocking: blocking}
	if len(taken) > 0 {
		m.taken = taken[0]
	}
	m.next = m.wait()
	p := NewProgram(m, WithInput(nil), WithOutput(new(bytes.Buffer)), WithoutSignalHandler())
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()
	return p, m, done
}

func waiters() int {
	buf := make([]byte, 1<<20)
	return strings.Count(string(buf[:runtime.Stack(buf, true)]), "bubbletea/v2.(*WatchMsg).Run(")
}

// A program that follows a mailbox with Watch gets each value put in it,
// and no goroutine waits on it between values: the event loop does. A
// second Watch while the first is watched gets its values too, from a
// goroutine of its own. Once done closes, no value is handed on, and no
// goroutine is left.
func TestWatchHoldsNoGoroutine(t *testing.T) {
	p, m, done := startMail(t, false)
	got := func(want int) {
		t.Helper()
		select {
		case v := <-m.got:
			if v != want {
				t.Fatalf("got %d, want %d", v, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%d did not arrive", want)
		}
	}
	for i := range 3 {
		v := i
		m.mail <- &v
		got(i)
	}
	if n := waiters(); n != 0 {
		t.Errorf("%d goroutines wait on the mailbox, want none", n)
	}

	second := make(chan *int, 1)
	p.Send(Watch(second, m.done, func(v *int) Msg { return *v }))
	for range 100 {
		if waiters() == 1 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if n := waiters(); n != 1 {
		t.Errorf("%d goroutines watch a second mailbox, want 1", n)
	}
	v := 5
	m.mail <- &v // the first is still watched
	got(5)
	w := 7
	second <- &w
	got(7)

	close(m.done)
	x := 8
	m.mail <- &x
	select {
	case v := <-m.got:
		t.Errorf("got %d after done closed", v)
	case <-time.After(100 * time.Millisecond):
	}
	if n := waiters(); n != 0 {
		t.Errorf("%d goroutines watch a mailbox after done closed, want none", n)
	}
	p.Quit()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// A value put while the loop is taking the last is taken after it, and
// the loop goes on: it waits on the mailbox again only once it has handled
// the last value's message (with both ready, it hung on handing over the
// second while the first still waited to be handled).
func TestWatchValueWhileTaking(t *testing.T) {
	taking := make(chan int)
	put := make(chan struct{})
	p, m, done := startMail(t, false, func(v int) {
		if v%2 == 0 { // the test puts v+1 meanwhile
			taking <- v
			<-put
		}
	})
	for i := 0; i < 40; i += 2 {
		v := i
		m.mail <- &v
		<-taking
		w := i + 1
		m.mail <- &w
		put <- struct{}{}
		for _, want := range []int{i, i + 1} {
			select {
			case got := <-m.got:
				if got != want {
					t.Fatalf("got %d, want %d", got, want)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("%d did not arrive: the loop hangs", want)
			}
		}
	}
	p.Quit()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// BenchmarkWatch is a value put in a program's mailbox until its model has
// it: watched by the event loop (Watch), or waited for by a command's
// goroutine (upstream's way, which the model returns after each value). cpu-ns/op is
// the process's CPU time (user and system) an op; sec/op is the round
// trip, the next value put as soon as the model has this one (in play they
// come milliseconds apart).
func BenchmarkWatch(b *testing.B) {
	for _, by := range []string{"command", "loop"} {
		b.Run("by="+by, func(b *testing.B) {
			p, m, done := startMail(b, by == "command")
			b.ReportAllocs()
			b.ResetTimer()
			cpu := cpuTime(b)
			for i := range b.N {
				m.mail <- &i
				<-m.got
			}
			b.ReportMetric(float64(cpuTime(b)-cpu)/float64(b.N), "cpu-ns/op")
			b.StopTimer()
			p.Quit()
			<-done
		})
	}
}
