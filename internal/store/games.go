package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
)

// CreateGame stores a new game and its seats and returns its id.
func (s *Store) CreateGame(ctx context.Context, g NewGame) (GameID, error) {
	if g.Game == "" {
		return 0, fmt.Errorf("store: create game: the game must be named (rules %q)", g.Rules)
	}
	if g.Status == "" {
		g.Status = StatusWaiting
	}
	if !g.Status.Valid() || g.Status.Done() {
		return 0, fmt.Errorf("store: create %s game: cannot start in status %q", g.Game, g.Status)
	}
	var id GameID
	err := s.WithTx(ctx, func(tx *Tx) error {
		err := tx.q.InsertRowContext(ctx, `
			INSERT INTO games (game, rules, options, clock, ranked, chance, status, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			g.Game, g.Rules, g.Options, g.Clock, flag(g.Ranked), g.Chance, g.Status, timestamp(s.now())).Scan(&id)
		if err != nil {
			return mapError(err)
		}
		for _, seat := range g.Seats {
			var account sql.NullInt64
			if seat.Account != 0 {
				account = sql.NullInt64{Int64: int64(seat.Account), Valid: true}
			}
			if _, err := tx.q.ExecContext(ctx,
				`INSERT INTO seats (game_id, seat, account_id, name, bot) VALUES (?, ?, ?, ?, NULLIF(?, ''))`,
				id, seat.Index, account, seat.Name, seat.Bot); err != nil {
				return fmt.Errorf("seat %d (%q): %w", seat.Index, seat.Name, mapError(err))
			}
		}
		return insertRoom(ctx, tx, id, g.Room)
	})
	if err != nil {
		return 0, fmt.Errorf("store: create %s game: %w", g.Game, err)
	}
	return id, nil
}

// Game returns the game with its seats, or ErrNotFound.
func (s *Store) Game(ctx context.Context, id GameID) (Game, error) {
	g, err := scanGame(s.q.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games WHERE id = ?`, id))
	if err != nil {
		return Game{}, fmt.Errorf("store: game %d: %w", id, err)
	}
	if g.Seats, err = s.seats(ctx, id); err != nil {
		return Game{}, fmt.Errorf("store: game %d: %w", id, err)
	}
	if g.Room, err = s.room(ctx, id); err != nil {
		return Game{}, fmt.Errorf("store: game %d: %w", id, err)
	}
	return g, nil
}

// UnfinishedGames returns the games that are waiting or playing, oldest first,
// so a restarted server can resume them.
func (s *Store) UnfinishedGames(ctx context.Context) ([]Game, error) {
	return s.listGames(ctx, "unfinished games", `SELECT `+gameColumns+` FROM games
		WHERE status IN ('waiting', 'playing') ORDER BY id`)
}

// RecentGames returns the newest games account played in, newest first, at
// most limit of them.
func (s *Store) RecentGames(ctx context.Context, account AccountID, limit int) ([]Game, error) {
	return s.listGames(ctx, fmt.Sprintf("recent games of account %d", account), `SELECT `+gameColumns+` FROM games
		WHERE id IN (SELECT game_id FROM seats WHERE account_id = ?) ORDER BY id DESC LIMIT ?`, account, limit)
}

// FinishedGames returns the newest games account played in that are over
// (finished or aborted), newest first, at most limit of them.
func (s *Store) FinishedGames(ctx context.Context, account AccountID, limit int) ([]Game, error) {
	return s.listGames(ctx, fmt.Sprintf("finished games of account %d", account), `SELECT `+gameColumns+` FROM games
		WHERE id IN (SELECT game_id FROM seats WHERE account_id = ?) AND status NOT IN ('waiting', 'playing')
		ORDER BY id DESC LIMIT ?`, account, limit)
}

// listGames runs a query for gameColumns and loads each game's seats.
func (s *Store) listGames(ctx context.Context, op, query string, args ...any) ([]Game, error) {
	rows, err := s.q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", op, mapError(err))
	}
	var games []Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			_ = rows.Close()
			return nil, fmt.Errorf("store: %s: %w", op, err)
		}
		games = append(games, g)
	}
	if err := rows.Close(); err != nil {
		return nil, fmt.Errorf("store: %s: %w", op, mapError(err))
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: %s: %w", op, mapError(err))
	}
	for i := range games {
		if games[i].Seats, err = s.seats(ctx, games[i].ID); err != nil {
			return nil, fmt.Errorf("store: %s: game %d: %w", op, games[i].ID, err)
		}
		if games[i].Room, err = s.room(ctx, games[i].ID); err != nil {
			return nil, fmt.Errorf("store: %s: game %d: %w", op, games[i].ID, err)
		}
	}
	return games, nil
}

