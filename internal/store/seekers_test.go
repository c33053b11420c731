package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"hotels/internal/store"
	"hotels/internal/store/storetest"
)

// The shared ranked queue: a table taken is no longer waiting, its rows
// get their room, and a table that could not be opened leaves the queue.
func TestSeekersTakeTables(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	for _, n := range []string{"a", "b"} {
		if _, err := s.Beat(ctx, n, n); err != nil {
			t.Fatal(err)
		}
	}
	var ids []store.AccountID
	keyCarol := "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILuilXavsSINjY6uq5pUSTWNUmRzxy48U9I+CfbWtRGG"
	for i, key := range []string{keyAlice, keyBob, keyCarol} {
		acct, err := s.CreateAccount(ctx, []string{"alice", "bob", "carol"}[i], key)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, acct.ID)
		k := store.Seeker{Account: acct.ID, Node: []string{"a", "b", "b"}[i], Name: acct.Name, Game: "acquire",
			Rules: "modern", Min: 2, Max: 2, Rating: 1000, Since: time.Now().Add(time.Duration(i) * time.Second)}
		if err := s.AddSeeker(ctx, k); err != nil {
			t.Fatalf("AddSeeker(%s) = %v", acct.Name, err)
		}
		if i == 0 {
			if err := s.AddSeeker(ctx, k); !errors.Is(err, store.ErrConflict) {
				t.Errorf("AddSeeker(alice) twice = %v, want ErrConflict", err)
			}
		}
	}
	var offered int
	tables, err := s.TakeTables(ctx, "a", func(waiting []store.Seeker) [][]int {
		offered = len(waiting)
		return [][]int{{0, 1}} // alice and bob, the oldest
	})
	if err != nil || offered != 3 || len(tables) != 1 || tables[0][0].Account != ids[0] || tables[0][1].Account != ids[1] {
		t.Fatalf("TakeTables = %+v, %v (offered %d); want alice and bob of the 3", tables, err, offered)
	}
	if left, err := s.LeaveQueue(ctx, ids[1]); err != nil || left {
		t.Errorf("LeaveQueue(bob) once taken = %v, %v; want not waiting", left, err)
	}
	again, err := s.TakeTables(ctx, "b", func(waiting []store.Seeker) [][]int {
		if len(waiting) != 1 || waiting[0].Account != ids[2] {
			t.Errorf("waiting after a table was taken: %+v; want carol alone", waiting)
		}
		return nil
	})
	if err != nil || len(again) != 0 {
		t.Fatalf("TakeTables again = %+v, %v", again, err)
	}
	list, err := s.Seekers(ctx, "b")
	if err != nil || len(list) != 2 || list[0].Room != "" {
		t.Fatalf("Seekers(b) while bob's table opens = %+v, %v; want bob with no room yet, and carol", list, err)
	}
	if err := s.SeatTable(ctx, tables[0], "r1"); err != nil {
		t.Fatal(err)
	}
	if list, _ := s.Seekers(ctx, "b"); list[0].Account != ids[1] || list[0].Room != "r1" || list[1].Room != "" {
		t.Errorf("Seekers(b) after SeatTable = %+v; want bob in r1, carol waiting", list)
	}
	if err := s.DropSeeker(ctx, ids[1]); err != nil {
		t.Fatal(err)
	}
	if left, err := s.LeaveQueue(ctx, ids[2]); err != nil || !left {
		t.Errorf("LeaveQueue(carol) = %v, %v; want waiting", left, err)
	}
	if err := s.DropTable(ctx, tables[0]); !errors.Is(err, store.ErrConflict) {
		t.Errorf("DropTable of a table seated = %v, want ErrConflict: its rows are its room's now", err)
	}
	if err := s.DropSeeker(ctx, ids[0]); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"a", "b"} {
		if list, err := s.Seekers(ctx, n); err != nil || len(list) != 0 {
			t.Errorf("Seekers(%s) at the end = %+v, %v; want none", n, list, err)
		}
	}
}

