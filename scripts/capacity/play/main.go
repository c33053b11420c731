// Command play is a load tool that plays Acquire on a Hotels server through
// real SSH sessions, to measure issue 8's targets for games in play: key to
// screen latency for players who act every couple of seconds, how soon a
// move reaches every opponent's and every watcher's screen, and the bytes
// a viewer receives per move. Each session reads its screen through a vt
// emulator and decides from what the screen says, as a person would. It
// prints one JSON summary on stdout; progress goes to stderr. Loopback load
// tests only: see README.md.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/crypto/ssh"

	"hotels/internal/engine"
	"hotels/internal/games"
)

type config struct {
	Game          string        `json:"game"`
	Addr          string        `json:"addr"`
	addrs         []string      // Addr's servers, one or several (a cluster)
	KeyDir        string        `json:"key_dir"`
	KeyOffset     int           `json:"key_offset"`
	Rooms         int           `json:"rooms"`
	Watchers      int           `json:"watchers"`
	Think         time.Duration `json:"-"`
	IdleKeys      bool          `json:"idle_keys"`
	IdleEvery     time.Duration `json:"-"`
	Duration      time.Duration `json:"-"`
	Rate          float64       `json:"rate_per_s"`
	StartRate     float64       `json:"start_rate_per_s"`
	Conc          int           `json:"max_in_setup"`
	PID           int           `json:"server_pid,omitempty"`
	W, H          int           `json:"-"`
	PTY           string        `json:"pty"`
	Buy           float64       `json:"buy_probability"`
	Bid           float64       `json:"bid_probability"`
	Options       string        `json:"options,omitempty"`
	EndGame       bool          `json:"declare_end"`
	Seed          uint64        `json:"seed"`
	ConnTimeout   time.Duration `json:"-"`
	ScreenTimeout time.Duration `json:"-"`
	KeyTimeout    time.Duration `json:"-"`
	MoveTimeout   time.Duration `json:"-"`
	KeyGap        time.Duration `json:"-"`
	Drain         time.Duration `json:"-"`
	AllowRemote   bool          `json:"-"`
	Label         string        `json:"label,omitempty"`
	Verbose       bool          `json:"-"`
	title         string        // the game's title, as the new-room form shows it
	options       []formOption  // -options, as the form shows them

	// Durations as text, for the report.
	ThinkS     string `json:"think"`
	IdleEveryS string `json:"idle_every"`
	DurationS  string `json:"duration"`
	KeyGapS    string `json:"key_gap"`
}

// addrOf is the server session i connects to: room r's seat s (i = 4r+s)
// the (r+s)th of several, a watcher the ith.
func (c *config) addrOf(i int) string {
	if i < 4*c.Rooms {
		i = i/4 + i%4
	}
	return c.addrs[i%len(c.addrs)]
}

