package store_test

import (
	"context"
	"database/sql"
	"errors"
	"net"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hotels/internal/store"
	"hotels/internal/store/storetest"

	_ "modernc.org/sqlite"
)

const (
	keyAlice = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGgFd6s+gx2uXzVx6wGwdgtM4fBRJfPmMWVd+4LSUIpp alice@laptop"
	keyBob   = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ6hCvlhGyoHNcDUVG8M9Dj0P8q6p0vYSiyHWjcn58/C"
)

// open returns a freshly migrated store of the test's own, with where it
// lives for store.Open to reopen it: on SQLite, or on PostgreSQL when
// HOTELS_TEST_POSTGRES is set (storetest).
func open(t *testing.T) (*store.Store, string) {
	t.Helper()
	return storetest.Open(t)
}

func TestOpenMigratesEmptyDatabase(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)

	v, err := s.SchemaVersion(ctx)
	if err != nil || v != store.LatestSchema() || v < 2 {
		t.Fatalf("SchemaVersion() = %d, %v; want %d (>= 2), nil", v, err, store.LatestSchema())
	}

	want := map[string][]string{
		"schema_version": {"version", "name", "applied_at"},
		"accounts":       {"id", "name", "created_at", "bot"},
		"keys":           {"authorized_key", "fingerprint", "account_id", "added_at"},
		"games":          {"id", "game", "rules", "options", "chance", "status", "created_at", "finished_at", "result", "clock", "ranked"},
		"seats":          {"game_id", "seat", "account_id", "name", "bot", "removed", "place", "score"},
		"rooms":          {"game_id", "room", "code", "title", "host"},
		"actions":        {"game_id", "seq", "line", "at"},
	}
	checkColumns(t, s, want)
}

// SQLite keeps its log beside the file (WAL), so that readers never wait for
// the writer.
func TestOpenSQLiteInWALMode(t *testing.T) {
	storetest.SkipOnPostgres(t, "journal modes are SQLite's")
	path := filepath.Join(t.TempDir(), "hotels.db")
	s, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = s.Close() }()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = db.Close() }()
	var mode string
	if err := db.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode = %q, %v; want wal", mode, err)
	}
	var applied []int
	rows, err := db.Query(`SELECT version FROM schema_version ORDER BY version`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var v int
		_ = rows.Scan(&v)
		applied = append(applied, v)
	}
	_ = rows.Close()
	var versions []int
	for v := 1; v <= store.LatestSchema(); v++ {
		versions = append(versions, v)
	}
	if !slices.Equal(applied, versions) {
		t.Errorf("schema_version rows = %v, want %v", applied, versions)
	}
}

func TestOpenTwiceIsIdempotent(t *testing.T) {
	ctx := context.Background()
	s, path := open(t)
	if _, err := s.CreateAccount(ctx, "alice", keyAlice); err != nil {
		t.Fatal(err)
	}
	_ = s.Close()

	s2, err := store.Open(ctx, path)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer func() { _ = s2.Close() }()
	if a, err := s2.AccountByName(ctx, "alice"); err != nil || a.Name != "alice" {
		t.Errorf("AccountByName(alice) after reopen = %+v, %v", a, err)
	}
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	ctx := context.Background()
	s, path := open(t)
	next := store.LatestSchema() + 1
	if err := store.Exec(s, `INSERT INTO schema_version (version, name, applied_at) VALUES (?, 'from_the_future.sql', '2099-01-01T00:00:00Z')`, next); err != nil {
		t.Fatal(err)
	}
	_ = s.Close()

	s2, err := store.Open(ctx, path)
	if err == nil {
		_ = s2.Close()
		t.Fatalf("Open on schema %d = nil error, want ErrSchemaTooNew", next)
	}
	if !errors.Is(err, store.ErrSchemaTooNew) {
		t.Errorf("Open on schema %d = %v, want ErrSchemaTooNew", next, err)
	}
}

func TestOpenRefusesQuestionMarkPath(t *testing.T) {
	storetest.SkipOnPostgres(t, "a file path")
	_, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "a?b.db"))
	if err == nil {
		t.Fatal("Open(a?b.db) = nil error, want refusal")
	}
}

// checkColumns checks that each table of want has the columns want names,
// in order.
func checkColumns(t *testing.T, s *store.Store, want map[string][]string) {
	t.Helper()
	for table, cols := range want {
		got, err := store.Columns(s, table)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, cols) {
			t.Errorf("columns of %s = %v, want %v", table, got, cols)
		}
	}
}

// A postgres:// URL selects PostgreSQL; when it is wrong or the server is
// not there, the error says so and never shows the password.
func TestOpenPostgresErrorsHidePassword(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String() // nothing listens there once closed
	_ = ln.Close()
	for _, c := range []struct{ url, want string }{
		{"postgres://hotels:s3cret@" + closed + "/hotels", "PostgreSQL at postgres://hotels:xxxxx@" + closed + "/hotels"},
		{"postgresql://hotels:s3cret@" + closed + "/hotels?sslmode=disable", "connect"},
		{"postgres://hotels:s3cret@127.0.0.1:port/hotels", "bad URL"},
		{"postgres://hotels:s3cret@" + closed + "/hotels?sslmode=sometimes", "bad URL"},
	} {
		s, err := store.Open(context.Background(), c.url)
		if err == nil {
			_ = s.Close()
			t.Errorf("Open(%s) = nil error", c.url)
			continue
		}
		if msg := err.Error(); strings.Contains(msg, "s3cret") || !strings.Contains(msg, c.want) {
			t.Errorf("Open(%s) = %q, want it to say %q and not the password", c.url, msg, c.want)
		}
	}
}

// Servers starting together on one new database migrate it once: each
// migration's check and apply hold the write lock, on PostgreSQL as on
// SQLite.
func TestOpenConcurrently(t *testing.T) {
	data := storetest.Data(t)
	errs := make(chan error, 4)
	for range cap(errs) {
		go func() {
			s, err := store.Open(context.Background(), data)
			if err == nil {
				err = s.Close()
			}
			errs <- err
		}()
	}
	for range cap(errs) {
		if err := <-errs; err != nil {
			t.Errorf("Open, four at once: %v", err)
		}
	}
	s, err := store.Open(context.Background(), data)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = s.Close() }()
	if v, err := s.SchemaVersion(context.Background()); err != nil || v != store.LatestSchema() {
		t.Errorf("SchemaVersion = %d, %v; want %d", v, err, store.LatestSchema())
	}
}

// A PostgreSQL database that sorts text by a language's rules would compare
// stored times and order names otherwise than SQLite: it is refused, with
// how to make one that will do.
func TestOpenRefusesLanguageCollation(t *testing.T) {
	if !storetest.Postgres() {
		t.Skip("PostgreSQL only (" + storetest.Env + "): a database's collation")
	}
	data := storetest.PostgresData(t, "LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LC_COLLATE 'C' LC_CTYPE 'C'")
	s, err := store.Open(context.Background(), data)
	if err == nil {
		_ = s.Close()
		t.Fatal("Open(a database sorting text as en-US) = nil error")
	}
	if !strings.Contains(err.Error(), "createdb -T template0 -l C") {
		t.Errorf("Open(a database sorting text as en-US) = %v, want how to make one sorting byte by byte", err)
	}
}
