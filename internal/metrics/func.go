package metrics

import "github.com/prometheus/client_golang/prometheus"

// Func is a gauge, with labels or without, whose values are computed when
// it is scraped: counting nothing as things happen, it costs nothing
// between scrapes. Its function calls set once for each set of label
// values, in the labels' order.
type Func struct {
	desc    *prometheus.Desc
	collect func(set func(value float64, labels ...string))
}

// NewFunc is a gauge named hotels_<name>, computed by collect.
func NewFunc(name, help string, labels []string, collect func(set func(value float64, labels ...string))) *Func {
	return &Func{desc: prometheus.NewDesc(namespace+"_"+name, help, labels, nil), collect: collect}
}

// Describe sends the gauge's description.
func (f *Func) Describe(ch chan<- *prometheus.Desc) { ch <- f.desc }

// Collect computes the gauge's values.
func (f *Func) Collect(ch chan<- prometheus.Metric) {
	f.collect(func(v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(f.desc, prometheus.GaugeValue, v, labels...)
	})
}
