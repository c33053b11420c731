package server

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"log/slog"
	"net"
	"sync"
	"testing"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/store"
	"hotels/internal/store/storetest"
)

// leftCtx is the ssh.Context of a connection whose client has left: it is
// canceled.
type leftCtx struct {
	context.Context
	sync.Mutex
}

func (*leftCtx) User() string                  { return "player" }
func (*leftCtx) SessionID() string             { return "" }
func (*leftCtx) ClientVersion() string         { return "SSH-2.0-test" }
func (*leftCtx) ServerVersion() string         { return "SSH-2.0-Go" }
func (*leftCtx) RemoteAddr() net.Addr          { return &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 1} }
func (*leftCtx) LocalAddr() net.Addr           { return &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 2} }
func (*leftCtx) Permissions() *ssh.Permissions { return &ssh.Permissions{} }
func (*leftCtx) SetValue(any, any)             {}

// recorded is a slog handler that keeps the level of every record.
type recorded struct {
	mu     sync.Mutex
	levels []slog.Level
	msgs   []string
}

func (r *recorded) Enabled(context.Context, slog.Level) bool { return true }
func (r *recorded) Handle(_ context.Context, rec slog.Record) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.levels = append(r.levels, rec.Level)
	r.msgs = append(r.msgs, rec.Message)
	return nil
}
func (r *recorded) WithAttrs([]slog.Attr) slog.Handler { return r }
func (r *recorded) WithGroup(string) slog.Handler      { return r }

// Log noise (issue 16): a client that leaves while its key is checked
// against the bans ends the lookup; that is no store failure, so nothing is
// logged above debug, and the key is not let in.
func TestAcceptKeyClientLeft(t *testing.T) {
	st, err := store.Open(context.Background(), storetest.Data(t))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = st.Close() }()
	var log recorded
	s := &Server{store: st, log: slog.New(&log)}
	pub, _, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	pk, err := gossh.NewPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if s.acceptKey(&leftCtx{Context: ctx}, pk) {
		t.Error("acceptKey let in a key it could not check")
	}
	for i, l := range log.levels {
		if l > slog.LevelDebug {
			t.Errorf("logged %s %q", l, log.msgs[i])
		}
	}
}
