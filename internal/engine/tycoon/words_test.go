package tycoon_test

import (
	"testing"

	"hotels/internal/engine/tycoon"
)

// Events read as a person says them, each naming its player.
func TestEventWords(t *testing.T) {
	g, err := tycoon.New(tycoon.Setup{Seats: []string{"ann", "bob", "dave"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		e    tycoon.Event
		want string
	}{
		{tycoon.Event{Kind: tycoon.EvBid, Seat: 2, Hotel: tycoon.Boomerang, Amount: 2500}, "dave bids $2,500 for the Boomerang"},
		{tycoon.Event{Kind: tycoon.EvMove, Seat: 0, N: 4, Other: 12}, "ann rolls 4 and moves to 12"},
		{tycoon.Event{Kind: tycoon.EvRent, Seat: 1, Other: 0, Hotel: tycoon.Boomerang, N: 3, Amount: 450}, "bob pays ann $450 for 3 nights at the Boomerang"},
		{tycoon.Event{Kind: tycoon.EvBroke, Seat: 1, Other: 2, Amount: 120}, "bob pays dave all their cash, $120"},
	} {
		if got := g.Text(c.e); got != c.want {
			t.Errorf("Text(%+v) = %q, want %q", c.e, got, c.want)
		}
	}
}
