// Package storetest gives tests a store of their own: a SQLite file in the
// test's temporary directory, or, when HOTELS_TEST_POSTGRES holds the URL of
// a PostgreSQL server on which the tests may create databases, a database
// of its own there, made empty for the test and dropped when it ends. Every
// test that opens a store does it through here, so that the whole suite
// runs on either database.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"hotels/internal/metrics"
	"hotels/internal/store"

	dto "github.com/prometheus/client_model/go"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
	_ "modernc.org/sqlite"             // registers the "sqlite" one
)

// Env names the variable that selects PostgreSQL.
const Env = "HOTELS_TEST_POSTGRES"

// Postgres reports whether the tests run on PostgreSQL.
func Postgres() bool { return os.Getenv(Env) != "" }

// SkipOnPostgres skips a test of something SQLite alone has (a file, its
// damaged pages), saying why.
func SkipOnPostgres(t testing.TB, why string) {
	t.Helper()
	if Postgres() {
		t.Skip("SQLite only: " + why)
	}
}

// Data returns where a new, empty store for t lives, to give store.Open
// (again, to reopen it): a file path, or a PostgreSQL URL.
func Data(t testing.TB) string {
	t.Helper()
	if !Postgres() {
		return filepath.Join(t.TempDir(), "hotels.db")
	}
	// C collation: text sorts by its bytes, as SQLite sorts it.
	return PostgresData(t, "LC_COLLATE 'C' LC_CTYPE 'C'")
}

// PostgresData is Data on PostgreSQL, for a database made with options
// (CREATE DATABASE's, such as its collation).
func PostgresData(t testing.TB, options string) string {
	t.Helper()
	server, err := url.Parse(os.Getenv(Env))
	if err != nil {
		t.Fatalf("%s: %v", Env, err)
	}
	admin, err := adminDB()
	if err != nil {
		t.Fatalf("%s: %v", Env, err)
	}
	var b [8]byte
	_, _ = rand.Read(b[:])
	name := "hotels_test_" + hex.EncodeToString(b[:])
	if _, err := admin.Exec(`CREATE DATABASE ` + name + ` TEMPLATE template0 ENCODING 'UTF8' ` + options); err != nil {
		t.Fatalf("create test database %s: %v", name, err)
	}
	t.Cleanup(func() {
		// FORCE: a store the test left open does not keep its database.
		if _, err := admin.Exec(`DROP DATABASE IF EXISTS ` + name + ` WITH (FORCE)`); err != nil {
			t.Errorf("drop test database %s: %v", name, err)
		}
	})
	db := *server
	db.Path = "/" + name
	return db.String()
}

// Open opens a new, empty store for t, closed when the test ends, and
// returns it with where it lives (see Data).
func Open(t testing.TB) (*store.Store, string) {
	t.Helper()
	data := Data(t)
	s, err := store.Open(context.Background(), data)
	if err != nil {
		t.Fatalf("open test store: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s, data
}

var (
	adminOnce sync.Once
	admin     *sql.DB
	adminErr  error
)

// adminDB is the connection, shared by every test of the process, that
// creates and drops the tests' databases.
func adminDB() (*sql.DB, error) {
	adminOnce.Do(func() {
		admin, adminErr = sql.Open("pgx", os.Getenv(Env))
		if adminErr == nil {
			adminErr = admin.Ping()
		}
		if adminErr != nil {
			adminErr = fmt.Errorf("reach the test server: %w", adminErr)
		}
	})
	return admin, adminErr
}

// Exec runs one statement with no parameters on the database at data,
// beside any store open on it: for a test to set up what no method does,
// such as a code that expired long ago.
func Exec(t testing.TB, data, statement string) {
	t.Helper()
	driver := "sqlite"
	if Postgres() {
		driver = "pgx"
	}
	db, err := sql.Open(driver, data)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = db.Close() }()
	if _, err := db.Exec(statement); err != nil {
		t.Fatalf("%s: %v", statement, err)
	}
}

// Outage cuts the PostgreSQL database at data off, as a server that goes
// away would: every connection to it is ended and new ones are refused
// until back is called (or the test ends). Only on PostgreSQL.
func Outage(t testing.TB, data string) (back func()) {
	t.Helper()
	if !Postgres() {
		t.Fatal("storetest.Outage: only on PostgreSQL")
	}
	u, err := url.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	name := u.Path[1:]
	admin, err := adminDB()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec(`ALTER DATABASE ` + name + ` ALLOW_CONNECTIONS false`); err != nil {
		t.Fatalf("cut %s off: %v", name, err)
	}
	if _, err := admin.Exec(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, name); err != nil {
		t.Fatalf("cut %s off: %v", name, err)
	}
	var once sync.Once
	back = func() {
		once.Do(func() {
			if _, err := admin.Exec(`ALTER DATABASE ` + name + ` ALLOW_CONNECTIONS true`); err != nil {
				t.Errorf("bring %s back: %v", name, err)
			}
		})
	}
	t.Cleanup(back)
	return back
}

// Commits is how many write transactions the stores of this process have
// committed (metrics.CommitSeconds), for benchmarks that report commits an
// op.
func Commits(tb testing.TB) uint64 {
	tb.Helper()
	var m dto.Metric
	if err := metrics.CommitSeconds.Write(&m); err != nil {
		tb.Fatal(err)
	}
	return m.GetHistogram().GetSampleCount()
}
