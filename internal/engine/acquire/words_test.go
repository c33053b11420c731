package acquire_test

import (
	"math/rand/v2"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
)

// Events read as a person says them: each names its player, shares bought
// are counted by chain, and a bonus says what it is before what it pays.
func TestEventWords(t *testing.T) {
	g, err := acquire.New(acquire.Deal(acquire.Modern, acquire.Options{}, []string{"ann", "bob"}, rand.New(rand.NewPCG(1, 2))))
	if err != nil {
		t.Fatal(err)
	}
	const (
		continental = acquire.Chain(5) // in the modern rules' order
		tower       = acquire.Chain(6)
	)
	for _, c := range []struct {
		e    acquire.Event
		want string
	}{
		{acquire.Event{Kind: acquire.EvBuy, Seat: 1, N: 3, Amount: 2100, Chains: [4]acquire.Chain{continental, tower, continental}},
			g.Name(1) + " buys 2 Continental and 1 Tower for $2,100"},
		{acquire.Event{Kind: acquire.EvBuy, Seat: 0, N: 3, Amount: 900, Chains: [4]acquire.Chain{tower, tower, tower}},
			g.Name(0) + " buys 3 Tower for $900"},
		{acquire.Event{Kind: acquire.EvBuy, Seat: 0}, g.Name(0) + " buys nothing"},
		{acquire.Event{Kind: acquire.EvBonus, Seat: 1, Chain: tower, M: acquire.BonusMajority, Amount: 3000},
			g.Name(1) + " gets the majority bonus for Tower: $3,000"},
		{acquire.Event{Kind: acquire.EvDispose, Seat: 0, Chain: tower, Other: continental, N: 2, M: 2, Amount: 600},
			g.Name(0) + " sells 2 Tower for $600 and trades 2 for 1 Continental"},
	} {
		if got := g.Text(c.e, engine.Watcher); got != c.want {
			t.Errorf("Text(%+v) = %q, want %q", c.e, got, c.want)
		}
	}
}
