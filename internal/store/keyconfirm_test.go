package store_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/store"
)

// newKey returns a fresh ed25519 public key in authorized_keys form.
func newKey(t *testing.T) string {
	t.Helper()
	pub, _, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	pk, err := gossh.NewPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(gossh.MarshalAuthorizedKey(pk)))
}

func TestRequestAndConfirmKey(t *testing.T) {
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
	desktop, other := newKey(t), newKey(t)

	// A key of the account's own is refused; one of another account's is
	// asked for as any other (whether it has an account is not the
	// asker's to learn), and refused when its holder confirms.
	if _, _, err := s.RequestKey(ctx, alice.ID, keyAlice); !errors.Is(err, store.ErrConflict) {
		t.Errorf("RequestKey(alice's own key) = %v, want ErrConflict", err)
	}
	carol, err := s.CreateAccount(ctx, "carol", newKey(t))
	if err != nil {
		t.Fatal(err)
	}
	alices, _, err := s.RequestKey(ctx, carol.ID, keyAlice)
	if err != nil {
		t.Fatalf("RequestKey(alice's key, for carol) = %v, want a code as for any key", err)
	}
	if _, err := s.ConfirmKey(ctx, keyAlice, alices); !errors.Is(err, store.ErrConflict) {
		t.Errorf("ConfirmKey(alice's key, for carol) = %v, want ErrConflict", err)
	}
	code, expires, err := s.RequestKey(ctx, alice.ID, desktop)
	if err != nil || len(code) < 20 || expires.IsZero() {
		t.Fatalf("RequestKey(desktop) = %q, %v, %v", code, expires, err)
	}
	if again, _, _ := s.RequestKey(ctx, bob.ID, desktop); again == code {
		t.Fatalf("two requests got the same code %q", code)
	}
	pending, err := s.PendingKeys(ctx, alice.ID)
	if err != nil || len(pending) != 1 || pending[0].Authorized != desktop {
		t.Fatalf("PendingKeys(alice) = %+v, %v; want the desktop key", pending, err)
	}

	// Only a session with the key itself confirms it, and only once.
	if _, err := s.ConfirmKey(ctx, other, code); !errors.Is(err, store.ErrWrongKey) {
		t.Errorf("ConfirmKey(other key) = %v, want ErrWrongKey", err)
	}
	if _, err := s.ConfirmKey(ctx, desktop, "not-the-code"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("ConfirmKey(wrong code) = %v, want ErrNotFound", err)
	}
	a, err := s.ConfirmKey(ctx, desktop, code)
	if err != nil || a.ID != alice.ID {
		t.Fatalf("ConfirmKey(desktop, code) = %+v, %v; want alice", a, err)
	}
	if got, err := s.AccountByKey(ctx, desktop); err != nil || got.ID != alice.ID {
		t.Errorf("AccountByKey(desktop) = %+v, %v; want alice", got, err)
	}
	if _, err := s.ConfirmKey(ctx, desktop, code); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("ConfirmKey(used code) = %v, want ErrNotFound", err)
	}
	// Bob's request for the same key went with alice's confirmation.
	if pending, _ := s.PendingKeys(ctx, bob.ID); len(pending) != 0 {
		t.Errorf("PendingKeys(bob) = %+v, want none once the key joined alice", pending)
	}
}

func TestKeyCodeExpires(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	alice, err := s.CreateAccount(ctx, "alice", keyAlice)
	if err != nil {
		t.Fatal(err)
	}
	desktop := newKey(t)
	code, _, err := s.RequestKey(ctx, alice.ID, desktop)
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Exec(s, `UPDATE key_confirmations SET expires_at = '2000-01-01T00:00:00Z'`); err != nil {
		t.Fatal(err)
	}
	if pending, _ := s.PendingKeys(ctx, alice.ID); len(pending) != 0 {
		t.Errorf("PendingKeys after expiry = %+v, want none", pending)
	}
	if _, err := s.ConfirmKey(ctx, desktop, code); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("ConfirmKey(expired code) = %v, want ErrNotFound", err)
	}
	if _, err := s.AccountByKey(ctx, desktop); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("AccountByKey(unconfirmed key) = %v, want ErrNotFound", err)
	}
}

func TestPendingKeysBounded(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	alice, err := s.CreateAccount(ctx, "alice", keyAlice)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for range store.MaxPendingKeys {
		k := newKey(t)
		keys = append(keys, k)
		if _, _, err := s.RequestKey(ctx, alice.ID, k); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := s.RequestKey(ctx, alice.ID, newKey(t)); !errors.Is(err, store.ErrTooMany) {
		t.Errorf("RequestKey(one more) = %v, want ErrTooMany", err)
	}
	// Asking again for a waiting key replaces its code and takes no room.
	old, _, _ := s.RequestKey(ctx, alice.ID, keys[0])
	code, _, err := s.RequestKey(ctx, alice.ID, keys[0])
	if err != nil {
		t.Fatalf("RequestKey(a waiting key again) = %v", err)
	}
	if _, err := s.ConfirmKey(ctx, keys[0], old); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("ConfirmKey(replaced code) = %v, want ErrNotFound", err)
	}
	if _, err := s.ConfirmKey(ctx, keys[0], code); err != nil {
		t.Errorf("ConfirmKey(new code) = %v", err)
	}
	if _, _, err := s.RequestKey(ctx, 999, newKey(t)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("RequestKey(unknown account) = %v, want ErrNotFound", err)
	}
}

func TestRemoveKey(t *testing.T) {
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
	a, _ := store.ParseKey(keyAlice)
	b, _ := store.ParseKey(keyBob)
	if err := s.RemoveKey(ctx, alice.ID, a.Fingerprint); !errors.Is(err, store.ErrLastKey) {
		t.Errorf("RemoveKey(alice's only key) = %v, want ErrLastKey", err)
	}
	desktop := newKey(t)
	code, _, _ := s.RequestKey(ctx, alice.ID, desktop)
	if _, err := s.ConfirmKey(ctx, desktop, code); err != nil {
		t.Fatal(err)
	}
	if err := s.RemoveKey(ctx, alice.ID, b.Fingerprint); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("RemoveKey(bob's key from alice) = %v, want ErrNotFound", err)
	}
	if err := s.RemoveKey(ctx, alice.ID, a.Fingerprint); err != nil {
		t.Fatalf("RemoveKey(alice's first key of two) = %v", err)
	}
	if _, err := s.AccountByKey(ctx, keyAlice); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("AccountByKey(removed key) = %v, want ErrNotFound", err)
	}
	if keys, _ := s.Keys(ctx, alice.ID); len(keys) != 1 || keys[0].Authorized != desktop {
		t.Errorf("Keys(alice) = %+v, want the desktop key alone", keys)
	}
	if keys, _ := s.Keys(ctx, bob.ID); len(keys) != 1 {
		t.Errorf("Keys(bob) = %+v, want his key untouched", keys)
	}
}

// Migration 0008 makes the table of keys waiting for confirmation.
func TestKeyConfirmationsSchema(t *testing.T) {
	s, _ := open(t)
	checkColumns(t, s, map[string][]string{
		"key_confirmations": {"code_hash", "account_id", "authorized_key", "fingerprint", "created_at", "expires_at"},
	})
}
