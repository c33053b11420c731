package store

import (
	"database/sql"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// ErrSchemaTooNew means the database was migrated by a newer binary than
// this one; running on it could corrupt data this binary does not know.
var ErrSchemaTooNew = errors.New("database schema is newer than this binary")

// mapError is the one place driver errors become sentinels: no row is
// ErrNotFound, a unique or primary key clash is ErrConflict, a foreign key
// pointing nowhere is ErrNotFound, and a damaged file (SQLite's alone) is
// ErrCorrupt, on either database. The driver error stays wrapped for logs.
func mapError(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code {
		case "23505": // unique_violation
			return fmt.Errorf("%w: %w", ErrConflict, err)
		case "23503": // foreign_key_violation
			return fmt.Errorf("%w: %w", ErrNotFound, err)
		}
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() {
		case sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY:
			return fmt.Errorf("%w: %w", ErrConflict, err)
		case sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY:
			return fmt.Errorf("%w: %w", ErrNotFound, err)
		}
		switch se.Code() & 0xff { // the primary code of an extended one
		case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
			return fmt.Errorf("%w: %w", ErrCorrupt, err)
		}
	}
	return err
}
