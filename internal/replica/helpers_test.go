package replica_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"hotels/internal/cluster"
	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/metrics"
	"hotels/internal/replica"
	"hotels/internal/rooms"
	"hotels/internal/rooms/roomstest"
	"hotels/internal/store"
	"hotels/internal/store/storetest"
)

// node is one server of a cluster, in the test's process: its own store
// handle on the shared database, its group commit, its node among the
// others, its lobby and the lobby's part in the cluster.
type node struct {
	data string // the database, shared with the other nodes
	st   *store.Store
	app  *store.Appender
	node *cluster.Node
	l    *rooms.Lobby
	rep  *replica.Replica  // nil when cfg.alone
	tm   *roomstest.Timers // the lobby's clock when cfg.fakeClock
}

// nodeConfig says how startNode builds a node. The zero value is a node
// as a server on several nodes runs, without the shared lobby list and
// ranked queue: each room is run by one node and followed by the others
// (replica.Start), on the real clock.
type nodeConfig struct {
	// journal wraps the store's journal, which the node's rooms write to.
	journal func(rooms.Journal) rooms.Journal
	// fakeClock gives the lobby a fake clock (node.tm) the test fires.
	fakeClock bool
	// share shares the lobby's list and ranked queue with the other
	// nodes, as a server does (replica.ShareLobby, replica.ShareQueue),
	// and rates ranked games.
	share bool
	// alone leaves replication out: every room stays on its own node.
	alone bool
}

// nodeA skips the test without PostgreSQL, which several nodes need, and
// starts node a, as cfg says, on a database of the test's own.
func nodeA(t *testing.T, cfg nodeConfig) *node {
	t.Helper()
	if !storetest.Postgres() {
		t.Skip("PostgreSQL only (" + storetest.Env + "): several nodes on one database")
	}
	return startNode(t, storetest.Data(t), "a", cfg)
}

// twoNodes is nodeA and node b beside it, both as cfg says.
func twoNodes(t *testing.T, cfg nodeConfig) (a, b *node) {
	t.Helper()
	a = nodeA(t, cfg)
	return a, startNode(t, a.data, "b", cfg)
}

// startNode starts node name, as cfg says, on the database at data.
func startNode(t *testing.T, data, name string, cfg nodeConfig) *node {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, data)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	n := &node{data: data, st: st, app: store.NewAppender(st)}
	t.Cleanup(n.app.Close)
	if n.node, err = cluster.Start(ctx, st, cluster.Config{ID: name, Addr: name}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.node.Close)
	var j rooms.Journal = store.Journal{Store: st, Appender: n.app}
	if cfg.journal != nil {
		j = cfg.journal(j)
	}
	lc := rooms.Config{
		Journal: j, Kinds: []engine.Kind{acquire.Kind},
		Grace: time.Minute, BotDelay: roomstest.BotDelay,
	}
	if cfg.share {
		lc.Ratings = st // for ranked play
	}
	if cfg.fakeClock {
		n.tm = &roomstest.Timers{}
		lc.After = n.tm.After
	}
	n.l = rooms.NewLobby(lc)
	t.Cleanup(func() { n.l.Close("test over") })
	if !cfg.alone {
		n.rep = replica.Start(n.l, j, st, n.node)
	}
	if cfg.share {
		replica.ShareLobby(n.l, n.node, st)
		replica.ShareQueue(n.l, n.node, st)
	}
	return n
}

// kill stops n as kill -9 would: no more renewals, nothing heard from the
// others, its connections closed.
func (n *node) kill() {
	n.rep.Halt()
	n.node.Close()
	n.app.Close()
	_ = n.st.Close()
}

// at is a player's session: the room as the player's node has it, and the
// snapshots it sends them.
type at struct {
	p    rooms.Player
	r    *rooms.Room
	ch   <-chan *rooms.Snapshot
	last *rooms.Snapshot
}

