package rooms_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/engine/holiday"
	"hotels/internal/engine/tycoon"
	"hotels/internal/rooms"
	"hotels/internal/rooms/roomstest"
	"hotels/internal/store"
)

// ratings is an in-memory rooms.Ratings.
type ratings struct {
	mu      sync.Mutex
	by      map[store.AccountID]store.Rating
	changes []store.RatingChange
}

func (r *ratings) Ratings(_ context.Context, game, rules string, ids []store.AccountID) (map[store.AccountID]store.Rating, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := map[store.AccountID]store.Rating{}
	for _, id := range ids {
		if x, ok := r.by[id]; ok {
			out[id] = x
		}
	}
	return out, nil
}

func (r *ratings) RecordRatings(_ context.Context, game, rules string, changes []store.RatingChange) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, c := range changes {
		r.by[c.Account] = store.Rating{Account: c.Account, Mu: c.MuAfter, Sigma: c.SigmaAfter, Games: r.by[c.Account].Games + 1}
	}
	r.changes = append(r.changes, changes...)
	return nil
}

// Two players who seek a two-player table are seated together, play it to
// the end, and are rated.
func TestRankedQueue(t *testing.T) {
	ctx := context.Background()
	tm, rt := &roomstest.Timers{}, &ratings{by: map[store.AccountID]store.Rating{}}
	l := rooms.NewLobby(rooms.Config{
		Journal: newJournal(), Kinds: []engine.Kind{acquire.Kind}, Ratings: rt,
		Grace: time.Minute, BotDelay: roomstest.BotDelay, After: tm.After,
	})
	defer l.Close("test over")
	foundA, leaveA, err := l.Seek(ctx, ann, "acquire", "modern", 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer leaveA()
	if _, _, err := l.Seek(ctx, ann, "acquire", "modern", 2, 2); !errors.Is(err, rooms.ErrQueued) {
		t.Errorf("seeking twice: %v", err)
	}
	// cat seeks and leaves: leaving is instant.
	_, leaveC, _ := l.Seek(ctx, cat, "acquire", "modern", 2, 2)
	if !leaveC() {
		t.Error("cat's leave said cat was not queued")
	}
	if n := l.Seeking(); n != 1 {
		t.Fatalf("%d seeking, want 1", n)
	}
	foundB, leaveB, _ := l.Seek(ctx, bob, "acquire", "modern", 2, 2)
	defer leaveB()
	tm.Fire() // the match tick
	if leaveA() {
		t.Error("leave after the table formed said ann was still queued")
	}
	ra, rb := <-foundA, <-foundB
	if ra == nil || ra != rb || !ra.Info().Ranked || ra.Info().Status != rooms.Playing {
		t.Fatalf("rooms %v and %v; want one ranked room in play", ra, rb)
	}
	chA, stopA, _ := ra.Subscribe(ctx, ann)
	defer stopA()
	chB, stopB, _ := ra.Subscribe(ctx, bob)
	defer stopB()
	var final *rooms.Snapshot
	for final == nil {
		select {
		case s := <-chA:
			if s.Room.Status == rooms.Over {
				final = s
			} else if s.Turn == s.You {
				ra.Act(ctx, ann, roomstest.FirstLegal(s.Game.(*acquire.View)))
			}
		case s := <-chB:
			if s.Room.Status != rooms.Over && s.Turn == s.You {
				ra.Act(ctx, bob, roomstest.FirstLegal(s.Game.(*acquire.View)))
			}
		case <-time.After(10 * time.Second):
			t.Fatal("the ranked game did not end")
		}
	}
	if len(final.Ratings) != 2 {
		t.Fatalf("final ratings %+v", final.Ratings)
	}
	st := final.Game.(*acquire.View).Standings
	winner, loser := final.Ratings[0], final.Ratings[1]
	if winner.Name != st[0].Name {
		winner, loser = loser, winner
	}
	if st[0].Score > st[1].Score && !(winner.After > loser.After) {
		t.Errorf("after the game the winner %+v is not above the loser %+v", winner, loser)
	}
	if len(rt.changes) != 2 || rt.by[ann.ID].Games != 1 {
		t.Errorf("recorded %+v", rt.changes)
	}
}

// A ranked table plays its game's fixed options: Hotel Tycoon's end after
// tycoon.RankedRounds, whatever the seekers; Acquire and Holiday AG play
// their defaults.
func TestRankedTablesPlayFixedOptions(t *testing.T) {
	ctx := context.Background()
	tm, rt := &roomstest.Timers{}, &ratings{by: map[store.AccountID]store.Rating{}}
	l := rooms.NewLobby(rooms.Config{
		Journal: newJournal(), Kinds: []engine.Kind{acquire.Kind, holiday.Kind, tycoon.Kind}, Ratings: rt,
		Grace: time.Minute, BotDelay: roomstest.BotDelay, After: tm.After,
	})
	defer l.Close("test over")
	tests := []struct {
		kind  engine.Kind
		rules string
		want  []string
	}{
		{tycoon.Kind, "", []string{fmt.Sprintf("rounds=%d", tycoon.RankedRounds)}},
		{acquire.Kind, "classic", nil},
		{holiday.Kind, "", nil},
	}
	for i, tt := range tests { // two new players a game: the last ones keep their seats
		a := rooms.Player{ID: store.AccountID(10 + 2*i), Name: fmt.Sprintf("p%d", 2*i)}
		b := rooms.Player{ID: store.AccountID(11 + 2*i), Name: fmt.Sprintf("p%d", 2*i+1)}
		foundA, _, err := l.Seek(ctx, a, tt.kind.Name, tt.rules, 2, 2)
		if err != nil {
			t.Fatalf("%s: %v", tt.kind.Name, err)
		}
		foundB, _, _ := l.Seek(ctx, b, tt.kind.Name, tt.rules, 2, 2)
		tm.Fire() // the match tick
		r := <-foundA
		if <-foundB != r || r == nil {
			t.Fatalf("%s: no table formed", tt.kind.Name)
		}
		info := r.Info()
		if !info.Ranked || info.Game != tt.kind.Title || !slices.Equal(info.Options, tt.want) {
			t.Errorf("%s: ranked %t, game %s, options %q; want ranked, options %q", tt.kind.Name, info.Ranked, info.Game, info.Options, tt.want)
		}
	}
}

// A player's rating as the ranked wait shows it: a new player's before
// their first rated game, then their own with its games.
func TestPlayerRating(t *testing.T) {
	ctx := context.Background()
	rt := &ratings{by: map[store.AccountID]store.Rating{bob.ID: {Mu: 30, Sigma: 2, Games: 3}}}
	l := rooms.NewLobby(rooms.Config{Journal: newJournal(), Kinds: []engine.Kind{acquire.Kind}, Ratings: rt})
	defer l.Close("test over")
	if r, games, err := l.PlayerRating(ctx, ann, "acquire", "modern"); r != 1000 || games != 0 || err != nil {
		t.Errorf("PlayerRating(new ann) = %d, %d, %v; want 1000, no games", r, games, err)
	}
	if r, games, err := l.PlayerRating(ctx, bob, "acquire", "modern"); r != 1000+40*24 || games != 3 || err != nil {
		t.Errorf("PlayerRating(bob) = %d, %d, %v; want %d, 3 games", r, games, err, 1000+40*24)
	}
	unrated := rooms.NewLobby(rooms.Config{Journal: newJournal(), Kinds: []engine.Kind{acquire.Kind}})
	defer unrated.Close("test over")
	if _, _, err := unrated.PlayerRating(ctx, ann, "acquire", "modern"); err == nil {
		t.Error("PlayerRating without ratings = nil error")
	}
}

// A bot account never enters the people's ranked queue (issue 24), and a
// seat it takes is marked as a bot account's for everyone.
func TestBotAccountsStayOutOfTheQueue(t *testing.T) {
	ctx := context.Background()
	tm := &roomstest.Timers{}
	l := rooms.NewLobby(rooms.Config{
		Journal: newJournal(), Kinds: []engine.Kind{acquire.Kind}, Ratings: &ratings{by: map[store.AccountID]store.Rating{}},
		Grace: time.Minute, BotDelay: roomstest.BotDelay, After: tm.After,
	})
	defer l.Close("test over")
	robo := rooms.Player{ID: 77, Name: "robo", Bot: true}
	if _, _, err := l.Seek(ctx, robo, "acquire", "modern", 2, 2); !errors.Is(err, rooms.ErrBotRanked) {
		t.Errorf("a bot account seeks a ranked game: %v, want ErrBotRanked", err)
	}
	r, err := l.Create(ctx, ann, rooms.Settings{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Sit(ctx, robo); err != nil {
		t.Fatal(err)
	}
	if seats := r.Info().Players; seats[0].Account || !seats[1].Account {
		t.Errorf("seats %+v: want robo's, alone, marked a bot account's", seats)
	}
}
