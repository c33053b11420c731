// Package cputime reads the CPU time this process has used, which the
// benchmarks report an op beside ns/op: on a shared machine the wall time
// of an op counts the turns of other processes too, and a benchmark whose
// goroutines wait for one another counts their waits (issue 22).
package cputime

import (
	"syscall"
	"testing"
	"time"
)

// Used returns the CPU time the process has used so far, user and system;
// it fails tb where the system cannot tell.
func Used(tb testing.TB) time.Duration {
	tb.Helper()
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// Report reports the CPU time the process has used since the Used of
// since, an op of b, in units of per (time.Nanosecond, time.Microsecond)
// under the name unit ("cpu-ns/op", "cpu-µs/move").
func Report(b *testing.B, since, per time.Duration, unit string) {
	b.Helper()
	b.ReportMetric(float64(Used(b)-since)/float64(b.N)/float64(per), unit)
}
