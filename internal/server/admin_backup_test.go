package server_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hotels/internal/server"
	"hotels/internal/sshtest"
	"hotels/internal/store"
	"hotels/internal/store/storetest"
)

// Issue 26: `admin backup` copies the live database into the folder the
// server was given, under a name of the server's choosing; the admin
// names no path, and it is audited.
func TestAdminBackup(t *testing.T) {
	storetest.SkipOnPostgres(t, "a SQLite file's backup; PostgreSQL's is pg_dump")
	dir := filepath.Join(t.TempDir(), "backups")
	a := startAdmin(t, func(c *server.Config) { c.BackupDir = dir }, server.Options{})
	ann := signUp(t, a.testServer, "ann", sshtest.NewKey(t))
	a.playing(t, ann)

	out, errOut, status := sshtest.Exec(t, a.addr, a.admin, "admin backup --json")
	var made struct {
		File  string
		Bytes int64
	}
	if status != 0 || json.Unmarshal([]byte(out), &made) != nil {
		t.Fatalf("admin backup --json: exit %d, %q, %q", status, out, errOut)
	}
	if filepath.Dir(made.File) != dir || !strings.HasPrefix(filepath.Base(made.File), "hotels-") || made.Bytes == 0 {
		t.Errorf("admin backup wrote %q (%d bytes), want a hotels-TIME.db in %s", made.File, made.Bytes, dir)
	}
	if info, err := os.Stat(made.File); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("the backup file: %v, %v; want mode 0600", info, err)
	}
	ctx := context.Background()
	copied, err := store.Open(ctx, made.File)
	if err != nil {
		t.Fatal(err)
	}
	defer copied.Close()
	if got, err := copied.AccountByName(ctx, "ann"); err != nil || got.ID != ann.ID {
		t.Errorf("the backup's ann: %+v, %v", got, err)
	}
	if games, err := copied.UnfinishedGames(ctx); err != nil || len(games) != 1 {
		t.Errorf("the backup's games in play: %d, %v; want the 1 being played", len(games), err)
	}
	wantAudit(t, a.testServer, `backup --json`, "ok")

	// No path of the admin's choosing.
	for _, cmd := range []string{"admin backup /tmp/x.db", "admin backup --file /tmp/x.db"} {
		if _, _, status := sshtest.Exec(t, a.addr, a.admin, cmd); status != 2 {
			t.Errorf("%s: exit %d, want 2 (not understood)", cmd, status)
		}
	}
}

func TestAdminBackupOff(t *testing.T) {
	a := startAdmin(t, nil, server.Options{})
	_, errOut, status := sshtest.Exec(t, a.addr, a.admin, "admin backup")
	if status != 1 || !strings.Contains(errOut, "--backup-dir") {
		t.Errorf("admin backup with no folder: exit %d, %q; want 1 and why", status, errOut)
	}
	if storetest.Postgres() {
		a := startAdmin(t, func(c *server.Config) { c.BackupDir = t.TempDir() }, server.Options{})
		_, errOut, status := sshtest.Exec(t, a.addr, a.admin, "admin backup")
		if status != 1 || !strings.Contains(errOut, "pg_dump") {
			t.Errorf("admin backup on PostgreSQL: exit %d, %q; want 1 and pg_dump", status, errOut)
		}
	}
}
