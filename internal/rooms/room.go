package rooms

import (
	"context"
	"runtime/debug"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"hotels/internal/engine"
	"hotels/internal/saved"
)

// Limits on what a room keeps and accepts.
const (
	MaxChat  = 200 // cells one chat message may take (sanitize.Width)
	MaxTitle = 40  // cells a room's title may take
	chatKeep = 50  // chat lines a room keeps
	// logKeep is how many events a room keeps for each viewer: a whole
	// game of Acquire or Holiday AG, and the last few hundred moves of a
	// long Hotel Tycoon game. The log grows to a quarter more before it is
	// cut back, so that cutting is rare.
	logKeep     = 500
	chatBurst   = 5 // chat messages a player may send ...
	chatWindow  = 10 * time.Second
	saveTimeout = 10 * time.Second
)

// Room is one table: its seats, watchers, chat and game. Its methods are
// the only way in; each waits until the room has done it.
type Room struct {
	ID    string
	code  string
	lobby *Lobby
	kind  engine.Kind
	cmds  chan func()
	quit  chan struct{}
	info_ atomic.Pointer[Info]
	// members are the accounts seated here and the host's, as of the
	// last publishInfo: the players who see a private room in lists.
	members atomic.Pointer[[]saved.AccountID]

	// Owned by the room's goroutine.
	set      Settings
	st       State // its lasting state, as frames carry it
	subs     map[*sub]struct{}
	game     engine.Game
	spare    engine.Game // a game no one holds any more, to copy the next into (copyGame)
	names    []string    // the game's seats in turn order, for its journal lines
	gameID   saved.GameID
	lines    []string  // the record's action lines so far
	logs     [][]Event // logs[0] as watchers read it, logs[1+seat] as a seat does
	seq      uint64    // the last event's Seq
	chat     []ChatLine
	chatted  map[saved.AccountID][]time.Time
	version  uint64
	botTurn  int // the decision (len(lines)+1) a bot move was scheduled for
	shutting bool
	indexed  []saved.AccountID // the players the lobby knows are seated here
	clock    clockState
	ended    time.Time // when the game ended
	next     *Room     // the rematch a player asked for, once the game is over

	// link is the room's one port to the journal and the other nodes
	// (link.go), set before its goroutine starts; news is what the room
	// has not told it yet, owned by the room's goroutine.
	link Link
	news Change
	// mirrored: the room has its owner's state (Mirror), on a node that
	// follows it. Until then its state is the store's, which lacks who is
	// away or invited, the clocks, votes and rematch: it shows nothing.
	mirrored bool
}

type seat struct {
	player    Player // zero while empty or for a bot
	name      string // the name at the table (a bot's too)
	bot       bool   // a bot the host added
	level     string // the bot's level
	away      bool
	invited   bool // offered a rematch, not yet come (held as for an away player)
	autopilot bool // a bot plays for the absent or out-of-time player
	// removed is the player the host or an admin removed from the seat
	// during the game: the autopilot plays on, and a ranked game still
	// rates them, last.
	removed   Player
	stopGrace func() bool
	decider   *player // the seat's bot, made on first use
}

func (s *seat) empty() bool { return s.name == "" }
func (s *seat) human() bool { return s.player.ID != 0 }

// robot reports whether a bot decides for the seat.
func (s *seat) robot() bool { return s.bot || s.autopilot }

type sub struct {
	player Player
	legal  bool           // its snapshots list the seat's legal actions (SubscribePlay)
	ch     chan *Snapshot // nil for a session on another node (Visit)
	// key names it to the node running the room, if another does (see
	// name); 0 for a session on another node. A number, not its digits:
	// a session keeps its subscription, and the collector marks each
	// object a session keeps (docs/capacity.md).
	key  uint64
	stop sync.Once // Subscribe's stop
}

// name is the key the node running the room knows the session by.
func (s *sub) name() string {
	if s.key == 0 {
		return ""
	}
	return strconv.FormatUint(s.key, 10)
}

// newRoom starts a room in state st, linked by link; prepare, if given,
// sets it up before its goroutine starts.
func newRoom(l *Lobby, id, code string, k engine.Kind, s Settings, st State, link Link, prepare func(*Room)) *Room {
	r := &Room{
		ID: id, code: code, lobby: l, kind: k, link: link,
		cmds:    make(chan func()),
		quit:    make(chan struct{}),
		set:     s,
		st:      st,
		subs:    map[*sub]struct{}{},
		chatted: map[saved.AccountID][]time.Time{},
	}
	if prepare != nil {
		prepare(r)
	}
	r.publishInfo()
	go r.run()
	return r
}

