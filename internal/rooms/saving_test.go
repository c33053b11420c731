package rooms_test

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/rooms"
	"hotels/internal/rooms/roomstest"
	"hotels/internal/store"
)

// simClock is simulated time for a lobby's After and Now: a callback runs
// when the test moves the time to it, never on its own.
type simClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*simTimer
	armed  chan struct{} // a value each time a callback is queued
}

type simTimer struct {
	at      time.Time
	f       func()
	stopped bool
}

func newSimClock() *simClock {
	return &simClock{now: time.Unix(1e9, 0), armed: make(chan struct{}, 1<<16)}
}

func (c *simClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *simClock) After(d time.Duration, f func()) func() bool {
	c.mu.Lock()
	x := &simTimer{at: c.now.Add(d), f: f}
	c.timers = append(c.timers, x)
	c.mu.Unlock()
	c.armed <- struct{}{}
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		was := !x.stopped
		x.stopped = true
		return was
	}
}

// fire moves the time to the earliest callback queued and runs it; it
// reports false if none is queued.
func (c *simClock) fire() bool {
	c.mu.Lock()
	c.timers = slices.DeleteFunc(c.timers, func(x *simTimer) bool { return x.stopped })
	if len(c.timers) == 0 {
		c.mu.Unlock()
		return false
	}
	i := 0
	for j, x := range c.timers {
		if x.at.Before(c.timers[i].at) {
			i = j
		}
	}
	x := c.timers[i]
	c.timers = slices.Delete(c.timers, i, i+1)
	c.now = x.at
	c.mu.Unlock()
	x.f()
	return true
}

// awaitArmed waits until a callback has been queued since the last call.
func (c *simClock) awaitArmed(t *testing.T) {
	t.Helper()
	select {
	case <-c.armed:
	case <-time.After(10 * time.Second):
		t.Fatal("nothing was scheduled")
	}
}

// fullDisk is a journal whose appends fail as SQLite's do when the disk is
// full, while full is set; it counts the appends tried.
type fullDisk struct {
	*journal
	mu      sync.Mutex
	full    bool
	appends int
}

var errFull = errors.New("store: append action 3 to game 1: database or disk is full (13)")

func (d *fullDisk) AppendAction(ctx context.Context, id store.GameID, seq int, lines ...string) error {
	d.mu.Lock()
	d.appends++
	full := d.full
	d.mu.Unlock()
	if full {
		return errFull
	}
	return d.journal.AppendAction(ctx, id, seq, lines...)
}

func (d *fullDisk) set(full bool) (appends int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.full, appends, d.appends = full, d.appends, 0
	return appends
}

// logLines counts log records by level.
type logLines struct {
	mu sync.Mutex
	n  map[slog.Level]int
}

func (h *logLines) Enabled(context.Context, slog.Level) bool { return true }
func (h *logLines) WithAttrs([]slog.Attr) slog.Handler       { return h }
func (h *logLines) WithGroup(string) slog.Handler            { return h }
func (h *logLines) Handle(_ context.Context, r slog.Record) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.n[r.Level]++
	return nil
}

func (h *logLines) count(l slog.Level) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.n[l]
}

