package rooms

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"hotels/internal/engine"
	"hotels/internal/mailbox"
	"hotels/internal/metrics"
	"hotels/internal/sanitize"
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
	names    []string // the game's seats in turn order, for its journal lines
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
	key    string         // names it to the node running the room, if another does
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
	reply := make(chan error, 1)
	if err := r.submit(ctx, func() {
		err := fn()
		r.changed()
		reply <- err
	}); err != nil {
		return err
	}
	select {
	case err := <-reply:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

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
	info := Info{
		ID: r.ID, Name: r.set.Name, Host: r.st.Host.Name,
		Game: r.kind.Title, Kind: r.kind.Name, Rules: r.set.Rules, Options: r.set.Options,
		Seats: len(r.st.Seats), Taken: taken, Watchers: watchers,
		Status: r.st.Status, Private: r.code != "", Clock: r.set.Clock, Ranked: r.set.Ranked,
		Players: r.seatInfos(),
	}
	if r.st.Status == Over && r.game != nil {
		info.Ended = r.ended
		for i, o := range placed(r.game, r.st.Places) {
			if o.Place == 1 {
				info.Winners = append(info.Winners, r.game.Seats()[i])
			}
		}
	}
	old := r.info_.Swap(&info)
	var seated []saved.AccountID
	if r.st.Status != Closed {
		for _, st := range r.st.Seats {
			if st.human() {
				seated = append(seated, st.player.ID)
			}
		}
	}
	members := append([]saved.AccountID{r.st.Host.ID}, seated...)
	r.members.Store(&members)
	started := info.Status == Playing && (old == nil || old.Status != Playing) // SeatOf prefers it
	if started || !slices.Equal(seated, r.indexed) {
		r.lobby.seated(r, r.indexed, seated)
		r.indexed = seated
	}
	if info.Status == Over && (old == nil || old.Status != Over) {
		r.lobby.ended(info, members)
	}
	return old == nil || !sameInfo(*old, info)
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
	s := &sub{player: p, ch: make(chan *Snapshot, 1), legal: legal, key: r.lobby.subKey()}
	err := r.call(ctx, func() error {
		if r.st.Status == Closed {
			return ErrRoomClosed
		}
		r.subs[s] = struct{}{}
		if r.link.Follows() { // the node running the room counts p there
			_, err := r.link.Forward(ctx, r, Intent{Op: OpHere, Here: map[string]Player{s.key: p}})
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
	var once sync.Once
	return s.ch, func() { once.Do(func() { r.post(func() bool { return r.unsubscribe(s) }) }) }, nil
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
		_, _ = r.link.Forward(context.Background(), r, Intent{Op: OpUnsubscribe, Sub: s.key})
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
func (r *Room) addEvent(seat engine.Seat, text func(v int) string) {
	if r.logs == nil {
		r.logs = make([][]Event, 1+len(r.st.Seats))
	}
	r.seq++
	for v := range r.logs {
		l := r.logs[v]
		if len(l) >= logKeep+logKeep/4 {
			l = append(make([]Event, 0, logKeep+logKeep/4), l[len(l)-logKeep+1:]...)
		}
		r.logs[v] = append(l, Event{Seq: r.seq, Seat: seat, Text: text(v)})
	}
}

// Sit gives p a free seat in a waiting room (or p's own seat back).
func (r *Room) Sit(ctx context.Context, p Player) error {
	if err := r.lobby.allow(p); err != nil {
		return err
	}
	return r.do(ctx, Intent{Op: opSit, Player: p})
}

// sit is Sit for the lobby itself: quick play and ranked tables.
func (r *Room) sit(ctx context.Context, p Player) error {
	if err := r.lobby.playingElsewhere(ctx, p, r.ID); err != nil {
		return err
	}
	return r.call(ctx, func() error {
		if r.seatOf(p) >= 0 {
			return nil
		}
		if r.st.Status != Waiting {
			return ErrStarted
		}
		i := r.freeSeat()
		if i < 0 {
			return ErrRoomFull
		}
		seats, host := slices.Clone(r.st.Seats), r.st.Host
		seats[i] = seat{player: p, name: p.Name}
		if host.ID == 0 {
			host = p
		}
		if err := r.seatTable(seats, host); err != nil {
			return err
		}
		r.note(p.Name + " sits down")
		return nil
	})
}

// Stand gives up p's seat in a waiting room.
func (r *Room) Stand(ctx context.Context, p Player) error {
	if err := r.lobby.allow(p); err != nil {
		return err
	}
	return r.do(ctx, Intent{Op: opStand, Player: p})
}

func (r *Room) stand(ctx context.Context, p Player) error {
	return r.call(ctx, func() error {
		i := r.seatOf(p)
		if i < 0 {
			return ErrNotSeated
		}
		if r.st.Status != Waiting {
			return ErrStarted
		}
		return r.vacate(i, p.Name+" stands up")
	})
}

// AddBot seats a bot of level (one of the game's Config.BotLevels; "" for
// the autopilot's level) in the first free seat; only the host may.
func (r *Room) AddBot(ctx context.Context, p Player, level string) error {
	if level == "" {
		level = r.lobby.autopilot(r.kind.Name)
	}
	if levels := r.lobby.cfg.BotLevels(r.kind.Name); !slices.Contains(levels, level) {
		return fmt.Errorf("there is no %q bot: choose %s", level, strings.Join(levels, ", "))
	}
	if err := r.lobby.allow(p); err != nil {
		return err
	}
	return r.do(ctx, Intent{Op: opBot, Player: p, Text: level})
}

func (r *Room) addBot(ctx context.Context, p Player, level string) error {
	return r.call(ctx, func() error {
		if err := r.hostWaiting(p); err != nil {
			return err
		}
		i := r.freeSeat()
		if i < 0 {
			return ErrRoomFull
		}
		seats := slices.Clone(r.st.Seats)
		seats[i] = seat{bot: true, level: level, name: r.botName()}
		if err := r.seatTable(seats, r.st.Host); err != nil {
			return err
		}
		r.note(fmt.Sprintf("%s (%s bot) sits down", seats[i].name, level))
		return nil
	})
}

// freeSeat returns the first empty seat, or -1.
func (r *Room) freeSeat() int {
	return slices.IndexFunc(r.st.Seats, func(s seat) bool { return s.empty() })
}

// botName returns a name no seat has; players cannot pick names that
// start with "bot".
func (r *Room) botName() string {
	for n := 1; ; n++ {
		name := fmt.Sprintf("bot%d", n)
		taken := false
		for _, st := range r.st.Seats {
			taken = taken || st.name == name
		}
		if !taken {
			return name
		}
	}
}

func (r *Room) hostWaiting(p Player) error {
	switch {
	case r.st.Status == Closed:
		return ErrRoomClosed
	case p.ID != r.st.Host.ID:
		return ErrNotHost
	case r.st.Status != Waiting:
		return ErrStarted
	}
	return nil
}

// Kick empties seat i (a bot or a player) of a waiting room, or hands a
// player's seat to the autopilot in a game; only the host may.
func (r *Room) Kick(ctx context.Context, p Player, i int) error {
	if err := r.lobby.allow(p); err != nil {
		return err
	}
	return r.do(ctx, Intent{Op: opKick, Player: p, Seat: i})
}

func (r *Room) kick(ctx context.Context, p Player, i int) error {
	return r.call(ctx, func() error {
		if p.ID != r.st.Host.ID {
			return ErrNotHost
		}
		if i < 0 || i >= len(r.st.Seats) || r.st.Seats[i].empty() {
			return fmt.Errorf("seat %d is empty", i+1)
		}
		st := r.st.Seats[i]
		if st.player.ID == p.ID {
			return fmt.Errorf("you cannot kick yourself")
		}
		const notice = "you were removed from the table by the host"
		switch r.st.Status {
		case Waiting:
			if err := r.vacate(i, st.name+" was removed by the host"); err != nil {
				return err
			}
			if st.human() {
				r.dismiss(st.player, notice)
			}
		case Playing:
			if !st.human() {
				return ErrStarted
			}
			if err := r.saveRemoved(i); err != nil {
				return err
			}
			r.dismiss(st.player, notice)
			r.st.Seats[i].removed, r.st.Seats[i].player = st.player, Player{}
			r.st.Seats[i].autopilot = true
			r.note(st.name + " was removed by the host: the autopilot plays for them")
		default:
			return ErrRoomClosed
		}
		return nil
	})
}

// saveRemoved records that seat i's player leaves the game for good,
// before anyone sees it: a restart must not give the seat back (F4).
func (r *Room) saveRemoved(i int) error {
	ctx, cancel := context.WithTimeout(context.Background(), saveTimeout)
	defer cancel()
	if err := r.lobby.cfg.Journal.RemovePlayer(ctx, r.gameID, i); err != nil {
		r.lobby.saveFailed("remove player", err, "room", r.ID, "game", r.gameID, "seat", i)
		return ErrSaveFailed
	}
	r.lobby.saved()
	return nil
}

// dismiss sends p's subscriptions a last snapshot with notice and drops
// them.
func (r *Room) dismiss(p Player, notice string) {
	for s := range r.subs {
		if s.player.ID != p.ID {
			continue
		}
		if s.ch != nil { // one on another node is told by its own
			snap := *r.snapshotFor(engine.Watcher)
			snap.Notice, snap.Closed = notice, true
			mailbox.Put(s.ch, &snap)
		}
		delete(r.subs, s)
	}
}

// Start deals the game once every seat is filled; only the host may.
func (r *Room) Start(ctx context.Context, p Player) error {
	if err := r.lobby.allow(p); err != nil {
		return err
	}
	return r.do(ctx, Intent{Op: opStart, Player: p})
}

// start is Start for the lobby itself: ranked tables.
func (r *Room) start(ctx context.Context, p Player) error {
	return r.call(ctx, func() error {
		if err := r.hostWaiting(p); err != nil {
			return err
		}
		names := make([]string, len(r.st.Seats))
		var players []Player
		for i, st := range r.st.Seats {
			if st.empty() {
				return ErrSeatsEmpty
			}
			if st.invited {
				return fmt.Errorf("%s has not answered the rematch yet: wait, or free the seat", st.name)
			}
			names[i] = st.name
			if st.human() {
				players = append(players, st.player)
			}
		}
		if err := r.lobby.freeToStart(ctx, players, r.ID); err != nil {
			return err
		}
		var b [8]byte
		rand.Read(b[:])
		g, header, err := r.kind.Deal(r.set.Rules, r.set.Options, names, binary.LittleEndian.Uint64(b[:]))
		if err != nil {
			return err
		}
		// The deal chooses who plays first (A7): seat the table in turn order.
		order := g.Seats()
		seats := make([]seat, len(order))
		stored := make([]saved.Seat, len(order))
		for i, name := range order {
			for _, st := range r.st.Seats {
				if st.name == name {
					seats[i] = st
				}
			}
			stored[i] = saved.Seat{Index: i, Account: seats[i].player.ID, Name: name, Bot: seats[i].level}
		}
		ctx, cancel := context.WithTimeout(context.Background(), saveTimeout)
		defer cancel()
		id, err := r.lobby.cfg.Journal.CreateGame(ctx, saved.NewGame{
			Game: r.kind.Name, Rules: r.set.Rules, Options: strings.Join(r.set.Options, " "),
			Clock: r.set.Clock.Text(), Ranked: r.set.Ranked, Chance: header, Seats: stored, Status: saved.StatusPlaying,
			Room: saved.Room{ID: r.ID, Code: r.code, Title: r.set.Name, Host: r.st.Host.ID},
		})
		if err != nil {
			r.lobby.saveFailed("create game", err, "room", r.ID)
			return ErrSaveFailed
		}
		r.lobby.saved()
		r.st.Seats, r.game, r.names, r.gameID, r.st.Status = seats, g, order, id, Playing
		r.startClocks()
		r.note(fmt.Sprintf("the game starts: %s plays first", order[0]))
		r.throw()
		return nil
	})
}

// Act applies p's action, written as in a record ("play 6D", "buy Tower").
// It returns once the action is saved, or with the reason it was refused.
func (r *Room) Act(ctx context.Context, p Player, text string) error {
	if !r.lobby.actions.Allow(p.ID) {
		return ErrActTooFast
	}
	return r.do(ctx, Intent{Op: opAct, Player: p, Text: text})
}

func (r *Room) act(ctx context.Context, p Player, text string) error {
	return r.call(ctx, func() error {
		if r.st.Status != Playing {
			return ErrNotStarted
		}
		i := r.seatOf(p)
		if i < 0 {
			return ErrNotSeated
		}
		return r.apply(engine.Seat(i), text, false)
	})
}

// apply validates an action on a copy of the game, saves it, and only then
// makes it the game (house rule 3); then it throws whatever chance is due.
// An autopilot's action is saved and shown as such.
func (r *Room) apply(s engine.Seat, text string, autopilot bool) error {
	err := r.step(s, text, autopilot)
	if err != nil && !errors.Is(err, ErrMovedOn) {
		return err
	}
	r.throw()
	return err
}

// step applies one action of seat s (Chance for a throw) and journals it
// before anyone sees its effect.
func (r *Room) step(s engine.Seat, text string, autopilot bool) error {
	next := r.game.Clone()
	a, err := next.ParseAction(s, text)
	if err != nil {
		return err
	}
	if err := next.Apply(s, a); err != nil {
		return err
	}
	line, note := engine.JoinLine(r.names, s, a.String()), ""
	if autopilot {
		line += autopilotMark
		note = " (autopilot)"
	}
	ctx, cancel := context.WithTimeout(context.Background(), saveTimeout)
	defer cancel()
	if err := r.link.Commit(ctx, r.gameID, len(r.lines)+1, line); err != nil {
		if errors.Is(err, saved.ErrConflict) && r.movedOn(ctx) {
			return ErrMovedOn
		}
		r.lobby.saveFailed("save action", err, "room", r.ID, "game", r.gameID, "line", line)
		return ErrSaveFailed
	}
	r.lobby.saved()
	metrics.ActionsCommitted.WithLabelValues(r.kind.Name).Inc()
	r.chargeClock(s)
	r.game = next
	r.lines = append(r.lines, line)
	r.logGame(s, note)
	if _, ok := r.game.ToMove(); !ok {
		r.finish()
	}
	return nil
}

// movedOn reads the journal after an append found its number taken: a
// commit whose answer was lost (the connection dropped as it committed)
// saved an action this room never applied. The journal is the truth, so
// the room applies what it lacks, as a restart would, and says whether
// there was any: then the action asked for was judged on a game that has
// moved on since, and is refused.
func (r *Room) movedOn(ctx context.Context) bool {
	n, err := r.readJournal(ctx)
	if err != nil {
		r.lobby.cfg.Log.Error("cannot read a room's journal after its action number was taken", "room", r.ID, "game", r.gameID, "err", err)
	}
	if n == 0 {
		return false
	}
	if _, ok := r.game.ToMove(); !ok {
		r.finish()
	}
	return true
}

// autopilotMark ends the journal line of an action the autopilot chose.
const autopilotMark = "  # autopilot"

// throw draws every chance outcome due (a die's throw), uniformly among
// Legal(Chance) from crypto/rand, and applies it as Chance's action: each is
// journaled before anyone sees it, so a restart replays it and never throws
// again. A throw that cannot be saved is tried again after the bot delay;
// until then no seat's decision is due.
func (r *Room) throw() {
	for r.st.Status == Playing {
		if seat, ok := r.game.ToMove(); !ok || seat != engine.Chance {
			return
		}
		outcomes := r.game.Legal(engine.Chance)
		a := outcomes[cryptoIntN(len(outcomes))]
		err := r.step(engine.Chance, a.String(), false)
		if errors.Is(err, ErrMovedOn) {
			continue // the journal's throw stands; another may be due
		}
		if err != nil { // step logged why
			r.lobby.cfg.After(r.lobby.cfg.BotDelay, func() {
				r.post(func() bool { r.throw(); return true })
			})
			return
		}
	}
}

// cryptoIntN returns a uniform number in [0, n) from crypto/rand: players
// must not be able to predict a throw from the ones before it.
func cryptoIntN(n int) int {
	v, _ := rand.Int(rand.Reader, big.NewInt(int64(n))) // never fails (crypto/rand.Read)
	return int(v.Int64())
}

// toMove returns the seat whose decision is due, never Chance: the room
// throws chance itself, at once, so clocks, bots and the autopilot never
// act for it.
func (r *Room) toMove() (engine.Seat, bool) {
	seat, ok := r.game.ToMove()
	return seat, ok && seat != engine.Chance
}

// logGame adds the events of seat's last action, in each viewer's words.
func (r *Room) logGame(seat engine.Seat, note string) {
	texts := make([][]string, 1+len(r.st.Seats))
	texts[0] = r.game.Log(engine.Watcher)
	for i := range r.st.Seats {
		texts[1+i] = r.game.Log(engine.Seat(i))
	}
	for k, public := range texts[0] {
		// The note is the action's: the events after its first (another
		// seat's forced pass, the next throw) are no autopilot's doing.
		n := note
		if k > 0 {
			n = ""
		}
		r.addEvent(seat, func(v int) string {
			if t := texts[v][k]; t != public {
				return t + n
			}
			return public + n
		})
	}
}

func (r *Room) finish() {
	r.st.Status, r.ended = Over, r.lobby.cfg.Now()
	r.st.Places = r.finalPlaces()
	ctx, cancel := context.WithTimeout(context.Background(), saveTimeout)
	defer cancel()
	if err := r.lobby.cfg.Journal.FinishGame(ctx, r.gameID, result(r.game), placed(r.game, r.st.Places)); err != nil {
		// The actions are saved; the game can be finished again from them.
		r.lobby.saveFailed("finish game", err, "room", r.ID, "game", r.gameID)
		return
	}
	r.lobby.saved()
	r.rate()
}

// result writes a finished game's result as a record's `result` line does:
// each seat's final score, best first.
func result(g engine.Game) string {
	var parts []string
	for _, st := range g.Standings() {
		parts = append(parts, fmt.Sprintf("%s %d", st.Name, st.Score))
	}
	return strings.Join(parts, " ")
}

// Place is a ranked game's final place of a seat where it is not the
// place the game gave it: a player who left (the autopilot finished for
// them) or was removed is placed below every player who stayed.
type Place struct {
	Seat  engine.Seat
	Place int
	Why   string // "left" or "was removed"
}

// finalPlaces lists the seats of a finished ranked game whose place is
// not the game's: in a ranked game a player who left or was removed is
// placed after those who stayed, whatever their autopilot scored, so
// that leaving never pays. Among themselves each group keeps the game's
// order. Nil for an unranked game, or when no place moves. One place per
// seat: the store, the ratings and the final screen all read these.
func (r *Room) finalPlaces() []Place {
	if !r.set.Ranked {
		return nil
	}
	game := outcomes(r.game)
	gone := func(i int) string {
		switch st := r.st.Seats[i]; {
		case st.removed.ID != 0:
			return "was removed"
		case st.human() && st.away && st.autopilot: // not one who dropped a moment ago
			return "left"
		}
		return ""
	}
	var out []Place
	for i := range r.st.Seats {
		place := 1
		for j := range r.st.Seats {
			ahead := game[j].Place < game[i].Place
			if (gone(j) == "") != (gone(i) == "") {
				ahead = gone(j) == ""
			}
			if ahead {
				place++
			}
		}
		if place != game[i].Place {
			out = append(out, Place{Seat: engine.Seat(i), Place: place, Why: gone(i)})
		}
	}
	return out
}

// placed is outcomes with the places of a ranked game's finalPlaces.
func placed(g engine.Game, places []Place) []saved.Outcome {
	out := outcomes(g)
	for _, p := range places {
		out[p.Seat].Place = p.Place
	}
	return out
}

// outcomes lists how each seat finished a game, by seat, as the game
// decided it: stored, so that nothing derives places from scores again.
func outcomes(g engine.Game) []saved.Outcome {
	out := make([]saved.Outcome, len(g.Seats()))
	for _, st := range g.Standings() {
		out[st.Seat] = saved.Outcome{Place: st.Place, Score: st.Score}
	}
	return out
}

// Chat adds p's message to the room's chat.
func (r *Room) Chat(ctx context.Context, p Player, text string) error {
	text, err := sanitize.Message(text, MaxChat)
	switch {
	case errors.Is(err, sanitize.ErrBlank):
		return errors.New("say something: a message needs a character that shows")
	case err != nil:
		return fmt.Errorf("a message is at most %d characters wide", MaxChat)
	}
	if err := r.lobby.allow(p); err != nil {
		return err
	}
	return r.do(ctx, Intent{Op: opChat, Player: p, Text: text})
}

// chatLine adds p's sanitised message, within the chat's rate.
func (r *Room) chatLine(ctx context.Context, p Player, text string) error {
	return r.call(ctx, func() error {
		now := time.Now()
		recent := r.chatted[p.ID][:0]
		for _, t := range r.chatted[p.ID] {
			if now.Sub(t) < chatWindow {
				recent = append(recent, t)
			}
		}
		if len(recent) >= chatBurst {
			r.chatted[p.ID] = recent
			return ErrChatTooFast
		}
		r.chatted[p.ID] = append(recent, now)
		line := ChatLine{At: now, From: p.Name, Text: text}
		r.addChat(line)
		r.news.Chat = append(r.news.Chat, line)
		return nil
	})
}

func (r *Room) addChat(line ChatLine) {
	r.chat = append(r.chat, line)
	if len(r.chat) > chatKeep {
		r.chat = append(r.chat[:0], r.chat[len(r.chat)-chatKeep:]...)
	}
}

// startClocks gives every seat its game time.
func (r *Room) startClocks() {
	r.clock = clockState{}
	r.st.Left, r.st.Deadline = make([]time.Duration, len(r.st.Seats)), time.Time{}
	for i := range r.st.Left {
		r.st.Left[i] = r.set.Clock.Game
	}
}

// TakeOver gives p's seat back to p after the autopilot played it because
// p's time ran out.
func (r *Room) TakeOver(ctx context.Context, p Player) error {
	if err := r.lobby.allow(p); err != nil {
		return err
	}
	return r.do(ctx, Intent{Op: opTakeOver, Player: p})
}

func (r *Room) takeOver(ctx context.Context, p Player) error {
	return r.call(ctx, func() error {
		i := r.seatOf(p)
		if i < 0 {
			return ErrNotSeated
		}
		st := &r.st.Seats[i]
		if !st.autopilot {
			return nil
		}
		st.autopilot, st.away = false, false
		r.note(st.name + " takes their seat back")
		return nil
	})
}

// abandoned reports whether the autopilot plays a player's seat: the
// player left, was removed, or ran out of time. The players here may then
// vote to end the game.
func (r *Room) abandoned() bool {
	for _, st := range r.st.Seats {
		if st.autopilot && !st.bot {
			return true
		}
	}
	return false
}

// VoteEnd records p's vote to end an abandoned game; once every seated
// player who is here has voted, the game ends unfinished.
func (r *Room) VoteEnd(ctx context.Context, p Player) error {
	if err := r.lobby.allow(p); err != nil {
		return err
	}
	return r.do(ctx, Intent{Op: opVote, Player: p})
}

func (r *Room) voteEnd(ctx context.Context, p Player) error {
	return r.call(ctx, func() error {
		i := r.seatOf(p)
		switch {
		case r.st.Status != Playing:
			return ErrNotStarted
		case i < 0:
			return ErrNotSeated
		case !r.abandoned():
			return ErrNotAbandoned
		}
		if r.st.Votes == nil {
			r.st.Votes = map[saved.AccountID]bool{}
		}
		if !r.st.Votes[p.ID] {
			r.st.Votes[p.ID] = true
			r.note(p.Name + " votes to end the game")
		}
		var voters []string
		for _, st := range r.st.Seats {
			if st.human() && !st.away {
				if !r.st.Votes[st.player.ID] {
					return nil // not everyone here has voted yet
				}
				voters = append(voters, st.name)
			}
		}
		r.end("ended by a vote of " + strings.Join(voters, ", "))
		return nil
	})
}

// abandonIfEmpty ends a game whose players have all gone.
func (r *Room) abandonIfEmpty() {
	for _, st := range r.st.Seats {
		if st.human() && !st.away {
			return
		}
	}
	r.end("abandoned: every player left")
}

// end stops a game unfinished: it is saved as aborted with why, and the
// room closes.
func (r *Room) end(why string) {
	ctx, cancel := context.WithTimeout(context.Background(), saveTimeout)
	defer cancel()
	if err := r.lobby.cfg.Journal.AbortGame(ctx, r.gameID, why); err != nil {
		r.lobby.saveFailed("abort game", err, "room", r.ID, "game", r.gameID)
	} else {
		r.lobby.saved()
	}
	r.close("The game is over: " + why + ".")
}
