package store

import (
	"context"
	"fmt"
	"strings"
)

// pendingTable marks the rows of a table taken by TakeTables whose room is
// not open yet: no room id starts with it.
const pendingTable = "table "

// AddSeeker puts a player in the queue. A player already in it is
// ErrConflict; a node that lapsed, ErrNotFound.
func (s *Store) AddSeeker(ctx context.Context, k Seeker) error {
	_, err := s.q.ExecContext(ctx, `
		INSERT INTO seekers (account_id, node, name, game, rules, min_seats, max_seats, rating, since)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		k.Account, k.Node, k.Name, k.Game, k.Rules, k.Min, k.Max, k.Rating, timestamp(k.Since))
	if err != nil {
		return fmt.Errorf("store: queue account %d: %w", k.Account, mapError(err))
	}
	return nil
}

// LeaveQueue takes a player who is still waiting out of the queue, and
// reports whether the player was: false once matched, or if not queued.
func (s *Store) LeaveQueue(ctx context.Context, account AccountID) (waiting bool, err error) {
	res, err := s.q.ExecContext(ctx, `DELETE FROM seekers WHERE account_id = ? AND room = ''`, account)
	if err != nil {
		return false, fmt.Errorf("store: unqueue account %d: %w", account, mapError(err))
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("store: unqueue account %d: %w", account, mapError(err))
	}
	return n == 1, nil
}

// DropSeeker takes a player out of the queue, matched or not: the player's
// node has answered the player.
func (s *Store) DropSeeker(ctx context.Context, account AccountID) error {
	if _, err := s.q.ExecContext(ctx, `DELETE FROM seekers WHERE account_id = ?`, account); err != nil {
		return fmt.Errorf("store: unqueue account %d: %w", account, mapError(err))
	}
	return nil
}

// TakeTables forms tables from the waiting seekers of every node in one
// transaction, which locks the rows it reads and skips those another
// node's TakeTables holds: two nodes matching at once never seat a seeker
// twice, and neither waits for the other. form picks the tables (indexes into the seekers it is given,
// oldest first), and their rows are taken, no longer waiting, until
// SeatTable gives them their room or DropTable drops them. Each seeker
// returned holds its table's mark in Room: the rows stay the table's only
// while they hold it (a node taken for dead gives its tables back).
func (s *Store) TakeTables(ctx context.Context, node string, form func([]Seeker) [][]int) ([][]Seeker, error) {
	var tables [][]Seeker
	err := s.WithTx(ctx, func(tx *Tx) error {
		waiting, err := tx.seekers(ctx, `WHERE room = '' ORDER BY since, account_id`+tx.d.locking("FOR UPDATE SKIP LOCKED"))
		if err != nil {
			return err
		}
		for n, t := range form(waiting) {
			table := make([]Seeker, len(t))
			mark := fmt.Sprintf("%s%s %d", pendingTable, node, n)
			for i, j := range t {
				table[i] = waiting[j]
				table[i].Room = mark
				if _, err := tx.q.ExecContext(ctx, `UPDATE seekers SET room = ? WHERE account_id = ?`,
					mark, waiting[j].Account); err != nil {
					return mapError(err)
				}
			}
			tables = append(tables, table)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: match the queue: %w", err)
	}
	return tables, nil
}

// SeatTable gives the seekers of a table taken by TakeTables its room, for
// their nodes to find (Seekers). If the table's rows are no longer its
// (the node was taken for dead and its tables went back to the queue),
// nothing changes and the error is ErrConflict.
func (s *Store) SeatTable(ctx context.Context, table []Seeker, room string) error {
	return s.setTable(ctx, table, "room = ?", room)
}

// DropTable takes the seekers of a table whose room could not be opened
// out of the queue.
func (s *Store) DropTable(ctx context.Context, table []Seeker) error {
	return s.setTable(ctx, table, "")
}

func (s *Store) setTable(ctx context.Context, table []Seeker, set string, args ...any) error {
	err := s.WithTx(ctx, func(tx *Tx) error {
		for _, k := range table {
			query := `DELETE FROM seekers WHERE account_id = ? AND room = ?`
			if set != "" {
				query = `UPDATE seekers SET ` + set + ` WHERE account_id = ? AND room = ?`
			}
			res, err := tx.q.ExecContext(ctx, query, append(args, k.Account, k.Room)...)
			if err != nil {
				return mapError(err)
			}
			if n, err := res.RowsAffected(); err != nil {
				return mapError(err)
			} else if n != 1 {
				return fmt.Errorf("%w: %s is no longer at this table", ErrConflict, k.Name)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: table of %d seekers: %w", len(table), err)
	}
	return nil
}

// Seekers returns node's seekers, oldest first, with the room each was
// matched to ("" while waiting or while its table is opened).
func (s *Store) Seekers(ctx context.Context, node string) ([]Seeker, error) {
	list, err := s.seekers(ctx, `WHERE node = ? ORDER BY since, account_id`, node)
	if err != nil {
		return nil, fmt.Errorf("store: seekers of node %s: %w", node, err)
	}
	for i := range list {
		if strings.HasPrefix(list[i].Room, pendingTable) {
			list[i].Room = ""
		}
	}
	return list, nil
}

func (s *Store) seekers(ctx context.Context, where string, args ...any) ([]Seeker, error) {
	rows, err := s.q.QueryContext(ctx, `
		SELECT account_id, node, name, game, rules, min_seats, max_seats, rating, since, room
		FROM seekers `+where, args...)
	if err != nil {
		return nil, mapError(err)
	}
	defer func() { _ = rows.Close() }()
	var list []Seeker
	for rows.Next() {
		var (
			k     Seeker
			since string
		)
		if err := rows.Scan(&k.Account, &k.Node, &k.Name, &k.Game, &k.Rules, &k.Min, &k.Max, &k.Rating, &since, &k.Room); err != nil {
			return nil, mapError(err)
		}
		if k.Since, err = parseTime(since); err != nil {
			return nil, err
		}
		list = append(list, k)
	}
	return list, mapError(rows.Err())
}
