package server_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/cluster"
	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/replica"
	"hotels/internal/rooms"
	"hotels/internal/server"
	"hotels/internal/sshtest"
	"hotels/internal/store"
	"hotels/internal/store/storetest"
)

// twoNodes starts two servers, a and b, on one PostgreSQL database, each a
// node of the cluster with its rooms, with the stub lobby and one admin
// key for both.
func twoNodes(t *testing.T, configure func(*server.Config)) (a, b *testServer, admin gossh.Signer) {
	t.Helper()
	return twoNodesWith(t, configure, nil)
}

// twoNodesWith is twoNodes, with each server's node as wrap makes it from
// the real one (nil: the real one).
func twoNodesWith(t *testing.T, configure func(*server.Config), wrap func(id string, n server.Cluster) server.Cluster) (a, b *testServer, admin gossh.Signer) {
	t.Helper()
	if !storetest.Postgres() {
		t.Skip("several servers on one database need PostgreSQL (" + storetest.Env + ")")
	}
	data := storetest.Data(t)
	admin = sshtest.NewKey(t)
	node := func(id string) *testServer {
		var (
			n     *cluster.Node
			lobby *rooms.Lobby
		)
		ts := startServerOn(t, data, configure, server.Options{
			Lobby: func(_ context.Context, p server.Player) tea.Model { return stubLobby{p: p} },
		}, func(st *store.Store, o *server.Options) {
			var err error
			if n, err = cluster.Start(context.Background(), st, cluster.Config{ID: id, Addr: id}); err != nil {
				t.Fatal(err)
			}
			o.Cluster = n
			if wrap != nil {
				o.Cluster = wrap(id, n)
			}
			lobby = rooms.NewLobby(rooms.Config{
				Journal: st, Kinds: []engine.Kind{acquire.Kind},
				Grace: time.Minute, BotDelay: time.Hour, // bots never move during a test
			})
			replica.Start(lobby, st, st, n)
			o.Rooms = lobby
		})
		t.Cleanup(n.Close)                             // before its store closes
		t.Cleanup(func() { lobby.Close("test over") }) // before its node leaves
		ts.lobby = lobby
		writeAdminKeys(t, ts.dir+"/admin_keys", admin)
		return ts
	}
	return node("a"), node("b"), admin
}

// A ban made on one server ends the banned player's session on another.
func TestClusterBanEndsSessionOnOtherNode(t *testing.T) {
	a, b, admin := twoNodes(t, nil)
	annKey := sshtest.NewKey(t)
	signUp(t, a, "ann", annKey)
	term := sshtest.Open(t, b.addr, annKey, 80, 24)
	term.WaitFor(t, "LOBBY name=ann")

	out, errOut, status := sshtest.Exec(t, a.addr, admin, "admin ban ann --reason cheating")
	if status != 0 || !strings.Contains(out, "1 open sessions ended") {
		t.Fatalf("admin ban ann on a: exit %d, %q, %q; want b's session counted", status, out, errOut)
	}
	term.WaitFor(t, "Your account is banned from this server")
	term.WaitFor(t, "cheating")
	term.Wait(t)
}

// A player who picks a name in a session on one server is that account to
// the others too: their admins list the name, and a ban made there ends
// the session (issue 28).
func TestClusterBanEndsInSessionSignupOnOtherNode(t *testing.T) {
	a, b, admin := twoNodes(t, nil)
	term := sshtest.Open(t, b.addr, sshtest.NewKey(t), 80, 24)
	term.WaitFor(t, "Pick the name")
	term.Type("bob\r")
	term.WaitFor(t, "LOBBY name=bob")
	if out, _, _ := sshtest.Exec(t, a.addr, admin, "admin players"); !strings.Contains(out, "bob ") {
		t.Errorf("admin players on a does not name bob:\n%s", out)
	}
	out, errOut, status := sshtest.Exec(t, a.addr, admin, "admin ban bob --reason spamming the chat")
	if status != 0 || !strings.Contains(out, "1 open sessions ended") {
		t.Fatalf("admin ban bob on a: exit %d, %q, %q; want b's session counted", status, out, errOut)
	}
	term.WaitFor(t, "spamming the chat")
	term.Wait(t)
}

// The per-key cap counts a key's sessions on every server.
func TestClusterSessionCapAcrossNodes(t *testing.T) {
	a, b, _ := twoNodes(t, func(c *server.Config) { c.MaxSessionsPerKey = 2 })
	key := sshtest.NewKey(t)
	sshtest.Open(t, a.addr, key, 80, 24).WaitFor(t, "Pick the name")
	sshtest.Open(t, b.addr, key, 80, 24).WaitFor(t, "Pick the name")
	for _, ts := range []*testServer{a, b} {
		_, errOut, status := sshtest.Exec(t, ts.addr, key, "whoami")
		if status != 1 || !strings.Contains(errOut, "already has 2 sessions open") {
			t.Errorf("a third session, on %s: exit %d, %q; want refused", ts.addr, status, errOut)
		}
	}
	if _, _, status := sshtest.Exec(t, a.addr, sshtest.NewKey(t), "whoami"); status != 0 {
		t.Errorf("another key was refused too: exit %d", status)
	}
}

