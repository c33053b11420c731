package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"sync"

	"hotels/internal/metrics"
)

// ErrCorrupt means SQLite found the database file damaged: a page that is
// not what it should be, or a file that is not a database. SQLite does not
// repair a file, and writing more to one may spread the damage, so once a
// Store has seen it, it refuses every write with ErrCorrupt until the file
// is restored or repaired and the server restarted; reads go on, failing
// where they meet the damage.
var ErrCorrupt = errors.New("the database file is damaged")

// health is whether a Store's file has been found damaged. It is shared by
// the Store and its transactions, and logged once, when it changes.
type health struct {
	path string

	mu      sync.Mutex
	log     *slog.Logger // nil: slog.Default()
	damaged error        // the first error that showed the damage
}

// SetLogger sets where the store logs what an operator must act on: a
// damaged database file (ErrCorrupt), once. Until it is set, slog.Default().
func (s *Store) SetLogger(l *slog.Logger) {
	s.health.mu.Lock()
	defer s.health.mu.Unlock()
	s.health.log = l
}

// saw looks at an error the driver returned: damage is logged the first
// time, at ERROR, since an operator must restore the file. It returns err.
func (h *health) saw(err error) error {
	if err == nil {
		return nil
	}
	countError(err)
	if !errors.Is(mapError(err), ErrCorrupt) {
		return err
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.damaged != nil {
		return err
	}
	h.damaged = err
	log := h.log
	if log == nil {
		log = slog.Default()
	}
	log.Error("database file is damaged: every write is refused; restore it from a backup (or repair it with sqlite3's .recover) and restart",
		"path", h.path, "err", err)
	return err
}

// countError counts err in metrics.StoreErrors unless it is an answer (no
// such row, a name taken) or a caller that went away.
func countError(err error) {
	if errors.Is(err, context.Canceled) {
		return
	}
	if m := mapError(err); errors.Is(m, ErrNotFound) || errors.Is(m, ErrConflict) {
		return
	}
	metrics.StoreErrors.Inc()
}

// refuse returns an error wrapping ErrCorrupt once the file is known to be
// damaged, and nil before.
func (h *health) refuse() error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.damaged != nil {
		return fmt.Errorf("%w: nothing is written to it (first seen: %v)", ErrCorrupt, h.damaged)
	}
	return nil
}

// sqlQuerier is what *sql.DB and *sql.Tx have in common.
type sqlQuerier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// watched is the querier every Store method uses: the database or the
// transaction, with every error it returns looked at for damage, and
// writes refused once there is some.
type watched struct {
	q    sqlQuerier
	d    dialect // spells each query for its database
	h    *health
	kept *kept // SQLite's statements kept prepared (ExecKeptContext); nil on PostgreSQL
}

func (w watched) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if err := w.h.refuse(); err != nil {
		return nil, err
	}
	res, err := w.q.ExecContext(ctx, w.d.rebind(query), args...)
	return res, w.h.saw(err)
}

func (w watched) QueryContext(ctx context.Context, query string, args ...any) (*rows, error) {
	r, err := w.q.QueryContext(ctx, w.d.rebind(query), args...)
	if err != nil {
		return nil, w.h.saw(err)
	}
	return &rows{Rows: r, h: w.h}, nil
}

func (w watched) QueryRowContext(ctx context.Context, query string, args ...any) row {
	return watchedRow{r: w.q.QueryRowContext(ctx, w.d.rebind(query), args...), h: w.h}
}

func (w watched) InsertContext(ctx context.Context, query string, args ...any) (*rows, error) {
	if err := w.h.refuse(); err != nil {
		return nil, err
	}
	return w.QueryContext(ctx, query, args...)
}

func (w watched) InsertRowContext(ctx context.Context, query string, args ...any) row {
	if err := w.h.refuse(); err != nil {
		return refusedRow{err}
	}
	return w.QueryRowContext(ctx, query, args...)
}

// ExecKeptContext is ExecContext for the statements run at every move: on
// SQLite, prepared once on each connection and kept, where the driver
// would parse the query again each time (a large part of a commit's CPU).
// pgx already keeps each statement it runs prepared on its connection, by
// its text, so on PostgreSQL it is ExecContext.
func (w watched) ExecKeptContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if w.kept == nil {
		return w.ExecContext(ctx, query, args...)
	}
	if err := w.h.refuse(); err != nil {
		return nil, err
	}
	stmt, err := w.kept.stmt(ctx, query)
	if err != nil {
		return nil, w.h.saw(err)
	}
	if tx, ok := w.q.(*sql.Tx); ok {
		// The transaction's own handle on the statement prepared on its
		// connection (prepared there first if it is not yet), closed
		// with the transaction, the statement itself kept. (The
		// Appender's connection keeps its own, prepared on it: own.go.)
		stmt = tx.StmtContext(ctx, stmt)
	}
	res, err := stmt.ExecContext(ctx, args...)
	return res, w.h.saw(err)
}

// kept is the statements ExecKeptContext has prepared, by query: a few,
// the shapes of a batch of actions (appendActions). Those of the database
// are prepared on any of its connections, and on a transaction's when it
// runs one; those of a connection (the Appender's) on it alone.
type kept struct {
	on    preparer // *sql.DB or *sql.Conn
	mu    sync.Mutex
	stmts map[string]*sql.Stmt
}

// preparer is what *sql.DB and *sql.Conn have in common for kept.
type preparer interface {
	PrepareContext(ctx context.Context, query string) (*sql.Stmt, error)
}

func newKept(on preparer) *kept { return &kept{on: on, stmts: make(map[string]*sql.Stmt)} }

// stmt returns query's statement, prepared on first use. On the database it
// may take a connection of its own: SQLite's pool has no bound, so a
// transaction asking for one cannot wait for itself.
func (k *kept) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if s, ok := k.stmts[query]; ok {
		return s, nil
	}
	s, err := k.on.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	k.stmts[query] = s
	return s, nil
}

// close closes the statements, before the database.
func (k *kept) close() {
	k.mu.Lock()
	defer k.mu.Unlock()
	for q, s := range k.stmts {
		_ = s.Close()
		delete(k.stmts, q)
	}
}

// refusedRow is the row of a write refused before it was tried.
type refusedRow struct{ err error }

func (r refusedRow) Scan(...any) error { return r.err }

// rows is *sql.Rows whose errors are looked at for damage: a query meets a
// damaged page while it steps through rows, which Err and Scan report.
type rows struct {
	*sql.Rows
	h *health
}

func (r *rows) Scan(dest ...any) error { return r.h.saw(r.Rows.Scan(dest...)) }
func (r *rows) Err() error             { return r.h.saw(r.Rows.Err()) }

// watchedRow is *sql.Row whose error, which Scan reports, is looked at for
// damage.
type watchedRow struct {
	r *sql.Row
	h *health
}

func (r watchedRow) Scan(dest ...any) error { return r.h.saw(r.r.Scan(dest...)) }
