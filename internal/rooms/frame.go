package rooms

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"hotels/internal/engine"
	"hotels/internal/saved"
)

// frame is a room as its owner announces it to the nodes that follow it
// (cluster.go): what the store does not hold, and how far the journal
// goes. A follower reads the actions up to Seq from the store.
type frame struct {
	Room    string
	Node    string // the owner
	Token   int64  // the owner's lease's
	Version uint64 // the owner's version of the room
	Status  Status
	Game    saved.GameID // 0 while waiting
	Seq     int          // the actions journaled
	// Lines are the actions journaled since the owner's last frame, the
	// first being action From+1, when they fit: a follower that has the
	// ones before applies them without reading the journal.
	From  int
	Lines []string
	Host  Player
	Seats []frameSeat
	Notes []string   // notes since the last frame, in order
	Chat  []ChatLine // chat since the last frame
	Left  []time.Duration
	// Deadline is by the owner's clock: nodes' clocks are assumed close
	// enough for a countdown on screen, and decide nothing.
	Deadline time.Time
	Votes    []saved.AccountID
	Ratings  []RatingChange
	Places   []Place  // a finished ranked game's places that are not the game's
	Offer    *Rematch // a finished game's rematch
	Notice   string   // why a closed room closed
}

type frameSeat struct {
	Player    Player
	Removed   Player
	Name      string
	Bot       bool
	Level     string
	Away      bool
	Autopilot bool
	Invited   bool
}

// maxNews bounds the notes and chat lines one frame carries, and again
// its actions: a notification holds at most 8000 bytes.
const maxNews = 2000

// follower is a room's state on a node that follows it: owned by the
// room's goroutine, but for the frames waiting to be applied.
type follower struct {
	owner   string // the owner's node
	token   int64
	version uint64

	mu     sync.Mutex
	frames []frame // heard, not yet applied
}

// leased returns the room's lease: zero unless this node owns it in a
// cluster.
func (r *Room) leased() saved.Lease {
	if rp, ok := r.link.(*replica); ok {
		return rp.leased()
	}
	return saved.Lease{}
}

func (rp *replica) leased() saved.Lease {
	if l := rp.lease.Load(); l != nil {
		return *l
	}
	return saved.Lease{}
}

// Announce sends the room to the nodes that follow it while this node
// runs it: on the room's goroutine, after each change, and once it closed.
func (rp *replica) Announce(r *Room, c Change) {
	if c.Closed {
		rp.announceClosed(r, c.Notice)
		return
	}
	lease := rp.leased()
	if lease.Room == "" {
		return
	}
	f := frame{
		Room: r.ID, Node: lease.Node, Token: lease.Token, Version: r.version, Status: r.status,
		Game: r.gameID, Seq: len(r.lines), Host: r.host, Notes: c.Notes, Chat: c.Chat,
		Ratings: r.ratings, Places: r.places,
	}
	size := 0
	for _, n := range f.Notes {
		size += len(n)
	}
	for _, c := range f.Chat {
		size += len(c.Text) + len(c.From)
	}
	if size > maxNews {
		f.Notes, f.Chat = nil, nil // followers miss them; the state is whole
	}
	if from := min(rp.announced, len(r.lines)); r.gameID != 0 {
		size = 0
		for _, line := range r.lines[from:] {
			size += len(line)
		}
		if size <= maxNews {
			f.From, f.Lines = from, r.lines[from:]
		}
	}
	rp.announced = len(r.lines)
	for _, st := range r.seats {
		f.Seats = append(f.Seats, frameSeat{Player: st.player, Removed: st.removed, Name: st.name, Bot: st.bot, Level: st.level,
			Away: st.away, Autopilot: st.autopilot, Invited: st.invited})
	}
	f.Left, f.Deadline = r.clocks()
	if r.offer != nil {
		f.Offer = r.offer.clone()
	}
	for id, v := range r.votes {
		if v {
			f.Votes = append(f.Votes, id)
		}
	}
	rp.c.send(framesChannel, f)
}

// announceClosed tells the followers that the room closed for good: on
// the owner, which releases its lease too.
func (rp *replica) announceClosed(r *Room, notice string) {
	lease := rp.leased()
	if lease.Room == "" {
		return
	}
	rp.c.send(framesChannel, frame{Room: r.ID, Node: lease.Node, Token: lease.Token, Version: r.version + 1, Status: Closed, Notice: notice})
	ctx, cancel := context.WithTimeout(context.Background(), saveTimeout)
	defer cancel()
	if err := rp.c.db.ReleaseLease(ctx, lease); err != nil {
		r.lobby.cfg.Log.Warn("cannot release a closed room's lease: another node opens it again once it lapses", "room", r.ID, "err", err)
	}
}

// queueFrame hands a heard frame to the room's goroutine; frames are
// applied in the order heard.
func (rp *replica) queueFrame(r *Room, f frame) {
	fl := rp.follow.Load()
	if fl == nil {
		return
	}
	fl.mu.Lock()
	fl.frames = append(fl.frames, f)
	first := len(fl.frames) == 1
	fl.mu.Unlock()
	if first {
		r.post(func() bool { return rp.applyFrames(r, fl) })
	}
}

