package replica_test

import (
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"hotels/internal/metrics"
)

// The metrics as a scrape reads them.

// gauge reads the gauge name (without its hotels_ prefix) of cs where its
// labels are labels (name=value pairs), as a scrape would.
func gauge(t *testing.T, cs []prometheus.Collector, name string, labels ...string) float64 {
	t.Helper()
	reg := prometheus.NewPedanticRegistry()
	reg.MustRegister(cs...)
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != "hotels_"+name {
			continue
		}
	next:
		for _, m := range f.GetMetric() {
			for i := 0; i+1 < len(labels); i += 2 {
				found := false
				for _, lp := range m.GetLabel() {
					found = found || lp.GetName() == labels[i] && lp.GetValue() == labels[i+1]
				}
				if !found {
					continue next
				}
			}
			return m.GetGauge().GetValue()
		}
	}
	t.Fatalf("no hotels_%s%v", name, labels)
	return 0
}

// failovers reads metrics.Failovers.
func failovers(t *testing.T) float64 {
	t.Helper()
	var m dto.Metric
	if err := metrics.Failovers.Write(&m); err != nil {
		t.Fatal(err)
	}
	return m.GetCounter().GetValue()
}
