package store_test

import (
	"context"
	"errors"
	"testing"

	"hotels/internal/store"
)

func TestAuditLog(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	first, err := s.Audit(ctx, store.AuditEntry{Fingerprint: "SHA256:a", Name: "root", Command: "kick", Args: "k3vq 2"})
	if err != nil {
		t.Fatalf("Audit = %v", err)
	}
	second, err := s.Audit(ctx, store.AuditEntry{Fingerprint: "SHA256:a", Command: "ban", Args: "mallory"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.AuditOutcome(ctx, first, store.AuditOK); err != nil {
		t.Fatalf("AuditOutcome = %v", err)
	}
	if err := s.AuditOutcome(ctx, 999, store.AuditOK); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("AuditOutcome(999) = %v, want ErrNotFound", err)
	}
	log, err := s.AuditLog(ctx, 10)
	if err != nil || len(log) != 2 {
		t.Fatalf("AuditLog = %+v, %v; want 2 entries", log, err)
	}
	if log[0].ID != second || log[0].Outcome != store.AuditStarted || log[0].Command != "ban" {
		t.Errorf("newest entry = %+v, want the ban, started", log[0])
	}
	if log[1].ID != first || log[1].Outcome != store.AuditOK || log[1].Name != "root" || log[1].Args != "k3vq 2" || log[1].At.IsZero() {
		t.Errorf("oldest entry = %+v, want the kick, ok", log[1])
	}
	if _, err := s.Audit(ctx, store.AuditEntry{Command: "kick"}); err == nil {
		t.Error("Audit without a fingerprint = nil error")
	}
}

func TestGameCounts(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	a := newGame(t, s)
	newGame(t, s)
	if err := s.AbortGame(ctx, a, "test"); err != nil {
		t.Fatal(err)
	}
	got, err := s.GameCounts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got[store.StatusAborted] != 1 || got[store.StatusAborted]+got[store.StatusWaiting]+got[store.StatusPlaying] != 2 {
		t.Errorf("GameCounts = %v, want one aborted of two", got)
	}
}

// Migration 0005 makes the audit and ban tables.
func TestAdminTablesSchema(t *testing.T) {
	s, _ := open(t)
	want := map[string][]string{
		"admin_audit": {"id", "at", "fingerprint", "name", "command", "args", "outcome"},
		"bans":        {"id", "fingerprint", "account_id", "target", "reason", "created_at", "created_by", "expires_at", "lifted_at", "lifted_by"},
	}
	checkColumns(t, s, want)
}
