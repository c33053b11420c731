package server

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"sync"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// maxAdminKeysFile bounds the admin keys file that is read: a thousand
// RSA-4096 keys fit in under a megabyte.
const maxAdminKeysFile = 1 << 20

// adminKeys is the set of admins' keys, read from an authorized_keys file.
// Every check looks at the file's size and time first and reads it again
// if either changed, so adding or removing an admin needs no restart. A
// missing file means no admins.
type adminKeys struct {
	path string
	log  *slog.Logger

	mu    sync.Mutex
	stamp fileStamp
	keys  map[string]bool // by SHA256 fingerprint
}

// fileStamp is what tells that a file changed.
type fileStamp struct {
	exists bool
	size   int64
	mod    time.Time
}

func newAdminKeys(path string, log *slog.Logger) *adminKeys {
	return &adminKeys{path: path, log: log}
}

// has reports whether the key with fingerprint fp is an admin's. The
// caller must pass the fingerprint of the key the session signed with.
func (a *adminKeys) has(fp string) bool {
	if a.path == "" {
		return false
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.refresh()
	return a.keys[fp]
}

// refresh rereads the file if it changed; a.mu is held.
func (a *adminKeys) refresh() {
	var now fileStamp
	info, err := os.Stat(a.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		// Keep the keys we have: a passing error should not demote anyone,
		// and stat failing for long is in the log.
		a.log.Error("admin keys: stat", "path", a.path, "err", err)
		return
	default:
		now = fileStamp{exists: true, size: info.Size(), mod: info.ModTime()}
	}
	if now == a.stamp && (a.keys != nil || !now.exists) {
		return
	}
	a.stamp = now
	if !now.exists {
		if a.keys != nil {
			a.log.Info("admin keys: file is gone; no admins now", "path", a.path)
		}
		a.keys = nil
		return
	}
	keys, err := readAdminKeys(a.path, a.log)
	if err != nil {
		a.log.Error("admin keys: read; no admins until it can be read", "path", a.path, "err", err)
		a.keys = map[string]bool{}
		return
	}
	a.keys = keys
	a.log.Info("admin keys: loaded", "path", a.path, "keys", len(keys))
}

// readAdminKeys parses an authorized_keys file; lines that are not keys
// are logged and skipped.
func readAdminKeys(path string, log *slog.Logger) (map[string]bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer func() { _ = f.Close() }()
	data, err := io.ReadAll(io.LimitReader(f, maxAdminKeysFile+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxAdminKeysFile {
		return nil, errors.New("file is larger than 1 MiB")
	}
	keys := map[string]bool{}
	for n, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		pk, _, _, _, err := gossh.ParseAuthorizedKey(line)
		if err != nil {
			log.Warn("admin keys: skipping a line that is not a public key", "path", path, "line", n+1, "err", err)
			continue
		}
		keys[gossh.FingerprintSHA256(pk)] = true
	}
	return keys, nil
}
