package tycoon

import (
	"reflect"
	"testing"

	"hotels/internal/engine"
)

// TestViewDuringAnAuction checks what a screen reads while bob auctions
// the President to pay ann's Royal: the lot, the bids, who passed, whose
// turn, the last throws, and that the view shares nothing with the game.
func TestViewDuringAnAuction(t *testing.T) {
	g := position(t, "seats ann bob cat dan\nowner Royal ann President bob Safari bob\nbuilt Royal 5 President 2\nentrances Royal 20 11\ncash bob 100\nat bob 17 ann 3\nturn bob")
	play(t, g, "roll 3", "roll 6", "bob auction President", "cat bid 3500", "dan pass")
	if got, want := logged(g), "dan passes on the President"; got != want {
		t.Errorf("log %q, want %q", got, want)
	}
	v := g.ViewFor(engine.Watcher)
	want := &AuctionView{Debtor: 1, Lot: President, High: 3500, Leader: 2, MinBid: 3550, Passed: []bool{false, false, false, true}, Bidder: 0}
	if !reflect.DeepEqual(v.Auction, want) {
		t.Errorf("auction %+v, want %+v", v.Auction, want)
	}
	if v.Stay == nil || *v.Stay != (StayView{Guest: 1, Owner: 0, Hotel: Royal, Debt: 3900}) {
		t.Errorf("stay %+v", v.Stay)
	}
	if v.ToMove != 0 || v.Turn != 1 || v.Roll != 3 || v.Nights != 6 || v.Face != "" || v.Due != "ann may bid for the President (highest $3,500 by cat)" {
		t.Errorf("view %+v", v)
	}
	if h := v.Hotels[Royal]; h.Owner != 0 || h.Built != 5 || h.Rent != 650 || !reflect.DeepEqual(h.Entrances, []int{20, 11}) {
		t.Errorf("Royal %+v", h)
	}
	if s := v.Seats[1]; s.Cash != 100 || s.At != 20 || s.Out || s.Worth != 100+3500+5000+3000+2000 {
		t.Errorf("bob %+v", s)
	}
	v.Seats[0].Cash = 1
	v.Hotels[Royal].Entrances[0] = 5
	if w := g.ViewFor(1); w.Seats[0].Cash == 1 || w.Hotels[Royal].Entrances[0] == 5 {
		t.Error("the view shares memory with the game")
	}
	play(t, g, "ann bid 4000")
	if got, want := logged(g), "ann bids $4,000 for the President"; got != want {
		t.Errorf("log %q, want %q", got, want)
	}
}

// A pass says what it declined, and a pass that was the only choice (D3)
// says why: dan cannot meet the least bid, nor two passes read the same.
func TestPassSaysWhat(t *testing.T) {
	g := position(t, "seats ann bob cat dan\nowner Royal ann President bob Safari bob\nbuilt Royal 5 President 2\nentrances Royal 20 11\ncash bob 100 dan 3000\nat bob 17 ann 3\nturn bob")
	play(t, g, "roll 3", "roll 6", "bob auction President", "cat bid 3500")
	if got, want := logged(g), "cat bids $3,500 for the President\ndan cannot bid for the President: the least bid is $3,550"; got != want {
		t.Errorf("log %q, want %q", got, want)
	}
	for _, c := range []struct {
		e    Event
		want string
	}{
		{Event{Kind: EvPass, Seat: 0, N: int32(PhaseSpace), Other: 5, Amount: 1}, "ann can do nothing on space 5 (build)"},
		{Event{Kind: EvPass, Seat: 0, N: int32(PhaseSpace), Other: 5}, "ann does nothing on space 5 (build)"},
		{Event{Kind: EvPass, Seat: 1, N: int32(PhaseDouble), Amount: 1}, "bob cannot pay double and builds nothing"},
		{Event{Kind: EvPass, Seat: 1, N: int32(PhaseTownHall)}, "bob buys no entrance at the Town Hall"},
		{Event{Kind: EvPass, Seat: 2, N: int32(PhaseClaim)}, "cat does not claim the stay"},
		{Event{Kind: EvPermit, N: int32(H)}, "the permission die shows H"},
	} {
		if got := g.Text(c.e); got != c.want {
			t.Errorf("Text(%+v) = %q, want %q", c.e, got, c.want)
		}
	}
}