// Issue 16: a bot whose move the store refuses (a full disk) tries the same
// move again after 100ms, then twice as long each time up to 30s, and the
// log says once that saving fails and once that it works again, whatever
// the number of attempts. Ten minutes of full disk are simulated.
func TestBotsBackOffOnFullDisk(t *testing.T) {
	ctx := context.Background()
	clk, logs := newSimClock(), &logLines{n: map[slog.Level]int{}}
	disk := &fullDisk{journal: newJournal()}
	l := rooms.NewLobby(rooms.Config{
		Journal: disk, Kinds: []engine.Kind{acquire.Kind}, Grace: time.Minute, BotDelay: roomstest.BotDelay,
		After: clk.After, Now: clk.Now, Log: slog.New(logs),
	})
	defer l.Close("test over")
	r, _ := l.Create(ctx, ann, rooms.Settings{Seats: 2})
	if err := r.AddBot(ctx, ann, ""); err != nil {
		t.Fatal(err)
	}
	if err := r.Start(ctx, ann); err != nil {
		t.Fatal(err)
	}
	ch, stop, _ := r.Subscribe(ctx, ann)
	defer stop()
	// ann plays until the bot is to move.
	var seen uint64 // the version of the last snapshot ann saw
	for {
		s := roomstest.Next(t, ch, func(*rooms.Snapshot) bool { return true })
		if seen = s.Version; s.Turn != s.You {
			break
		}
		if err := r.Act(ctx, ann, roomstest.FirstLegal(s.Game.(*acquire.View))); err != nil && !errors.Is(err, engine.ErrIllegal) {
			t.Fatal(err)
		}
	}
	disk.set(true)
	for len(clk.armed) > 0 {
		<-clk.armed // the bot's move and whatever came before
	}
	start := clk.Now()
	if !clk.fire() { // the bot chooses and tries to save
		t.Fatal("no bot move was scheduled")
	}
	clk.awaitArmed(t) // the attempt failed and a retry is due
	var waits []time.Duration
	last := clk.Now()
	for clk.Now().Sub(start) < 10*time.Minute && len(waits) < 1000 {
		if !clk.fire() {
			t.Fatal("the bot gave up")
		}
		clk.awaitArmed(t)
		waits, last = append(waits, clk.Now().Sub(last)), clk.Now()
	}
	attempts := disk.set(false)
	var want []time.Duration
	for w := 100 * time.Millisecond; len(want) < len(waits); w = min(2*w, 30*time.Second) {
		want = append(want, w)
	}
	if !slices.Equal(waits, want) {
		t.Errorf("waits between attempts = %v\nwant %v", waits, want)
	}
	if attempts != len(waits)+1 || attempts > 30 {
		t.Errorf("%d appends in ten minutes of full disk; want %d, and at most 30", attempts, len(waits)+1)
	}
	if n := logs.count(slog.LevelError); n != 1 {
		t.Errorf("%d ERROR lines for %d failed attempts; want 1", n, attempts)
	}
	// The disk has room again: the next retry saves the move.
	if !clk.fire() {
		t.Fatal("the bot gave up")
	}
	roomstest.Next(t, ch, func(s *rooms.Snapshot) bool { return s.Version > seen }) // a refused move publishes nothing
	if lines, _ := disk.saved(1); len(lines) == 0 || disk.set(false) != 1 {
		t.Errorf("the bot's move was not saved once the disk had room: %q", lines)
	}
	if e, i := logs.count(slog.LevelError), logs.count(slog.LevelInfo); e != 1 || i != 1 {
		t.Errorf("%d ERROR and %d INFO lines once saving works again; want 1 and 1", e, i)
	}
}

// Issue 16: a player who tries again and again while the store refuses
// writes gets ErrSaveFailed each time, and the log has one ERROR when
// saving starts failing, one INFO when it works again, and one more ERROR
// if it fails again: one line per change of state, not per attempt.
func TestSaveFailuresLoggedOncePerChange(t *testing.T) {
	ctx := context.Background()
	logs := &logLines{n: map[slog.Level]int{}}
	disk := &fullDisk{journal: newJournal()}
	l := rooms.NewLobby(rooms.Config{
		Journal: disk, Kinds: []engine.Kind{acquire.Kind}, Grace: time.Minute, BotDelay: roomstest.BotDelay,
		After: (&roomstest.Timers{}).After, Log: slog.New(logs),
	})
	defer l.Close("test over")
	r, _ := l.Create(ctx, ann, rooms.Settings{Seats: 2})
	r.Sit(ctx, bob)
	if err := r.Start(ctx, ann); err != nil {
		t.Fatal(err)
	}
	// due returns who is to move and a legal action of theirs.
	due := func() (rooms.Player, string) {
		s := roomstest.Next(t, subscribe(t, r, ann), func(*rooms.Snapshot) bool { return true })
		p := map[string]rooms.Player{"ann": ann, "bob": bob}[s.Seats[s.Turn].Name]
		s = roomstest.Next(t, subscribe(t, r, p), func(*rooms.Snapshot) bool { return true })
		return p, roomstest.FirstLegal(s.Game.(*acquire.View))
	}
	p, act := due()
	steps := []struct {
		full          bool
		tries         int
		errors, infos int // log lines so far
	}{
		{full: true, tries: 20, errors: 1, infos: 0},
		{full: false, tries: 1, errors: 1, infos: 1},
		{full: true, tries: 20, errors: 2, infos: 1},
	}
	for i, st := range steps {
		disk.set(st.full)
		for range st.tries {
			err := r.Act(ctx, p, act)
			if st.full != errors.Is(err, rooms.ErrSaveFailed) {
				t.Fatalf("step %d: act with the disk full=%v: %v", i, st.full, err)
			}
		}
		if e, in := logs.count(slog.LevelError), logs.count(slog.LevelInfo); e != st.errors || in != st.infos {
			t.Errorf("step %d: %d ERROR and %d INFO lines after %d tries; want %d and %d", i, e, in, st.tries, st.errors, st.infos)
		}
		if !st.full {
			p, act = due()
		}
	}
}

func subscribe(t *testing.T, r *rooms.Room, p rooms.Player) <-chan *rooms.Snapshot {
	t.Helper()
	ch, stop, err := r.Subscribe(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	return ch
}
