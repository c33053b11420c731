package server

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func TestHostKeyCreatedOnceWithPrivateMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nested", ".ssh", "hotels_ed25519")
	first, err := loadHostKey(path)
	if err != nil {
		t.Fatalf("loadHostKey(new) = %v", err)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if mode := info.Mode().Perm(); mode != 0o600 {
		t.Errorf("host key mode = %o, want 600", mode)
	}
	if dir, _ := os.Stat(filepath.Dir(path)); dir.Mode().Perm() != 0o700 {
		t.Errorf("host key directory mode = %o, want 700", dir.Mode().Perm())
	}
	second, err := loadHostKey(path)
	if err != nil || !bytes.Equal(first, second) {
		t.Errorf("loadHostKey(existing) changed the key or failed: %v", err)
	}
}

func TestHostKeyRejectsGarbage(t *testing.T) {
	path := filepath.Join(t.TempDir(), "key")
	if err := os.WriteFile(path, []byte("not a key"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := loadHostKey(path); err == nil {
		t.Error("loadHostKey(garbage) = nil error")
	}
}
