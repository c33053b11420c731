package server

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"charm.land/ssh"
	"github.com/prometheus/client_golang/prometheus"

	"hotels/internal/metrics"
)

// Metrics are the server's gauges, computed when scraped: its open
// sessions by kind (a terminal, a command, a terminal watching a room),
// and the connections still in their handshake.
func (s *Server) Metrics() []prometheus.Collector {
	return []prometheus.Collector{
		metrics.NewFunc("sessions", "Sessions open on this server, by kind: terminal, command, watcher.", []string{"kind"},
			func(set func(float64, ...string)) {
				n := map[string]int{"terminal": 0, "command": 0, "watcher": 0}
				for _, l := range s.live.list() {
					n[sessionKind(l)]++
				}
				for k, v := range n {
					set(float64(v), k)
				}
			}),
		metrics.NewFunc("handshakes", "Connections in their SSH handshake (not yet authenticated).", nil,
			func(set func(float64, ...string)) {
				n := 0
				if c := s.conns.Load(); c != nil {
					n = c.Handshakes()
				}
				set(float64(n))
			}),
	}
}

// sessionKind is a session's kind for the sessions gauge.
func sessionKind(l *live) string {
	switch w := strings.Fields(l.command); {
	case !l.pty:
		return "command"
	case len(w) > 0 && w[0] == "watch", len(w) > 1 && w[0] == "admin" && w[1] == "watch":
		return "watcher"
	default:
		return "terminal"
	}
}

// Handshakes counts the connections not yet authenticated.
func (l *connLimiter) Handshakes() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.handshake
}

// Healthy says why the server should not be sent players, nil if it
// should: it is shutting down, or not listening yet, or its store does not
// take a write (within ctx; /healthz gives it a second).
func (s *Server) Healthy(ctx context.Context) error {
	select {
	case <-s.closing:
		return errors.New("shutting down")
	default:
	}
	if s.conns.Load() == nil {
		return errors.New("not listening yet")
	}
	if err := s.store.Ping(ctx); err != nil {
		return fmt.Errorf("the database does not answer: %w", err)
	}
	return nil
}

// metered is an interactive session whose terminal output is counted:
// each write is one frame (Bubble Tea writes a frame whole), and the time
// from the first key read after a frame to the next frame is the
// key-to-frame time. A few atomic operations a key and a frame.
type metered struct {
	ssh.Session
	key atomic.Int64 // when the first key since the last frame was read, Unix ns; 0: none
}

func (m *metered) Read(p []byte) (int, error) {
	n, err := m.Session.Read(p)
	if n > 0 {
		m.key.CompareAndSwap(0, time.Now().UnixNano())
	}
	return n, err
}

func (m *metered) Write(p []byte) (int, error) {
	n, err := m.Session.Write(p)
	metrics.FramesSent.Inc()
	metrics.BytesSent.Add(float64(n))
	if at := m.key.Swap(0); at != 0 {
		metrics.KeyToFrame.Observe(time.Since(time.Unix(0, at)).Seconds())
	}
	return n, err
}
