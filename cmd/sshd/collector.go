package main

import (
	"bufio"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

// gcPercent is the collector's GOGC unless the environment sets one. The
// tail of a full server is the collector's mark (every allocating goroutine
// helps it, and the network's readers wait until it ends), so how often a
// mark comes sets how many keys meet one. At 5,000 players on two cores,
// 200 (against Go's 100) took the key→screen p90 from 108 to 3.4 ms; at
// 2,500 Hotel Tycoon players on one core, 300 (against 200) a mark every
// ~40 s instead of ~26 s, the key→screen p99 267 → 81 ms, for 0.27 →
// 0.30 MB a player; 10,000 idle lobby sessions hold 213–236 KB each at
// 300 against 210–214 KB at 200 (docs/capacity.md, "One core, 2,500
// players: fba2bb6 against this afternoon's merge").
const gcPercent = 300

// setCollector sets the collector's GOGC and soft memory limit, each
// unless the environment (getenv) sets it.
func setCollector(getenv func(string) string) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	if getenv("GOMEMLIMIT") == "" {
		if limit := defaultMemoryLimit(); limit > 0 {
			debug.SetMemoryLimit(limit)
		}
	}
}

// memoryLimitShare is the part of the machine's memory (or of the
// container's, where it has a limit) that the server's soft memory limit is
// set to unless GOMEMLIMIT says otherwise. Below it the collector runs at
// gcPercent; near it the collector runs as often as it must to stay under, so a
// server filled with players uses the memory it has instead of running out
// of it. At 400 players with a 350 MiB limit (and GOGC=200): peak RSS 565 →
// 363 MB, a collection every ~6 s instead of ~15 s (docs/capacity.md).
const memoryLimitShare = 0.75

// defaultMemoryLimit returns the soft memory limit for a machine: a share
// of the container's memory limit (cgroup v2 memory.max) if it has one,
// else of the machine's memory (MemTotal in /proc/meminfo). It returns 0 if
// neither can be read.
func defaultMemoryLimit() int64 {
	if b, err := os.ReadFile("/sys/fs/cgroup/memory.max"); err == nil {
		if n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64); err == nil && n > 0 {
			return int64(float64(n) * memoryLimitShare)
		}
	}
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	return int64(float64(memTotal(f)) * memoryLimitShare)
}

// memTotal reads MemTotal, in bytes, from /proc/meminfo's text; 0 if absent.
func memTotal(r io.Reader) int64 {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 3 && f[0] == "MemTotal:" && f[2] == "kB" {
			n, err := strconv.ParseInt(f[1], 10, 64)
			if err == nil && n > 0 {
				return n << 10
			}
		}
	}
	return 0
}
