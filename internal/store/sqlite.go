package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"modernc.org/sqlite" // also registers the "sqlite" database/sql driver
	sqlite3 "modernc.org/sqlite/lib"
)

// busyTimeout is how long a connection waits for another writer's lock before
// giving up with SQLITE_BUSY.
const busyTimeout = 5 * time.Second

// sqliteDialect is the embedded database: one file, written by one
// transaction at a time (every transaction begins IMMEDIATE).
type sqliteDialect struct{}

// openSQLite opens (creating if needed) the SQLite database at path.
func openSQLite(ctx context.Context, path string) (*sql.DB, error) {
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
	if err := pingSQLite(ctx, db); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("store: open %q: %w", path, err)
	}
	return db, nil
}

// pingSQLite opens the first connection, which turns a new file to WAL.
// That switch takes the file's exclusive lock, and SQLite answers another
// connection switching it at the same moment (another Open of the same
// new file) SQLITE_BUSY at once, without its busy timeout, because waiting
// could deadlock. So a busy first connection is tried again, for as long
// as the busy timeout would have waited; once the file is in WAL, the
// switch is a no-op and every connection opens.
func pingSQLite(ctx context.Context, db *sql.DB) error {
	deadline := time.Now().Add(busyTimeout)
	for {
		err := db.PingContext(ctx)
		var se *sqlite.Error
		if err == nil || !errors.As(err, &se) || se.Code()&0xff != sqlite3.SQLITE_BUSY || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(10 * time.Millisecond):
		}
	}
}

func (sqliteDialect) name() string                   { return "SQLite" }
func (sqliteDialect) rebind(query string) string     { return query }
func (sqliteDialect) migration(_, sql string) string { return sql }

// prepare has nothing to do: SQLite has NOCASE built in.
func (sqliteDialect) prepare(context.Context, querier) error { return nil }

// locking and lockMigrations have nothing to do: _txlock=immediate takes
// the write lock as the transaction begins.
func (sqliteDialect) locking(string) string                         { return "" }
func (sqliteDialect) lockMigrations(context.Context, querier) error { return nil }
func (sqliteDialect) lockRooms(context.Context, querier, []string, bool) error {
	return nil
}

// clock is julianday's days since 4714 BC, in seconds since 1970.
func (sqliteDialect) clock() string { return `((julianday('now') - 2440587.5) * 86400.0)` }

// renumber has nothing to do: a rowid is the highest one plus one.
func (sqliteDialect) renumber(context.Context, querier, string) error { return nil }
