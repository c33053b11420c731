package main

import (
	"math"
	"runtime/debug"
	"strings"
	"testing"
)

func TestMemTotal(t *testing.T) {
	for _, c := range []struct {
		text string
		want int64
	}{
		{"MemTotal:       24731708 kB\nMemFree:        15010000 kB\n", 24731708 << 10},
		{"MemFree:        15010000 kB\nMemTotal: 1024 kB\n", 1 << 20},
		{"MemFree:        15010000 kB\n", 0},
		{"MemTotal: lots kB\n", 0},
		{"MemTotal: 1024 MB\n", 0},
		{"", 0},
	} {
		if got := memTotal(strings.NewReader(c.text)); got != c.want {
			t.Errorf("memTotal(%q) = %d, want %d", c.text, got, c.want)
		}
	}
}

// The server's GOGC and memory limit apply unless the environment names
// its own, which the runtime has already taken.
func TestSetCollector(t *testing.T) {
	before, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(-1)
	defer func() {
		debug.SetGCPercent(before)
		debug.SetMemoryLimit(limit)
	}()
	debug.SetMemoryLimit(math.MaxInt64)
	setCollector(func(string) string { return "" })
	if got := debug.SetGCPercent(100); got != gcPercent {
		t.Errorf("GOGC %d with none in the environment, want %d", got, gcPercent)
	}
	if got := debug.SetMemoryLimit(-1); got == math.MaxInt64 && defaultMemoryLimit() > 0 {
		t.Errorf("no memory limit set with none in the environment")
	}

	debug.SetMemoryLimit(math.MaxInt64)
	setCollector(func(k string) string { return map[string]string{"GOGC": "50", "GOMEMLIMIT": "1GiB"}[k] })
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GOGC %d with the environment's, want it left (100)", got)
	}
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("memory limit %d with the environment's, want it left", got)
	}
}
