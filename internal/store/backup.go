package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// Ping reports whether the store answers and would take a write: it
// begins a write transaction (on SQLite, the file's write lock; on
// PostgreSQL, a connection and the write lock) and ends it without
// writing. A server whose Ping fails cannot commit a move.
func (s *Store) Ping(ctx context.Context) error {
	return s.WithTx(ctx, func(tx *Tx) error {
		var one int
		if err := tx.q.QueryRowContext(ctx, `SELECT 1`).Scan(&one); err != nil {
			return fmt.Errorf("store: ping: %w", mapError(err))
		}
		return nil
	})
}

// ErrBackupPostgres refuses Backup on PostgreSQL, whose own pg_dump makes
// consistent copies (docs/operations.md).
var ErrBackupPostgres = errors.New("store: backup: the database is PostgreSQL: back it up with pg_dump")

// Backup writes a consistent copy of the SQLite database to the new file
// path, while the store is in use: SQLite's VACUUM INTO reads the whole
// database in one read transaction, so the copy holds every commit made
// before it started and none after, and writers go on meanwhile. The copy
// is written beside path and linked to it once complete, so a file at path
// is always a whole backup, readable by the server's user alone. An
// existing file is never overwritten.
func (s *Store) Backup(ctx context.Context, path string) error {
	if _, ok := s.d.(sqliteDialect); !ok {
		return ErrBackupPostgres
	}
	return vacuumInto(ctx, s.q, path)
}

// BackupFile is Backup of the SQLite database in the file data, which a
// running server may have open, without migrating it as Open would: the
// server's binary may be older than this one. data must exist.
func BackupFile(ctx context.Context, data, path string) error {
	if IsPostgres(data) {
		return ErrBackupPostgres
	}
	if _, err := os.Stat(data); err != nil {
		return fmt.Errorf("store: backup %s: %w", data, err)
	}
	db, err := openSQLite(ctx, data)
	if err != nil {
		return err
	}
	defer func() { _ = db.Close() }()
	h := &health{path: data}
	return vacuumInto(ctx, watched{q: db, d: sqliteDialect{}, h: h}, path)
}

func vacuumInto(ctx context.Context, q querier, path string) error {
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("store: backup to %s: %w", path, fs.ErrExist)
	}
	partial := path + ".partial"
	_ = os.Remove(partial) // left by a backup that was cut short
	if _, err := q.ExecContext(ctx, `VACUUM INTO ?`, partial); err != nil {
		_ = os.Remove(partial)
		return fmt.Errorf("store: backup to %s: %w", path, mapError(err))
	}
	// The players' data: for the server's user alone.
	if err := os.Chmod(partial, 0o600); err != nil {
		_ = os.Remove(partial)
		return fmt.Errorf("store: backup to %s: %w", path, err)
	}
	// Link, not rename: it fails rather than replace a file made meanwhile.
	if err := os.Link(partial, path); err != nil {
		_ = os.Remove(partial)
		return fmt.Errorf("store: backup to %s: %w", path, err)
	}
	return os.Remove(partial)
}
