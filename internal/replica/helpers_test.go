package replica_test

import (
	"context"
	"crypto/ed25519"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/engine/acquire"
	"hotels/internal/metrics"
	"hotels/internal/rooms"
	"hotels/internal/store"
)

// The helpers below are those of rooms' own tests that these use.

// accounts makes an account with a fresh key for each name, as signing up
// does, and returns them as players, in the order of names.
func accounts(t *testing.T, st *store.Store, names ...string) []rooms.Player {
	t.Helper()
	out := make([]rooms.Player, len(names))
	for i, name := range names {
		pub, _, _ := ed25519.GenerateKey(nil)
		key, _ := gossh.NewPublicKey(pub)
		acct, err := st.CreateAccount(context.Background(), name, string(gossh.MarshalAuthorizedKey(key)))
		if err != nil {
			t.Fatal(err)
		}
		out[i] = rooms.Player{ID: acct.ID, Name: name}
	}
	return out
}

// next waits for a snapshot that satisfies ok.
func next(t *testing.T, ch <-chan *rooms.Snapshot, ok func(*rooms.Snapshot) bool) *rooms.Snapshot {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case s := <-ch:
			if ok(s) {
				return s
			}
		case <-deadline:
			t.Fatal("no such snapshot in time")
		}
	}
}

// firstLegal picks a simple legal action from what the view shows.
func firstLegal(v *acquire.View) string {
	switch v.Phase {
	case acquire.PhasePlay:
		for _, ti := range v.Rack {
			if ti.Class.Playable() {
				return "play " + ti.Tile.String()
			}
		}
	case acquire.PhaseFound, acquire.PhaseSurvivor, acquire.PhaseNext:
		return v.Phase.String() + " " + v.Rules.Chains[v.Choices[0]].Name
	case acquire.PhaseDispose:
		return "dispose " + v.Rules.Chains[v.Defunct].Name + fmt.Sprintf(" sell %d", v.Shares[v.Viewer][v.Defunct])
	case acquire.PhaseBuy:
		if v.CanDeclare {
			return "end"
		}
	}
	return "buy"
}

func seatState(s *rooms.Snapshot, name string) rooms.SeatState {
	for _, st := range s.Seats {
		if st.Name == name {
			return st.State
		}
	}
	return ""
}

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

// timers is a fake clock: callbacks wait until the test fires them.
type timers struct {
	mu      sync.Mutex
	pending []*timer
}

type timer struct {
	f       func()
	stopped bool
}

func (tm *timers) after(_ time.Duration, f func()) func() bool {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	x := &timer{f: f}
	tm.pending = append(tm.pending, x)
	return func() bool {
		tm.mu.Lock()
		defer tm.mu.Unlock()
		was := !x.stopped
		x.stopped = true
		return was
	}
}

// fire runs every pending callback that was not stopped.
func (tm *timers) fire() {
	tm.mu.Lock()
	xs := tm.pending
	tm.pending = nil
	tm.mu.Unlock()
	for _, x := range xs {
		tm.mu.Lock()
		run := !x.stopped
		x.stopped = true
		tm.mu.Unlock()
		if run {
			x.f()
		}
	}
}