func (rp *replica) applyFrames(r *Room, fl *follower) bool {
	fl.mu.Lock()
	frames := fl.frames
	fl.frames = nil
	fl.mu.Unlock()
	if rp.follow.Load() != fl {
		return false // this node took the room over meanwhile
	}
	changed := false
	for _, f := range frames {
		changed = rp.applyFrame(r, fl, f) || changed
	}
	return changed
}

// applyFrame makes the room what the owner's frame says, with the
// journal's actions up to the frame's.
func (rp *replica) applyFrame(r *Room, fl *follower, f frame) bool {
	if f.Token < fl.token || f.Token == fl.token && f.Version <= fl.version {
		return false // an older owner's, or one applied
	}
	if f.Node != fl.owner {
		fl.owner = f.Node
		rp.ownerIs(f.Node)
		rp.tellHere(r)
	}
	fl.token, fl.version = f.Token, f.Version
	if f.Status == Closed {
		r.shutting = true // the owner closed it; nothing here to store
		r.close(f.Notice)
		return false
	}
	if have := len(r.lines); f.Game == r.gameID && f.From <= have && have < f.Seq && f.From+len(f.Lines) == f.Seq {
		if err := r.applyLines(f.Lines[have-f.From:]); err != nil {
			r.lobby.cfg.Log.Warn("cannot follow a room's game", "room", r.ID, "game", f.Game, "err", err)
		}
	}
	if f.Game != 0 && (f.Game != r.gameID || f.Seq > len(r.lines)) {
		if err := rp.catchUp(r, f.Game); err != nil {
			r.lobby.cfg.Log.Warn("cannot follow a room's game", "room", r.ID, "game", f.Game, "err", err)
		}
	}
	seats := make([]seat, len(f.Seats))
	for i, s := range f.Seats {
		seats[i] = seat{player: s.Player, removed: s.Removed, name: s.Name, bot: s.Bot, level: s.Level, away: s.Away, autopilot: s.Autopilot, invited: s.Invited}
	}
	r.seats, r.host, r.status, r.ratings, r.places, r.offer = seats, f.Host, f.Status, f.Ratings, f.Places, f.Offer
	r.clock.left, r.clock.deadline = f.Left, f.Deadline
	r.votes = nil
	for _, id := range f.Votes {
		if r.votes == nil {
			r.votes = map[saved.AccountID]bool{}
		}
		r.votes[id] = true
	}
	for _, n := range f.Notes {
		r.note(n)
	}
	for _, c := range f.Chat {
		r.addChat(c)
	}
	return true
}

// catchUp brings the followed room's game up to what its journal holds:
// the game of id, dealt from the store if it is new here.
func (rp *replica) catchUp(r *Room, id saved.GameID) error {
	ctx, cancel := context.WithTimeout(context.Background(), saveTimeout)
	defer cancel()
	db := rp.c.db
	if id != r.gameID {
		sg, err := db.Game(ctx, id)
		if err != nil {
			return err
		}
		lines, err := db.Actions(ctx, id)
		if err != nil {
			return err
		}
		g, err := r.kind.Resume(sg.Chance, lines)
		if err != nil {
			return fmt.Errorf("replay: %w", err)
		}
		r.game, r.names, r.gameID, r.lines = g, g.Seats(), id, lines
		by := engine.Chance // the deal's events
		if len(lines) > 0 {
			by, _ = engine.SplitLine(r.names, strings.TrimSuffix(lines[len(lines)-1], autopilotMark))
		}
		r.logGame(by, "")
		return nil
	}
	_, err := r.readJournal(ctx)
	return err
}

// readJournal applies the journal's lines of the room's game that the
// room lacks, and says how many there were: how a follower keeps up, and
// how an owner whose commit answer was lost learns that its action (or
// another) was saved after all.
func (r *Room) readJournal(ctx context.Context) (int, error) {
	lines, err := r.lobby.cfg.Journal.ActionsAfter(ctx, r.gameID, len(r.lines))
	if err != nil {
		return 0, err
	}
	before := len(r.lines)
	err = r.applyLines(lines)
	return len(r.lines) - before, err
}

// applyLines applies the game's next journaled actions.
func (r *Room) applyLines(lines []string) error {
	for _, line := range lines {
		text, autopilot := strings.CutSuffix(line, autopilotMark)
		s, action := engine.SplitLine(r.names, text)
		next := r.game.Clone()
		a, err := next.ParseAction(s, action)
		if err == nil {
			err = next.Apply(s, a)
		}
		if err != nil {
			return fmt.Errorf("action %d %q: %w", len(r.lines)+1, line, err)
		}
		r.game, r.lines = next, append(r.lines, line)
		note := ""
		if autopilot {
			note = " (autopilot)"
		}
		r.logGame(s, note)
	}
	return nil
}

