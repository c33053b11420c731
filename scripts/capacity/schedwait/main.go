// schedwait reads a Go execution trace of the server (its --pprof address,
// /debug/pprof/trace?seconds=N) and says how long goroutines waited to run
// once they could: for each slice of time, the waits' percentiles and
// whether the collector was marking; and for a window, the waits by the
// place each goroutine had blocked in (its stack when it last stopped).
// That is how the tail of issue 22 was found to be the network's readers
// waiting through the collector's marks (docs/capacity.md, "The tail at
// 5,000 players"). A tool for capacity work on loopback; never in CI.
//
//	schedwait [-slice 100ms] [-from 0s -to 10s] [-top 15] TRACE
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"golang.org/x/exp/trace"
)

func main() {
	slice := flag.Duration("slice", 100*time.Millisecond, "length of each row of the table")
	from := flag.Duration("from", 0, "start of the window the places are summed over, from the trace's start")
	to := flag.Duration("to", time.Hour, "end of that window")
	top := flag.Int("top", 15, "places to list")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: schedwait [flags] TRACE")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 || *slice <= 0 {
		flag.Usage()
		os.Exit(2)
	}
	f, err := os.Open(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "schedwait:", err)
		os.Exit(1)
	}
	defer f.Close()
	w, err := read(f, *slice, *from, *to)
	if err != nil {
		fmt.Fprintln(os.Stderr, "schedwait:", err)
		os.Exit(1)
	}
	w.print(os.Stdout, *slice, *top)
}

// waits is what read gathers: the waits of each slice, whether the
// collector marked during it, and the waits in the window by place.
type waits struct {
	rows    [][]time.Duration
	marking []bool
	byPlace map[string][]time.Duration
}

func read(r io.Reader, slice, from, to time.Duration) (*waits, error) {
	tr, err := trace.NewReader(r)
	if err != nil {
		return nil, err
	}
	w := &waits{byPlace: map[string][]time.Duration{}}
	row := func(d time.Duration) int {
		i := int(d / slice)
		for len(w.rows) <= i {
			w.rows = append(w.rows, nil)
			w.marking = append(w.marking, false)
		}
		return i
	}
	var start, markFrom trace.Time
	blockedIn := map[trace.GoID]string{}
	readyAt := map[trace.GoID]trace.Time{}
	for {
		ev, err := tr.ReadEvent()
		if err == io.EOF {
			return w, nil
		}
		if err != nil {
			return nil, err
		}
		if start == 0 {
			start = ev.Time()
		}
		since := time.Duration(ev.Time() - start)
		switch ev.Kind() {
		case trace.EventRangeBegin:
			if ev.Range().Name == "GC concurrent mark phase" {
				markFrom = ev.Time()
			}
		case trace.EventRangeEnd:
			if ev.Range().Name == "GC concurrent mark phase" && markFrom != 0 {
				for i := row(time.Duration(markFrom - start)); i <= row(since); i++ {
					w.marking[i] = true
				}
			}
		case trace.EventStateTransition:
			st := ev.StateTransition()
			if st.Resource.Kind != trace.ResourceGoroutine {
				continue
			}
			id := st.Resource.Goroutine()
			was, now := st.Goroutine()
			switch {
			case was == trace.GoRunning && (now == trace.GoWaiting || now == trace.GoRunnable):
				blockedIn[id] = place(st.Stack)
			case now == trace.GoRunnable && was != trace.GoRunnable:
				readyAt[id] = ev.Time()
			case was == trace.GoRunnable && now == trace.GoRunning:
				at, ok := readyAt[id]
				if !ok {
					continue
				}
				delete(readyAt, id)
				d := time.Duration(ev.Time() - at)
				i := row(since)
				w.rows[i] = append(w.rows[i], d)
				if since >= from && since < to {
					p, ok := blockedIn[id]
					if !ok {
						p = "(stopped before the trace began)"
					}
					w.byPlace[p] = append(w.byPlace[p], d)
				}
			}
		}
	}
}

// place names a stack by its three innermost functions, without paths.
func place(s trace.Stack) string {
	var fns []string
	for f := range s.Frames() {
		fn := f.Func
		if i := strings.LastIndex(fn, "/"); i >= 0 {
			fn = fn[i+1:]
		}
		if fns = append(fns, fn); len(fns) == 3 {
			break
		}
	}
	if len(fns) == 0 {
		return "(no stack: the trace's first sight of it)"
	}
	return strings.Join(fns, " < ")
}

func pct(ds []time.Duration, p float64) float64 {
	if len(ds) == 0 {
		return 0
	}
	return float64(ds[int(p*float64(len(ds)-1))]) / 1e6
}

func (w *waits) print(out io.Writer, slice time.Duration, top int) {
	fmt.Fprintln(out, "from (ms)  mark  runs   wait p50 / p90 / p99 / max (ms)")
	for i, ds := range w.rows {
		slices.Sort(ds)
		mark := ""
		if w.marking[i] {
			mark = "M"
		}
		fmt.Fprintf(out, "%9d  %4s %6d   %.2f / %.1f / %.1f / %.1f\n",
			time.Duration(i)*slice/time.Millisecond, mark, len(ds), pct(ds, .5), pct(ds, .9), pct(ds, .99), pct(ds, 1))
	}
	places := make([]string, 0, len(w.byPlace))
	for p := range w.byPlace {
		places = append(places, p)
	}
	sum := func(ds []time.Duration) (t time.Duration) {
		for _, d := range ds {
			t += d
		}
		return t
	}
	slices.SortFunc(places, func(a, b string) int { return int(sum(w.byPlace[b]) - sum(w.byPlace[a])) })
	fmt.Fprintln(out, "\nin the window, by where the goroutine had stopped (most waiting first):")
	fmt.Fprintln(out, "  runs   mean / p99 wait (ms)  place")
	for i, p := range places {
		if i == top {
			break
		}
		ds := w.byPlace[p]
		slices.Sort(ds)
		fmt.Fprintf(out, "%6d   %7.1f / %7.1f       %s\n", len(ds), float64(sum(ds))/float64(len(ds))/1e6, pct(ds, .99), p)
	}
}
