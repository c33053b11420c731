package main

import (
	"math"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// series collects latencies (or sizes) from many goroutines.
type series struct {
	mu sync.Mutex
	v  []float64
}

func (s *series) add(x float64) {
	s.mu.Lock()
	s.v = append(s.v, x)
	s.mu.Unlock()
}

func (s *series) addDur(d time.Duration) { s.add(float64(d.Microseconds()) / 1000) }

// summary is a distribution: nearest-rank percentiles.
type summary struct {
	N    int     `json:"n"`
	Mean float64 `json:"mean"`
	P50  float64 `json:"p50"`
	P90  float64 `json:"p90"`
	P99  float64 `json:"p99"`
	Max  float64 `json:"max"`
}

func (s *series) summary() *summary {
	s.mu.Lock()
	v := slices.Clone(s.v)
	s.mu.Unlock()
	if len(v) == 0 {
		return nil
	}
	slices.Sort(v)
	sum := 0.0
	for _, x := range v {
		sum += x
	}
	rank := func(p float64) float64 {
		i := int(math.Ceil(p/100*float64(len(v)))) - 1
		return round(v[min(max(i, 0), len(v)-1)])
	}
	return &summary{N: len(v), Mean: round(sum / float64(len(v))), P50: rank(50), P90: rank(90), P99: rank(99), Max: round(v[len(v)-1])}
}

func round(x float64) float64 { return math.Round(x*1000) / 1000 }

// counter is a set of named counts.
type counter struct {
	mu sync.Mutex
	m  map[string]int
}

func (c *counter) inc(k string) {
	c.mu.Lock()
	if c.m == nil {
		c.m = map[string]int{}
	}
	c.m[k]++
	c.mu.Unlock()
}

func (c *counter) all() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make(map[string]int, len(c.m))
	for k, v := range c.m {
		out[k] = v
	}
	return out
}

// errs keeps the first few distinct error texts.
type errs struct {
	mu    sync.Mutex
	texts []string
	n     int
}

func (e *errs) add(s string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.n++
	if len(e.texts) < 12 && !slices.Contains(e.texts, s) {
		e.texts = append(e.texts, s)
	}
}

// proc is a process's memory and CPU time from /proc (pid 0: this one).
type proc struct {
	ok      bool
	rssKB   int64
	threads int64
	cpu     float64 // user+system seconds
}

func readProc(pid int) proc {
	dir := "/proc/self"
	if pid > 0 {
		dir = "/proc/" + strconv.Itoa(pid)
	}
	var p proc
	status, err := os.ReadFile(dir + "/status")
	if err != nil {
		return p
	}
	for _, line := range strings.Split(string(status), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		f := strings.Fields(v)
		if len(f) == 0 {
			continue
		}
		switch k {
		case "VmRSS":
			p.rssKB, _ = strconv.ParseInt(f[0], 10, 64)
		case "Threads":
			p.threads, _ = strconv.ParseInt(f[0], 10, 64)
		}
	}
	stat, err := os.ReadFile(dir + "/stat")
	if err != nil {
		return p
	}
	// The command name may hold spaces: the fields that matter come after
	// its closing parenthesis; utime and stime are fields 14 and 15, in
	// clock ticks (USER_HZ, 100 on Linux).
	s := string(stat)
	if i := strings.LastIndexByte(s, ')'); i >= 0 {
		f := strings.Fields(s[i+1:])
		if len(f) > 12 {
			u, _ := strconv.ParseFloat(f[11], 64)
			st, _ := strconv.ParseFloat(f[12], 64)
			p.cpu = (u + st) / 100
		}
	}
	p.ok = true
	return p
}

// machineBusy is the CPU seconds all cores have spent on anything but idle
// and I/O wait, from /proc/stat.
func machineBusy() float64 {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0
	}
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line)
	if len(f) < 8 || f[0] != "cpu" {
		return 0
	}
	busy := 0.0
	for i, x := range f[1:8] { // user nice system idle iowait irq softirq
		if i == 3 || i == 4 {
			continue
		}
		n, _ := strconv.ParseFloat(x, 64)
		busy += n
	}
	if len(f) > 8 { // steal
		n, _ := strconv.ParseFloat(f[8], 64)
		busy += n
	}
	return busy / 100
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return ""
	}
	return strings.Join(f[:3], " ")
}

// mark is a moment's CPU counters: the server's, this tool's, the machine's.
type mark struct {
	at                    time.Time
	server, tool, machine float64
	serverRSS             int64
}

func takeMark(pid int) mark {
	m := mark{at: time.Now(), tool: readProc(0).cpu, machine: machineBusy()}
	if pid > 0 {
		p := readProc(pid)
		m.server, m.serverRSS = p.cpu, p.rssKB
	}
	return m
}

// cpuUse is the CPU used between two marks, in % of one core; others is
// what every other process used, in % of the whole machine.
type cpuUse struct {
	Seconds     float64 `json:"s"`
	ServerPct   float64 `json:"server_pct_of_a_core,omitempty"`
	ToolPct     float64 `json:"tool_pct_of_a_core"`
	OthersPct   float64 `json:"other_processes_pct_of_machine"`
	MachinePct  float64 `json:"machine_busy_pct"`
	ServerCPUMs float64 `json:"server_cpu_ms_per_move,omitempty"`
}

func between(a, b mark, moves int) *cpuUse {
	el := b.at.Sub(a.at).Seconds()
	if el <= 0 {
		return nil
	}
	cores := float64(runtime.NumCPU())
	srv, tool, busy := b.server-a.server, b.tool-a.tool, b.machine-a.machine
	u := &cpuUse{
		Seconds:    round(el),
		ServerPct:  round(100 * srv / el),
		ToolPct:    round(100 * tool / el),
		OthersPct:  round(100 * max(0, busy-srv-tool) / (el * cores)),
		MachinePct: round(100 * busy / (el * cores)),
	}
	if moves > 0 {
		u.ServerCPUMs = round(1000 * srv / float64(moves))
	}
	return u
}

// rssPeak samples the server's RSS until stopped.
type rssPeak struct {
	pid  int
	mu   sync.Mutex
	peak int64
	stop chan struct{}
	done chan struct{}
}

func watchRSS(pid int, every time.Duration) *rssPeak {
	r := &rssPeak{pid: pid, stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(r.done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			r.sample()
			select {
			case <-r.stop:
				return
			case <-t.C:
			}
		}
	}()
	return r
}

func (r *rssPeak) sample() {
	p := readProc(r.pid)
	r.mu.Lock()
	r.peak = max(r.peak, p.rssKB)
	r.mu.Unlock()
}

func (r *rssPeak) end() int64 {
	close(r.stop)
	<-r.done
	r.sample()
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.peak
}
