package metrics

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// namespace prefixes every metric's name.
const namespace = "hotels"

// Why a connection or a session was refused, the values of Refused's
// reason label.
const (
	RefusedPerAddress = "per_address" // the address has --max-conns-per-ip open
	RefusedRate       = "rate"        // the address opens connections or sessions too fast
	RefusedHandshakes = "handshakes"  // --max-handshakes are under way
	RefusedBan        = "ban"         // a banned key or account
	RefusedWeakKey    = "weak_key"    // DSA, short RSA, SHA-1 signatures
	RefusedSessionCap = "session_cap" // the key has --max-sessions-per-key open
)

// The event metrics. Hooks call them where the event happens; each is an
// atomic add, or a few for a histogram.
var (
	// Refused counts connections and sessions refused, by reason.
	Refused = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: namespace, Name: "refused_total",
		Help: "Connections and sessions refused, by reason.",
	}, []string{"reason"})

	// ActionsCommitted counts game actions committed to the store, by game.
	ActionsCommitted = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: namespace, Name: "actions_committed_total",
		Help: "Game actions committed to the store, by game.",
	}, []string{"game"})

	// CommitSeconds is how long the store's transactions take to commit,
	// from their start: a batch of actions (the group commit) or any other
	// write.
	CommitSeconds = prometheus.NewHistogram(prometheus.HistogramOpts{
		Namespace: namespace, Subsystem: "store", Name: "commit_seconds",
		Help:    "Time the store's write transactions take, from begin to commit.",
		Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
	})

	// StoreErrors counts errors the database returned that are not an
	// answer (a row not found, a name taken): a connection lost, a full
	// disk, a damaged file, a timeout.
	StoreErrors = prometheus.NewCounter(prometheus.CounterOpts{
		Namespace: namespace, Subsystem: "store", Name: "errors_total",
		Help: "Errors from the database that are not answers (lost connections, full disk, damage, timeouts).",
	})

	// FramesSent and BytesSent count what the sessions' terminals are
	// sent: each frame drawn is one write.
	FramesSent = prometheus.NewCounter(prometheus.CounterOpts{
		Namespace: namespace, Name: "frames_sent_total",
		Help: "Frames written to the sessions' terminals.",
	})
	BytesSent = prometheus.NewCounter(prometheus.CounterOpts{
		Namespace: namespace, Name: "bytes_sent_total",
		Help: "Bytes written to the sessions' terminals.",
	})

	// KeyToFrame is the time from a key read off a session to the next
	// frame written to it, inside the server: what a player waits for,
	// less the network.
	KeyToFrame = prometheus.NewHistogram(prometheus.HistogramOpts{
		Namespace: namespace, Name: "key_to_frame_seconds",
		Help:    "Time from a key read off a terminal to the next frame written to it.",
		Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1},
	})

	// BotSeconds is how long bots take to choose a move, by game and level.
	BotSeconds = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Namespace: namespace, Name: "bot_decision_seconds",
		Help:    "Time a bot takes to choose its move, by game and level.",
		Buckets: []float64{.0001, .001, .01, .05, .1, .25, .5, 1, 2.5, 5},
	}, []string{"game", "level"})

	// Failovers counts the rooms this server took over from a server that
	// stopped (PostgreSQL).
	Failovers = prometheus.NewCounter(prometheus.CounterOpts{
		Namespace: namespace, Subsystem: "cluster", Name: "failovers_total",
		Help: "Rooms this server took over from a server that stopped (PostgreSQL).",
	})
)

func init() {
	// Every reason from the start, at zero, so that a rate over them
	// works before the first refusal.
	for _, r := range []string{RefusedPerAddress, RefusedRate, RefusedHandshakes, RefusedBan, RefusedWeakKey, RefusedSessionCap} {
		Refused.WithLabelValues(r)
	}
}

// Refuse counts one refusal for reason.
func Refuse(reason string) { Refused.WithLabelValues(reason).Inc() }

// Since observes the seconds since start in h.
func Since(h prometheus.Observer, start time.Time) { h.Observe(time.Since(start).Seconds()) }

// events are the event metrics, registered in every registry.
var events = []prometheus.Collector{Refused, ActionsCommitted, CommitSeconds, StoreErrors,
	FramesSent, BytesSent, KeyToFrame, BotSeconds, Failovers}

// NewRegistry is a registry of the event metrics, the Go runtime's and the
// process's own, and gauges (each package's Funcs).
func NewRegistry(gauges ...prometheus.Collector) (*prometheus.Registry, error) {
	reg := prometheus.NewRegistry()
	all := append([]prometheus.Collector{
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
	}, events...)
	for _, c := range append(all, gauges...) {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	return reg, nil
}
