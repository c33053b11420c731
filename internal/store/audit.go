package store

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// AuditID identifies an audit entry.
type AuditID int64

// Outcomes of an audited command other than an error in words.
const (
	AuditStarted = "started" // the command has not finished (or the server stopped)
	AuditOK      = "ok"
)

// AuditEntry is one admin command, or one player's change to the keys of
// their account ("keys add", "keys confirm", "keys remove"), as the audit
// log keeps it.
type AuditEntry struct {
	ID          AuditID
	At          time.Time
	Fingerprint string // the key the session signed with
	Name        string // its account name; "" if the key has none
	Command     string // "kick", "ban", ..., "keys add"
	Args        string // the arguments as typed
	Outcome     string // AuditStarted, AuditOK, or the error in words
}

// Audit records that an admin command is about to run, with Outcome
// AuditStarted (At and ID are set by the store), and returns its ID for
// AuditOutcome. Callers act only once this has succeeded, so that no admin
// action goes unrecorded.
func (s *Store) Audit(ctx context.Context, e AuditEntry) (AuditID, error) {
	if e.Fingerprint == "" || e.Command == "" {
		return 0, errors.New("store: audit: fingerprint and command must be set")
	}
	if e.Outcome == "" {
		e.Outcome = AuditStarted
	}
	var id AuditID
	err := s.q.InsertRowContext(ctx, `
		INSERT INTO admin_audit (at, fingerprint, name, command, args, outcome)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
		timestamp(s.now()), e.Fingerprint, e.Name, e.Command, e.Args, e.Outcome).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("store: audit %s by %s: %w", e.Command, e.Fingerprint, mapError(err))
	}
	return id, nil
}

// AuditOutcome records how the command of entry id ended: AuditOK or the
// error in words. An unknown id is ErrNotFound.
func (s *Store) AuditOutcome(ctx context.Context, id AuditID, outcome string) error {
	res, err := s.q.ExecContext(ctx, `UPDATE admin_audit SET outcome = ? WHERE id = ?`, outcome, id)
	if err != nil {
		return fmt.Errorf("store: audit outcome of entry %d: %w", id, mapError(err))
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return fmt.Errorf("store: audit outcome of entry %d: %w", id, ErrNotFound)
	}
	return nil
}

// AuditLog returns the newest limit audit entries, newest first.
func (s *Store) AuditLog(ctx context.Context, limit int) ([]AuditEntry, error) {
	rows, err := s.q.QueryContext(ctx, `
		SELECT id, at, fingerprint, name, command, args, outcome
		FROM admin_audit ORDER BY id DESC LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("store: audit log: %w", mapError(err))
	}
	defer func() { _ = rows.Close() }()
	var out []AuditEntry
	for rows.Next() {
		var (
			e  AuditEntry
			at string
		)
		if err := rows.Scan(&e.ID, &at, &e.Fingerprint, &e.Name, &e.Command, &e.Args, &e.Outcome); err != nil {
			return nil, fmt.Errorf("store: audit log: %w", mapError(err))
		}
		if e.At, err = parseTime(at); err != nil {
			return nil, fmt.Errorf("store: audit log: entry %d: %w", e.ID, err)
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: audit log: %w", mapError(err))
	}
	return out, nil
}

// GameCounts returns how many stored games are in each status, for the
// admins' server statistics.
func (s *Store) GameCounts(ctx context.Context) (map[Status]int, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT status, COUNT(*) FROM games GROUP BY status`)
	if err != nil {
		return nil, fmt.Errorf("store: count games: %w", mapError(err))
	}
	defer func() { _ = rows.Close() }()
	out := map[Status]int{}
	for rows.Next() {
		var (
			st Status
			n  int
		)
		if err := rows.Scan(&st, &n); err != nil {
			return nil, fmt.Errorf("store: count games: %w", mapError(err))
		}
		out[st] = n
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: count games: %w", mapError(err))
	}
	return out, nil
}
