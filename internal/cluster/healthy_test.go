package cluster_test

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"hotels/internal/cluster"
)

// beats is a database whose beats fail while away is set.
type beats struct{ away atomic.Bool }

func (b *beats) Beat(context.Context, string, string) (bool, error) {
	if b.away.Load() {
		return false, errors.New("database away")
	}
	return false, nil
}
func (b *beats) LapseNodes(context.Context, time.Duration) ([]string, error) { return nil, nil }
func (b *beats) LeaveNode(context.Context, string) error                     { return nil }
func (b *beats) Notify(context.Context, string, string) error                { return nil }
func (b *beats) Listen(ctx context.Context, _ []string, connected func(), _ func(string, string)) error {
	connected()
	<-ctx.Done()
	return ctx.Err()
}

// Issue 26: a node that cannot beat for longer than the lapse may have
// been taken for dead by the others: Healthy says so (its /healthz turns
// 503), and is nil again once it beats.
func TestHealthyUntilBeatsLapse(t *testing.T) {
	db := &beats{}
	n, err := cluster.Start(context.Background(), db, cluster.Config{ID: "a", Beat: 10 * time.Millisecond, Lapse: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	if err := n.Healthy(); err != nil {
		t.Fatalf("Healthy() after joining = %v", err)
	}
	db.away.Store(true)
	waitFor(t, "Healthy() to fail", func() bool {
		err := n.Healthy()
		return err != nil && strings.Contains(err.Error(), "has not beaten")
	})
	db.away.Store(false)
	waitFor(t, "Healthy() to pass again", func() bool { return n.Healthy() == nil })
}

func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("waited 5s for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
