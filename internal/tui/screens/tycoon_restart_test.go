package screens_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"hotels/internal/engine"
	"hotels/internal/engine/tycoon"
	"hotels/internal/rooms"
	"hotels/internal/store"
	"hotels/internal/store/storetest"
	"hotels/internal/tui/screens"
)

// A Hotel Tycoon auction (T24) under way when the server restarts goes on
// exactly where it was: the game stored in a real database (storetest),
// closed and opened again, reopens with the same lot, highest bid and
// bidder, passed bidders and seat to decide; no dice are thrown again (the
// journal keeps its length); and the auction is then played to its end.
func TestTycoonAuctionSurvivesRestart(t *testing.T) {
	names := []string{"ann", "bob", "cat", "dan"}
	header, lines, before := auctionRecord(t, names)

	ctx := context.Background()
	path := storetest.Data(t)
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	players, id := storeGame(t, st, names, store.NewGame{Game: tycoon.GameName, Chance: header}, lines)
	st.Close()

	// The restart.
	if st, err = store.Open(ctx, path); err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	app := store.NewAppender(st)
	defer app.Close()
	l := rooms.NewLobby(rooms.Config{Journal: store.Journal{Store: st, Appender: app}, Kinds: screens.Hosted(), Grace: time.Minute})
	defer l.Close("test over")
	if n, err := l.Restore(ctx, st); err != nil || n != 1 {
		t.Fatalf("Restore = %d, %v; want 1 room", n, err)
	}
	r := l.SeatOf(players[0])
	if r == nil {
		t.Fatal("ann has no seat after the restart")
	}
	// Every player comes back, so that each may decide; ann's snapshots
	// are the ones read.
	chans := make([]<-chan *rooms.Snapshot, len(players))
	for i, p := range players {
		ch, stop, err := r.Subscribe(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		defer stop()
		chans[i] = ch
	}
	t.Logf("%d journal lines; auction %+v", len(lines), *before.Auction)
	after := (<-chans[0]).Game.(*tycoon.View)
	if after.Auction == nil {
		t.Fatalf("no auction after the restart: %s", after.Due)
	}
	if got, want := fmt.Sprintf("%+v %d", *after.Auction, after.ToMove), fmt.Sprintf("%+v %d", *before.Auction, before.ToMove); got != want {
		t.Errorf("the auction changed across the restart:\nbefore %s\nafter  %s", want, got)
	}
	if stored, err := st.Actions(ctx, id); err != nil || len(stored) != len(lines) {
		t.Errorf("the journal has %d lines after the restart (%v), %d before: something was thrown again", len(stored), err, len(lines))
	}

	// The auction goes on to its end: each bidder bids the least it may
	// once, then passes; the last bidder buys the lot.
	bid := make([]bool, len(players))
	lot, acts := after.Auction.Lot, 0
	v := after
	for last := after.Auction; v.Auction != nil; last = v.Auction {
		seat := last.Bidder
		act := "pass"
		if !bid[seat] {
			act = fmt.Sprintf("bid %d", last.MinBid)
			bid[seat] = true
		}
		err := r.Act(ctx, players[seat], act)
		for errors.Is(err, rooms.ErrActTooFast) {
			time.Sleep(10 * time.Millisecond)
			err = r.Act(ctx, players[seat], act)
		}
		if err != nil {
			t.Fatalf("%s %s at %q: %v", names[seat], act, v.Due, err)
		}
		acts++
		for v.Auction != nil && fmt.Sprint(*v.Auction) == fmt.Sprint(*last) {
			select {
			case s := <-chans[0]:
				v = s.Game.(*tycoon.View)
			case <-time.After(10 * time.Second):
				t.Fatalf("no new auction state after %s's %s", names[seat], act)
			}
		}
		if v.Auction == nil {
			buyer := last.Leader
			if act != "pass" {
				buyer = seat
			}
			for _, h := range v.Hotels {
				if h.Hotel == lot && h.Owner != buyer {
					t.Errorf("%s went to seat %d; the highest bid was seat %d's", lot, h.Owner, buyer)
				}
			}
		}
	}
	if stored, _ := st.Actions(ctx, id); len(stored) < len(lines)+acts {
		t.Errorf("the journal has %d lines after %d more decisions; want at least %d", len(stored), acts, len(lines)+acts)
	}
}

// auctionRecord plays random legal actions, dice included, in seeded games
// of names until an auction has a bid, a bidder who passed and a bidder
// to decide; it returns
// the game's record header, its journal lines and its view then.
func auctionRecord(t *testing.T, names []string) (string, []string, *tycoon.View) {
	t.Helper()
	for seed := uint64(1); seed <= 50; seed++ {
		rng := rand.New(rand.NewPCG(seed, 2))
		g, header, err := tycoon.Kind.Deal("", nil, names, seed)
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for {
			seat, ok := g.ToMove()
			if !ok {
				break
			}
			legal := g.Legal(seat)
			a := legal[rng.IntN(len(legal))]
			if err := g.Apply(seat, a); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			lines = append(lines, engine.JoinLine(names, seat, a.String()))
			v := g.View(engine.Watcher).(*tycoon.View)
			if next, _ := g.ToMove(); v.Auction != nil && v.Auction.Leader >= 0 && slices.Contains(v.Auction.Passed, true) && next != engine.Chance {
				return header, lines, v
			}
		}
	}
	t.Fatal("no auction with a bid and a pass in 50 random games")
	return "", nil, nil
}
