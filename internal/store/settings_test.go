package store_test

import (
	"context"
	"errors"
	"testing"

	"hotels/internal/store"
)

// The bell rings until the player turns it off, and stays as they left it.
func TestBellSetting(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	alice, err := s.CreateAccount(ctx, "alice", keyAlice)
	if err != nil {
		t.Fatal(err)
	}
	bob, err := s.CreateAccount(ctx, "bob", keyBob)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := s.Settings(ctx, alice.ID); err != nil || !got.Bell {
		t.Fatalf("a new account's Settings() = %+v, %v; want the bell on", got, err)
	}
	for _, on := range []bool{false, false, true, false} {
		if err := s.SetBell(ctx, alice.ID, on); err != nil {
			t.Fatalf("SetBell(%v) = %v", on, err)
		}
		if got, err := s.Settings(ctx, alice.ID); err != nil || got.Bell != on {
			t.Errorf("after SetBell(%v): Settings() = %+v, %v", on, got, err)
		}
	}
	if got, _ := s.Settings(ctx, bob.ID); !got.Bell {
		t.Errorf("alice's setting changed bob's: %+v", got)
	}
	if err := s.SetBell(ctx, 999, false); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetBell of no account = %v, want ErrNotFound", err)
	}
}