// A node that took a table and died (or left) before opening its room
// leaves no seeker stuck: the table's rows, on other nodes, wait again.
func TestSeekersOfTableOfGoneNodeWaitAgain(t *testing.T) {
	ctx := context.Background()
	s, data := open(t)
	for _, n := range []string{"a", "ab", "b"} {
		if _, err := s.Beat(ctx, n, n); err != nil {
			t.Fatal(err)
		}
	}
	var ids []store.AccountID
	keyCarol := "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILuilXavsSINjY6uq5pUSTWNUmRzxy48U9I+CfbWtRGG"
	for i, key := range []string{keyAlice, keyBob, keyCarol} {
		acct, err := s.CreateAccount(ctx, []string{"alice", "bob", "carol"}[i], key)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, acct.ID)
		k := store.Seeker{Account: acct.ID, Node: "b", Name: acct.Name, Game: "acquire",
			Rules: "modern", Min: 1, Max: 2, Rating: 1000, Since: time.Now().Add(time.Duration(i) * time.Second)}
		if err := s.AddSeeker(ctx, k); err != nil {
			t.Fatalf("AddSeeker(%s) = %v", acct.Name, err)
		}
	}
	take := func(node string, table ...int) []store.Seeker {
		t.Helper()
		tables, err := s.TakeTables(ctx, node, func([]store.Seeker) [][]int { return [][]int{table} })
		if err != nil || len(tables) != 1 {
			t.Fatalf("TakeTables(%s) = %v, %v", node, tables, err)
		}
		return tables[0]
	}
	waiting := func() []store.AccountID {
		t.Helper()
		var out []store.AccountID
		if _, err := s.TakeTables(ctx, "b", func(w []store.Seeker) [][]int {
			for _, k := range w {
				out = append(out, k.Account)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return out
	}
	stale := take("a", 0, 1) // alice and bob
	take("ab", 0)            // carol, by a node whose name starts like a's
	if w := waiting(); len(w) != 0 {
		t.Fatalf("waiting after both tables were taken: %v; want nobody", w)
	}

	// Node a stops beating before it opens alice and bob's room.
	storetest.Exec(t, data, `UPDATE nodes SET beat = beat - 3600000 WHERE id = 'a'`)
	if gone, err := s.LapseNodes(ctx, time.Minute); err != nil || len(gone) != 1 || gone[0] != "a" {
		t.Fatalf("LapseNodes = %v, %v; want [a]", gone, err)
	}
	if w := waiting(); len(w) != 2 || w[0] != ids[0] || w[1] != ids[1] {
		t.Fatalf("waiting after node a lapsed: %v; want alice and bob %v, not ab's carol", w, ids[:2])
	}
	rows, err := s.Seekers(ctx, "b")
	if err != nil || len(rows) != 3 {
		t.Fatalf("Seekers(b) = %+v, %v; want all three still queued", rows, err)
	}

	// Node ab shuts down before it opens carol's.
	if err := s.LeaveNode(ctx, "ab"); err != nil {
		t.Fatal(err)
	}
	if w := waiting(); len(w) != 3 {
		t.Fatalf("waiting after node ab left: %v; want all three", w)
	}

	// Node b seats alice and bob; node a, back from its pause, cannot.
	fresh := take("b", 0, 1)
	if err := s.SeatTable(ctx, stale, "old1"); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("node a seats the table it lost: %v, want ErrConflict", err)
	}
	if err := s.SeatTable(ctx, fresh, "new1"); err != nil {
		t.Fatal(err)
	}
	rows, err = s.Seekers(ctx, "b")
	if err != nil || len(rows) != 3 {
		t.Fatalf("Seekers(b) = %+v, %v", rows, err)
	}
	for _, k := range rows {
		if k.Account != ids[2] && k.Room != "new1" {
			t.Errorf("%s is in room %q, want node b's new1", k.Name, k.Room)
		}
	}
}
