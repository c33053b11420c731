package store_test

import (
	"context"
	"errors"
	"testing"

	"hotels/internal/store"
)

func TestCreateAccountAndLookUp(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)

	if _, err := s.AccountByKey(ctx, keyAlice); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("AccountByKey(new key) = %v, want ErrNotFound", err)
	}
	a, err := s.CreateAccount(ctx, "alice", keyAlice)
	if err != nil {
		t.Fatalf("CreateAccount(alice) = %v", err)
	}
	if a.ID == 0 || a.Name != "alice" || a.CreatedAt.IsZero() {
		t.Errorf("CreateAccount(alice) = %+v", a)
	}

	// The comment is not part of the key: the same key without it matches.
	k, err := store.ParseKey(keyAlice)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{keyAlice, k.Authorized} {
		got, err := s.AccountByKey(ctx, key)
		if err != nil || got.ID != a.ID {
			t.Errorf("AccountByKey(%.30q) = %+v, %v; want account %d", key, got, err, a.ID)
		}
	}
	if got, err := s.AccountByName(ctx, "ALICE"); err != nil || got.ID != a.ID {
		t.Errorf("AccountByName(ALICE) = %+v, %v; want account %d", got, err, a.ID)
	}
	if _, err := s.AccountByName(ctx, "bob"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("AccountByName(bob) = %v, want ErrNotFound", err)
	}
}

func TestCreateAccountConflicts(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	if _, err := s.CreateAccount(ctx, "alice", keyAlice); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, key string
		want      error
	}{
		{"alice", keyBob, store.ErrConflict},
		{"Alice", keyBob, store.ErrConflict},
		{"ALICE", keyBob, store.ErrConflict},
		{"alice2", keyAlice, store.ErrConflict}, // key already has an account
		{"bob", keyBob, nil},
	}
	for _, tt := range tests {
		_, err := s.CreateAccount(ctx, tt.name, tt.key)
		if !errors.Is(err, tt.want) || (tt.want == nil && err != nil) {
			t.Errorf("CreateAccount(%q, %.20q) = %v, want %v", tt.name, tt.key, err, tt.want)
		}
	}
	// A failed CreateAccount leaves nothing behind.
	if _, err := s.AccountByName(ctx, "alice2"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("AccountByName(alice2) after failed create = %v, want ErrNotFound", err)
	}
}

func TestCreateAccountRejectsBadInput(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	if _, err := s.CreateAccount(ctx, "", keyAlice); err == nil {
		t.Error("CreateAccount(empty name) = nil error")
	}
	if _, err := s.CreateAccount(ctx, "alice", "not a key"); err == nil {
		t.Error("CreateAccount(bad key) = nil error")
	}
}
