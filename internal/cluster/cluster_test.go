package cluster_test

import (
	"context"
	"strings"
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

// Tell reaches the node it names and no other: a request for a room's
// owner does not wake every node.
func TestTellReachesOneNode(t *testing.T) {
	if !storetest.Postgres() {
		t.Skip("several nodes need PostgreSQL (" + storetest.Env + ")")
	}
	data := storetest.Data(t)
	a, _ := start(t, data, "a")
	b, _ := start(t, data, "b")
	c, _ := start(t, data, "c")
	atB, atC := make(chan heard, 10), make(chan heard, 10)
	b.On("ask", func(from, payload string) { atB <- heard{from, payload} })
	c.On("ask", func(from, payload string) { atC <- heard{from, payload} })
	ctx := context.Background()
	if err := a.Tell(ctx, "b", "ask", "for b"); err != nil {
		t.Fatal(err)
	}
	// Then one to every node: once c hears it, it would have heard the
	// first, sent before on the same connection, had that reached it.
	if err := a.Notify(ctx, "ask", "for all"); err != nil {
		t.Fatal(err)
	}
	if h := <-atB; h != (heard{"a", "for b"}) {
		t.Fatalf("b heard %+v first, want a's request for b", h)
	}
	if h := <-atC; h != (heard{"a", "for all"}) {
		t.Fatalf("c heard %+v first, want only the notification for all", h)
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
	for _, id := range []string{"", "two words", strings.Repeat("n", 52)} {
		if _, err := cluster.Start(context.Background(), st, cluster.Config{ID: id}); err == nil {
			t.Errorf("Start with id %q joined", id)
		}
	}
}
