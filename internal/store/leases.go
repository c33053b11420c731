package store

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// AcquireLease takes room's lease for node for ttl, by the database's
// clock: a new lease, one that lapsed, or node's own, with a new token.
// A lease another node holds is ErrConflict, naming that node.
func (s *Store) AcquireLease(ctx context.Context, room, node string, ttl time.Duration) (Lease, error) {
	if room == "" || node == "" {
		return Lease{}, fmt.Errorf("store: acquire lease: a room (%q) and a node (%q) are needed", room, node)
	}
	now := s.d.clock()
	l := Lease{Room: room, Node: node}
	err := s.WithTx(ctx, func(tx *Tx) error {
		if err := tx.d.lockRooms(ctx, tx.q, []string{room}, true); err != nil {
			return mapError(err)
		}
		err := tx.q.InsertRowContext(ctx, `
			INSERT INTO room_leases (room, node, token, expires) VALUES (?1, ?2, 1, `+now+` + ?3)
			ON CONFLICT (room) DO UPDATE SET node = excluded.node, token = room_leases.token + 1, expires = excluded.expires
			WHERE room_leases.expires <= `+now+` OR room_leases.node = excluded.node
			RETURNING token`, room, node, ttl.Seconds()).Scan(&l.Token)
		if !errors.Is(mapError(err), ErrNotFound) {
			return mapError(err)
		}
		var holder string
		if err := tx.q.QueryRowContext(ctx, `SELECT node FROM room_leases WHERE room = ?`, room).Scan(&holder); err != nil {
			return mapError(err)
		}
		return fmt.Errorf("node %s holds it: %w", holder, ErrConflict)
	})
	if err != nil {
		return Lease{}, fmt.Errorf("store: acquire the lease of room %s for node %s: %w", room, node, err)
	}
	return l, nil
}

// RenewLeases extends every lease node still holds by ttl from now and
// returns them; a lease that lapsed is not renewed, and missing from the
// answer, since another node may have taken the room since.
func (s *Store) RenewLeases(ctx context.Context, node string, ttl time.Duration) ([]Lease, error) {
	now := s.d.clock()
	rows, err := s.q.QueryContext(ctx, `
		UPDATE room_leases SET expires = `+now+` + ?2
		WHERE node = ?1 AND expires > `+now+`
		RETURNING room, token`, node, ttl.Seconds())
	if err != nil {
		return nil, fmt.Errorf("store: renew the leases of node %s: %w", node, mapError(err))
	}
	defer func() { _ = rows.Close() }()
	var out []Lease
	for rows.Next() {
		l := Lease{Node: node}
		if err := rows.Scan(&l.Room, &l.Token); err != nil {
			return nil, fmt.Errorf("store: renew the leases of node %s: %w", node, mapError(err))
		}
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: renew the leases of node %s: %w", node, mapError(err))
	}
	return out, nil
}

// ReleaseLease gives up a lease whose room closed; a lease no longer held
// is no error.
func (s *Store) ReleaseLease(ctx context.Context, l Lease) error {
	if _, err := s.q.ExecContext(ctx, `DELETE FROM room_leases WHERE room = ? AND node = ? AND token = ?`,
		l.Room, l.Node, l.Token); err != nil {
		return fmt.Errorf("store: release the lease of room %s: %w", l.Room, mapError(err))
	}
	return nil
}

// LeaseOf returns room's lease and whether it is still live; a room with
// none (closed, or run by a single server) is ErrNotFound.
func (s *Store) LeaseOf(ctx context.Context, room string) (Lease, bool, error) {
	l := Lease{Room: room}
	var live bool
	err := s.q.QueryRowContext(ctx, `SELECT node, token, expires > `+s.d.clock()+` FROM room_leases WHERE room = ?`, room).
		Scan(&l.Node, &l.Token, &live)
	if err != nil {
		return Lease{}, false, fmt.Errorf("store: lease of room %s: %w", room, mapError(err))
	}
	return l, live, nil
}

// LapsedLeases returns the leases that lapsed unreleased, by room: rooms
// whose node stopped renewing them (it died, or lost the database), for
// another node to take over.
func (s *Store) LapsedLeases(ctx context.Context) ([]Lease, error) {
	return s.leases(ctx, "lapsed leases", `expires <= `+s.d.clock())
}

// Leases returns the live leases, by room: every room a node runs, for
// admins to list every server's rooms.
func (s *Store) Leases(ctx context.Context) ([]Lease, error) {
	return s.leases(ctx, "leases", `expires > `+s.d.clock())
}

func (s *Store) leases(ctx context.Context, op, where string) ([]Lease, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT room, node, token FROM room_leases WHERE `+where+` ORDER BY room`)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", op, mapError(err))
	}
	defer func() { _ = rows.Close() }()
	var out []Lease
	for rows.Next() {
		var l Lease
		if err := rows.Scan(&l.Room, &l.Node, &l.Token); err != nil {
			return nil, fmt.Errorf("store: %s: %w", op, mapError(err))
		}
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: %s: %w", op, mapError(err))
	}
	return out, nil
}
