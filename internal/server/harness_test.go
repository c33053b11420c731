package server_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"hotels/internal/rooms"
	"hotels/internal/server"
	"hotels/internal/sshtest"
	"hotels/internal/store"
	"hotels/internal/store/storetest"
)

// testServer is a real server on 127.0.0.1 with a fresh database. Tests
// reach it with internal/sshtest's clients and terminals.
type testServer struct {
	addr  string
	store *store.Store
	data  string // where the store lives (storetest.Data)
	dir   string
	stop  func() error // cancels Serve and returns its result
	lobby *rooms.Lobby // its rooms, when a test gave it some
}

func startServer(t testing.TB, opts server.Options) *testServer {
	t.Helper()
	return startServerWith(t, nil, opts)
}

// startServerWith starts a server whose Config configure changes first
// (nil for none), with the store open before opts are used: setup, if
// given, may fill opts from it.
func startServerWith(t testing.TB, configure func(*server.Config), opts server.Options, setup ...func(*store.Store, *server.Options)) *testServer {
	t.Helper()
	return startServerOn(t, storetest.Data(t), configure, opts, setup...)
}

// startServerOn is startServerWith on the store at data, which another
// test server may share (cluster_test.go).
func startServerOn(t testing.TB, data string, configure func(*server.Config), opts server.Options, setup ...func(*store.Store, *server.Options)) *testServer {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	st, err := store.Open(ctx, data)
	if err != nil {
		t.Fatal(err)
	}
	cfg := server.Config{
		Addr:            "127.0.0.1:0",
		HostKey:         filepath.Join(dir, ".ssh", "hotels_ed25519"),
		ShutdownTimeout: 5 * time.Second,
		AdminKeys:       filepath.Join(dir, "admin_keys"),
	}
	if configure != nil {
		configure(&cfg)
	}
	for _, f := range setup {
		f(st, &opts)
	}
	opts.Store = st
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	srv, err := server.New(cfg, opts)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		t.Fatal(err)
	}
	sctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(sctx, ln) }()

	var once sync.Once
	var serveErr error
	stop := func() error {
		once.Do(func() {
			cancel()
			select {
			case serveErr = <-done:
			case <-time.After(sshtest.Timeout):
				serveErr = errors.New("Serve did not return after cancel")
			}
		})
		return serveErr
	}
	t.Cleanup(func() {
		if err := stop(); err != nil {
			t.Errorf("Serve = %v", err)
		}
		_ = st.Close()
	})
	return &testServer{addr: ln.Addr().String(), store: st, data: data, dir: dir, stop: stop}
}
