package store_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"hotels/internal/store"
	"hotels/internal/store/storetest"
)

// A node's beat keeps it listed; once it lapses, any node deletes it and
// its sessions with it, so that they no longer count against a key's cap.
func TestNodesBeatAndLapse(t *testing.T) {
	ctx := context.Background()
	s, data := open(t)
	alice, err := s.CreateAccount(ctx, "alice", keyAlice)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"a", "b"} {
		if joined, err := s.Beat(ctx, id, id+":2222"); err != nil || !joined {
			t.Fatalf("first Beat(%s) = %v, %v; want joined", id, joined, err)
		}
	}
	k, err := store.ParseKey(keyAlice)
	if err != nil {
		t.Fatal(err)
	}
	fp := k.Fingerprint
	for i, node := range []string{"a", "b", "b"} {
		ns := store.NodeSession{Node: node, Session: int64(i + 1), Fingerprint: fp, Account: alice.ID, Name: "alice",
			Remote: "127.0.0.1:5000", Started: time.Now(), Terminal: true}
		if err := s.AddNodeSession(ctx, ns); err != nil {
			t.Fatalf("AddNodeSession(%s, %d) = %v", node, i+1, err)
		}
	}
	if n, terms, err := s.KeySessions(ctx, fp, "a"); err != nil || n != 2 || terms != 2 {
		t.Errorf("KeySessions(alice, not a) = %d (%d terminals), %v; want node b's 2 terminals", n, terms, err)
	}
	if err := s.AddNodeSession(ctx, store.NodeSession{Node: "c", Session: 1, Fingerprint: fp, Started: time.Now()}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("AddNodeSession on a node that never beat = %v, want ErrNotFound", err)
	}
	if err := s.SetNodeLobby(ctx, "a", `{"rooms":[]}`); err != nil {
		t.Fatalf("SetNodeLobby(a) = %v", err)
	}

	// Node b stops beating: an hour ago by the database's clock.
	storetest.Exec(t, data, `UPDATE nodes SET beat = beat - 3600000 WHERE id = 'b'`)
	gone, err := s.LapseNodes(ctx, time.Minute)
	if err != nil || !slices.Equal(gone, []string{"b"}) {
		t.Fatalf("LapseNodes = %v, %v; want [b]", gone, err)
	}
	if n, _, err := s.KeySessions(ctx, fp, "a"); err != nil || n != 0 {
		t.Errorf("KeySessions(alice, not a) after b lapsed = %d, %v; want 0", n, err)
	}
	nodes, err := s.Nodes(ctx)
	if err != nil || len(nodes) != 1 || nodes[0].ID != "a" || nodes[0].Lobby != `{"rooms":[]}` {
		t.Fatalf("Nodes = %+v, %v; want a alone, with its lobby", nodes, err)
	}
	list, err := s.NodeSessions(ctx)
	if err != nil || len(list) != 1 || list[0].Node != "a" || list[0].Account != alice.ID || !list[0].Terminal {
		t.Errorf("NodeSessions = %+v, %v; want a's one terminal session of alice", list, err)
	}
	// A bot account's sessions say so (issue 24), read from its account.
	if err := s.MakeBot(ctx, alice.ID); err != nil {
		t.Fatal(err)
	}
	if list, err := s.NodeSessions(ctx); err != nil || len(list) != 1 || !list[0].Bot {
		t.Errorf("NodeSessions of a bot account = %+v, %v; want it marked a bot", list, err)
	}
	if err := s.SetNodeLobby(ctx, "b", "{}"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetNodeLobby(b) after it lapsed = %v, want ErrNotFound", err)
	}
	// Node b beats again: its row was gone, so it has joined again.
	time.Sleep(2 * time.Millisecond) // a later millisecond than a's first beat
	if joined, err := s.Beat(ctx, "a", "a:2222"); err != nil || joined {
		t.Errorf("Beat(a) again = %v, %v; want not joined", joined, err)
	}
	if joined, err := s.Beat(ctx, "b", "b:2222"); err != nil || !joined {
		t.Errorf("Beat(b) after it lapsed = %v, %v; want joined", joined, err)
	}
	if err := s.LeaveNode(ctx, "a"); err != nil {
		t.Fatal(err)
	}
	if nodes, err := s.Nodes(ctx); err != nil || len(nodes) != 1 || nodes[0].ID != "b" {
		t.Errorf("Nodes after a left = %+v, %v; want b alone", nodes, err)
	}
}