func parseFlags(args []string) (*config, error) {
	c := &config{}
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.StringVar(&c.Game, "game", games.All[0].Name, "the game to play, by its record name ("+strings.Join(games.Names(), ", ")+
		"); the players read "+strings.Join(slices.Sorted(maps.Keys(readers)), ", ")+"'s screen so far")
	fs.StringVar(&c.Addr, "addr", "127.0.0.1:23234",
		"server host:port (loopback only unless -allow-remote); several, comma-separated, for servers sharing one database: room r's seat s connects to the (r+s)th, so that each room has players on several, and watcher w to the wth")
	fs.StringVar(&c.KeyDir, "key-dir", "", "directory of keys id_ed25519_NNNNN with accounts loadNNNNN (scripts/capacity/seed.sh); required")
	fs.IntVar(&c.KeyOffset, "key-offset", 0, "first key to use: session i uses key offset+i (a fresh block avoids seats still held from an earlier run)")
	fs.IntVar(&c.Rooms, "rooms", 1, "four-seat rooms to create and play")
	fs.IntVar(&c.Watchers, "watchers", 0, "extra sessions that watch room 0")
	fs.DurationVar(&c.Think, "think", 2*time.Second, "mean delay before a player answers its decision (uniform 0.5x-1.5x)")
	fs.BoolVar(&c.IdleKeys, "idle-keys", true, "players not to decide press a harmless key (z, then F2 to clear what it said) every -idle-every")
	fs.DurationVar(&c.IdleEvery, "idle-every", 2*time.Second, "mean pause between idle keys (uniform 0.5x-1.5x)")
	fs.DurationVar(&c.Duration, "duration", 60*time.Second, "how long to play once every game has started")
	fs.Float64Var(&c.Rate, "rate", 20, "new sessions a second while setting up")
	fs.Float64Var(&c.StartRate, "start-rate", 20, "games started a second")
	fs.IntVar(&c.Conc, "conc", 32, "sessions in setup at once (connect to first screen)")
	fs.IntVar(&c.PID, "pid", 0, "server PID: sample its RSS and CPU from /proc")
	fs.StringVar(&c.PTY, "pty", "80x24", "terminal size WxH")
	fs.Float64Var(&c.Buy, "buy", 0.5, "chance that a buy adds a share of a chain on the board before enter")
	fs.Float64Var(&c.Bid, "bid", 0.4, "Hotel Tycoon: chance that a bidder bids the least it may (b) while its cash covers it, rather than pass")
	fs.StringVar(&c.Options, "options", "", "the game's options the host sets in the new-room form, key=value separated by commas (Hotel Tycoon: rounds=10 ends a game after 10 rounds)")
	fs.BoolVar(&c.EndGame, "end", false, "declare the end of the game whenever the rules allow (games end sooner)")
	fs.Uint64Var(&c.Seed, "seed", 0, "random seed for the players' choices (0: from the clock)")
	fs.DurationVar(&c.ConnTimeout, "connect-timeout", 30*time.Second, "limit for dial, handshake and session requests")
	fs.DurationVar(&c.ScreenTimeout, "screen-timeout", 30*time.Second, "limit for each screen awaited during setup")
	fs.DurationVar(&c.KeyTimeout, "key-timeout", 5*time.Second, "a key with no screen change within this counts as no_change")
	fs.DurationVar(&c.MoveTimeout, "move-timeout", 15*time.Second, "a move not on the mover's screen within this is given up")
	fs.DurationVar(&c.KeyGap, "key-gap", 150*time.Millisecond, "pause between the keys of one decision (moving over the rack, a share, then enter)")
	fs.DurationVar(&c.Drain, "drain", 3*time.Second, "after play, how long moves on their way may still arrive")
	fs.BoolVar(&c.AllowRemote, "allow-remote", false, "allow a non-loopback -addr")
	fs.StringVar(&c.Label, "label", "", "free text copied into the JSON")
	fs.BoolVar(&c.Verbose, "v", false, "progress and problems on stderr")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `play: play a game (-game, Acquire by default) on a Hotels server through SSH sessions and measure latency and bytes.

Sets up -rooms four-seat rooms (a host creates each from the lobby, three
more join it with `+"`join ROOM`"+`), -watchers sessions watch room 0, the hosts start
the games, then every seat plays from its screen for -duration. Prints one
JSON summary on stdout. See scripts/capacity/play/README.md.

Usage: play -key-dir DIR [flags]
`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if c.KeyDir == "" {
		return nil, fmt.Errorf("-key-dir is required")
	}
	g, ok := games.ByName(c.Game)
	switch {
	case !ok:
		return nil, fmt.Errorf("-game %q: the server hosts %s", c.Game, strings.Join(games.Names(), ", "))
	case !readers[c.Game]:
		return nil, fmt.Errorf("-game %s: the players cannot read %s's screen yet", c.Game, g.Title)
	}
	c.title = g.Title
	for _, kv := range strings.Split(c.Options, ",") {
		if kv = strings.TrimSpace(kv); kv == "" {
			continue
		}
		k, val, _ := strings.Cut(kv, "=")
		i := slices.IndexFunc(g.Options, func(o engine.Option) bool { return o.Key == k })
		if i < 0 || !slices.Contains(g.Options[i].Values, val) {
			return nil, fmt.Errorf("-options %s: the new-room form of %s offers %s", kv, g.Title, formOffers(g.Options))
		}
		c.options = append(c.options, formOption{label: strings.ToUpper(k[:1]) + k[1:], value: val})
	}
	if _, err := fmt.Sscanf(c.PTY, "%dx%d", &c.W, &c.H); err != nil || c.W < 80 || c.H < 24 {
		return nil, fmt.Errorf("-pty %q: want WxH, at least 80x24", c.PTY)
	}
	if c.Rooms < 1 || c.Watchers < 0 || c.Rate <= 0 || c.StartRate <= 0 || c.Conc < 1 {
		return nil, fmt.Errorf("-rooms must be ≥ 1, -watchers ≥ 0, -rate, -start-rate and -conc > 0")
	}
	c.addrs = strings.Split(c.Addr, ",")
	for _, a := range c.addrs {
		host, _, err := net.SplitHostPort(a)
		if err != nil {
			return nil, fmt.Errorf("-addr %q: %w", a, err)
		}
		ip := net.ParseIP(host)
		if !c.AllowRemote && host != "localhost" && (ip == nil || !ip.IsLoopback()) {
			return nil, fmt.Errorf("-addr %s is not a loopback address (use -allow-remote for your own test server)", a)
		}
	}
	if c.Seed == 0 {
		c.Seed = uint64(time.Now().UnixNano())
	}
	c.ThinkS, c.IdleEveryS, c.DurationS, c.KeyGapS = c.Think.String(), c.IdleEvery.String(), c.Duration.String(), c.KeyGap.String()
	return c, nil
}