// A player who connects again through another server takes the old
// session over there, as on one server, even at a cap of one session.
func TestClusterReconnectTakesOverAcrossNodes(t *testing.T) {
	a, b, _ := twoNodes(t, func(c *server.Config) { c.MaxSessionsPerKey = 1 })
	key := sshtest.NewKey(t)
	signUp(t, a, "ann", key)
	first := sshtest.Open(t, a.addr, key, 80, 24)
	first.WaitFor(t, "LOBBY name=ann")
	if _, _, status := sshtest.Exec(t, b.addr, key, "whoami"); status != 1 {
		t.Errorf("an exec session on b over the cap: exit %d, want 1", status)
	}
	second := sshtest.Open(t, b.addr, key, 80, 24)
	second.WaitFor(t, "LOBBY name=ann")
	first.WaitFor(t, "You connected again from somewhere else")
	first.Wait(t)
}

// A player who connects again through another server takes the old session
// over even when the old session's claim reaches the servers after the new
// one's (its node was busy): the session that started last wins, whatever
// order the notifications come in, and the newer one stays.
func TestClusterReconnectTakesOverWhenOldClaimIsHeardLate(t *testing.T) {
	release := make(chan struct{}) // a's takeovers are sent once it is closed
	heard := map[string]chan struct{}{"a": make(chan struct{}, 8), "b": make(chan struct{}, 8)}
	a, b, admin := twoNodesWith(t, nil, func(id string, n server.Cluster) server.Cluster {
		w := &wrapNode{Cluster: n, heard: heard[id]}
		if id == "a" {
			w.hold = release
		}
		return w
	})
	first, second := annOnBoth(t, a, b)
	<-heard["a"] // b's claim, before a's own
	close(release)
	<-heard["b"] // a's claim, after b's own
	first.WaitFor(t, "You connected again from somewhere else")
	first.Wait(t)
	stillThere(t, b, admin, second)
}

// A node that lost a takeover's notification (its listener was
// reconnecting) ends the old session once it listens again.
func TestClusterReconnectTakesOverAfterLostNotification(t *testing.T) {
	var onA *wrapNode
	a, b, admin := twoNodesWith(t, nil, func(id string, n server.Cluster) server.Cluster {
		w := &wrapNode{Cluster: n, heard: make(chan struct{}, 8)}
		if id == "a" {
			w.drop.Store(1)
			onA = w
		}
		return w
	})
	first, second := annOnBoth(t, a, b)
	<-onA.heard // b's claim, dropped
	onA.rejoined()
	first.WaitFor(t, "You connected again from somewhere else")
	first.Wait(t)
	stillThere(t, b, admin, second)
}

// annOnBoth signs ann up on a, opens her terminal there, then another on
// b, each once it shows her lobby.
func annOnBoth(t *testing.T, a, b *testServer) (first, second *sshtest.Terminal) {
	t.Helper()
	key := sshtest.NewKey(t)
	signUp(t, a, "ann", key)
	first = sshtest.Open(t, a.addr, key, 80, 24)
	first.WaitFor(t, "LOBBY name=ann")
	second = sshtest.Open(t, b.addr, key, 80, 24)
	second.WaitFor(t, "LOBBY name=ann")
	return first, second
}

// stillThere checks that term, a session on ts, still runs: it shows an
// admin's broadcast rather than having ended.
func stillThere(t *testing.T, ts *testServer, admin gossh.Signer, term *sshtest.Terminal) {
	t.Helper()
	if _, errOut, status := sshtest.Exec(t, ts.addr, admin, "admin broadcast 'still here'"); status != 0 {
		t.Fatalf("admin broadcast: exit %d, %q", status, errOut)
	}
	term.WaitFor(t, "Notice from the admins: still here")
}

// wrapNode is a node of the cluster whose takeovers can be held back, or
// lost on the way in, as a busy node's or a reconnecting listener's are.
type wrapNode struct {
	server.Cluster
	hold  <-chan struct{} // if not nil, takeovers are sent once it is closed
	heard chan struct{}   // gets a value for each takeover from another node, once handled
	drop  atomic.Int32    // how many takeovers from other nodes to lose

	mu     sync.Mutex
	rejoin []func(from, payload string)
}

