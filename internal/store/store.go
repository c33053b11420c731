package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" database/sql driver
)

// busyTimeout is how long a connection waits for another writer's lock before
// giving up with SQLITE_BUSY.
const busyTimeout = 5 * time.Second

// Store is Hotels' database. Its methods are safe for concurrent use. Inside
// WithTx the same methods run on the transaction through *Tx.
type Store struct {
	db     *sql.DB // nil when this Store is bound to a transaction
	q      querier // db, or the transaction in progress, watched
	now    func() time.Time
	health *health // shared with its transactions
}

// Tx is a Store bound to one transaction; it is only valid inside the function
// given to WithTx.
type Tx struct {
	*Store
}

// querier is what every method uses: the database or the transaction in
// progress, watched for damage (see watched).
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) row
}

// Open opens (creating if needed) the SQLite database at path and migrates it to
// the newest schema this binary knows. It refuses, with an error wrapping
// ErrSchemaTooNew, a database written by a newer binary.
func Open(ctx context.Context, path string) (*Store, error) {
	if path == "" {
		return nil, errors.New("store: open: empty database path")
	}
	// The driver splits the DSN at the first '?', so such a path would lose
	// its tail and open a different file.
	if strings.Contains(path, "?") {
		return nil, fmt.Errorf("store: open %q: path must not contain '?'", path)
	}
	// synchronous(FULL): a commit is on disk (the WAL is synced) before it
	// returns, so an acknowledged action survives a power cut too.
	dsn := fmt.Sprintf("%s?_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=busy_timeout(%d)&_txlock=immediate",
		path, busyTimeout.Milliseconds())
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: open %q: %w", path, err)
	}
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("store: open %q: %w", path, err)
	}
	h := &health{path: path}
	s := &Store{db: db, q: watched{q: db, h: h}, now: time.Now, health: h}
	if err := s.migrate(ctx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("store: open %q: %w", path, err)
	}
	return s, nil
}

// Close closes the database. Calling it on a *Tx's Store is an error.
func (s *Store) Close() error {
	if s.db == nil {
		return errors.New("store: close: called inside a transaction")
	}
	return s.db.Close()
}

// WithTx runs fn in one transaction: committed if fn returns nil, rolled back
// otherwise. Called on a *Tx, it joins the transaction already in progress, so
// methods can use WithTx for their own atomicity and still compose.
func (s *Store) WithTx(ctx context.Context, fn func(*Tx) error) error {
	if s.db == nil { // already inside a transaction
		return fn(&Tx{Store: s})
	}
	if err := s.health.refuse(); err != nil {
		return fmt.Errorf("store: begin transaction: %w", err)
	}
	sqlTx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: begin transaction: %w", mapError(s.health.saw(err)))
	}
	tx := &Tx{Store: &Store{q: watched{q: sqlTx, h: s.health}, now: s.now, health: s.health}}
	if err := fn(tx); err != nil {
		_ = sqlTx.Rollback()
		return err
	}
	if err := sqlTx.Commit(); err != nil {
		return fmt.Errorf("store: commit transaction: %w", mapError(s.health.saw(err)))
	}
	return nil
}

// timestamp is how every time is stored: RFC 3339 in UTC, sortable as text.
func timestamp(t time.Time) string {
	return t.UTC().Format(time.RFC3339Nano)
}

// parseTime reads a value written by timestamp.
func parseTime(s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("bad stored time %q: %w", s, err)
	}
	return t, nil
}