// formOffers lists the options' values as the form offers them.
func formOffers(opts []engine.Option) string {
	var out []string
	for _, o := range opts {
		out = append(out, o.Key+"="+strings.Join(o.Values, "|"))
	}
	if len(out) == 0 {
		return "no options"
	}
	return strings.Join(out, ", ")
}

func main() {
	cfg, err := parseFlags(os.Args[1:])
	if err == flag.ErrHelp {
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "play:", err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	r := &runner{cfg: cfg, stats: &stats{}}
	rep, err := r.run(ctx)
	if err != nil {
		fmt.Fprintln(os.Stderr, "play:", err)
		if rep == nil {
			os.Exit(1)
		}
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	_ = enc.Encode(rep)
	if err != nil {
		os.Exit(1)
	}
}

// runner is one run: setup, start, play, report.
type runner struct {
	cfg     *config
	stats   *stats
	signers []ssh.Signer
	rooms   []*room
	limit   *limiter
	sem     chan struct{}
	begin   time.Time

	mu    sync.Mutex
	terms []*term // every session opened, to close at the end

	playersOK, playersFailed   int
	watchersOK, watchersFailed int
	setupErrs                  errs
}

func (r *runner) logf(format string, args ...any) {
	if r.cfg.Verbose {
		fmt.Fprintf(os.Stderr, "%7.2fs "+format+"\n", append([]any{time.Since(r.begin).Seconds()}, args...)...)
	}
}

func (r *runner) loadKeys() error {
	n := 4*r.cfg.Rooms + r.cfg.Watchers
	r.signers = make([]ssh.Signer, n)
	for i := range n {
		path := filepath.Join(r.cfg.KeyDir, fmt.Sprintf("id_ed25519_%05d", r.cfg.KeyOffset+i))
		b, err := os.ReadFile(path)
		if err != nil {
			return fmt.Errorf("%w (make keys and accounts with scripts/capacity/seed.sh %s %d DB)", err, r.cfg.KeyDir, r.cfg.KeyOffset+n)
		}
		if r.signers[i], err = ssh.ParsePrivateKey(b); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	return nil
}

func accountName(i int) string { return fmt.Sprintf("load%05d", i) }

// limiter spaces events at most rate a second.
type limiter struct {
	mu    sync.Mutex
	every time.Duration
	next  time.Time
}

func newLimiter(rate float64) *limiter {
	return &limiter{every: time.Duration(float64(time.Second) / rate)}
}

func (l *limiter) wait(ctx context.Context) error {
	l.mu.Lock()
	now := time.Now()
	at := l.next
	if at.Before(now) {
		at = now
	}
	l.next = at.Add(l.every)
	l.mu.Unlock()
	t := time.NewTimer(time.Until(at))
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// open connects session i (key offset+i) with cmd and waits for its first
// screen.
func (r *runner) open(ctx context.Context, i int, cmd string) (*term, error) {
	if err := r.limit.wait(ctx); err != nil {
		return nil, err
	}
	select {
	case r.sem <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-r.sem }()
	k := r.cfg.KeyOffset + i
	t, err := dialTerm(ctx, r.cfg.addrOf(i), r.signers[i], accountName(k), k, r.cfg.W, r.cfg.H, cmd, r.cfg.ConnTimeout, &r.stats.chunkCost)
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	r.terms = append(r.terms, t)
	r.mu.Unlock()
	if _, err := t.waitFor(ctx, r.cfg.ScreenTimeout, func(v *view) bool { return strings.TrimSpace(strings.Join(v.lines, "")) != "" }); err != nil {
		return t, fmt.Errorf("first screen: %w", err)
	}
	return t, nil
}

// setupRoom has its host create the room from the lobby's new-room form
// (defaults: modern rules, four seats, no clock, not private, unranked),
// then the three others join it by id.
func (r *runner) setupRoom(ctx context.Context, rm *room, first int) error {
	cfg := r.cfg
	host, err := r.open(ctx, first, "")
	if host != nil {
		rm.players = append(rm.players, host)
	}
	if err != nil {
		return fmt.Errorf("host %s: %w", accountName(cfg.KeyOffset+first), err)
	}
	v, err := host.waitFor(ctx, cfg.ScreenTimeout, func(v *view) bool {
		return (v.lobby() && v.has("online")) || v.roomID() != ""
	})
	if err != nil {
		return fmt.Errorf("host %s: lobby: %w; screen: %s", host.name, err, screenText(v))
	}
	if !v.lobby() {
		return fmt.Errorf("host %s landed in room %s, not the lobby: the account still has a seat there (an earlier run?); wait for the server's --grace to pass, or use another -key-offset", host.name, v.roomID())
	}
	if err := host.write([]byte("n")); err != nil {
		return err
	}
	// The form starts with the game when the server hosts several: → goes
	// through them until the form is the game's. Only the form's title
	// tells that a key was read: the lobby's count of who is online may
	// change the screen meanwhile.
	form := "New " + cfg.title + " room"
	if v, err = host.waitFor(ctx, cfg.ScreenTimeout, func(v *view) bool { return v.has("New ") && v.has(" room") }); err != nil {
		return fmt.Errorf("host %s: new-room form: %w; screen: %s", host.name, err, screenText(v))
	}
	for range games.All {
		if v.has(form) || !v.has("Game ") {
			break
		}
		was := formTitle(v)
		if err := host.write([]byte(keyRight)); err != nil {
			return err
		}
		if v, err = host.waitFor(ctx, cfg.KeyTimeout, func(w *view) bool { return formTitle(w) != was }); err != nil {
			return fmt.Errorf("host %s: choosing %s in the new-room form: %w", host.name, cfg.title, err)
		}
	}
	if !v.has(form) {
		return fmt.Errorf("host %s: the new-room form never offered %s; screen: %s", host.name, cfg.title, screenText(v))
	}
	for _, o := range cfg.options {
		if v, err = r.setOption(ctx, host, v, o); err != nil {
			return fmt.Errorf("host %s: option %s=%s: %w; screen: %s", host.name, o.label, o.value, err, screenText(v))
		}
	}
	if err := host.write([]byte(keyEnter)); err != nil {
		return err
	}
	v, err = host.waitFor(ctx, cfg.ScreenTimeout, func(v *view) bool {
		_, _, ok := v.waiting()
		return ok && v.roomID() != ""
	})
	if err != nil {
		return fmt.Errorf("host %s: create room: %w; screen: %s", host.name, err, screenText(v))
	}
	rm.id = v.roomID()
	r.logf("room %d is %s (host %s)", rm.index, rm.id, host.name)

	var wg sync.WaitGroup
	joined := make([]*term, 3)
	jerr := make([]error, 3)
	for j := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t, err := r.open(ctx, first+1+j, "join "+rm.id)
			joined[j] = t
			if err != nil {
				jerr[j] = err
				return
			}
			v, err := t.waitFor(ctx, cfg.ScreenTimeout, func(v *view) bool {
				// The session starts in the lobby ("Loading the rooms...")
				// and enters the room once the seat is taken; a refusal
				// shows in the lobby's status line.
				return v.has("The host starts the game once every seat is filled") || v.has("You are watching") ||
					v.has("Could not enter") || v.has("There is no room") || v.has("Room "+rm.id+":")
			})
			if err == nil && !v.has("The host starts the game") {
				err = fmt.Errorf("not seated")
			}
			if err != nil {
				jerr[j] = fmt.Errorf("%s join %s: %w; screen: %s", t.name, rm.id, err, screenText(v))
			}
		}()
	}
	wg.Wait()
	for j := range 3 {
		if joined[j] != nil {
			rm.players = append(rm.players, joined[j])
		}
	}
	for _, err := range jerr {
		if err != nil {
			return err
		}
	}
	return nil
}

// formTitle is the new-room form's title line, "New Acquire room".
func formTitle(v *view) string {
	for _, l := range v.lines {
		if strings.HasPrefix(l, "New ") && strings.HasSuffix(l, " room") {
			return l
		}
	}
	return ""
}

// formOption is an option the host sets: the form's label for its key,
// and the value.
type formOption struct{ label, value string }

// formLineRe: a new-room form field, "> Rounds     ‹ 10 ›" when focused.
var formLineRe = regexp.MustCompile(`^(> |  )(\S+) +‹ (.*) ›`)

// setOption moves the form's focus down to o's field, then its value right
// until it is o's; v is the form as last seen.
func (r *runner) setOption(ctx context.Context, host *term, v *view, o formOption) (*view, error) {
	focused := func(v *view) (label, value string) {
		for _, l := range v.lines {
			if m := formLineRe.FindStringSubmatch(l); m != nil && m[1] == "> " {
				return m[2], m[3]
			}
		}
		return "", ""
	}
	for range 100 { // fields and values together: far fewer
		label, value := focused(v)
		if label == o.label && value == o.value {
			return v, nil
		}
		k := keyDown
		if label == o.label {
			k = keyRight
		}
		if err := host.write([]byte(k)); err != nil {
			return v, err
		}
		var err error
		if v, err = host.waitFor(ctx, r.cfg.KeyTimeout, func(w *view) bool {
			l, val := focused(w)
			return l != label || val != value
		}); err != nil {
			return v, err
		}
	}
	return v, fmt.Errorf("not reached in the form")
}

// startRoom has the host start the game once every seat is taken, and
// waits for every seat's screen to show it.
func (r *runner) startRoom(ctx context.Context, rm *room, lim *limiter) error {
	cfg := r.cfg
	host := rm.players[0]
	v, err := host.waitFor(ctx, cfg.ScreenTimeout, func(v *view) bool {
		taken, seats, ok := v.waiting()
		return ok && taken == seats
	})
	if err != nil {
		return fmt.Errorf("room %s: seats not filled: %w; screen: %s", rm.id, err, screenText(v))
	}
	if err := lim.wait(ctx); err != nil {
		return err
	}
	if err := host.write([]byte("s")); err != nil {
		return err
	}
	for _, t := range rm.players {
		if v, err := t.waitFor(ctx, cfg.ScreenTimeout, func(v *view) bool { return v.game() || v.over() }); err != nil {
			return fmt.Errorf("room %s: %s: no game screen: %w; screen: %s", rm.id, t.name, err, screenText(v))
		}
	}
	return nil
}

func (r *runner) run(ctx context.Context) (*report, error) {
	cfg := r.cfg
	r.begin = time.Now()
	rep := &report{Config: cfg, LoadBefore: loadavg(), Started: r.begin.UTC().Format(time.RFC3339)}
	if err := r.loadKeys(); err != nil {
		return nil, err
	}
	r.limit = newLimiter(cfg.Rate)
	r.sem = make(chan struct{}, cfg.Conc)
	defer r.closeAll()

	setupMark := takeMark(cfg.PID)
	// Setup: every room in parallel (bounded by -rate and -conc); watchers
	// once room 0 has its id.
	r.rooms = make([]*room, cfg.Rooms)
	room0 := make(chan string, 1)
	var wg sync.WaitGroup
	var mu sync.Mutex
	for i := range cfg.Rooms {
		rm := &room{index: i}
		r.rooms[i] = rm
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := r.setupRoom(ctx, rm, 4*i)
			if i == 0 && cfg.Watchers > 0 {
				room0 <- rm.id
			}
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				r.setupErrs.add(err.Error())
				r.logf("room %d: %v", i, err)
				r.playersFailed += 4 - len(rm.players)
				for _, t := range rm.players { // a room with a failed seat is not played
					r.playersFailed++
					t.close()
				}
				rm.players = nil
				return
			}
			rm.ok = true
			r.playersOK += 4
		}()
	}
	var watchers []*term
	if cfg.Watchers > 0 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := <-room0
			if id == "" {
				mu.Lock()
				r.watchersFailed += cfg.Watchers
				mu.Unlock()
				return
			}
			var ww sync.WaitGroup
			for j := range cfg.Watchers {
				ww.Add(1)
				go func() {
					defer ww.Done()
					t, err := r.open(ctx, 4*cfg.Rooms+j, "watch "+id)
					var v *view
					if err == nil {
						v, err = t.waitFor(ctx, cfg.ScreenTimeout, func(v *view) bool {
							return v.has("You are watching") || v.has("watching ·")
						})
						if err != nil {
							err = fmt.Errorf("%s watch %s: %w; screen: %s", t.name, id, err, screenText(v))
						}
					}
					mu.Lock()
					defer mu.Unlock()
					if err != nil {
						r.setupErrs.add(err.Error())
						r.watchersFailed++
						if t != nil {
							t.close()
						}
						return
					}
					r.watchersOK++
					watchers = append(watchers, t)
				}()
			}
			ww.Wait()
		}()
	}
	wg.Wait()
	setupEnd := takeMark(cfg.PID)
	rep.SetupS = round(setupEnd.at.Sub(setupMark.at).Seconds())
	rep.SetupCPU = between(setupMark, setupEnd, 0)
	r.logf("setup done in %.1fs: players %d ok, %d failed; watchers %d ok, %d failed",
		rep.SetupS, r.playersOK, r.playersFailed, r.watchersOK, r.watchersFailed)
	if ctx.Err() != nil {
		return r.finish(rep, nil), ctx.Err()
	}

	// Start every game, then wait for the watchers to see room 0's.
	startAt := time.Now()
	lim := newLimiter(cfg.StartRate)
	for _, rm := range r.rooms {
		if !rm.ok {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := r.startRoom(ctx, rm, lim); err != nil {
				r.setupErrs.add(err.Error())
				r.logf("%v", err)
				mu.Lock()
				rm.ok = false
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(r.rooms) > 0 && r.rooms[0].ok {
		r.rooms[0].watchers = watchers
		for _, t := range watchers {
			if v, err := t.waitFor(ctx, cfg.ScreenTimeout, func(v *view) bool { return v.game() || v.over() }); err != nil {
				r.setupErrs.add(fmt.Sprintf("%s: watcher sees no game: %v; screen: %s", t.name, err, screenText(v)))
			}
		}
	}
	rep.StartS = round(time.Since(startAt).Seconds())
	var played []*room
	for _, rm := range r.rooms {
		if rm.ok {
			played = append(played, rm)
		}
	}
	r.logf("%d games started in %.1fs", len(played), rep.StartS)
	if len(played) == 0 {
		return r.finish(rep, nil), fmt.Errorf("no room could be set up and started")
	}
	if ctx.Err() != nil {
		return r.finish(rep, played), ctx.Err()
	}

	// Play.
	time.Sleep(500 * time.Millisecond) // the start's last frames
	for _, rm := range played {
		for _, t := range append(append([]*term(nil), rm.players...), rm.watchers...) {
			t.base = t.rx.Load()
		}
	}
	rep.LoadPlayStart = loadavg()
	playMark := takeMark(cfg.PID)
	var peak *rssPeak
	if cfg.PID > 0 {
		peak = watchRSS(cfg.PID, 250*time.Millisecond)
	}
	playCtx, cancel := context.WithTimeout(ctx, cfg.Duration)
	defer cancel()
	rng := rand.New(rand.NewPCG(cfg.Seed, 1))
	var pw sync.WaitGroup
	for _, rm := range played {
		for _, t := range rm.players {
			p := &player{run: r, t: t, room: rm, rng: rand.New(rand.NewPCG(rng.Uint64(), rng.Uint64()))}
			pw.Add(1)
			go func() {
				defer pw.Done()
				p.loop(playCtx)
			}()
		}
	}
	stopProgress := r.progress(played)
	pw.Wait()
	playedFor := time.Since(playMark.at)
	stopProgress()

	// Drain: moves already sent may still be on their way to some screens.
	deadline := time.Now().Add(cfg.Drain)
	for time.Now().Before(deadline) && r.pending(played) > 0 {
		time.Sleep(50 * time.Millisecond)
	}
	now := time.Now()
	for _, rm := range played {
		for _, vw := range rm.viewers(nil) {
			if w := vw.t.takeMove(); w != nil {
				r.stats.gaveUp(w, now, false)
			}
		}
	}
	endMark := takeMark(cfg.PID)
	for _, rm := range played {
		for _, vw := range rm.viewers(nil) {
			if vw.t.ended() {
				rep.Sessions.EndedDuringPlay++
			}
		}
	}
	if cfg.Verbose {
		rm := played[0]
		for _, t := range append(append([]*term(nil), rm.players...), rm.watchers...) {
			fmt.Fprintf(os.Stderr, "--- %s, room %s\n%s\n", t.name, rm.id, strings.Join(t.view().lines, "\n"))
			if len(rm.watchers) > 0 && t == rm.watchers[0] {
				break
			}
		}
	}
	rep.LoadAfter = loadavg()
	rep.PlayS = round(playedFor.Seconds())
	rep.MeasuredS = round(endMark.at.Sub(playMark.at).Seconds())
	rep = r.finish(rep, played)
	rep.PlayCPU = between(playMark, endMark, rep.Moves.Total)
	if cfg.PID > 0 {
		rep.Server = &serverMem{RSSStartKB: playMark.serverRSS, RSSPeakKB: peak.end(), RSSEndKB: endMark.serverRSS, Threads: readProc(cfg.PID).threads}
	}
	return rep, ctx.Err()
}

// pending counts the screens a sent move has not reached yet.
func (r *runner) pending(played []*room) int {
	n := 0
	for _, rm := range played {
		for _, vw := range rm.viewers(nil) {
			if vw.t.pendingMove() != nil {
				n++
			}
		}
	}
	return n
}

// progress prints the moves so far every 5 s with -v.
func (r *runner) progress(played []*room) func() {
	if !r.cfg.Verbose {
		return func() {}
	}
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(5 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
			}
			moves, over := 0, 0
			for _, rm := range played {
				m, _, o, _ := rm.counts()
				moves += m
				if o {
					over++
				}
			}
			s := r.stats
			r.logf("moves %d (games over %d); key→screen %s; move→opponent %s; move→watcher %s",
				moves, over, brief(s.keyAll.summary()), brief(s.moveOpp.summary()), brief(s.moveWatch.summary()))
		}
	}()
	return func() { close(stop); <-done }
}

