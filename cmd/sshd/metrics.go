package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"hotels/internal/cluster"
	"hotels/internal/metrics"
	"hotels/internal/server"
)

// serveMetrics serves /metrics (the event metrics, the Go runtime's, and
// gauges) and /healthz on addr until stop is called (issue 26). The
// address listened on is logged: --metrics-addr :0 picks a port.
func serveMetrics(addr string, gauges []prometheus.Collector, healthy func(context.Context) error, logger *slog.Logger) (stop func(), err error) {
	reg, err := metrics.NewRegistry(gauges...)
	if err != nil {
		return nil, fmt.Errorf("metrics: %w", err)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("metrics: listen on %s: %w", addr, err)
	}
	srv := &http.Server{Handler: metrics.Handler(reg, healthy), ReadHeaderTimeout: 5 * time.Second}
	go func() {
		if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			logger.Error("metrics: serve", "err", err)
		}
	}()
	logger.Info("metrics and health check", "addr", ln.Addr().String())
	return func() { _ = srv.Close() }, nil
}

// healthy is /healthz's check: the server accepts players and its store
// takes writes, and with PostgreSQL the node still has its place among the
// others.
func healthy(srv *server.Server, node *cluster.Node) func(context.Context) error {
	return func(ctx context.Context) error {
		if err := srv.Healthy(ctx); err != nil {
			return err
		}
		if node != nil {
			return node.Healthy()
		}
		return nil
	}
}
