package rooms

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"hotels/internal/engine"
	"hotels/internal/mailbox"
	"hotels/internal/rate"
	"hotels/internal/sanitize"
	"hotels/internal/saved"
)

// Player is a person at the server: their account and display name.
type Player struct {
	ID   saved.AccountID
	Name string
	// Bot marks a bot account (issue 24), shown as such at the table and
	// kept out of the ranked queue.
	Bot bool `json:",omitempty"`
}

// Journal is what rooms need of the store.
type Journal interface {
	CreateGame(ctx context.Context, g saved.NewGame) (saved.GameID, error)
	// AppendAction journals actions seq, seq+1, ... of game id, one a
	// line, all or none (store.Store.AppendAction).
	AppendAction(ctx context.Context, id saved.GameID, seq int, lines ...string) error
	ActionsAfter(ctx context.Context, id saved.GameID, seq int) ([]string, error)
	FinishGame(ctx context.Context, id saved.GameID, result string, seats []saved.Outcome) error
	AbortGame(ctx context.Context, id saved.GameID, reason string) error
	RemovePlayer(ctx context.Context, id saved.GameID, seat int) error
	SaveWaitingRoom(ctx context.Context, w saved.WaitingRoom) error
	DropWaitingRoom(ctx context.Context, id string) error
	// PlayingRoom returns the room of the game in play where account has
	// a seat, on any node, or saved.ErrNotFound (see playingElsewhere).
	PlayingRoom(ctx context.Context, account saved.AccountID) (string, error)
}

// Config configures a Lobby.
type Config struct {
	Journal Journal
	Kinds   []engine.Kind // the games hosted; the first is the default
	// Grace is how long a dropped player's seat is held (default 2m).
	Grace time.Duration
	// BotDelay paces bot moves so that people can follow them (default 700ms).
	BotDelay time.Duration
	// Ratings keeps ranked play's ratings; nil means no ranked play.
	Ratings Ratings
	// Matching tunes the ranked queue (DefaultMatching if zero).
	Matching Matching
	// Bots makes a bot of a game (a Kind's name) at a level; nil plays
	// random moves at every level.
	Bots func(game, level string) (Bot, error)
	// BotLevels lists the levels of a game's bots a host may seat, weakest
	// first ("random" alone when Bots is nil).
	BotLevels func(game string) []string
	// Autopilot is the level that plays for absent players, and for bots
	// seated without a level, in every game that has it; a game without it
	// uses its middle level.
	Autopilot string
	// ActionRate bounds how often each player may act in a game, so that
	// a scripted client cannot flood a room or the journal; zero for no
	// limit (the server passes its --action-rate).
	ActionRate rate.Limit
	// IntentRate bounds how often each player may do anything else in the
	// lobby and the rooms (see allow); zero for no limit (the server
	// passes DefaultIntentRate).
	IntentRate rate.Limit
	// MissRate bounds the failed look-ups (a room or a game that is not
	// there, or that the player may not reach) of each account and each
	// address (see Find); zero for no limit (the server passes
	// DefaultMissRate).
	MissRate rate.Limit
	// After runs f after d, like time.AfterFunc, and Now is the time;
	// tests replace both.
	After func(d time.Duration, f func()) (stop func() bool)
	Now   func() time.Time
	Log   *slog.Logger
}

// Errors a player may see; the TUI words them.
var (
	ErrNoRoom       = errors.New("no such room")
	ErrRoomFull     = errors.New("every seat is taken")
	ErrNotHost      = errors.New("only the host can do that")
	ErrNotSeated    = errors.New("you have no seat in this room")
	ErrStarted      = errors.New("the game has already started")
	ErrNotStarted   = errors.New("the game has not started")
	ErrSeatsEmpty   = errors.New("every seat must be filled first")
	ErrRoomClosed   = errors.New("the room is closed")
	ErrChatTooFast  = errors.New("you are chatting too fast: wait a few seconds")
	ErrActTooFast   = errors.New("you are acting too fast: wait a moment") // see Config.ActionRate and IntentRate
	ErrSaveFailed   = errors.New("the server could not save that; nothing changed, try again")
	ErrNotAbandoned = errors.New("every player is here: a game can be ended by vote only while the autopilot plays a seat")
	ErrMovedOn      = errors.New("the game moved on before that was saved: look again and choose anew")
	ErrBotRanked    = errors.New("bot accounts do not play in the ranked queue: it is for people; a host may seat a bot account at a table")
)