func brief(s *summary) string {
	if s == nil {
		return "-"
	}
	return fmt.Sprintf("n=%d p50=%.1f p99=%.1f ms", s.N, s.P50, s.P99)
}

func (r *runner) closeAll() {
	r.mu.Lock()
	terms := r.terms
	r.mu.Unlock()
	var wg sync.WaitGroup
	for _, t := range terms {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t.close()
		}()
	}
	wg.Wait()
}

// report is the JSON summary.
type report struct {
	Config        *config `json:"config"`
	Started       string  `json:"started"`
	LoadBefore    string  `json:"loadavg_before"`
	LoadPlayStart string  `json:"loadavg_play_start,omitempty"`
	LoadAfter     string  `json:"loadavg_after,omitempty"`

	Sessions struct {
		PlayersOK      int `json:"players_ok"`
		PlayersFailed  int `json:"players_failed"`
		WatchersOK     int `json:"watchers_ok"`
		WatchersFailed int `json:"watchers_failed"`
		// EndedDuringPlay counts sessions of played rooms whose output
		// ended before the tool closed them (the server dropped them).
		EndedDuringPlay int      `json:"ended_during_play"`
		Errors          []string `json:"errors,omitempty"`
	} `json:"sessions"`
	RoomsPlayed int     `json:"rooms_played"`
	GamesOver   int     `json:"games_over"`
	SetupS      float64 `json:"setup_s"`
	SetupCPU    *cpuUse `json:"setup_cpu,omitempty"`
	StartS      float64 `json:"start_s"`
	PlayS       float64 `json:"play_s"`
	MeasuredS   float64 `json:"measured_s"`

	KeyToScreen struct {
		All      *summary       `json:"all_ms"`
		Decision *summary       `json:"decision_keys_ms"`
		Idle     *summary       `json:"idle_keys_ms"`
		Failed   map[string]int `json:"failed,omitempty"`
		// IdleOnOwnTurn counts idle keys sent just as the turn came to
		// the player, which the screen rightly does not answer: not failed.
		IdleOnOwnTurn int64 `json:"idle_key_on_own_turn,omitempty"`
	} `json:"key_to_screen"`
	MoveToSelf     *summary  `json:"move_to_own_screen_ms"`
	MoveToOpponent moveReach `json:"move_to_opponent"`
	MoveToWatcher  moveReach `json:"move_to_watcher"`

	Moves struct {
		Total   int            `json:"total"`
		PerS    float64        `json:"per_s"`
		ByPhase map[string]int `json:"by_decision"`
		// AuctionsSeen counts Hotel Tycoon's auctions the hosts' screens
		// showed.
		AuctionsSeen int            `json:"auctions_seen,omitempty"`
		Events       map[string]int `json:"problems,omitempty"`
	} `json:"moves"`
	Bytes struct {
		Players             int64    `json:"players_total"`
		Watchers            int64    `json:"watchers_total"`
		PerPlayerPerMove    float64  `json:"per_player_per_move"`
		PerWatcherPerMove   float64  `json:"per_watcher_per_move,omitempty"`
		Room0Moves          int      `json:"room0_moves"`
		MoveFrameToOpponent *summary `json:"move_frame_to_opponent"`
		MoveFrameToWatcher  *summary `json:"move_frame_to_watcher,omitempty"`
		PlayersIncludeIdle  bool     `json:"players_include_idle_key_redraws"`
	} `json:"bytes"`
	PlayCPU *cpuUse    `json:"play_cpu,omitempty"`
	Server  *serverMem `json:"server,omitempty"`
	Tool    struct {
		RSSKB      int64 `json:"rss_kb"`
		Goroutines int   `json:"goroutines"`
		// ChunkUS: the tool's own work on each chunk a session receives
		// (the emulator, then the watches), in µs. It runs after the
		// arrival time is taken, but on a busy machine it competes with
		// the server and with other sessions' readers.
		ChunkUS *summary `json:"chunk_us"`
	} `json:"tool"`
}

