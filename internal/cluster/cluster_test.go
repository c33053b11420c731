package cluster_test

import (
	"context"
	"testing"
	"time"

	"hotels/internal/cluster"
	"hotels/internal/store"
	"hotels/internal/store/storetest"
)

// start joins a node with a short beat to the database at data.
func start(t *testing.T, data, id string) (*cluster.Node, *store.Store) {
	t.Helper()
	st, err := store.Open(context.Background(), data)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	n, err := cluster.Start(context.Background(), st, cluster.Config{
		ID: id, Addr: "127.0.0.1:0", Beat: 50 * time.Millisecond, Lapse: 300 * time.Millisecond,
	})
	if err != nil {
		t.Fatalf("Start(%s) = %v", id, err)
	}
	t.Cleanup(n.Close)
	return n, st
}

type heard struct{ from, payload string }

func TestNotifyReachesEveryNode(t *testing.T) {
	if !storetest.Postgres() {
		t.Skip("several nodes need PostgreSQL (" + storetest.Env + ")")
	}
	data := storetest.Data(t)
	a, _ := start(t, data, "a")
	b, _ := start(t, data, "b")
	got := make(chan heard, 10)
	b.On("hello", func(from, payload string) { got <- heard{from, payload} })
	if err := a.Notify(context.Background(), "hello", "from a to all"); err != nil {
		t.Fatal(err)
	}
	if h := <-got; h != (heard{"a", "from a to all"}) {
		t.Fatalf("b heard %+v, want a's hello", h)
	}
}

// A node that stops beating (killed) is deleted by the others, who are
// told it is gone.
func TestSilentNodeIsGone(t *testing.T) {
	if !storetest.Postgres() {
		t.Skip("several nodes need PostgreSQL (" + storetest.Env + ")")
	}
	data := storetest.Data(t)
	a, st := start(t, data, "a")
	gone := make(chan heard, 10)
	a.On(cluster.Gone, func(from, payload string) { gone <- heard{from, payload} })
	// "dead" beats once and never again, as a node killed at once.
	if _, err := st.Beat(context.Background(), "dead", "127.0.0.1:1"); err != nil {
		t.Fatal(err)
	}
	select {
	case h := <-gone:
		if h.payload != "dead" {
			t.Errorf("gone: %+v, want dead", h)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a never found dead gone")
	}
	nodes, err := st.Nodes(context.Background())
	if err != nil || len(nodes) != 1 || nodes[0].ID != "a" {
		t.Errorf("Nodes = %+v, %v; want a alone", nodes, err)
	}
}

func TestStartRefusesBadID(t *testing.T) {
	st, _ := storetest.Open(t)
	if _, err := cluster.Start(context.Background(), st, cluster.Config{ID: "two words"}); err == nil {
		t.Error(`Start with id "two words" joined`)
	}
}
