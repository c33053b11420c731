package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strconv"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migration is one numbered schema step.
type migration struct {
	version int
	name    string // file name, e.g. "0001_accounts_and_keys.sql"
	sql     string
}

// migrationName is the only accepted file name form: four digits, snake_case.
var migrationName = regexp.MustCompile(`^(\d{4})_[a-z0-9]+(?:_[a-z0-9]+)*\.sql$`)

// migrations returns the embedded migrations in order, checking that they are
// numbered 1, 2, 3, ... with no gap or duplicate.
func migrations() ([]migration, error) {
	entries, err := fs.ReadDir(migrationFiles, "migrations")
	if err != nil {
		return nil, fmt.Errorf("read embedded migrations: %w", err)
	}
	var ms []migration
	for _, e := range entries {
		m := migrationName.FindStringSubmatch(e.Name())
		if m == nil {
			return nil, fmt.Errorf("migration %q: name must look like 0001_snake_case.sql", e.Name())
		}
		v, _ := strconv.Atoi(m[1])
		body, err := migrationFiles.ReadFile(path.Join("migrations", e.Name()))
		if err != nil {
			return nil, fmt.Errorf("migration %q: %w", e.Name(), err)
		}
		ms = append(ms, migration{version: v, name: e.Name(), sql: string(body)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].version < ms[j].version })
	for i, m := range ms {
		if m.version != i+1 {
			return nil, fmt.Errorf("migration %q: expected number %04d (numbers must run 1, 2, 3, ... without gaps)", m.name, i+1)
		}
	}
	return ms, nil
}

// LatestSchema is the schema version this binary migrates databases to.
func LatestSchema() int {
	ms, err := migrations()
	if err != nil {
		return 0
	}
	return len(ms)
}

// SchemaVersion reports the schema version recorded in the database.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	v, err := schemaVersion(ctx, s.q)
	if err != nil {
		return 0, fmt.Errorf("store: read schema version: %w", err)
	}
	return v, nil
}

func schemaVersion(ctx context.Context, q querier) (int, error) {
	var v int
	err := q.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&v)
	return v, mapError(err)
}

// migrate brings the database up to the newest embedded migration. Each
// migration runs in its own transaction together with its schema_version row,
// so a crash leaves the database at a recorded version, never between two.
func (s *Store) migrate(ctx context.Context) error {
	ms, err := migrations()
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	err = s.WithTx(ctx, func(tx *Tx) error {
		if err := s.d.lockMigrations(ctx, tx.q); err != nil {
			return mapError(err)
		}
		if err := s.d.prepare(ctx, tx.q); err != nil {
			return fmt.Errorf("prepare %s: %w", s.d.name(), mapError(err))
		}
		_, err := tx.q.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (
			version    INTEGER PRIMARY KEY,
			name       TEXT NOT NULL,
			applied_at TEXT NOT NULL
		)`)
		return mapError(err)
	})
	if err != nil {
		return fmt.Errorf("migrate: create schema_version: %w", err)
	}
	current, err := schemaVersion(ctx, s.q)
	if err != nil {
		return fmt.Errorf("migrate: read schema version: %w", err)
	}
	if current > len(ms) {
		return fmt.Errorf("migrate: database is at schema %d but this binary knows only up to %d; run a newer hotels: %w",
			current, len(ms), ErrSchemaTooNew)
	}
	for _, m := range ms[current:] {
		err := s.WithTx(ctx, func(tx *Tx) error {
			// Another process may have applied it since we looked; the
			// migrations' lock makes this check and the apply atomic.
			if err := s.d.lockMigrations(ctx, tx.q); err != nil {
				return mapError(err)
			}
			v, err := schemaVersion(ctx, tx.q)
			if err != nil {
				return err
			}
			if v >= m.version {
				return nil
			}
			if _, err := tx.q.ExecContext(ctx, s.d.migration(m.name, m.sql)); err != nil {
				return mapError(err)
			}
			_, err = tx.q.ExecContext(ctx,
				`INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)`,
				m.version, m.name, timestamp(s.now()))
			return mapError(err)
		})
		if err != nil {
			return fmt.Errorf("migrate: apply %s: %w", m.name, err)
		}
	}
	return nil
}