// join subscribes p to room id as node l has it, until the test ends.
func join(t *testing.T, l *rooms.Lobby, id string, p rooms.Player) *at {
	t.Helper()
	r, err := l.Room(id)
	if err != nil {
		t.Fatal(err)
	}
	ch, stop, err := r.Subscribe(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	return &at{p: p, r: r, ch: ch}
}

// until waits for a snapshot of a's that satisfies ok.
func (a *at) until(t *testing.T, ok func(*rooms.Snapshot) bool) *rooms.Snapshot {
	t.Helper()
	a.last = roomstest.Next(t, a.ch, ok)
	return a.last
}

// turns makes up to n decisions of whoever is on turn among players, each
// from their own node's view, until the game is over; refusals while the
// room changes hands are tried again. It returns how many were accepted.
func turns(t *testing.T, n int, players ...*at) int {
	t.Helper()
	ctx := context.Background()
	acted := map[string]uint64{}
	done := 0
	deadline := time.After(60 * time.Second)
	for done < n {
		for _, a := range players {
			select {
			case s := <-a.ch:
				a.last = s
			default:
			}
		}
		moved := false
		for _, a := range players {
			s := a.last
			if s == nil {
				continue
			}
			if s.Room.Status == rooms.Over {
				return done
			}
			if s.Game == nil || s.Turn != s.You || s.Version <= acted[a.p.Name] {
				continue
			}
			acted[a.p.Name] = s.Version
			err := a.r.Act(ctx, a.p, roomstest.FirstLegal(s.Game.(*acquire.View)))
			switch {
			case err == nil:
				done++
			case errors.Is(err, engine.ErrIllegal), errors.Is(err, rooms.ErrNoAnswer), errors.Is(err, rooms.ErrSaveFailed):
			default:
				t.Fatalf("%s: %v", a.p.Name, err)
			}
			moved = true
		}
		if !moved {
			select {
			case s := <-players[0].ch:
				players[0].last = s
			case s := <-players[len(players)-1].ch:
				players[len(players)-1].last = s
			case <-time.After(50 * time.Millisecond):
			case <-deadline:
				t.Fatalf("no decision made in time (%d of %d)", done, n)
			}
		}
	}
	return done
}

// annAndBob opens ann's room of seats on node a, ann there and bob seated
// from node b (which may be a), and returns it with ann and bob as each
// node has them.
func annAndBob(t *testing.T, a, b *node, seats int) (r *rooms.Room, annA, bobB *at, ps []rooms.Player) {
	t.Helper()
	ctx := context.Background()
	ps = roomstest.Accounts(t, a.st, "ann", "bob")
	r, err := a.l.Create(ctx, ps[0], rooms.Settings{Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	annA, bobB = join(t, a.l, r.ID, ps[0]), join(t, b.l, r.ID, ps[1])
	if b != a && bobB.r == r {
		t.Fatal("node B has node A's room: the test does not test a cluster")
	}
	if err := bobB.r.Sit(ctx, ps[1]); err != nil {
		t.Fatalf("bob sits from node B: %v", err)
	}
	return r, annA, bobB, ps
}

// annAndBobPlay is annAndBob for two seats with the game started: ann
// starts it once she sees bob seated, and it returns once both see it
// begun.
func annAndBobPlay(t *testing.T, a, b *node) (r *rooms.Room, annA, bobB *at, ps []rooms.Player) {
	t.Helper()
	r, annA, bobB, ps = annAndBob(t, a, b, 2)
	annA.until(t, func(s *rooms.Snapshot) bool { return s.Room.Taken == 2 })
	if err := r.Start(context.Background(), ps[0]); err != nil {
		t.Fatal(err)
	}
	for _, x := range []*at{annA, bobB} {
		x.until(t, func(s *rooms.Snapshot) bool { return s.Game != nil })
	}
	return r, annA, bobB, ps
}

// logs reports whether a line of s's log holds part.
func logs(s *rooms.Snapshot, part string) bool {
	return slices.ContainsFunc(s.Log, func(e rooms.Event) bool { return strings.Contains(e.Text, part) })
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