// AppendAction records actions number seq, seq+1, ... of a game, one a
// line, in one transaction: all of them or none (no lines: nothing).
// Actions are numbered 1, 2, 3, ... so seq must be exactly one more than
// the last stored: a duplicate or a gap returns an error wrapping
// ErrConflict, as does appending to a game that is finished or aborted.
// An unknown game is ErrNotFound. Appending again the last actions stored,
// the same lines from the same seq, succeeds and changes nothing: it is
// the retry of a commit whose answer was lost with the connection
// (PostgreSQL going away), and the actions are saved. Given a lease
// (Fenced), it appends only while that lease is held, in a transaction, so
// that a node taking the room over waits for it or sees it; otherwise it
// returns an error wrapping ErrFenced.
func (s *Store) AppendAction(ctx context.Context, id GameID, seq int, lines ...string) error {
	if len(lines) == 0 {
		return nil
	}
	lease, fenced := fenceOf(ctx)
	if fenced && s.db != nil {
		return s.WithTx(ctx, func(tx *Tx) error { return tx.AppendAction(ctx, id, seq, lines...) })
	}
	saved, err := s.appendActions(ctx, []appendReq{{ctx: ctx, id: id, seq: seq, lines: lines}}, nil)
	if err != nil || saved {
		return err
	}
	// Nothing was inserted; say why.
	what := actionsOf(id, seq, len(lines))
	var (
		status Status
		last   int
		holds  = true
	)
	err = s.q.QueryRowContext(ctx, `
		SELECT status, (SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?1)
		FROM games WHERE id = ?1`, id).Scan(&status, &last)
	if err == nil && fenced {
		var held Lease
		held, holds, err = s.LeaseOf(ctx, lease.Room)
		holds = holds && held == lease
		if errors.Is(err, ErrNotFound) {
			err = nil // released: not held
		}
	}
	switch {
	case err != nil:
		return fmt.Errorf("store: append %s: %w", what, mapError(err))
	case status.Done():
		return fmt.Errorf("store: append %s: game is %s: %w", what, status, ErrConflict)
	case seq >= 1 && last == seq+len(lines)-1:
		if stored, err := s.ActionsAfter(ctx, id, seq-1); err == nil && slices.Equal(stored, lines) {
			return nil
		}
	}
	if !holds {
		return fmt.Errorf("store: append %s: room %s, node %s, token %d: %w", what, lease.Room, lease.Node, lease.Token, ErrFenced)
	}
	return fmt.Errorf("store: append %s: next action is %d: %w", what, last+1, ErrConflict)
}

// Actions returns a game's record lines in order, or ErrNotFound if there is
// no such game.
func (s *Store) Actions(ctx context.Context, id GameID) ([]string, error) {
	return s.ActionsAfter(ctx, id, 0)
}

// ActionsAfter returns a game's record lines after the first seq, in
// order: what a node following the game has not read yet. No such game is
// ErrNotFound.
func (s *Store) ActionsAfter(ctx context.Context, id GameID, seq int) ([]string, error) {
	rows, err := s.q.QueryContext(ctx,
		`SELECT line FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq`, id, seq)
	if err != nil {
		return nil, fmt.Errorf("store: actions of game %d: %w", id, mapError(err))
	}
	var lines []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			_ = rows.Close()
			return nil, fmt.Errorf("store: actions of game %d: %w", id, mapError(err))
		}
		lines = append(lines, line)
	}
	if err := rows.Close(); err != nil {
		return nil, fmt.Errorf("store: actions of game %d: %w", id, mapError(err))
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: actions of game %d: %w", id, mapError(err))
	}
	if len(lines) == 0 {
		var one int
		err := s.q.QueryRowContext(ctx, `SELECT 1 FROM games WHERE id = ?`, id).Scan(&one)
		if err != nil {
			return nil, fmt.Errorf("store: actions of game %d: %w", id, mapError(err))
		}
	}
	return lines, nil
}

// SetStatus moves a game to waiting, playing or aborted. A game that is
// already finished or aborted cannot move (ErrConflict); use FinishGame to
// finish one with its result.
func (s *Store) SetStatus(ctx context.Context, id GameID, status Status) error {
	if !status.Valid() || status == StatusFinished {
		return fmt.Errorf("store: set game %d status to %q: use one of waiting, playing, aborted", id, status)
	}
	var finished any // NULL unless aborting
	if status.Done() {
		finished = timestamp(s.now())
	}
	return s.move(ctx, id, status, finished, "",
		fmt.Sprintf("store: set game %d status to %s", id, status))
}

// FinishGame marks a game finished with the engine's result line and how
// each seat finished (seats[i] is seat i's), in one transaction. A game that
// is already finished or aborted returns an error wrapping ErrConflict.
func (s *Store) FinishGame(ctx context.Context, id GameID, result string, seats []Outcome) error {
	op := fmt.Sprintf("store: finish game %d", id)
	return s.WithTx(ctx, func(tx *Tx) error {
		if err := tx.move(ctx, id, StatusFinished, timestamp(s.now()), result, op); err != nil {
			return err
		}
		return tx.setOutcomes(ctx, id, seats, op)
	})
}

