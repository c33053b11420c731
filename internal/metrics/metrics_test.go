package metrics_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"hotels/internal/metrics"
)

// Issue 26: /healthz is 200 "ok" while the check passes, 503 with its
// reason when it fails, and 503 when it does not answer within
// HealthTimeout (a database that hangs); /metrics lists the event
// metrics and a Func's values.
func TestHandler(t *testing.T) {
	var why error
	hang := make(chan struct{})
	defer close(hang)
	seats := metrics.NewFunc("test_seats", "Seats, for the test.", []string{"game"},
		func(set func(float64, ...string)) { set(3, "acquire") })
	reg, err := metrics.NewRegistry(seats)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(metrics.Handler(reg, func(ctx context.Context) error {
		if why != nil && why.Error() == "hang" {
			<-hang
		}
		return why
	}))
	defer srv.Close()
	get := func(path string) (int, string) {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	tests := []struct {
		why      error
		code     int
		contains string
	}{
		{nil, 200, "ok"},
		{errors.New("shutting down"), 503, "shutting down"},
		{errors.New("hang"), 503, "no answer within 1s"},
	}
	for _, tt := range tests {
		why = tt.why
		start := time.Now()
		code, body := get("/healthz")
		if code != tt.code || !strings.Contains(body, tt.contains) {
			t.Errorf("/healthz with %v = %d %q, want %d and %q", tt.why, code, body, tt.code, tt.contains)
		}
		if took := time.Since(start); took > 3*metrics.HealthTimeout {
			t.Errorf("/healthz with %v took %v", tt.why, took)
		}
	}
	metrics.Refuse(metrics.RefusedBan)
	code, body := get("/metrics")
	for _, want := range []string{`hotels_test_seats{game="acquire"} 3`, `hotels_refused_total{reason="ban"} `,
		`hotels_refused_total{reason="weak_key"} 0`, "go_goroutines ", "hotels_store_commit_seconds_bucket"} {
		if code != 200 || !strings.Contains(body, want) {
			t.Errorf("/metrics (%d) lacks %q", code, want)
		}
	}
}
