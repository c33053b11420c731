package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"hotels/internal/store"
)

func TestBanKeyAndAccount(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	alice, err := s.CreateAccount(ctx, "alice", keyAlice)
	if err != nil {
		t.Fatal(err)
	}
	bob, err := store.ParseKey(keyBob)
	if err != nil {
		t.Fatal(err)
	}

	if _, err := s.BanOn(ctx, bob.Fingerprint, alice.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("BanOn before any ban = %v, want ErrNotFound", err)
	}
	until := time.Now().Add(time.Hour).UTC().Truncate(time.Second)
	kb, err := s.Ban(ctx, store.NewBan{Fingerprint: bob.Fingerprint, Target: bob.Fingerprint, Reason: "spam", By: "root", Until: until})
	if err != nil {
		t.Fatalf("Ban(key) = %v", err)
	}
	ab, err := s.Ban(ctx, store.NewBan{Account: alice.ID, Target: "alice", Reason: "cheating", By: "root"})
	if err != nil {
		t.Fatalf("Ban(account) = %v", err)
	}

	got, err := s.BanOn(ctx, bob.Fingerprint, 0)
	if err != nil || got.ID != kb.ID || got.Reason != "spam" || !got.Until.Equal(until) {
		t.Errorf("BanOn(bob's key) = %+v, %v; want the key ban until %v", got, err, until)
	}
	// Both apply: the one for good wins over the one that ends.
	got, err = s.BanOn(ctx, bob.Fingerprint, alice.ID)
	if err != nil || got.ID != ab.ID || !got.Until.IsZero() {
		t.Errorf("BanOn(bob's key, alice) = %+v, %v; want the account ban for good", got, err)
	}
	bans, err := s.Bans(ctx)
	if err != nil || len(bans) != 2 || bans[0].ID != ab.ID || bans[1].ID != kb.ID {
		t.Errorf("Bans() = %+v, %v; want the account ban then the key ban", bans, err)
	}

	n, err := s.LiftBans(ctx, store.Unban{Account: alice.ID, By: "root"})
	if err != nil || n != 1 {
		t.Fatalf("LiftBans(alice) = %d, %v; want 1, nil", n, err)
	}
	if _, err := s.BanOn(ctx, "SHA256:other", alice.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("BanOn(alice) after lifting = %v, want ErrNotFound", err)
	}
	if _, err := s.LiftBans(ctx, store.Unban{Account: alice.ID, By: "root"}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("LiftBans(alice) twice = %v, want ErrNotFound", err)
	}
}

func TestBanExpires(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	if _, err := s.Ban(ctx, store.NewBan{Fingerprint: "SHA256:x", Target: "SHA256:x", By: "root", Until: time.Now().Add(-time.Second)}); err != nil {
		t.Fatal(err)
	}
	if b, err := s.BanOn(ctx, "SHA256:x", 0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("BanOn(expired) = %+v, %v; want ErrNotFound", b, err)
	}
	if bans, err := s.Bans(ctx); err != nil || len(bans) != 0 {
		t.Errorf("Bans() with only an expired ban = %+v, %v; want none", bans, err)
	}
	if _, err := s.LiftBans(ctx, store.Unban{Fingerprint: "SHA256:x"}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("LiftBans(expired) = %v, want ErrNotFound", err)
	}
}

func TestBanRefuses(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	tests := []struct {
		name string
		ban  store.NewBan
		want error // nil: any error
	}{
		{"neither key nor account", store.NewBan{Target: "x"}, nil},
		{"both key and account", store.NewBan{Fingerprint: "SHA256:x", Account: 1, Target: "x"}, nil},
		{"unknown account", store.NewBan{Account: 99, Target: "ghost"}, store.ErrNotFound},
	}
	for _, tt := range tests {
		_, err := s.Ban(ctx, tt.ban)
		if err == nil || (tt.want != nil && !errors.Is(err, tt.want)) {
			t.Errorf("%s: Ban(%+v) = %v, want error %v", tt.name, tt.ban, err, tt.want)
		}
	}
}
