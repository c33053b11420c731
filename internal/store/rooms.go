package store

import (
	"context"
	"database/sql"
	"fmt"
)

// Room is the room a game is played in, as a restart must reopen it: its
// id and invite code stay valid, a private room stays private.
type Room struct {
	ID    string    // the room's id; "" for a game stored without its room
	Code  string    // a private room's invite code; "" for a public room
	Title string    // the room's name in lists
	Host  AccountID // 0 for none
	// Removed holds the seats (from 0) whose player was removed from the
	// table: the autopilot plays them to the end.
	Removed []int
}

// insertRoom stores the room of game id, if it has one; CreateGame calls it
// in its transaction.
func insertRoom(ctx context.Context, tx *Tx, id GameID, r Room) error {
	if r.ID == "" {
		return nil
	}
	var host sql.NullInt64
	if r.Host != 0 {
		host = sql.NullInt64{Int64: int64(r.Host), Valid: true}
	}
	if _, err := tx.q.ExecContext(ctx, `INSERT INTO rooms (game_id, room, code, title, host) VALUES (?, ?, ?, ?, ?)`,
		id, r.ID, r.Code, r.Title, host); err != nil {
		return fmt.Errorf("room %q: %w", r.ID, mapError(err))
	}
	for _, seat := range r.Removed {
		if err := tx.removePlayer(ctx, id, seat); err != nil {
			return err
		}
	}
	return nil
}

// room loads the room of game id: the zero Room if it was stored without.
func (s *Store) room(ctx context.Context, id GameID) (Room, error) {
	var (
		r    Room
		host sql.NullInt64
	)
	err := s.q.QueryRowContext(ctx, `SELECT room, code, title, host FROM rooms WHERE game_id = ?`, id).
		Scan(&r.ID, &r.Code, &r.Title, &host)
	if err != nil && err != sql.ErrNoRows {
		return Room{}, fmt.Errorf("room: %w", mapError(err))
	}
	r.Host = AccountID(host.Int64)
	rows, err := s.q.QueryContext(ctx, `SELECT seat FROM seats WHERE game_id = ? AND removed ORDER BY seat`, id)
	if err != nil {
		return Room{}, fmt.Errorf("removed seats: %w", mapError(err))
	}
	defer func() { _ = rows.Close() }()
	for rows.Next() {
		var seat int
		if err := rows.Scan(&seat); err != nil {
			return Room{}, fmt.Errorf("removed seats: %w", mapError(err))
		}
		r.Removed = append(r.Removed, seat)
	}
	if err := rows.Err(); err != nil {
		return Room{}, fmt.Errorf("removed seats: %w", mapError(err))
	}
	return r, nil
}

// RemovePlayer records that the player at seat (from 0) of a game in play
// was removed from its table, so that a restart does not give the seat
// back. A game that is over is ErrConflict; no such seat, ErrNotFound.
func (s *Store) RemovePlayer(ctx context.Context, id GameID, seat int) error {
	if err := s.removePlayer(ctx, id, seat); err != nil {
		return fmt.Errorf("store: remove the player at seat %d of game %d: %w", seat, id, err)
	}
	return nil
}

func (s *Store) removePlayer(ctx context.Context, id GameID, seat int) error {
	res, err := s.q.ExecContext(ctx, `
		UPDATE seats SET removed = 1
		WHERE game_id = ? AND seat = ? AND account_id IS NOT NULL
		  AND (SELECT status FROM games WHERE id = game_id) IN ('waiting', 'playing')`, id, seat)
	if err != nil {
		return mapError(err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 1 {
		return mapError(err)
	}
	// Nothing was changed; say why.
	var status Status
	if err := s.q.QueryRowContext(ctx, `SELECT status FROM games WHERE id = ?`, id).Scan(&status); err != nil {
		return mapError(err)
	}
	if status.Done() {
		return fmt.Errorf("game is %s: %w", status, ErrConflict)
	}
	return fmt.Errorf("no player sits at seat %d: %w", seat, ErrNotFound)
}
