package room_test

import (
	"testing"
	"time"

	"hotels/internal/cputime"
	"hotels/internal/tui/tuitest"
)

// BenchmarkSeatFrame is a player's frames through a real Bubble Tea
// program, as BenchmarkFrame a watcher's: "status" alternates between the
// screen and the same with a stray key's word in the status line (the idle
// key of scripts/capacity/play, most of a player's frames), "move" between
// two positions a move apart. cpu-µs/frame is the process's CPU time a
// frame, B/frame what the terminal is sent (docs/capacity.md).
func BenchmarkSeatFrame(b *testing.B) {
	m, _ := open(b, tuitest.FourSeat(b, "play").Snapshot(0), 80, 24)
	buy, _ := open(b, tuitest.FourSeat(b, "buy").Snapshot(0), 80, 24)
	for _, c := range []struct {
		name   string
		frames [2]string
	}{
		{"status", [2]string{press(m, "esc").View(), press(m, "esc z").View()}},
		{"move", [2]string{m.View(), buy.View()}},
	} {
		b.Run(c.name, func(b *testing.B) {
			wrote := tuitest.NewCounter()
			p := tuitest.Program(b, tuitest.Frame(c.frames[1]), wrote, 80, 24)
			<-wrote.Signal // the first frame
			sent, cpu := wrote.N.Load(), cputime.Used(b)
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				p.Send(tuitest.Frame(c.frames[i%2]))
				<-wrote.Signal
			}
			cputime.Report(b, cpu, time.Microsecond, "cpu-µs/frame")
			b.ReportMetric(float64(wrote.N.Load()-sent)/float64(b.N), "B/frame")
		})
	}
}
