package server

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hotels/internal/store"
)

// sentNode is a node of the cluster that hands what it sends to sent, and
// hears nothing: the test delivers the notifications itself.
type sentNode struct {
	id   string
	sent chan string
}

func (n *sentNode) ID() string                      { return n.id }
func (n *sentNode) On(string, func(string, string)) {}
func (n *sentNode) Notify(_ context.Context, kind, payload string) error {
	n.sent <- kind + " " + payload
	return nil
}

// claimOn is a server as node id whose account 7 has an interactive
// session that started at since (by the database's clock), and that
// session's inbox.
func claimOn(id string, since int64) (*Server, *sentNode, *inbox) {
	n := &sentNode{id: id, sent: make(chan string, 4)}
	s := &Server{log: slog.New(slog.NewTextHandler(io.Discard, nil)), accounts: map[store.AccountID]*claim{}}
	s.peers = &peers{node: n, s: s}
	box := &inbox{}
	s.accounts[7] = &claim{box: box, since: since}
	return s, n, box
}

func replaced(b *inbox) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.ContainsFunc(b.pending, func(m tea.Msg) bool { return m == replacedMsg{} })
}

// Of two nodes' sessions of one account, the one that started later stays
// and the other ends, on both nodes alike, whichever notification comes
// first or late; a tie goes to the greater node id. The node whose session
// stays answers an older claim with its own, which the other may have
// missed (a lost notification), and says nothing to a newer one.
func TestClaimThatStartedLaterWins(t *testing.T) {
	for _, c := range []struct {
		name           string
		sinceA, sinceB int64
		aEnds          bool
	}{
		{"b's started later", 10, 20, true},
		{"a's started later", 20, 10, false},
		{"same millisecond", 10, 10, true}, // "b" > "a"
	} {
		t.Run(c.name, func(t *testing.T) {
			a, toA, boxA := claimOn("a", c.sinceA)
			b, toB, boxB := claimOn("b", c.sinceB)
			a.peers.onTakeover("b", "7 "+strconv.FormatInt(c.sinceB, 10))
			b.peers.onTakeover("a", "7 "+strconv.FormatInt(c.sinceA, 10))
			if replaced(boxA) != c.aEnds || replaced(boxB) == c.aEnds {
				t.Fatalf("a's session ended: %v, b's: %v; want a's %v and b's %v",
					replaced(boxA), replaced(boxB), c.aEnds, !c.aEnds)
			}
			winner, loser, since := b, a, c.sinceB
			answer := toB
			if !c.aEnds {
				winner, loser, since, answer = a, b, c.sinceA, toA
			}
			select {
			case got := <-answer.sent:
				if want := "takeover 7 " + strconv.FormatInt(since, 10); got != want {
					t.Errorf("the staying node answered %q, want %q", got, want)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("the staying node never answered the older claim")
			}
			if _, held := winner.accounts[7]; !held {
				t.Error("the staying node forgot its session's claim")
			}
			if _, held := loser.accounts[7]; held {
				t.Error("the ending node still holds its session's claim")
			}
			select {
			case got := <-toA.sent:
				t.Errorf("a also sent %q", got)
			case got := <-toB.sent:
				t.Errorf("b also sent %q", got)
			default:
			}
		})
	}
}