func (r *Room) run() {
	for {
		select {
		case f := <-r.cmds:
			r.safely(f)
		case <-r.quit:
			return
		}
	}
}

// safely runs a command; a panic is logged and the room goes on with the
// state the command left, which every command keeps valid until its end.
func (r *Room) safely(f func()) {
	defer func() {
		if p := recover(); p != nil {
			r.lobby.cfg.Log.Error("room command panicked", "room", r.ID, "panic", p, "stack", string(debug.Stack()))
		}
	}()
	f()
}

// call runs fn on the room's goroutine and returns its error, then
// publishes what it changed.
func (r *Room) call(ctx context.Context, fn func() error) error {
	reply, _ := replies.Get().(chan error)
	if reply == nil {
		reply = make(chan error, 1)
	}
	if err := r.submit(ctx, func() {
		err := fn()
		r.changed()
		reply <- err
	}); err != nil {
		replies.Put(reply) // never sent on
		return err
	}
	select {
	case err := <-reply:
		replies.Put(reply) // empty again
		return err
	case <-ctx.Done():
		return ctx.Err() // the room may still answer: reply is not reused
	}
}

// replies are call's answer channels, used again once read: one made at
// every command (every move) was one allocation of the room's few.
var replies sync.Pool

// submit hands cmd to the room's goroutine, or says why it cannot.
func (r *Room) submit(ctx context.Context, cmd func()) error {
	select {
	case r.cmds <- cmd:
		return nil
	case <-r.quit:
		return ErrRoomClosed
	case <-ctx.Done():
		return ctx.Err()
	}
}

// post runs fn on the room's goroutine without waiting for it, and
// publishes the room if fn reports a change.
func (r *Room) post(fn func() bool) {
	go func() {
		cmd := func() {
			if fn() {
				r.changed()
			}
		}
		select {
		case r.cmds <- cmd:
		case <-r.quit:
		}
	}()
}

func (r *Room) info() Info { return *r.info_.Load() }

// listedTo reports whether p sees the room in lists: a public room, or a
// private one p sits in or hosts.
func (r *Room) listedTo(p Player) bool {
	return !r.info().Private || (p.ID != 0 && slices.Contains(*r.members.Load(), p.ID))
}

// Info describes the room for lists.
func (r *Room) Info() Info { return r.info() }

// Code is a private room's invite code, "" for a public room: what its
// host hands to the players it invites.
func (r *Room) Code() string { return r.code }

// publishInfo updates the room's line in the lobby and reports whether it
// changed: most moves do not change it, and need not redraw the lobby.
func (r *Room) publishInfo() bool {
	taken, watchers := 0, 0
	for i := range r.st.Seats {
		if !r.st.Seats[i].empty() {
			taken++
		}
	}
	for s := range r.subs {
		if r.seatOf(s.player) < 0 {
			watchers++
		}
	}
	old := r.info_.Load()
	info := Info{
		ID: r.ID, Name: r.set.Name, Host: r.st.Host.Name,
		Game: r.kind.Title, Kind: r.kind.Name, Rules: r.set.Rules, Options: r.set.Options,
		Seats: len(r.st.Seats), Taken: taken, Watchers: watchers,
		Status: r.st.Status, Private: r.code != "", Clock: r.set.Clock, Ranked: r.set.Ranked,
		Players: r.currentSeats(),
	}
	if r.st.Status == Over && r.game != nil {
		info.Ended = r.ended
		for i, o := range placed(r.game, r.st.Places) {
			if o.Place == 1 {
				info.Winners = append(info.Winners, r.game.Seats()[i])
			}
		}
	}
	// Most changes (a move) leave the line as it was: then the one
	// published stays, and nothing is made for it.
	changed := old == nil || !sameInfo(*old, info)
	if changed {
		p := new(Info) // a new value: readers hold the old one
		*p = info
		r.info_.Store(p)
	}
	var buf [8]saved.AccountID // the seats of most rooms, without an allocation
	seated := buf[:0]
	if r.st.Status != Closed {
		for _, st := range r.st.Seats {
			if st.human() {
				seated = append(seated, st.player.ID)
			}
		}
	}
	var members []saved.AccountID
	if m := r.members.Load(); m != nil {
		members = *m
	}
	if len(members) != 1+len(seated) || members[0] != r.st.Host.ID || !slices.Equal(members[1:], seated) {
		m := append([]saved.AccountID{r.st.Host.ID}, seated...)
		r.members.Store(&m)
		members = m
	}
	started := info.Status == Playing && (old == nil || old.Status != Playing) // SeatOf prefers it
	if started || !slices.Equal(seated, r.indexed) {
		now := slices.Clone(seated)
		r.lobby.seated(r, r.indexed, now)
		r.indexed = now
	}
	if info.Status == Over && (old == nil || old.Status != Over) {
		r.lobby.ended(info, members)
	}
	return changed
}