// newFollower opens a room here that node owner runs, as the store has
// it; the owner's frames bring it up to date.
func (l *Lobby) newFollower(id string, found saved.OpenRoom, lines []string, owner string) (*Room, error) {
	var (
		k     engine.Kind
		err   error
		set   Settings
		seats []seat
		host  Player
		game  engine.Game
	)
	if w := found.Waiting; w != nil {
		if k, err = l.Kind(w.Game); err != nil {
			return nil, err
		}
		clock, err := ParseClock(w.Clock)
		if err != nil {
			return nil, err
		}
		set = Settings{Name: w.Title, Game: k.Name, Rules: w.Rules, Options: strings.Fields(w.Options),
			Seats: w.Seats, Private: w.Code != "", Clock: clock, Ranked: w.Ranked}
		seats = make([]seat, w.Seats)
		for _, st := range w.Taken {
			if st.Index >= 0 && st.Index < len(seats) {
				seats[st.Index] = storedSeat(st)
			}
			if st.Account != 0 && st.Account == w.Host {
				host = Player{ID: st.Account, Name: st.Name}
			}
		}
	} else {
		sg := found.Game
		if k, err = l.Kind(sg.Game); err != nil {
			return nil, err
		}
		if game, err = k.Resume(sg.Chance, lines); err != nil {
			return nil, fmt.Errorf("replay: %w", err)
		}
		clock, err := ParseClock(sg.Clock)
		if err != nil {
			return nil, err
		}
		set = Settings{Name: sg.Room.Title, Game: k.Name, Rules: sg.Rules, Options: strings.Fields(sg.Options),
			Seats: len(sg.Seats), Private: sg.Room.Code != "", Clock: clock, Ranked: sg.Ranked}
		for _, st := range sg.Seats {
			seats = append(seats, storedSeat(st))
			if st.Account != 0 && st.Account == sg.Room.Host {
				host = Player{ID: st.Account, Name: st.Name}
			}
		}
		for _, i := range sg.Room.Removed {
			if i >= 0 && i < len(seats) {
				seats[i].removed = seats[i].player
				seats[i].player, seats[i].autopilot = Player{}, true
			}
		}
	}
	code := ""
	if set.Private {
		if found.Waiting != nil {
			code = found.Waiting.Code
		} else {
			code = found.Game.Room.Code
		}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if r := l.rooms[id]; r != nil {
		return r, nil // another session here was first
	}
	if l.closed {
		return nil, ErrRoomClosed
	}
	rp := &replica{c: l.cluster, j: l.cfg.Journal}
	rp.follow.Store(&follower{owner: owner})
	rp.ownerIs(owner)
	r := newRoom(l, id, code, k, set, host, rp, func(r *Room) {
		r.seats = seats
		if game != nil {
			r.game, r.names, r.gameID, r.lines, r.status = game, game.Seats(), found.Game.ID, lines, Playing
		}
	})
	l.rooms[id] = r
	if code != "" {
		l.rooms[code] = r
	}
	l.changed()
	return r, nil
}

// resync reads the followed room's journal again after notifications may
// have been lost, and tells the owner again who is here.
func (rp *replica) resync(r *Room) bool {
	if !rp.Follows() {
		return false
	}
	if r.gameID != 0 {
		if err := rp.catchUp(r, r.gameID); err != nil {
			r.lobby.cfg.Log.Warn("cannot follow a room's game", "room", r.ID, "err", err)
		}
	}
	rp.tellHere(r)
	return true
}

// own makes this node, which followed the room, its owner with lease,
// from the store's room and the journal's lines: what a restart does.
func (rp *replica) own(r *Room, lease saved.Lease, found saved.OpenRoom, lines []string) bool {
	if !rp.Follows() || r.status == Closed {
		return false
	}
	if sg := found.Game; sg != nil {
		g, err := r.kind.Resume(sg.Chance, lines)
		if err != nil {
			r.lobby.cfg.Log.Error("cannot take over a followed room: its record does not replay", "room", r.ID, "err", err)
			return false
		}
		// The seats are as the last owner announced them.
		r.game, r.names, r.gameID, r.lines, r.status = g, g.Seats(), sg.ID, lines, Playing
	}
	rp.follow.Store(nil)
	rp.lease.Store(&lease)
	rp.ownerIs(lease.Node)
	if r.status == Playing {
		r.startClocks() // each seat's game time starts again, as after a restart
	}
	for i := range r.seats {
		st := &r.seats[i]
		if !st.human() {
			continue
		}
		here := false
		for s := range r.subs {
			here = here || s.player.ID == st.player.ID
		}
		st.away, st.stopGrace = false, nil
		if !here {
			r.leave(i) // held for the grace period, as after a restart
		}
	}
	r.note("the server running this room stopped: the game goes on here")
	if r.game != nil {
		if _, ok := r.game.ToMove(); !ok {
			r.finish() // every action was journaled, but not the end
		}
	}
	r.throw()
	return true
}

// storedSeat is a seat as the store keeps it: a player's, or a bot's.
func storedSeat(st saved.Seat) seat {
	if st.Account == 0 {
		return seat{name: st.Name, bot: true, level: st.Bot}
	}
	return seat{player: Player{ID: st.Account, Name: st.Name}, name: st.Name}
}

// ownerIs records which node runs the room, for the room's methods to send
// intents to without entering its goroutine.
func (rp *replica) ownerIs(node string) {
	rp.owner.Store(&node)
}
