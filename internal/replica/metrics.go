package replica

import (
	"github.com/prometheus/client_golang/prometheus"

	"hotels/internal/metrics"
)

// Metrics are this node's gauges among several servers, computed when
// scraped: the leases it holds (the rooms it runs) and the rooms it
// follows for its players. A nil *Replica is a server alone, which
// counts none.
func (c *Replica) Metrics() []prometheus.Collector {
	count := func(ok func(*link) bool) func(set func(float64, ...string)) {
		return func(set func(float64, ...string)) {
			n := 0
			if c == nil {
				set(0)
				return
			}
			for _, r := range c.l.Rooms() {
				if ok(linkOf(r)) {
					n++
				}
			}
			set(float64(n))
		}
	}
	return []prometheus.Collector{
		metrics.NewFunc("cluster_leases_held", "Room leases this server holds: the rooms it runs among several servers (PostgreSQL).", nil,
			count(func(k *link) bool { return k.leased().Room != "" })),
		metrics.NewFunc("cluster_rooms_followed", "Rooms another server runs that this one follows for its players (PostgreSQL).", nil,
			count(func(k *link) bool { return k.Follows() })),
	}
}