// currentSeats is r.seatInfos, or the published line's list of them when
// they are the same (as after most moves), which snapshots and the line
// share: both are immutable.
func (r *Room) currentSeats() []SeatInfo {
	if old := r.info_.Load(); old != nil && len(old.Players) == len(r.st.Seats) {
		same := true
		for i := range r.st.Seats {
			if r.seatInfo(i) != old.Players[i] {
				same = false
				break
			}
		}
		if same {
			return old.Players
		}
	}
	return r.seatInfos()
}

func (r *Room) seatOf(p Player) int {
	if p.ID == 0 {
		return -1
	}
	for i := range r.st.Seats {
		if r.st.Seats[i].player.ID == p.ID {
			return i
		}
	}
	return -1
}

// Subscribe starts sending the room to p: as its seat if p has one (which
// ends p's absence), else as a watcher. stop ends the subscription.
func (r *Room) Subscribe(ctx context.Context, p Player) (<-chan *Snapshot, func(), error) {
	return r.subscribe(ctx, p, false)
}

// SubscribePlay is Subscribe for a program that plays the seat (issue 24):
// its snapshots also list the seat's legal actions when its decision is
// due (Snapshot.Legal).
func (r *Room) SubscribePlay(ctx context.Context, p Player) (<-chan *Snapshot, func(), error) {
	return r.subscribe(ctx, p, true)
}

