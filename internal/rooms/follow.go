package rooms

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

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

// State returns the room's lasting state as of now.
func (r *Room) State() State { return r.st.clone() }

// Version is the room's version, which each change increments.
func (r *Room) Version() uint64 { return r.version }

// Lines returns the journaled actions of the room's game from action
// from+1 on.
func (r *Room) Lines(from int) []string { return r.lines[min(from, len(r.lines)):] }

// Journaled returns the room's game and how many of its actions it has.
func (r *Room) Journaled() (saved.GameID, int) { return r.gameID, len(r.lines) }

// Mirror makes s, as the room's owner announced it with notes and chat,
// the room's state; its game follows the journal (ApplyLines, Replay,
// ReadJournal).
func (r *Room) Mirror(s State, notes []string, chat []ChatLine) {
	r.st, r.mirrored = s, true
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
	if r.st.Status == Closed {
		return false
	}
	if sg := found.Game; sg != nil {
		g, err := r.kind.Resume(sg.Chance, lines)
		if err != nil {
			r.lobby.cfg.Log.Error("cannot take over a followed room: its record does not replay", "room", r.ID, "err", err)
			return false
		}
		// The seats are as the last owner announced them.
		r.game, r.names, r.gameID, r.lines, r.st.Status = g, g.Seats(), sg.ID, lines, Playing
	}
	take()
	if r.st.Status == Playing {
		r.startClocks() // each seat's game time starts again, as after a restart
	}
	for i := range r.st.Seats {
		st := &r.st.Seats[i]
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
	if r.st.Status == Closed {
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
		here[s.name()] = s.player
	}
	return here
}

// Abort ends the room's game unfinished, saved as aborted with why.
func (r *Room) Abort(ctx context.Context, why string) error {
	return r.call(ctx, func() error { r.end(why); return nil })
}

// Follow opens a room here that another node runs, as the store has it,
// with the journal's lines of its game, linked by link; the frames its
// owner announces bring it up to date (Room.Mirror). Its sessions see it
// once the first frame came: the store does not keep who is away or
// invited. A room another session here opened first is returned instead.
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
	st := State{Host: host, Seats: seats, Status: Waiting}
	if game != nil {
		st.Status = Playing
	}
	r := newRoom(l, id, code, k, set, st, link, func(r *Room) {
		if game != nil {
			r.game, r.names, r.gameID, r.lines = game, game.Seats(), found.Game.ID, lines
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
