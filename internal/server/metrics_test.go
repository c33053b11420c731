package server_test

import (
	"testing"

	dto "github.com/prometheus/client_model/go"

	"hotels/internal/metrics"
)

// refused reads hotels_refused_total for reason: tests compare it before
// and after a refusal (other tests running at once may add to it too).
func refused(t *testing.T, reason string) float64 {
	t.Helper()
	var m dto.Metric
	if err := metrics.Refused.WithLabelValues(reason).Write(&m); err != nil {
		t.Fatal(err)
	}
	return m.GetCounter().GetValue()
}