func (w *wrapNode) Notify(ctx context.Context, kind, payload string) error {
	if kind == "takeover" && w.hold != nil {
		select {
		case <-w.hold:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return w.Cluster.Notify(ctx, kind, payload)
}

func (w *wrapNode) On(kind string, h func(from, payload string)) {
	switch kind {
	case cluster.Rejoined:
		w.mu.Lock()
		w.rejoin = append(w.rejoin, h)
		w.mu.Unlock()
	case "takeover":
		next := h
		h = func(from, payload string) {
			if from == w.ID() {
				next(from, payload)
				return
			}
			if w.drop.Add(-1) < 0 {
				next(from, payload)
			}
			select {
			case w.heard <- struct{}{}:
			default: // the test waits for the first ones only
			}
		}
	}
	w.Cluster.On(kind, h)
}

// rejoined calls the node's handlers as its listener does once it listens
// again.
func (w *wrapNode) rejoined() {
	w.mu.Lock()
	hs := w.rejoin
	w.mu.Unlock()
	for _, h := range hs {
		h(w.ID(), "")
	}
}

// Admins see every server's players and reach every server's screens.
func TestClusterPlayersStatsAndBroadcast(t *testing.T) {
	a, b, admin := twoNodes(t, nil)
	annKey, bobKey := sshtest.NewKey(t), sshtest.NewKey(t)
	signUp(t, a, "ann", annKey)
	signUp(t, a, "bob", bobKey)
	ann := sshtest.Open(t, a.addr, annKey, 80, 24)
	ann.WaitFor(t, "LOBBY name=ann")
	bob := sshtest.Open(t, b.addr, bobKey, 80, 24)
	bob.WaitFor(t, "LOBBY name=bob")

	out, errOut, status := sshtest.Exec(t, a.addr, admin, "admin players --json")
	var players []struct{ Name, Node string }
	if err := json.Unmarshal([]byte(out), &players); status != 0 || err != nil {
		t.Fatalf("admin players --json: exit %d, %v, %q", status, err, errOut)
	}
	where := map[string]string{}
	for _, p := range players {
		where[p.Name] = p.Node
	}
	if where["ann"] != "a" || where["bob"] != "b" {
		t.Errorf("admin players on a: %+v; want ann on a and bob on b", players)
	}

	out, _, _ = sshtest.Exec(t, b.addr, admin, "admin stats --json")
	var st struct {
		Node    string
		Nodes   int
		Players int
	}
	if err := json.Unmarshal([]byte(out), &st); err != nil || st.Node != "b" || st.Nodes != 2 || st.Players != 2 {
		t.Errorf("admin stats --json on b = %s (%v); want node b, 2 nodes, 2 players", out, err)
	}

	out, errOut, status = sshtest.Exec(t, a.addr, admin, "admin broadcast 'Restarting at noon'")
	if status != 0 || !strings.Contains(out, "sent to 2 sessions") {
		t.Errorf("admin broadcast on a: exit %d, %q, %q; want ann's and bob's", status, out, errOut)
	}
	bob.WaitFor(t, "Notice from the admins: Restarting at noon")
	ann.WaitFor(t, "Notice from the admins: Restarting at noon")
}

// Admins list every server's rooms, private ones too, each with the server
// running it, and count them all in the stats.
func TestClusterAdminRoomsAcrossNodes(t *testing.T) {
	a, b, admin := twoNodes(t, nil)
	ctx := context.Background()
	player := func(name string) rooms.Player {
		acc, err := a.store.CreateAccount(ctx, name, authorized(sshtest.NewKey(t)))
		if err != nil {
			t.Fatal(err)
		}
		return rooms.Player{ID: acc.ID, Name: acc.Name}
	}
	ann, bob := player("ann"), player("bob")
	onA, err := a.lobby.Create(ctx, ann, rooms.Settings{Name: "ann's table", Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	onB, err := b.lobby.Create(ctx, bob, rooms.Settings{Name: "bob's table", Seats: 3, Private: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := onB.AddBot(ctx, bob, ""); err != nil {
		t.Fatal(err)
	}

	out, errOut, status := sshtest.Exec(t, a.addr, admin, "admin rooms --json")
	var list []struct {
		ID, Name, Node, Code string
		Private              bool
		Seats                []struct{ Name, State string }
	}
	if err := json.Unmarshal([]byte(out), &list); status != 0 || err != nil {
		t.Fatalf("admin rooms --json on a: exit %d, %v, %q", status, err, errOut)
	}
	where := map[string]string{}
	for _, r := range list {
		where[r.ID] = r.Node
		if r.ID == onB.ID && (!r.Private || r.Code == "" || r.Name != "bob's table" || len(r.Seats) != 3 ||
			r.Seats[0].Name != "bob" || r.Seats[1].State != "bot" || r.Seats[2].State != "empty") {
			t.Errorf("b's room listed on a as %+v; want bob's private table with bob, a bot and an empty seat", r)
		}
	}
	if len(list) != 2 || where[onA.ID] != "a" || where[onB.ID] != "b" {
		t.Fatalf("admin rooms on a: %s; want %s on a and %s on b", out, onA.ID, onB.ID)
	}
	out, _, _ = sshtest.Exec(t, b.addr, admin, "admin rooms")
	if !strings.Contains(out, "SERVER") || !strings.Contains(out, "ann's table") || !strings.Contains(out, "bob's table") {
		t.Errorf("admin rooms on b:\n%s\nwant both tables and a SERVER column", out)
	}
	out, _, _ = sshtest.Exec(t, b.addr, admin, "admin stats --json")
	var st struct{ Rooms map[string]int }
	if err := json.Unmarshal([]byte(out), &st); err != nil || st.Rooms["waiting"] != 2 {
		t.Errorf("admin stats --json on b = %s (%v); want 2 rooms waiting", out, err)
	}
}