func (r *Room) subscribe(ctx context.Context, p Player, legal bool) (<-chan *Snapshot, func(), error) {
	if err := r.lobby.allow(p); err != nil {
		return nil, nil, err
	}
	s := &sub{player: p, ch: make(chan *Snapshot, 1), legal: legal, key: r.lobby.subKeys.Add(1)}
	err := r.call(ctx, func() error {
		if r.st.Status == Closed {
			return ErrRoomClosed
		}
		r.subs[s] = struct{}{}
		if r.link.Follows() { // the node running the room counts p there
			_, err := r.link.Forward(ctx, r, Intent{Op: OpHere, Here: map[string]Player{s.name(): p}})
			return err
		}
		if i := r.seatOf(p); i >= 0 {
			r.st.Seats[i].player.Bot = p.Bot // a seat restored from the store has no mark (issue 24)
			r.present(i)
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return s.ch, func() { s.stop.Do(func() { r.post(func() bool { return r.unsubscribe(s) }) }) }, nil
}

// present marks seat i's player as connected again.
func (r *Room) present(i int) {
	st := &r.st.Seats[i]
	if st.stopGrace != nil {
		st.stopGrace()
		st.stopGrace = nil
	}
	if st.invited {
		st.invited, st.away = false, false
		r.note(st.name + " joins the rematch")
		return
	}
	if st.away {
		st.away, st.autopilot = false, false
		r.st.Votes = nil
		r.note(st.name + " is back")
	}
}

func (r *Room) unsubscribe(s *sub) bool {
	if _, ok := r.subs[s]; !ok {
		return false
	}
	delete(r.subs, s)
	if r.link.Follows() {
		_, _ = r.link.Forward(context.Background(), r, Intent{Op: OpUnsubscribe, Sub: s.name()})
		r.closeIfDeserted()
		return true
	}
	i := r.seatOf(s.player)
	if i < 0 {
		r.closeIfDeserted()
		return true
	}
	for o := range r.subs {
		if o.player.ID == s.player.ID {
			return true // still here in another session
		}
	}
	if r.st.Status == Over {
		// Shown as gone, so that the others know who will not answer a
		// rematch; no grace period holds a finished game's seat.
		r.st.Seats[i].away = true
		r.note(r.st.Seats[i].name + " left")
		r.leftRematch(s.player)
		r.closeIfDeserted()
		return true
	}
	r.leave(i)
	r.note(r.st.Seats[i].name + " is away")
	return true
}

// leave marks seat i's player away and holds the seat for the grace period.
func (r *Room) leave(i int) {
	st := &r.st.Seats[i]
	st.away = true
	id := st.player.ID
	st.stopGrace = r.lobby.cfg.After(r.lobby.cfg.Grace, func() {
		r.post(func() bool { return r.graceOver(id) })
	})
}

// graceOver frees the seat of a player who did not come back in time, or
// hands it to the autopilot once the game has started.
func (r *Room) graceOver(id saved.AccountID) bool {
	i := r.seatOf(Player{ID: id})
	if i < 0 || !r.st.Seats[i].away {
		return false
	}
	st := &r.st.Seats[i]
	st.stopGrace = nil
	switch r.st.Status {
	case Waiting:
		if err := r.vacate(i, st.name+" left"); err != nil {
			r.leave(i) // the store refused: hold the seat for another grace period
		}
	case Playing:
		st.autopilot = true
		r.note(st.name + " is away: the autopilot plays for them")
		r.abandonIfEmpty()
	}
	return true
}

// vacate empties seat i of a waiting room, saying why, and passes the host
// on if needed; it changes nothing if the store refuses.
func (r *Room) vacate(i int, why string) error {
	seats, was := slices.Clone(r.st.Seats), r.st.Host
	seats[i] = seat{}
	host := was
	if host.ID != 0 && host.ID == r.st.Seats[i].player.ID {
		host = firstHuman(seats)
	}
	if err := r.seatTable(seats, host); err != nil {
		return err
	}
	r.note(why)
	if host.ID != 0 && host.ID != was.ID {
		r.note(host.Name + " is now the host")
	}
	r.closeIfDeserted()
	return nil
}

// closeIfDeserted closes a room nobody plays in or watches any more.
func (r *Room) closeIfDeserted() {
	if r.st.Status == Closed {
		return
	}
	if r.link.Follows() {
		if len(r.subs) == 0 {
			r.shutting = true // the node running it keeps the room
			r.close("")
		}
		return
	}
	humans := false
	for _, st := range r.st.Seats {
		humans = humans || (st.human() && (!st.away || r.st.Status == Playing))
	}
	if len(r.subs) == 0 && (!humans || r.st.Status == Over) {
		r.close("")
	}
}

// close ends the room: subscribers get a last snapshot with notice. A
// waiting room is forgotten, unless the server is shutting down.
func (r *Room) close(notice string) {
	if r.st.Status == Waiting && !r.shutting {
		r.lobby.dropWaiting(r.ID)
	}
	if !r.shutting {
		r.link.Announce(r, Change{Closed: true, Notice: notice})
	}
	r.stopClock()
	for i := range r.st.Seats {
		if f := r.st.Seats[i].stopGrace; f != nil {
			f()
		}
	}
	r.st.Status = Closed
	r.publish(notice)
	r.subs = map[*sub]struct{}{}
	r.publishInfo()
	r.lobby.remove(r)
	close(r.quit)
}

func (r *Room) shutdown(notice string) {
	done := make(chan struct{})
	select {
	case r.cmds <- func() { r.shutting = true; r.close(notice); close(done) }:
		<-done
	case <-r.quit:
	}
}

// note adds a line to every viewer's log: the room's own news, which no
// seat's action made.
func (r *Room) note(text string) {
	r.addEvent(engine.Watcher, func(int) string { return text })
	r.news.Notes = append(r.news.Notes, text)
}

// addEvent adds one event made by seat's action to every viewer's log,
// text(v) as viewer v reads it (0 for watchers, 1+seat for a seat).
//
// Snapshots share the logs: a snapshot holds a prefix of each, which the
// room never writes again, as it only appends past it or, to cut a log
// back, copies the rest to a new array.
//
// Viewers who have read the same events share one log (one array): where
// every event reads the same to everyone (Hotel Tycoon, Acquire with open
// holdings) all of them, for the whole game; elsewhere until the first
// event that some read in other words (a card drawn in Holiday AG). Each
// log is pointer-holding memory that every collection marks, and one for
// each viewer was the largest part of what a room kept (issue 22).
func (r *Room) addEvent(seat engine.Seat, text func(v int) string) {
	if r.logs == nil {
		r.logs = make([][]Event, 1+len(r.st.Seats))
	}
	r.seq++
	var buf [8][]Event
	was := append(buf[:0], r.logs...) // the logs before the event
viewers:
	for v, l := range was {
		e := Event{Seq: r.seq, Seat: seat, Text: text(v)}
		for w := range v {
			if sameLog(was[w], l) {
				if r.logs[w][len(r.logs[w])-1] == e {
					r.logs[v] = r.logs[w] // still the same events: still one log
					continue viewers
				}
				// w's event went into the array they shared, past l:
				// v's goes into one of its own (append copies l).
				l = l[:len(l):len(l)]
			}
		}
		if len(l) >= logKeep+logKeep/4 {
			l = append(make([]Event, 0, logKeep+logKeep/4), l[len(l)-logKeep+1:]...)
		}
		r.logs[v] = append(l, e)
	}
}

// sameLog reports whether a and b are one log: the same events in the
// same array.
func sameLog(a, b []Event) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}