// Lobby is the registry of rooms and of who is online.
type Lobby struct {
	cfg Config

	mu      sync.Mutex
	rooms   map[string]*Room // by ID, and by invite code for private rooms
	online  map[saved.AccountID]*presence
	subs    map[chan *LobbySnapshot]uint64 // the version each subscriber started at
	version uint64
	closed  bool
	// over holds the lobby lines of the games that ended in the last
	// FinishedShown, by room ID: they stay listed, with their winners,
	// though their rooms may have closed. Rooms add to it while l.mu may
	// be held (a restored game that ends at once), so it has a lock of its
	// own, taken after l.mu.
	overMu sync.Mutex
	over   map[string]endedGame

	// seats says where each player has a seat. Rooms update it while
	// l.mu may be held (Create), so it has a lock of its own.
	seatsMu sync.Mutex
	seats   map[saved.AccountID]*Room

	queue queue

	// Issue 18: the other servers' public rooms and players online, and
	// what tells them this one's (shared.go, set by internal/replica).
	elsewhere []Share
	share     func(Share)

	actions *rate.Keyed[saved.AccountID] // each player's game actions; see Config.ActionRate
	intents *rate.Keyed[saved.AccountID] // each player's other requests; see Config.IntentRate
	misses  *rate.Keyed[string]          // failed look-ups by account and by address; see Config.MissRate
	saving  saving                       // whether the store takes the rooms' writes

	dirty chan struct{}
	done  chan struct{}

	cluster Cluster // the other nodes on the database (Replicate), or alone
	// subKeys numbers the sessions here, among this node's: the node that
	// runs a room another node follows knows each with this node's name
	// before its number (sub.name).
	subKeys atomic.Uint64

	// edits counts the changes to what the lobby lists (rooms, the queue,
	// the other servers' shares), arrivals those to who is online: a
	// snapshot builds its lists anew only when its count moved, and shares
	// them with every snapshot until the next change (issue 22: 2,500
	// sessions coming to a lobby of 625 rooms built 2,500 lists of them).
	edits, arrivals atomic.Uint64
	lists           lists // guarded by l.mu
}

// lists are the lobby's lists as of a count of edits and of arrivals;
// they are shared by snapshots, so never changed once built.
type lists struct {
	edits, arrivals    uint64
	haveRooms, haveWho bool
	rooms              []Info
	playing            int
	online, bots       []string
}

type presence struct {
	name     string
	bot      bool // a bot account (issue 24)
	sessions int
}

