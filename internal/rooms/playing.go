package rooms

import (
	"context"
	"errors"
	"fmt"

	"hotels/internal/saved"
)

// Issue 27, N6: a player plays one game at a time. A player with a seat in
// a game in play (left to the autopilot or not: the seat is theirs to take
// back until the game ends) takes no seat anywhere else, and a game does
// not start while one of its players has a seat in another game in play,
// so that a player seated in two waiting rooms plays in the first to start,
// and the second waits until that game ends or the player leaves it (the
// host may kick them). The store knows every node's seats, so this holds
// across the servers sharing a database. Watching is not playing.

// ErrPlaying is what wraps the refusal of a seat or a start to a player
// already in a game in play, with the room.
var ErrPlaying = errors.New("one game at a time")

// playingElsewhere returns an error wrapping ErrPlaying if p has a seat in
// a game in play in another room than here: in a room here, or, as the
// store says, on any node.
func (l *Lobby) playingElsewhere(ctx context.Context, p Player, here string) error {
	room, err := l.playingRoom(ctx, p, here)
	if err != nil || room == "" {
		return err
	}
	return fmt.Errorf("%w: you play in room %s until its game ends (watching others is fine)", ErrPlaying, room)
}

// freeToStart returns an error wrapping ErrPlaying, which names them, if
// one of players has a seat in a game in play in another room than here.
func (l *Lobby) freeToStart(ctx context.Context, players []Player, here string) error {
	for _, p := range players {
		room, err := l.playingRoom(ctx, p, here)
		if err != nil {
			return err
		}
		if room != "" {
			return fmt.Errorf("%w: %s plays in room %s until its game ends", ErrPlaying, p.Name, room)
		}
	}
	return nil
}

// playingRoom returns the room other than here where p has a seat in a
// game in play, or "".
func (l *Lobby) playingRoom(ctx context.Context, p Player, here string) (string, error) {
	if p.ID == 0 {
		return "", nil
	}
	if r := l.SeatOf(p); r != nil && r.ID != here && r.info().Status == Playing {
		return r.ID, nil
	}
	ctx, cancel := context.WithTimeout(ctx, saveTimeout)
	defer cancel()
	id, err := l.cfg.Journal.PlayingRoom(ctx, p.ID)
	switch {
	case errors.Is(err, saved.ErrNotFound), err == nil && id == here:
		return "", nil
	case err != nil:
		l.saveFailed("find the game a player plays", err, "account", p.ID)
		return "", ErrSaveFailed
	}
	return id, nil
}
