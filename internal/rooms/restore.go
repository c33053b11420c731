package rooms

import (
	"context"
	"fmt"
	"strings"

	"hotels/internal/store"
)

// Archive is what reopening rooms needs of the store.
type Archive interface {
	UnfinishedGames(ctx context.Context) ([]store.Game, error)
	Actions(ctx context.Context, id store.GameID) ([]string, error)
	AbortGame(ctx context.Context, id store.GameID, reason string) error
}

// Restore reopens a room for every game the store has in play, rebuilt by
// replaying its actions: after a restart every game is where it was, each
// player's seat held for the grace period. A game that cannot be rebuilt is
// logged and marked aborted with the reason. It returns how many rooms it
// reopened.
func (l *Lobby) Restore(ctx context.Context, a Archive) (int, error) {
	games, err := a.UnfinishedGames(ctx)
	if err != nil {
		return 0, fmt.Errorf("rooms: restore: %w", err)
	}
	n := 0
	for _, sg := range games {
		if sg.Status != store.StatusPlaying {
			continue
		}
		if err := l.restore(ctx, a, sg); err != nil {
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

func (l *Lobby) restore(ctx context.Context, a Archive, sg store.Game) error {
	k, err := l.Kind(sg.Game)
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
		return l.cfg.Journal.FinishGame(ctx, sg.ID, result(g), outcomes(g))
	}
	seats := make([]seat, len(sg.Seats))
	var host Player
	for i, st := range sg.Seats {
		seats[i] = seat{name: st.Name}
		if st.Account == 0 {
			seats[i].bot, seats[i].level = true, st.Bot
			if seats[i].level == "" {
				seats[i].level = l.autopilot(k.Name)
			}
			continue
		}
		seats[i].player = Player{ID: st.Account, Name: st.Name}
		if host.ID == 0 {
			host = seats[i].player
		}
	}
	clock, err := ParseClock(sg.Clock)
	if err != nil {
		return err
	}
	set := Settings{
		Name: host.Name + "'s table", Game: k.Name, Rules: sg.Rules,
		Options: strings.Fields(sg.Options), Seats: len(seats), Clock: clock, Ranked: sg.Ranked,
	}
	l.mu.Lock()
	id := l.freeCode(4)
	r := newRoom(l, id, "", k, set, host, func(r *Room) {
		r.seats, r.game, r.names, r.gameID, r.lines, r.status = seats, g, g.Seats(), sg.ID, lines, Playing
		r.startClocks() // each seat's game time starts again: the store keeps no clock readings
		for i := range r.seats {
			if r.seats[i].human() {
				r.leave(i)
			}
		}
		r.note("the server restarted: the game goes on where it was")
		r.throw() // a throw due but never journaled is thrown now, once
	})
	l.rooms[id] = r
	l.mu.Unlock()
	l.changed()
	return nil
}