// NewLobby starts a lobby.
func NewLobby(cfg Config) *Lobby {
	if cfg.Grace == 0 {
		cfg.Grace = 2 * time.Minute
	}
	if cfg.BotDelay == 0 {
		cfg.BotDelay = 700 * time.Millisecond
	}
	if cfg.After == nil {
		cfg.After = func(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Matching == (Matching{}) {
		cfg.Matching = DefaultMatching
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.Bots == nil {
		cfg.Bots = func(string, string) (Bot, error) { return RandomBot{}, nil }
		cfg.BotLevels = func(string) []string { return []string{"random"} }
		cfg.Autopilot = "random"
	}
	l := &Lobby{
		cfg:    cfg,
		rooms:  map[string]*Room{},
		seats:  map[saved.AccountID]*Room{},
		online: map[saved.AccountID]*presence{},
		subs:   map[chan *LobbySnapshot]uint64{},
		over:   map[string]endedGame{},
		dirty:  make(chan struct{}, 1),
		done:   make(chan struct{}),
	}
	l.cluster = alone{journalLink{cfg.Journal}}
	l.queue.shared = localQueue{l}
	l.actions = rate.NewKeyed[saved.AccountID](cfg.ActionRate, cfg.Now)
	l.intents = rate.NewKeyed[saved.AccountID](cfg.IntentRate, cfg.Now)
	l.misses = rate.NewKeyed[string](cfg.MissRate, cfg.Now)
	go l.publish()
	return l
}

// publishEvery bounds how often the lobby list is sent out: a busy server
// changes it far more often than anyone can read it.
const publishEvery = 250 * time.Millisecond

// screenCost is about the server time one lobby screen costs to redraw and
// send. lobby.BenchmarkView is 70–140µs, but Bubble Tea then parses and
// compares the whole frame, and a CPU profile of 1,000 lobby sessions
// measured about 0.8ms a screen in all (docs/capacity.md). Sending the
// lobby to n screens costs n×screenCost, so the lobby waits that long
// between sends: a change to the rooms is sent at most every publishEvery,
// or every n×screenCost when that is longer (1 s for 1,000 screens, 10 s for
// 10,000), and a change of who is online alone at most every 4×n×screenCost
// (4 s, 40 s). Redrawing lobbies then takes at most about one core while
// rooms change all the time, and a fifth of a core for arrivals alone. A
// newcomer gets the current lobby at once.
const screenCost = time.Millisecond

func (l *Lobby) publish() {
	var last *LobbySnapshot
	var lastSent time.Time
	var shared *Share
	for {
		select {
		case <-l.done:
			return
		case <-l.dirty:
		}
		shared = l.shareOwn(shared)
		l.mu.Lock()
		subs := len(l.subs)
		l.mu.Unlock()
		if subs == 0 {
			// Nobody to send it to; a newcomer gets a lobby of its own.
			last = nil
			continue
		}
		snap := l.snapshot()
		gap := time.Duration(subs) * screenCost
		since := l.cfg.Now().Sub(lastSent)
		sameRooms := last != nil && slices.EqualFunc(last.Rooms, snap.Rooms, sameInfo) &&
			last.Playing == snap.Playing && slices.Equal(last.Queue, snap.Queue)
		switch {
		case sameRooms && slices.Equal(last.Online, snap.Online) && slices.Equal(last.Bots, snap.Bots):
			// A move in a room marks the lobby dirty but seldom changes
			// its list: nothing to redraw.
		case sameRooms && since < 4*gap, since < gap:
			l.poke() // send it later
		default:
			if !l.send(snap) {
				return
			}
			last, lastSent = snap, l.cfg.Now()
		}
		select {
		case <-l.done:
			return
		case <-time.After(publishEvery):
		}
	}
}

// send puts snap in every subscriber's mailbox, spread over about
// screenCost a subscriber: sent at once, the redraws of a thousand lobby
// screens would stall every other session for half a second (a key took
// 500ms in docs/capacity.md). It reports false if the lobby closed meanwhile.
func (l *Lobby) send(snap *LobbySnapshot) bool {
	l.mu.Lock()
	subs := make([]chan *LobbySnapshot, 0, len(l.subs))
	for ch, since := range l.subs {
		if since < snap.Version { // not one that started with a newer lobby
			subs = append(subs, ch)
		}
	}
	l.mu.Unlock()
	const batch = 16
	for len(subs) > 0 {
		n := min(batch, len(subs))
		for _, ch := range subs[:n] {
			mailbox.Put(ch, snap)
		}
		subs = subs[n:]
		if len(subs) == 0 {
			break
		}
		select {
		case <-l.done:
			return false
		case <-time.After(time.Duration(n) * screenCost):
		}
	}
	return true
}

// sameInfo reports whether a lobby line would show a and b alike.
func sameInfo(a, b Info) bool {
	return a.ID == b.ID && a.Name == b.Name && a.Host == b.Host && a.Game == b.Game &&
		a.Rules == b.Rules && slices.Equal(a.Options, b.Options) && a.Seats == b.Seats &&
		a.Taken == b.Taken && a.Watchers == b.Watchers && a.Status == b.Status &&
		a.Private == b.Private && a.Clock == b.Clock && a.Ranked == b.Ranked &&
		slices.Equal(a.Players, b.Players) && slices.Equal(a.Winners, b.Winners) && a.Ended.Equal(b.Ended)
}

// changed marks what the lobby lists as changed, and the lobby as due to be
// sent; arrived does so for who is online.
func (l *Lobby) changed() {
	l.edits.Add(1)
	l.poke()
}

func (l *Lobby) arrived() {
	l.arrivals.Add(1)
	l.poke()
}

func (l *Lobby) poke() {
	select {
	case l.dirty <- struct{}{}:
	default:
	}
}

func (l *Lobby) snapshot() *LobbySnapshot {
	// Counted before what they count is read: a change counted later
	// makes the next snapshot build anew. A list built after a later count
	// is as new as this one needs, hence the >=.
	edits, arrivals := l.edits.Load(), l.arrivals.Load()
	l.mu.Lock()
	l.version++
	c := &l.lists
	if !c.haveRooms || c.edits < edits {
		c.rooms, c.playing = slices.Clip(l.listed(Player{})), l.playingLocked()
		c.edits, c.haveRooms = edits, true
	}
	if !c.haveWho || c.arrivals < arrivals {
		c.online, c.bots = l.onlineLocked()
		slices.Sort(c.online)
		slices.Sort(c.bots)
		c.online, c.bots = slices.Clip(c.online), slices.Clip(c.bots)
		c.arrivals, c.haveWho = arrivals, true
	}
	s := &LobbySnapshot{Version: l.version, Rooms: c.rooms, Playing: c.playing, Online: c.online, Bots: c.bots}
	elsewhere := l.elsewhere
	l.mu.Unlock()
	s.Queue = l.queued()
	s.merge(elsewhere)
	return s
}

// playingLocked counts the games in progress this server runs, in private
// rooms too (those it follows are their owners' to count); l.mu is held.
func (l *Lobby) playingLocked() int {
	n := 0
	for id, r := range l.rooms {
		if id == r.ID && !r.link.Follows() && r.info().Status == Playing {
			n++
		}
	}
	return n
}

// onlineLocked names this server's players online, and those of them
// that are bot accounts; l.mu is held.
func (l *Lobby) onlineLocked() (names, bots []string) {
	names = make([]string, 0, len(l.online))
	for _, p := range l.online {
		names = append(names, p.name)
		if p.bot {
			bots = append(bots, p.name)
		}
	}
	return names, bots
}

// FinishedShown is how long a game that ended stays in the lobby's list,
// with its winners, after it ends.
const FinishedShown = time.Minute

// Listed returns the rooms p may see listed: the public ones and the
// private ones p sits in or hosts, waiting first, then playing, then the
// games that ended in the last FinishedShown.
func (l *Lobby) Listed(p Player) []Info {
	l.mu.Lock()
	defer l.mu.Unlock()
	return withShared(l.listed(p), l.elsewhere) // and the other servers' public ones
}

// listed is Listed; l.mu is held. A room whose game ended is listed from
// l.over, so that it stays a minute even if everyone leaves it at once.
func (l *Lobby) listed(p Player) []Info {
	// Sorted by pointer, then copied: sorting the Infos themselves, some
	// 280 bytes each, was 40% of building the list (BenchmarkLobbySubscribe).
	listed := make([]*Info, 0, len(l.rooms))
	for id, r := range l.rooms {
		if info := r.info_.Load(); id == r.ID && info.Status != Closed && info.Status != Over && r.listedTo(p) {
			listed = append(listed, info) // a room's Info is never changed once published
		}
	}
	l.overMu.Lock()
	for id, e := range l.over {
		r := l.rooms[id]
		again := r != nil && r.info().Status != Over && r.info().Status != Closed // a new game in the same room
		if !again && (!e.info.Private || (p.ID != 0 && slices.Contains(e.members, p.ID))) {
			listed = append(listed, &e.info)
		}
	}
	l.overMu.Unlock()
	slices.SortFunc(listed, compareListed)
	out := make([]Info, len(listed))
	for i, info := range listed {
		out[i] = *info
	}
	return out
}

// sortListed puts listed rooms in the lobby's order: waiting first, then
// playing, then the games that ended, the newest first.
func sortListed(rooms []Info) {
	slices.SortFunc(rooms, func(a, b Info) int { return compareListed(&a, &b) })
}

// compareListed orders two listed rooms as the lobby lists them.
func compareListed(a, b *Info) int {
	if d := listOrder(a.Status) - listOrder(b.Status); d != 0 {
		return d
	}
	if d := b.Ended.Compare(a.Ended); d != 0 {
		return d // the newest ended first
	}
	return strings.Compare(a.ID, b.ID)
}

// listOrder is where rooms of status s come in the lobby's list.
func listOrder(s Status) int {
	switch s {
	case Playing:
		return 1
	case Over:
		return 2
	}
	return 0
}

// endedGame is a game that ended: its room's lobby line then, and who saw
// the room listed.
type endedGame struct {
	info    Info
	members []saved.AccountID
}

// ended lists a room whose game just ended for FinishedShown; members are
// those who see it if it is private.
func (l *Lobby) ended(info Info, members []saved.AccountID) {
	l.overMu.Lock()
	l.over[info.ID] = endedGame{info, members}
	l.overMu.Unlock()
	l.cfg.After(FinishedShown, func() {
		l.overMu.Lock()
		if l.over[info.ID].info.Ended.Equal(info.Ended) {
			delete(l.over, info.ID)
		}
		l.overMu.Unlock()
		l.changed()
	})
}

// Subscribe returns a mailbox of lobby snapshots, which starts with the
// current one, and a function that ends the subscription.
func (l *Lobby) Subscribe() (<-chan *LobbySnapshot, func()) {
	ch := make(chan *LobbySnapshot, 1)
	snap := l.snapshot()
	l.mu.Lock()
	l.subs[ch] = snap.Version
	l.mu.Unlock()
	mailbox.Put(ch, snap)
	return ch, func() {
		l.mu.Lock()
		delete(l.subs, ch)
		l.mu.Unlock()
	}
}

// Arrive counts a session of p as online until the returned function is
// called.
func (l *Lobby) Arrive(p Player) (leave func()) {
	l.mu.Lock()
	pr := l.online[p.ID]
	if pr == nil {
		pr = &presence{name: p.Name, bot: p.Bot}
		l.online[p.ID] = pr
	}
	pr.sessions++
	l.mu.Unlock()
	l.arrived()
	var once sync.Once
	return func() {
		once.Do(func() {
			l.mu.Lock()
			if pr.sessions--; pr.sessions == 0 {
				delete(l.online, p.ID)
			}
			l.mu.Unlock()
			l.arrived()
		})
	}
}

// Settings are what a room is created with.
type Settings struct {
	Name    string
	Game    string // a Kind's name; the default kind if empty
	Rules   string // the kind's default if empty; empty for a kind with none
	Options []string
	Seats   int
	Private bool
	Clock   Clock
	// Ranked marks a matchmade table whose result changes ratings.
	Ranked bool
}

// BotLevels returns the levels a host may seat bots of game (a Kind's name)
// at, weakest first.
func (l *Lobby) BotLevels(game string) []string { return slices.Clone(l.cfg.BotLevels(game)) }

// autopilot returns the level that plays for absent players of game:
// Config.Autopilot, or the game's middle level if it has no such level.
func (l *Lobby) autopilot(game string) string {
	levels := l.cfg.BotLevels(game)
	if len(levels) == 0 || slices.Contains(levels, l.cfg.Autopilot) {
		return l.cfg.Autopilot
	}
	return levels[len(levels)/2]
}

// Kinds lists the games hosted, the default first.
func (l *Lobby) Kinds() []engine.Kind { return slices.Clone(l.cfg.Kinds) }

// Kind returns the hosted kind named name, or the default for "".
func (l *Lobby) Kind(name string) (engine.Kind, error) {
	for _, k := range l.cfg.Kinds {
		if name == "" || strings.EqualFold(k.Name, name) {
			return k, nil
		}
	}
	return engine.Kind{}, fmt.Errorf("unknown game %q", name)
}

// Create opens a room with host in its first seat.
func (l *Lobby) Create(ctx context.Context, host Player, s Settings) (*Room, error) {
	if err := l.allow(host); err != nil {
		return nil, err
	}
	return l.create(host, s)
}

// create is Create for the lobby itself: quick play and ranked tables.
func (l *Lobby) create(host Player, s Settings) (*Room, error) {
	return l.open(host, s, nil)
}

// open opens a room with settings s hosted by host, its seats taken as in
// taken (a rematch's), or host in the first seat if taken is nil.
func (l *Lobby) open(host Player, s Settings, taken []seat) (*Room, error) {
	k, err := l.Kind(s.Game)
	if err != nil {
		return nil, err
	}
	s.Game = k.Name
	if s.Rules, err = k.RuleSet(s.Rules); err != nil {
		return nil, err
	}
	if err := s.Clock.Check(); err != nil {
		return nil, err
	}
	if s.Seats < k.MinSeats || s.Seats > k.MaxSeats {
		return nil, fmt.Errorf("%s is played by %d to %d players", k.Title, k.MinSeats, k.MaxSeats)
	}
	if s.Name != "" {
		if s.Name, err = sanitize.Message(s.Name, MaxTitle); err != nil {
			return nil, fmt.Errorf("a room's title needs a character that shows and is at most %d characters wide", MaxTitle)
		}
	}
	// Check the options by dealing a throwaway game.
	names := make([]string, s.Seats)
	for i := range names {
		names[i] = fmt.Sprintf("s%d", i)
	}
	if _, _, err := k.Deal(s.Rules, s.Options, names, 0); err != nil {
		return nil, err
	}
	if s.Name == "" {
		s.Name = host.Name + "'s table"
	}
	if taken == nil { // the host sits down (a rematch's seats are those of a game that ended)
		if err := l.playingElsewhere(context.Background(), host, ""); err != nil {
			return nil, err
		}
	}
	// The room is stored before anyone sees it (F4), without holding the
	// lobby for the write: its id and code are chosen, stored, then taken
	// if no room took them meanwhile.
	for {
		l.mu.Lock()
		if l.closed {
			l.mu.Unlock()
			return nil, ErrRoomClosed
		}
		id, code := l.freeCode(4), ""
		if s.Private {
			code = l.freeCode(inviteLength)
		}
		l.mu.Unlock()
		seats := taken
		if seats == nil {
			seats = make([]seat, s.Seats)
			seats[0] = seat{player: host, name: host.Name}
		}
		link, err := l.cluster.Claim(context.Background(), id, code, true)
		if errors.Is(err, ErrElsewhere) {
			continue // another node has a room by that id or code
		}
		if err != nil {
			return nil, err
		}
		st := State{Host: host, Seats: seats, Status: Waiting}
		if err := l.saveWaiting(table(id, code, s, st)); err != nil {
			return nil, err
		}
		l.mu.Lock()
		if !l.closed && l.rooms[id] == nil && (code == "" || l.rooms[code] == nil) {
			r := newRoom(l, id, code, k, s, st, link, (*Room).holdInvited)
			l.rooms[id] = r
			if code != "" {
				l.rooms[code] = r
			}
			l.mu.Unlock()
			l.changed()
			return r, nil
		}
		l.mu.Unlock()
		l.dropWaiting(id)
	}
}

// inviteLength is how long a private room's invite code is: 31^10 codes
// (about 2^49.5), which guessed at the pace Config.MissRate allows
// (DefaultMissRate: 14,400 a day an address) from ten thousand addresses at
// once, with a thousand private rooms open, find one about every 15 years.
// Six characters, before: one about every ten minutes.
const inviteLength = 10

// codeAlphabet leaves out letters and digits that look alike.
const codeAlphabet = "abcdefghjkmnpqrstuvwxyz23456789"

// freeCode returns a random code of n characters no room uses; l.mu is held.
func (l *Lobby) freeCode(n int) string {
	for {
		b := make([]byte, n)
		rand.Read(b)
		for i := range b {
			b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)]
		}
		if _, taken := l.rooms[string(b)]; !taken {
			return string(b)
		}
	}
}

// Room returns the room with that ID or invite code.
// In a cluster, a room another node runs is followed here.
func (l *Lobby) Room(idOrCode string) (*Room, error) {
	r, err := l.Local(idOrCode)
	if errors.Is(err, ErrNoRoom) {
		if f, ferr := l.cluster.Follow(nil, strings.ToLower(strings.TrimSpace(idOrCode))); f != nil || !errors.Is(ferr, ErrNoRoom) {
			return f, ferr
		}
	}
	return r, err
}

// Local returns the room here with that ID or invite code: run here, or
// followed.
func (l *Lobby) Local(idOrCode string) (*Room, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	r := l.rooms[strings.ToLower(strings.TrimSpace(idOrCode))]
	if r == nil {
		return nil, fmt.Errorf("%w %q", ErrNoRoom, idOrCode)
	}
	return r, nil
}

// QuickPlay seats p in the public waiting room with the fewest free seats,
// or opens a four-seat room for p.
func (l *Lobby) QuickPlay(ctx context.Context, p Player) (*Room, error) {
	if err := l.allow(p); err != nil {
		return nil, err
	}
	l.mu.Lock()
	var best *Room
	bestFree := 0
	for id, r := range l.rooms {
		info := r.info()
		if id != info.ID || info.Private || info.Status != Waiting || info.Taken >= info.Seats {
			continue
		}
		if free := info.Seats - info.Taken; best == nil || free < bestFree {
			best, bestFree = r, free
		}
	}
	l.mu.Unlock()
	if best != nil {
		if err := best.sit(ctx, p); err == nil {
			return best, nil
		}
	}
	k := l.cfg.Kinds[0] // quick play opens the default game
	return l.create(p, Settings{Seats: min(max(4, k.MinSeats), k.MaxSeats)})
}

// seated moves room r's entries in the seat index from the players in old
// to those in now.
func (l *Lobby) seated(r *Room, old, now []saved.AccountID) {
	l.seatsMu.Lock()
	defer l.seatsMu.Unlock()
	for _, id := range old {
		if l.seats[id] == r {
			delete(l.seats, id)
		}
	}
	for _, id := range now {
		if cur := l.seats[id]; cur != nil && cur != r && cur.info().Status == Playing && r.info().Status != Playing {
			continue // the game the player plays comes first (playing.go)
		}
		l.seats[id] = r
	}
}

// SeatOf returns the room where p has a seat (the game p plays, else the
// newest, if several), or nil: a player who reconnects goes back to their
// table.
func (l *Lobby) SeatOf(p Player) *Room {
	l.seatsMu.Lock()
	defer l.seatsMu.Unlock()
	return l.seats[p.ID]
}

// Rejoin returns the room where p has a seat, for a new session of p's to
// go back to: SeatOf, or in a cluster the room the store has p seated in,
// followed here if another node runs it; nil if none.
func (l *Lobby) Rejoin(p Player) *Room {
	if r := l.SeatOf(p); r != nil {
		return r
	}
	ctx, cancel := context.WithTimeout(context.Background(), saveTimeout)
	defer cancel()
	id, err := l.cluster.SeatedRoom(ctx, p.ID)
	if err != nil {
		return nil // none, or the store cannot say: the lobby, then
	}
	r, err := l.Room(id)
	if err != nil {
		return nil
	}
	return r
}

// remove forgets a closed room.
func (l *Lobby) remove(r *Room) {
	l.mu.Lock()
	for k, x := range l.rooms {
		if x == r {
			delete(l.rooms, k)
		}
	}
	l.mu.Unlock()
	l.changed()
}

// Rooms returns every room.
func (l *Lobby) Rooms() []*Room {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []*Room
	for id, r := range l.rooms {
		if id == r.ID {
			out = append(out, r)
		}
	}
	return out
}

// Close closes every room with notice for their subscribers and stops the
// lobby: the server's shutdown.
func (l *Lobby) Close(notice string) {
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return
	}
	l.closed = true
	l.mu.Unlock()
	for _, r := range l.Rooms() {
		r.shutdown(notice)
	}
	l.cluster.Close()
	close(l.done)
}
