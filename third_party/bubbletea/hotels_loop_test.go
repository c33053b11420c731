package tea

// Tests of Hotels' patch to the event loop (HOTELS.md, change 4).

import (
	"bytes"
	"runtime"
	"strings"
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
