package store

import (
	"context"
	"database/sql"
	"fmt"
)

// insertRoom stores the room of game id, if it has one; CreateGame calls it
// in its transaction. The room waited for its players until now: it is no
// longer a waiting room, so that a restart reopens it once, as the game's.
func insertRoom(ctx context.Context, tx *Tx, id GameID, r Room) error {
	if r.ID == "" {
		return nil
	}
	if err := tx.dropWaitingRoom(ctx, r.ID); err != nil {
		return err
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
	rows, err := s.q.QueryContext(ctx, `SELECT seat FROM seats WHERE game_id = ? AND removed = 1 ORDER BY seat`, id)
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

// SaveWaitingRoom stores a waiting room as it is now, in place of what was
// stored of it before.
func (s *Store) SaveWaitingRoom(ctx context.Context, w WaitingRoom) error {
	if w.ID == "" || w.Game == "" || w.Seats < 1 {
		return fmt.Errorf("store: save waiting room %q: a room needs an id, a game and seats (game %q, %d seats)", w.ID, w.Game, w.Seats)
	}
	var host sql.NullInt64
	if w.Host != 0 {
		host = sql.NullInt64{Int64: int64(w.Host), Valid: true}
	}
	err := s.WithTx(ctx, func(tx *Tx) error {
		if _, err := tx.q.ExecContext(ctx, `
			INSERT INTO waiting_rooms (room, code, title, host, game, rules, options, clock, ranked, seats)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (room) DO UPDATE SET code = excluded.code, title = excluded.title, host = excluded.host,
				game = excluded.game, rules = excluded.rules, options = excluded.options, clock = excluded.clock,
				ranked = excluded.ranked, seats = excluded.seats`,
			w.ID, w.Code, w.Title, host, w.Game, w.Rules, w.Options, w.Clock, flag(w.Ranked), w.Seats); err != nil {
			return mapError(err)
		}
		if _, err := tx.q.ExecContext(ctx, `DELETE FROM waiting_seats WHERE room = ?`, w.ID); err != nil {
			return mapError(err)
		}
		for _, seat := range w.Taken {
			var account sql.NullInt64
			if seat.Account != 0 {
				account = sql.NullInt64{Int64: int64(seat.Account), Valid: true}
			}
			if _, err := tx.q.ExecContext(ctx,
				`INSERT INTO waiting_seats (room, seat, account_id, name, bot) VALUES (?, ?, ?, ?, NULLIF(?, ''))`,
				w.ID, seat.Index, account, seat.Name, seat.Bot); err != nil {
				return fmt.Errorf("seat %d (%q): %w", seat.Index, seat.Name, mapError(err))
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: save waiting room %q: %w", w.ID, err)
	}
	return nil
}

// DropWaitingRoom forgets a waiting room that closed before its game
// started; a room not stored is no error.
func (s *Store) DropWaitingRoom(ctx context.Context, id string) error {
	if err := s.dropWaitingRoom(ctx, id); err != nil {
		return fmt.Errorf("store: drop waiting room %q: %w", id, err)
	}
	return nil
}

func (s *Store) dropWaitingRoom(ctx context.Context, id string) error {
	if _, err := s.q.ExecContext(ctx, `DELETE FROM waiting_rooms WHERE room = ?`, id); err != nil {
		return mapError(err)
	}
	return nil
}

// WaitingRooms returns every stored waiting room, by id.
func (s *Store) WaitingRooms(ctx context.Context) ([]WaitingRoom, error) {
	return s.waitingRooms(ctx, ``)
}

// waitingRooms returns the stored waiting rooms that where (a condition on
// w, the waiting_rooms row, with its arguments) picks, by id.
func (s *Store) waitingRooms(ctx context.Context, where string, args ...any) ([]WaitingRoom, error) {
	if where != "" {
		where = "WHERE " + where
	}
	rows, err := s.q.QueryContext(ctx, `
		SELECT w.room, w.code, w.title, w.host, w.game, w.rules, w.options, w.clock, w.ranked, w.seats,
			t.seat, t.account_id, t.name, COALESCE(t.bot, ''), COALESCE(a.bot, 0)
		FROM waiting_rooms w LEFT JOIN waiting_seats t ON t.room = w.room LEFT JOIN accounts a ON a.id = t.account_id
		`+where+`
		ORDER BY w.room, t.seat`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: waiting rooms: %w", mapError(err))
	}
	defer func() { _ = rows.Close() }()
	var out []WaitingRoom
	for rows.Next() {
		var (
			w             WaitingRoom
			host, account sql.NullInt64
			seat          sql.NullInt64
			name, bot     sql.NullString
			botAccount    int
		)
		if err := rows.Scan(&w.ID, &w.Code, &w.Title, &host, &w.Game, &w.Rules, &w.Options, &w.Clock, &w.Ranked, &w.Seats,
			&seat, &account, &name, &bot, &botAccount); err != nil {
			return nil, fmt.Errorf("store: waiting rooms: %w", mapError(err))
		}
		if len(out) == 0 || out[len(out)-1].ID != w.ID {
			w.Host = AccountID(host.Int64)
			out = append(out, w)
		}
		if seat.Valid {
			last := &out[len(out)-1]
			last.Taken = append(last.Taken, Seat{Index: int(seat.Int64), Account: AccountID(account.Int64), Name: name.String, Bot: bot.String,
				BotAccount: botAccount != 0})
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: waiting rooms: %w", mapError(err))
	}
	return out, nil
}

// FindRoom returns the open room with id or invite code idOrCode, or
// ErrNotFound: for a node to follow a room another node runs.
func (s *Store) FindRoom(ctx context.Context, idOrCode string) (OpenRoom, error) {
	waiting, err := s.waitingRooms(ctx, `w.room = ?1 OR (w.code <> '' AND w.code = ?1)`, idOrCode)
	if err != nil {
		return OpenRoom{}, err
	}
	if len(waiting) > 0 {
		return OpenRoom{Waiting: &waiting[0]}, nil
	}
	var id GameID
	err = s.q.QueryRowContext(ctx, `
		SELECT r.game_id FROM rooms r JOIN games g ON g.id = r.game_id
		WHERE (r.room = ?1 OR (r.code <> '' AND r.code = ?1)) AND g.status IN ('waiting', 'playing')
		ORDER BY r.game_id DESC LIMIT 1`, idOrCode).Scan(&id)
	if err != nil {
		return OpenRoom{}, fmt.Errorf("store: find room %q: %w", idOrCode, mapError(err))
	}
	g, err := s.Game(ctx, id)
	if err != nil {
		return OpenRoom{}, err
	}
	return OpenRoom{Game: &g}, nil
}

// PlayingRoom returns the id of the room of the newest game in play where
// account has a seat it was not removed from, or ErrNotFound: a player
// plays one game at a time (issue 27, N6), on whichever node.
func (s *Store) PlayingRoom(ctx context.Context, account AccountID) (string, error) {
	var id string
	err := s.q.QueryRowContext(ctx, `
		SELECT r.room FROM seats s JOIN games g ON g.id = s.game_id JOIN rooms r ON r.game_id = g.id
		WHERE s.account_id = ?1 AND s.removed = 0 AND g.status = 'playing'
		ORDER BY g.id DESC LIMIT 1`, account).Scan(&id)
	if err != nil {
		return "", fmt.Errorf("store: the game account %d plays: %w", account, mapError(err))
	}
	return id, nil
}

// SeatedRoom returns the id of the room where account has a seat: the
// newest game in play it was not removed from, else a waiting room; or
// ErrNotFound. A player who reaches another node than before goes back
// to their table.
func (s *Store) SeatedRoom(ctx context.Context, account AccountID) (string, error) {
	var id string
	err := s.q.QueryRowContext(ctx, `
		SELECT room FROM (
			SELECT r.room AS room, 0 AS waiting, g.id AS n
			FROM seats s JOIN games g ON g.id = s.game_id JOIN rooms r ON r.game_id = g.id
			WHERE s.account_id = ?1 AND s.removed = 0 AND g.status = 'playing'
			UNION ALL
			SELECT room, 1, 0 FROM waiting_seats WHERE account_id = ?1
		) AS seated ORDER BY waiting, n DESC LIMIT 1`, account).Scan(&id)
	if err != nil {
		return "", fmt.Errorf("store: the room of account %d: %w", account, mapError(err))
	}
	return id, nil
}
