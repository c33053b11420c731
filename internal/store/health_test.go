package store_test

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hotels/internal/store"
	"hotels/internal/store/storetest"
)

// damaged returns the path of a copy of a database with accounts alice (by
// keyAlice) and bob (by keyBob) whose pages holding tables (with their
// indexes) are overwritten with garbage, as a failing disk might leave them.
func damaged(t *testing.T, tables ...string) string {
	t.Helper()
	ctx := context.Background()
	s, path := open(t)
	for name, key := range map[string]string{"alice": keyAlice, "bob": keyBob} {
		if _, err := s.CreateAccount(ctx, name, key); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil { // checkpoints the WAL into the file
		t.Fatal(err)
	}
	body, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = db.Close() }()
	var size int
	if err := db.QueryRow(`PRAGMA page_size`).Scan(&size); err != nil {
		t.Fatal(err)
	}
	garbage := bytes.Repeat([]byte("\xde\xad\xbe\xef garbage "), size)[:size]
	for _, table := range tables {
		rows, err := db.Query(`SELECT rootpage FROM sqlite_master WHERE tbl_name = ? AND rootpage > 0`, table)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for rows.Next() {
			var page int
			if err := rows.Scan(&page); err != nil {
				t.Fatal(err)
			}
			copy(body[(page-1)*size:page*size], garbage)
			n++
		}
		if err := rows.Close(); err != nil || n == 0 {
			t.Fatalf("pages of table %s: %d, %v", table, n, err)
		}
	}
	cp := filepath.Join(t.TempDir(), "damaged.db")
	if err := os.WriteFile(cp, body, 0o600); err != nil {
		t.Fatal(err)
	}
	return cp
}

// errorLog is a logger that keeps its ERROR lines.
func errorLog() (*slog.Logger, *bytes.Buffer) {
	var b bytes.Buffer
	return slog.New(slog.NewTextHandler(&b, &slog.HandlerOptions{Level: slog.LevelError})), &b
}

// A damaged page is logged at ERROR once, however often it is met, and
// from then on every write is refused: nothing is half saved.
func TestDamagedPageLoggedOnceAndWritesRefused(t *testing.T) {
	storetest.SkipOnPostgres(t, "a damaged page of the file")
	ctx := context.Background()
	s, err := store.Open(ctx, damaged(t, "keys"))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = s.Close() }()
	log, logged := errorLog()
	s.SetLogger(log)

	if _, err := s.AccountByName(ctx, "alice"); err != nil {
		t.Fatalf("AccountByName(alice) = %v; the accounts pages are whole", err)
	}
	if logged.Len() != 0 {
		t.Fatalf("logged before any damage was met:\n%s", logged)
	}
	for range 3 {
		if _, err := s.AccountByKey(ctx, keyAlice); !errors.Is(err, store.ErrCorrupt) {
			t.Fatalf("AccountByKey(alice) = %v, want ErrCorrupt", err)
		}
	}
	if _, err := s.Keys(ctx, 1); !errors.Is(err, store.ErrCorrupt) {
		t.Errorf("Keys(1) = %v, want ErrCorrupt", err)
	}
	if n := strings.Count(logged.String(), "level=ERROR"); n != 1 || !strings.Contains(logged.String(), "database file is damaged") {
		t.Errorf("logged %d ERROR lines, want one saying the file is damaged:\n%s", n, logged)
	}

	// Fail closed: writes that touch only whole pages are refused too.
	if _, err := s.Audit(ctx, store.AuditEntry{Fingerprint: "SHA256:x", Command: "kick"}); !errors.Is(err, store.ErrCorrupt) {
		t.Errorf("Audit = %v, want ErrCorrupt", err)
	}
	if _, err := s.CreateAccount(ctx, "carol", newKey(t)); !errors.Is(err, store.ErrCorrupt) {
		t.Errorf("CreateAccount(carol) = %v, want ErrCorrupt", err)
	}
	if _, err := s.AccountByName(ctx, "carol"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("AccountByName(carol) = %v, want ErrNotFound: a refused write leaves nothing", err)
	}
	if log, err := s.AuditLog(ctx, 10); err != nil || len(log) != 0 {
		t.Errorf("AuditLog = %v, %v; want it empty", log, err)
	}
	if n := strings.Count(logged.String(), "level=ERROR"); n != 1 {
		t.Errorf("logged %d ERROR lines after more failures, want still one:\n%s", n, logged)
	}
}

// A file that is not a database at all is refused when opened.
func TestOpenRefusesNotADatabase(t *testing.T) {
	storetest.SkipOnPostgres(t, "a file")
	path := filepath.Join(t.TempDir(), "hotels.db")
	if err := os.WriteFile(path, bytes.Repeat([]byte("not a database "), 512), 0o600); err != nil {
		t.Fatal(err)
	}
	if s, err := store.Open(context.Background(), path); err == nil {
		_ = s.Close()
		t.Fatal("Open(garbage file) = nil error")
	} else if !strings.Contains(fmt.Sprint(err), "not a database") {
		t.Errorf("Open(garbage file) = %v, want it to say the file is not a database", err)
	}
}
