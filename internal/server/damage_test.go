package server_test

import (
	"bytes"
	"database/sql"
	"log/slog"
	"os"
	"strings"
	"sync"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/server"
	"hotels/internal/sshtest"
	"hotels/internal/store/storetest"
)

// lockedBuffer is a log sink safe for the server's goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// damageTable overwrites the pages of table (and its indexes) in the
// database file at path with garbage, as a failing disk might, while the
// server has it open. The WAL is first emptied into the file, and a write
// afterwards makes every connection drop the pages it has cached.
func damageTable(t *testing.T, path, table string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = db.Close() }()
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		t.Fatal(err)
	}
	var size int
	if err := db.QueryRow(`PRAGMA page_size`).Scan(&size); err != nil {
		t.Fatal(err)
	}
	rows, err := db.Query(`SELECT rootpage FROM sqlite_master WHERE tbl_name = ? AND rootpage > 0`, table)
	if err != nil {
		t.Fatal(err)
	}
	var pages []int
	for rows.Next() {
		var p int
		if err := rows.Scan(&p); err != nil {
			t.Fatal(err)
		}
		pages = append(pages, p)
	}
	if err := rows.Close(); err != nil || len(pages) == 0 {
		t.Fatalf("pages of %s: %v, %v", table, pages, err)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	garbage := bytes.Repeat([]byte("\xde\xad\xbe\xef garbage "), size)[:size]
	for _, p := range pages {
		if _, err := f.WriteAt(garbage, int64(p-1)*int64(size)); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TABLE poke (x)`); err != nil {
		t.Fatal(err)
	}
}

// A damaged database page is logged at ERROR once, and the action that met
// it, and every write after it, is refused with a clear message: nothing is
// shown as done that was not saved.
func TestDamagedPageLoggedAndActionRefused(t *testing.T) {
	storetest.SkipOnPostgres(t, "a damaged page of the file")
	logs := &lockedBuffer{}
	log := slog.New(slog.NewTextHandler(logs, nil))
	ts := startServer(t, server.Options{Logger: log})
	ts.store.SetLogger(log)
	alice, second, desktop := sshtest.NewKey(t), sshtest.NewKey(t), sshtest.NewKey(t)
	signUp(t, ts, "alice", alice)
	code := addKey(t, ts, alice, second)
	if _, stderr, status := sshtest.Exec(t, ts.addr, second, "keys confirm "+code); status != 0 {
		t.Fatalf("keys confirm: status %d, stderr %q", status, stderr)
	}

	damageTable(t, ts.data, "key_confirmations")

	damage := `msg="database file is damaged`
	wantRefused(t, ts, alice, "keys add "+authorized(desktop), "the key could not be saved; try again later")
	wantRefused(t, ts, alice, "keys list", "your keys could not be read")
	if n := strings.Count(logs.String(), damage); n != 1 || !strings.Contains(logs.String(), "level=ERROR "+damage) {
		t.Errorf("the damage was logged %d times, want once at ERROR:\n%s", n, logs)
	}
	// Every write is refused now, even one the damage does not touch: the
	// audit log cannot be written, so the key is not removed.
	wantRefused(t, ts, alice, "keys remove "+gossh.FingerprintSHA256(second.PublicKey()), "the audit log cannot be written, so nothing was done")
	if got := whoami(t, ts, second); got != "alice" {
		t.Errorf("whoami(second key) = %q, want alice: its removal was refused", got)
	}
	if n := strings.Count(logs.String(), damage); n != 1 {
		t.Errorf("the damage was logged %d times after more refusals, want once:\n%s", n, logs)
	}
	if n := strings.Count(logs.String(), "level=ERROR"); n != 1 {
		t.Errorf("%d ERROR lines, want the one about the damage:\n%s", n, logs)
	}
}
