package rooms

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"hotels/internal/engine"
	"hotels/internal/saved"
)

// Archive is what reopening rooms needs of the store.
type Archive interface {
	UnfinishedGames(ctx context.Context) ([]saved.Game, error)
	Actions(ctx context.Context, id saved.GameID) ([]string, error)
	AbortGame(ctx context.Context, id saved.GameID, reason string) error
	WaitingRooms(ctx context.Context) ([]saved.WaitingRoom, error)
}

// Restore reopens every room the store has waiting for players
// (restoreWaiting), then a room for every game the store has in play,
// rebuilt by replaying its actions: after a restart every game is where it
// was, each player's seat held for the grace period. A game that cannot be
// rebuilt is logged and marked aborted with the reason. It returns how many
// rooms it reopened.
func (l *Lobby) Restore(ctx context.Context, a Archive) (int, error) {
	n, err := l.restoreWaiting(ctx, a)
	if err != nil {
		return n, err
	}
	games, err := a.UnfinishedGames(ctx)
	if err != nil {
		return n, fmt.Errorf("rooms: restore: %w", err)
	}
	for _, sg := range games {
		if sg.Status != saved.StatusPlaying {
			continue
		}
		err := l.RestoreGame(ctx, a, sg)
		if errors.Is(err, ErrElsewhere) {
			continue // another node of the cluster runs it
		}
		if err != nil {
			l.cfg.Log.Error("cannot rebuild game; marking it aborted", "game", sg.ID, "err", err)
			if aerr := a.AbortGame(ctx, sg.ID, err.Error()); aerr != nil {
				return n, fmt.Errorf("rooms: restore: mark game %d aborted: %w", sg.ID, aerr)
			}
			continue
		}
		n++
	}
	return n, nil
}

// RestoreGame reopens the room of sg, a game in play, from its journal.
// In a cluster, the room is reopened only if its lease is this node's to
// take, else RestoreGame returns ErrElsewhere.
func (l *Lobby) RestoreGame(ctx context.Context, a Archive, sg saved.Game) error {
	k, err := l.Kind(sg.Game)
	if err != nil {
		return err
	}
	link, err := l.cluster.Claim(ctx, sg.Room.ID, "", false)
	if err != nil {
		return err
	}
	lines, err := a.Actions(ctx, sg.ID)
	if err != nil {
		return err
	}
	g, err := k.Resume(sg.Chance, lines)
	if err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	if len(g.Seats()) != len(sg.Seats) {
		return fmt.Errorf("the record has %d seats, the table %d", len(g.Seats()), len(sg.Seats))
	}
	if _, ok := g.ToMove(); !ok {
		// Every action was saved, but not the end: finish it now.
		return l.finishRestored(ctx, k, sg, g)
	}
	seats := make([]seat, len(sg.Seats))
	var host, first Player
	for i, st := range sg.Seats {
		seats[i] = seat{name: st.Name}
		switch {
		case st.Account == 0:
			seats[i].bot, seats[i].level = true, st.Bot
			if seats[i].level == "" {
				seats[i].level = l.autopilot(k.Name)
			}
		case slices.Contains(sg.Room.Removed, i):
			// Removed from the table: the autopilot plays on, and a
			// ranked game rates them still.
			seats[i].autopilot, seats[i].removed = true, Player{ID: st.Account, Name: st.Name}
		default:
			seats[i].player = Player{ID: st.Account, Name: st.Name}
			if first.ID == 0 {
				first = seats[i].player
			}
			if st.Account == sg.Room.Host {
				host = seats[i].player
			}
		}
	}
	if host.ID == 0 {
		host = first // a game stored without its room, or whose host was removed
	}
	clock, err := ParseClock(sg.Clock)
	if err != nil {
		return err
	}
	set := Settings{
		Name: sg.Room.Title, Game: k.Name, Rules: sg.Rules,
		Options: strings.Fields(sg.Options), Seats: len(seats), Clock: clock, Ranked: sg.Ranked,
		Private: sg.Room.Code != "",
	}
	if set.Name == "" {
		set.Name = host.Name + "'s table"
	}
	l.mu.Lock()
	// The room keeps its id and invite code, which links and invitations
	// name (F4), unless a room already open has taken them.
	id, code := sg.Room.ID, sg.Room.Code
	if _, taken := l.rooms[id]; taken || id == "" {
		if id != "" {
			l.cfg.Log.Warn("restored room gets a new id: its own is taken", "game", sg.ID, "room", id)
		}
		id = l.freeCode(4)
	}
	if _, taken := l.rooms[code]; taken && code != "" {
		l.cfg.Log.Warn("restored room gets a new invite code: its own is taken", "game", sg.ID, "room", id)
		code = l.freeCode(inviteLength)
	}
	if id != sg.Room.ID {
		// Its id was taken: a room of this node alone.
		if link, err = l.cluster.Claim(ctx, "", "", false); err != nil {
			l.mu.Unlock()
			return err
		}
	}
	r := newRoom(l, id, code, k, set, State{Host: host, Seats: seats, Status: Playing}, link, func(r *Room) {
		r.game, r.names, r.gameID, r.lines = g, g.Seats(), sg.ID, lines
		r.startClocks() // each seat's game time starts again: the store keeps no clock readings
		for i := range r.st.Seats {
			if r.st.Seats[i].human() {
				r.leave(i)
			}
		}
		r.note("the server restarted: the game goes on where it was")
		r.throw() // a throw due but never journaled is thrown now, once
	})
	l.rooms[id] = r
	if code != "" {
		l.rooms[code] = r
	}
	l.mu.Unlock()
	l.changed()
	return nil
}

// finishRestored finishes a stored game whose every action was saved but
// not its end (the server stopped, or the database failed, in between),
// as the room would have: places and, for a ranked game, ratings. Who left
// a ranked game is not stored; who was removed is, and is placed below the
// others, as finalPlaces does.
func (l *Lobby) finishRestored(ctx context.Context, k engine.Kind, sg saved.Game, g engine.Game) error {
	var places []Place
	if sg.Ranked {
		places = rankedPlaces(g, func(i int) string {
			if slices.Contains(sg.Room.Removed, i) {
				return "was removed"
			}
			return ""
		})
	}
	done := placed(g, places)
	if err := l.cfg.Journal.FinishGame(ctx, sg.ID, result(g), done); err != nil {
		return err
	}
	if !sg.Ranked || l.cfg.Ratings == nil {
		return nil
	}
	var seats []ratedSeat
	for i, st := range sg.Seats {
		if st.Account != 0 { // bots are never rated
			seats = append(seats, ratedSeat{Player{ID: st.Account, Name: st.Name}, st.Name, done[i].Place})
		}
	}
	l.rate(k.Name, sg.Rules, sg.ID, seats)
	return nil
}
