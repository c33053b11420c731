package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"hotels/internal/metrics"
)

// Store is Hotels' database, on SQLite or PostgreSQL (its dialect). Its
// methods are safe for concurrent use. Inside WithTx the same methods run on
// the transaction through *Tx.
type Store struct {
	db     *sql.DB // nil when this Store is bound to a transaction
	q      querier // db, or the transaction in progress, watched
	d      dialect
	now    func() time.Time
	health *health // shared with its transactions
	kept   *kept   // shared with its transactions; nil on PostgreSQL
	// writing is SQLite's one writer: a slot its transactions queue for
	// (see WithTx); nil on PostgreSQL, whose transactions run side by side.
	writing chan struct{}
	// pg is PostgreSQL's connection settings, for Listen; nil on SQLite.
	pg *pgx.ConnConfig
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
	// InsertContext and InsertRowContext are writes that return rows
	// (INSERT ... RETURNING), refused as ExecContext is.
	InsertContext(ctx context.Context, query string, args ...any) (*rows, error)
	InsertRowContext(ctx context.Context, query string, args ...any) row
	// ExecKeptContext is ExecContext with the statement kept prepared:
	// for the few statements of every move, whose shapes are few.
	ExecKeptContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// Open opens the database data names and migrates it to the newest schema
// this binary knows: a postgres:// (or postgresql://) URL is a PostgreSQL
// database, which must exist; anything else is the path of a SQLite file,
// created if needed. It refuses, with an error wrapping ErrSchemaTooNew, a
// database written by a newer binary. Errors name a PostgreSQL database by
// its URL without the password.
func Open(ctx context.Context, data string) (*Store, error) {
	var (
		db    *sql.DB
		pg    *pgx.ConnConfig
		d     dialect
		k     *kept
		w     chan struct{}
		where = fmt.Sprintf("%q", data)
		err   error
	)
	if IsPostgres(data) {
		d = &postgresDialect{}
		db, pg, where, err = openPostgres(ctx, data)
	} else {
		d = sqliteDialect{}
		db, err = openSQLite(ctx, data)
		k, w = newKept(db), make(chan struct{}, 1)
	}
	if err != nil {
		return nil, err
	}
	h := &health{path: where}
	s := &Store{db: db, q: watched{q: db, d: d, h: h, kept: k}, d: d, now: time.Now, health: h, kept: k, writing: w, pg: pg}
	if err := s.migrate(ctx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("store: open %s: %w", where, err)
	}
	return s, nil
}

// Close closes the database. Calling it on a *Tx's Store is an error.
func (s *Store) Close() error {
	if s.db == nil {
		return errors.New("store: close: called inside a transaction")
	}
	if s.kept != nil {
		s.kept.close()
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
	// How long writes take, the lock's wait included: what an action
	// waits for before anyone sees it.
	defer metrics.Since(metrics.CommitSeconds, time.Now())
	if s.writing != nil {
		if err := s.queue(ctx); err != nil {
			return fmt.Errorf("store: begin transaction: %w", err)
		}
		defer func() { <-s.writing }()
	}
	sqlTx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: begin transaction: %w", mapError(s.health.saw(err)))
	}
	// The Tx, its Store and its watched transaction in one allocation,
	// not three: a commit of the journal's is one at every move.
	b := &struct {
		tx Tx
		s  Store
		w  watched
	}{w: watched{q: sqlTx, d: s.d, h: s.health, kept: s.kept}}
	b.s = Store{q: &b.w, d: s.d, now: s.now, health: s.health, kept: s.kept}
	b.tx.Store = &b.s
	tx := &b.tx
	if err := fn(tx); err != nil {
		_ = sqlTx.Rollback()
		return err
	}
	if err := sqlTx.Commit(); err != nil {
		return fmt.Errorf("store: commit transaction: %w", mapError(s.health.saw(err)))
	}
	return nil
}

// queue waits for SQLite's one writer slot, in turn. Every transaction
// takes the database's write lock as it begins, and one waiting for it
// polled in SQLite's busy handler, asleep up to 100 ms between tries and
// first come not first served: on a busy machine one could wait out the
// busy timeout while others came and went (a load run's setup lost rooms
// so, "database is locked"). This process's transactions queue on a
// channel, whose waiting senders go first come first served; the busy
// timeout is left to other processes and to writes outside a transaction.
func (s *Store) queue(ctx context.Context) error {
	select {
	case s.writing <- struct{}{}:
		return nil
	default:
	}
	t := time.NewTimer(busyTimeout)
	defer t.Stop()
	select {
	case s.writing <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return fmt.Errorf("waited %v for the other transactions of this server to end", busyTimeout)
	}
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

// flag is a bool stored as SQLite stores one, 0 or 1, in an INTEGER column
// on both databases; PostgreSQL would not take a Go bool there.
type flag bool

func (f flag) Value() (driver.Value, error) {
	if f {
		return int64(1), nil
	}
	return int64(0), nil
}
