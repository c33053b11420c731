package room_test

import (
	"context"
	"syscall"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"hotels/internal/engine"
	"hotels/internal/tui/room"
	"hotels/internal/tui/theme"
	"hotels/internal/tui/tuitest"
)

// BenchmarkView draws a game in play at 80×24, for a seat and for a
// watcher: every session in a room draws once per move (docs/capacity.md).
func BenchmarkView(b *testing.B) {
	for _, c := range []struct {
		name string
		seat engine.Seat
	}{{"seat", 0}, {"watcher", engine.Watcher}} {
		b.Run(c.name, func(b *testing.B) {
			m := room.New(context.Background(), tuitest.NewTable(nil), "k3vq", alice, theme.DefaultStyles())
			room.SetClock(&m, func() time.Time { return tuitest.Now })
			m.SetSize(80, 24)
			m, _ = m.Update(room.SnapshotMsg{Snapshot: tuitest.FourSeat(b, "play").Snapshot(c.seat)})
			b.ReportAllocs()
			for b.Loop() {
				_ = m.View()
			}
		})
	}
}

// BenchmarkSnapshot is a session taking a new snapshot of its room, as on
// every move, and drawing it.
func BenchmarkSnapshot(b *testing.B) {
	snap := tuitest.FourSeat(b, "play").Snapshot(0)
	m := room.New(context.Background(), tuitest.NewTable(nil), "k3vq", alice, theme.DefaultStyles())
	room.SetClock(&m, func() time.Time { return tuitest.Now })
	m.SetSize(80, 24)
	b.ReportAllocs()
	for b.Loop() {
		next := *snap
		next.Version++
		snap = &next
		m, _ = m.Update(room.SnapshotMsg{Snapshot: snap})
		_ = m.View()
	}
}

// BenchmarkFrame is what a watcher's screen costs after View on every
// move: a real Bubble Tea program (with the patches in third_party) draws
// frames that alternate between two positions a move apart, parsing each
// into cells and writing what changed. With watchers sharing View
// (rooms.Memo), this is most of what a watcher costs the server per move
// (docs/capacity.md). The program draws at most one frame a frame time, so
// the figure is cpu-µs/frame, the process's CPU time per frame, not ns/op.
func BenchmarkFrame(b *testing.B) {
	var frames [2]string
	for i, mark := range []string{"play", "buy"} {
		m := room.New(context.Background(), tuitest.NewTable(nil), "k3vq", alice, theme.DefaultStyles())
		room.SetClock(&m, func() time.Time { return tuitest.Now })
		m.SetSize(80, 24)
		m, _ = m.Update(room.SnapshotMsg{Snapshot: tuitest.FourSeat(b, mark).Snapshot(engine.Watcher)})
		frames[i] = m.View()
	}
	out := &frameWriter{wrote: make(chan struct{}, 1)}
	p := tea.NewProgram(frameModel(frames[1]), tea.WithInput(nil), tea.WithOutput(out), tea.WithWindowSize(80, 24),
		tea.WithColorProfile(colorprofile.ANSI256), tea.WithEnvironment([]string{"TERM=xterm-256color"}), tea.WithFPS(120))
	done := make(chan struct{})
	go func() { _, _ = p.Run(); close(done) }()
	defer func() { p.Quit(); <-done }()
	<-out.wrote // the first frame
	cpu := cpuTime(b)
	for i := 0; b.Loop(); i++ {
		p.Send(frameModel(frames[i%2]))
		<-out.wrote
	}
	b.ReportMetric(float64(cpuTime(b)-cpu)/float64(b.N)/float64(time.Microsecond), "cpu-µs/frame")
}

// frameModel shows itself, and becomes what it is sent.
type frameModel string

func (m frameModel) Init() tea.Cmd { return nil }

func (m frameModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if f, ok := msg.(frameModel); ok {
		return f, nil
	}
	return m, nil
}

func (m frameModel) View() tea.View {
	v := tea.NewView(string(m))
	v.AltScreen = true
	return v
}

// frameWriter signals each write of the program's output.
type frameWriter struct{ wrote chan struct{} }

func (w *frameWriter) Write(p []byte) (int, error) {
	select {
	case w.wrote <- struct{}{}:
	default:
	}
	return len(p), nil
}

// cpuTime is the CPU time the process has used.
func cpuTime(b *testing.B) time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		b.Fatal(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