type moveReach struct {
	// Latency: one sample per move and screen.
	Latency *summary `json:"latency_ms"`
	// Every: one sample per move, the time until the last of its
	// opponents (watchers) showed it.
	Every *summary `json:"every_screen_ms"`
	// Late: the room's next move was sent before this screen showed the
	// move; counted in the latency as the time until then (a lower bound).
	Late int64 `json:"late"`
	// Unseen: not shown by the end of the drain; counted likewise.
	Unseen int64 `json:"unseen"`
}

type serverMem struct {
	RSSStartKB int64 `json:"rss_play_start_kb"`
	RSSPeakKB  int64 `json:"rss_peak_kb"`
	RSSEndKB   int64 `json:"rss_end_kb"`
	Threads    int64 `json:"threads"`
}

// finish fills in the report from the counters.
func (r *runner) finish(rep *report, played []*room) *report {
	s := r.stats
	rep.Sessions.PlayersOK, rep.Sessions.PlayersFailed = r.playersOK, r.playersFailed
	rep.Sessions.WatchersOK, rep.Sessions.WatchersFailed = r.watchersOK, r.watchersFailed
	rep.Sessions.Errors = r.setupErrs.texts
	rep.RoomsPlayed = len(played)
	rep.KeyToScreen.All = s.keyAll.summary()
	rep.KeyToScreen.Decision = s.keyDecision.summary()
	rep.KeyToScreen.Idle = s.keyIdle.summary()
	rep.KeyToScreen.Failed = s.keyFail.all()
	rep.KeyToScreen.IdleOnOwnTurn = s.idleOnTurn.Load()
	rep.MoveToSelf = s.moveSelf.summary()
	rep.MoveToOpponent = moveReach{Latency: s.moveOpp.summary(), Every: s.everyOpp.summary(), Late: s.lateOpp.Load(), Unseen: s.unseenOpp.Load()}
	rep.MoveToWatcher = moveReach{Latency: s.moveWatch.summary(), Every: s.everyWatch.summary(), Late: s.lateWatch.Load(), Unseen: s.unseenWatch.Load()}
	rep.Moves.ByPhase = map[string]int{}
	var seatMoves int // Σ moves × seats
	for _, rm := range played {
		m, by, over, auctions := rm.counts()
		rep.Moves.Total += m
		rep.Moves.AuctionsSeen += auctions
		for k, v := range by {
			rep.Moves.ByPhase[k] += v
		}
		if over {
			rep.GamesOver++
		}
		seatMoves += m * len(rm.players)
		for _, t := range rm.players {
			rep.Bytes.Players += t.rx.Load() - t.base
		}
		for _, t := range rm.watchers {
			rep.Bytes.Watchers += t.rx.Load() - t.base
		}
		if rm.index == 0 {
			rep.Bytes.Room0Moves = m
			if len(rm.watchers) > 0 && m > 0 {
				rep.Bytes.PerWatcherPerMove = round(float64(rep.Bytes.Watchers) / float64(m*len(rm.watchers)))
			}
		}
	}
	if seatMoves > 0 {
		rep.Bytes.PerPlayerPerMove = round(float64(rep.Bytes.Players) / float64(seatMoves))
	}
	rep.Bytes.MoveFrameToOpponent = s.frameOpp.summary()
	rep.Bytes.MoveFrameToWatcher = s.frameWatch.summary()
	rep.Bytes.PlayersIncludeIdle = r.cfg.IdleKeys
	rep.Moves.Events = s.events.all()
	if rep.PlayS > 0 {
		rep.Moves.PerS = round(float64(rep.Moves.Total) / rep.PlayS)
	}
	rep.Tool.RSSKB = readProc(0).rssKB
	rep.Tool.Goroutines = runtime.NumGoroutine()
	rep.Tool.ChunkUS = s.chunkCost.summary()
	return rep
}
