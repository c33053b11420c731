package rooms

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"hotels/internal/engine"
	"hotels/internal/saved"
)

// What internal/replica needs of rooms and lobbies to run them across
// several servers: the room's state as its owner announces it, and what a
// node that follows the room, or takes it over, does to it. A room's
// methods here run on its goroutine (Post, Call) unless they say so.

// Post runs fn on the room's goroutine without waiting for it, and
// publishes the room if fn reports a change.
func (r *Room) Post(fn func() bool) { r.post(fn) }

// Call runs fn on the room's goroutine, publishes what it changed and
// returns its error.
func (r *Room) Call(ctx context.Context, fn func() error) error { return r.call(ctx, fn) }

// Link is the room's link (safe from any goroutine).
func (r *Room) Link() Link { return r.link }

// State is a room's state as the node running it announces it to the
// nodes that follow it, which make their room the same (Mirror).
type State struct {
	Version uint64 // the owner's version of the room
	Status  Status
	Game    saved.GameID // 0 while waiting
	Seq     int          // the actions journaled
	Host    Player
	Seats   []Chair
	Left    []time.Duration
	// Deadline is by the owner's clock: nodes' clocks are assumed close
	// enough for a countdown on screen, and decide nothing.
	Deadline time.Time
	Votes    []saved.AccountID
	Ratings  []RatingChange
	Places   []Place  // a finished ranked game's places that are not the game's
	Offer    *Rematch // a finished game's rematch
}

// Chair is one seat of a room's State.
type Chair struct {
	Player    Player
	Removed   Player
	Name      string
	Bot       bool
	Level     string
	Away      bool
	Autopilot bool
	Invited   bool
}

// State returns the room's state as of now.
func (r *Room) State() State {
	s := State{
		Version: r.version, Status: r.status, Game: r.gameID, Seq: len(r.lines), Host: r.host,
		Ratings: r.ratings, Places: r.places,
	}
	for _, st := range r.seats {
		s.Seats = append(s.Seats, Chair{Player: st.player, Removed: st.removed, Name: st.name, Bot: st.bot, Level: st.level,
			Away: st.away, Autopilot: st.autopilot, Invited: st.invited})
	}
	s.Left, s.Deadline = r.clocks()
	if r.offer != nil {
		s.Offer = r.offer.clone()
	}
	for id, v := range r.votes {
		if v {
			s.Votes = append(s.Votes, id)
		}
	}
	return s
}

// Lines returns the journaled actions of the room's game from action
// from+1 on.
func (r *Room) Lines(from int) []string { return r.lines[min(from, len(r.lines)):] }

// Journaled returns the room's game and how many of its actions it has.
func (r *Room) Journaled() (saved.GameID, int) { return r.gameID, len(r.lines) }

// Mirror makes the room's seats, status, clocks, votes and rematch those
// of s, as its owner announced them with notes and chat; its game follows
// the journal (ApplyLines, Replay, ReadJournal).
func (r *Room) Mirror(s State, notes []string, chat []ChatLine) {
	seats := make([]seat, len(s.Seats))
	for i, c := range s.Seats {
		seats[i] = seat{player: c.Player, removed: c.Removed, name: c.Name, bot: c.Bot, level: c.Level, away: c.Away, autopilot: c.Autopilot, invited: c.Invited}
	}
	r.seats, r.host, r.status, r.ratings, r.places, r.offer = seats, s.Host, s.Status, s.Ratings, s.Places, s.Offer
	r.clock.left, r.clock.deadline = s.Left, s.Deadline
	r.votes = nil
	for _, id := range s.Votes {
		if r.votes == nil {
			r.votes = map[saved.AccountID]bool{}
		}
		r.votes[id] = true
	}
	for _, n := range notes {
		r.note(n)
	}
	for _, c := range chat {
		r.addChat(c)
	}
}

// Replay makes sg, with the journal's lines, the room's game: a game
// dealt on the node that runs the room.
func (r *Room) Replay(sg saved.Game, lines []string) error {
	g, err := r.kind.Resume(sg.Chance, lines)
	if err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	r.game, r.names, r.gameID, r.lines = g, g.Seats(), sg.ID, lines
	by := engine.Chance // the deal's events
	if len(lines) > 0 {
		by, _ = engine.SplitLine(r.names, strings.TrimSuffix(lines[len(lines)-1], autopilotMark))
	}
	r.logGame(by, "")
	return nil
}

// ReadJournal is readJournal for a room another node runs.
func (r *Room) ReadJournal(ctx context.Context) (int, error) { return r.readJournal(ctx) }

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
	err = r.ApplyLines(lines)
	return len(r.lines) - before, err
}

// ApplyLines applies the game's next journaled actions, on the room's
// goroutine: how a room another node runs follows the actions its frames
// carry.
func (r *Room) ApplyLines(lines []string) error {
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

// Disown closes the room here, whose state is another node's to keep:
// its owner closed it, or took it over while this node was cut off.
func (r *Room) Disown(notice string) {
	r.shutting = true
	r.close(notice)
}

// Adopt makes this node, which followed the room, run it, from the
// store's room and the journal's lines, as a restart does: take is called
// once the game replays, to make the room's link the owner's. It reports
// whether it did.
func (r *Room) Adopt(found saved.OpenRoom, lines []string, take func()) bool {
	if r.status == Closed {
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
	take()
	if r.status == Playing {
		r.startClocks() // each seat's game time starts again, as after a restart
	}
	for i := range r.seats {
		st := &r.seats[i]
		if !st.human() {
			continue
		}
		st.away, st.stopGrace = false, nil
		if !r.here(st.player) {
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

// Visit counts a session of p on another node in the room, run here, as
// Subscribe does one here, for its seat's presence and the watchers; leave
// (on the room's goroutine) ends it.
func (r *Room) Visit(p Player) (leave func() bool, err error) {
	if r.status == Closed {
		return nil, ErrRoomClosed
	}
	s := &sub{player: p}
	r.subs[s] = struct{}{}
	if i := r.seatOf(p); i >= 0 {
		r.present(i)
	}
	return func() bool { return r.unsubscribe(s) }, nil
}

// Sessions returns the room's sessions on this node, by their keys.
func (r *Room) Sessions() map[string]Player {
	here := map[string]Player{}
	for s := range r.subs {
		here[s.key] = s.player
	}
	return here
}

// Abort ends the room's game unfinished, saved as aborted with why.
func (r *Room) Abort(ctx context.Context, why string) error {
	return r.call(ctx, func() error { r.end(why); return nil })
}

// Follow opens a room here that another node runs, as the store has it,
// with the journal's lines of its game, linked by link; the frames its
// owner announces bring it up to date (Room.Mirror). A room another
// session here opened first is returned instead.
func (l *Lobby) Follow(id string, found saved.OpenRoom, lines []string, link Link) (*Room, error) {
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
	r := newRoom(l, id, code, k, set, host, link, func(r *Room) {
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

// storedSeat is a seat as the store keeps it: a player's, or a bot's.
func storedSeat(st saved.Seat) seat {
	if st.Account == 0 {
		return seat{name: st.Name, bot: true, level: st.Bot}
	}
	return seat{player: Player{ID: st.Account, Name: st.Name}, name: st.Name}
}

// Log is the lobby's logger.
func (l *Lobby) Log() *slog.Logger { return l.cfg.Log }

// SaveFailed logs a write the store refused, as the rooms' own are.
func (l *Lobby) SaveFailed(what string, err error, args ...any) { l.saveFailed(what, err, args...) }

// Changed marks the lobby's list changed.
func (l *Lobby) Changed() { l.changed() }
