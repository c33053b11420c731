package metrics

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// HealthTimeout is how long /healthz waits for its check: a store that
// takes longer does not answer, as far as a load balancer is concerned.
const HealthTimeout = time.Second

// Handler serves reg's metrics at /metrics and the server's health at
// /healthz: 200 "ok" when healthy returns nil within HealthTimeout, else
// 503 with why. healthy is given a context that ends at the timeout.
func Handler(reg *prometheus.Registry, healthy func(context.Context) error) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{Registry: reg}))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		if err := check(r.Context(), healthy); err != nil {
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprintln(w, err)
			return
		}
		fmt.Fprintln(w, "ok")
	})
	return mux
}

// check runs healthy, giving up after HealthTimeout even if healthy does
// not return then (a driver that ignores its context: SQLite waiting for
// its write lock does). Nothing but the database makes healthy wait.
func check(ctx context.Context, healthy func(context.Context) error) error {
	ctx, cancel := context.WithTimeout(ctx, HealthTimeout)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- healthy(ctx) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return fmt.Errorf("no answer within %v: the database is slow or out of reach", HealthTimeout)
	}
}