// UnplacedGames returns the finished games whose seats have no place yet,
// oldest first: those finished before places were stored, for PlaceSeats.
func (s *Store) UnplacedGames(ctx context.Context) ([]Game, error) {
	return s.listGames(ctx, "unplaced games", `SELECT `+gameColumns+` FROM games
		WHERE status = 'finished' AND EXISTS (SELECT 1 FROM seats WHERE game_id = games.id AND place IS NULL)
		ORDER BY id`)
}

// PlaceSeats stores how each seat of a finished game finished (seats[i] is
// seat i's), as FinishGame does for the games it finishes.
func (s *Store) PlaceSeats(ctx context.Context, id GameID, seats []Outcome) error {
	op := fmt.Sprintf("store: place the seats of game %d", id)
	return s.WithTx(ctx, func(tx *Tx) error { return tx.setOutcomes(ctx, id, seats, op) })
}

// setOutcomes writes each seat's place and score.
func (s *Store) setOutcomes(ctx context.Context, id GameID, seats []Outcome, op string) error {
	for i, o := range seats {
		res, err := s.q.ExecContext(ctx, `UPDATE seats SET place = ?, score = ? WHERE game_id = ? AND seat = ?`,
			o.Place, o.Score, id, i)
		if err != nil {
			return fmt.Errorf("%s: outcome of seat %d: %w", op, i, mapError(err))
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return fmt.Errorf("%s: outcome of seat %d: no such seat: %w", op, i, ErrNotFound)
		}
	}
	return nil
}

// AbortGame marks a game that cannot go on as aborted, with why in its
// result, so that it is reported and never silently dropped.
func (s *Store) AbortGame(ctx context.Context, id GameID, reason string) error {
	return s.move(ctx, id, StatusAborted, timestamp(s.now()), "aborted: "+reason,
		fmt.Sprintf("store: abort game %d", id))
}

// move changes the status of a game that is not yet done.
func (s *Store) move(ctx context.Context, id GameID, status Status, finishedAt any, result, op string) error {
	res, err := s.q.ExecContext(ctx, `
		UPDATE games SET status = ?, finished_at = ?, result = ?
		WHERE id = ? AND status IN ('waiting', 'playing')`,
		status, finishedAt, result, id)
	if err != nil {
		return fmt.Errorf("%s: %w", op, mapError(err))
	}
	if n, err := res.RowsAffected(); err != nil || n == 1 {
		return mapError(err)
	}
	var current Status
	if err := s.q.QueryRowContext(ctx, `SELECT status FROM games WHERE id = ?`, id).Scan(&current); err != nil {
		return fmt.Errorf("%s: %w", op, mapError(err))
	}
	return fmt.Errorf("%s: game is already %s: %w", op, current, ErrConflict)
}

func (s *Store) seats(ctx context.Context, id GameID) ([]Seat, error) {
	rows, err := s.q.QueryContext(ctx,
		`SELECT s.seat, s.account_id, s.name, COALESCE(s.bot, ''), COALESCE(s.place, 0), COALESCE(s.score, 0), COALESCE(a.bot, 0)
		FROM seats s LEFT JOIN accounts a ON a.id = s.account_id WHERE s.game_id = ? ORDER BY s.seat`, id)
	if err != nil {
		return nil, fmt.Errorf("seats: %w", mapError(err))
	}
	defer func() { _ = rows.Close() }()
	var seats []Seat
	for rows.Next() {
		var (
			seat    Seat
			account sql.NullInt64
			bot     int
		)
		if err := rows.Scan(&seat.Index, &account, &seat.Name, &seat.Bot, &seat.Place, &seat.Score, &bot); err != nil {
			return nil, fmt.Errorf("seats: %w", mapError(err))
		}
		seat.Account, seat.BotAccount = AccountID(account.Int64), bot != 0
		seats = append(seats, seat)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("seats: %w", mapError(err))
	}
	return seats, nil
}

const gameColumns = `id, game, rules, options, clock, ranked, chance, status, created_at, finished_at, result`

func scanGame(r row) (Game, error) {
	var (
		g        Game
		created  string
		finished sql.NullString
	)
	if err := r.Scan(&g.ID, &g.Game, &g.Rules, &g.Options, &g.Clock, &g.Ranked, &g.Chance, &g.Status,
		&created, &finished, &g.Result); err != nil {
		return Game{}, mapError(err)
	}
	var err error
	if g.CreatedAt, err = parseTime(created); err != nil {
		return Game{}, err
	}
	if finished.Valid {
		if g.FinishedAt, err = parseTime(finished.String); err != nil {
			return Game{}, err
		}
	}
	return g, nil
}
