package server

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	gossh "golang.org/x/crypto/ssh"
)

// loadHostKey returns the PEM host key at path, first generating an ed25519
// key there (mode 0600, directory 0700) if there is none. Players' clients
// pin this key, so it is made once and then only read.
func loadHostKey(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		data, err = generateHostKey(path)
	}
	if err != nil {
		return nil, fmt.Errorf("server: host key %s: %w", path, err)
	}
	if _, err := gossh.ParsePrivateKey(data); err != nil {
		return nil, fmt.Errorf("server: host key %s: %w", path, err)
	}
	return data, nil
}

func generateHostKey(path string) ([]byte, error) {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("generate: %w", err)
	}
	block, err := gossh.MarshalPrivateKey(priv, "hotels host key")
	if err != nil {
		return nil, fmt.Errorf("encode: %w", err)
	}
	data := pem.EncodeToMemory(block)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("create directory: %w", err)
	}
	// O_EXCL: if two servers start at once, one makes the key and the
	// other fails rather than overwriting a key clients may have pinned.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, fmt.Errorf("create: %w", err)
	}
	if _, err := f.Write(data); err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("write: %w", err)
	}
	if err := f.Close(); err != nil {
		return nil, fmt.Errorf("write: %w", err)
	}
	return data, nil
}
