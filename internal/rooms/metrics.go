package rooms

import (
	"github.com/prometheus/client_golang/prometheus"

	"hotels/internal/metrics"
)

// Metrics are the lobby's gauges, computed when scraped from what the
// rooms publish anyway (their Info), so that playing costs nothing more:
// the rooms this server runs by game and state, the players seated in
// them, and the ranked queue (internal/replica counts the leases held and
// the rooms followed among several servers). A room followed here is
// counted by the server that runs it, so that the servers' figures add up.
func (l *Lobby) Metrics() []prometheus.Collector {
	return []prometheus.Collector{
		metrics.NewFunc("rooms", "Rooms this server runs, by game and state.", []string{"game", "state"},
			func(set func(float64, ...string)) {
				n := map[[2]string]int{}
				for _, k := range l.cfg.Kinds { // every series from the start
					for _, s := range []Status{Waiting, Playing, Over} {
						n[[2]string{k.Name, string(s)}] = 0
					}
				}
				for _, r := range l.Rooms() {
					if !r.link.Follows() {
						i := r.Info()
						n[[2]string{i.Kind, string(i.Status)}]++
					}
				}
				for k, v := range n {
					set(float64(v), k[0], k[1])
				}
			}),
		metrics.NewFunc("players_seated", "Players (not bots) seated in the rooms this server runs, waiting or playing, by game.", []string{"game"},
			func(set func(float64, ...string)) {
				n := map[string]int{}
				for _, k := range l.cfg.Kinds {
					n[k.Name] = 0
				}
				for _, r := range l.Rooms() {
					i := r.Info()
					if r.link.Follows() || i.Status != Waiting && i.Status != Playing {
						continue
					}
					for _, s := range i.Players {
						if s.State != SeatEmpty && s.State != SeatBot {
							n[i.Kind]++
						}
					}
				}
				for k, v := range n {
					set(float64(v), k)
				}
			}),
		metrics.NewFunc("ranked_queue", "Players in this server's ranked queue, by game.", []string{"game"},
			func(set func(float64, ...string)) {
				n := map[string]int{}
				for _, k := range l.cfg.Kinds {
					n[k.Name] = 0
				}
				l.queue.mu.Lock()
				for _, s := range l.queue.seekers {
					n[s.Game]++
				}
				l.queue.mu.Unlock()
				for k, v := range n {
					set(float64(v), k)
				}
			}),
	}
}
