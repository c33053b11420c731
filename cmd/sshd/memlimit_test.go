package main

import (
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
