package rooms_test

import (
	"context"
	"testing"

	"hotels/internal/rooms"
	"hotels/internal/rooms/roomstest"
)

// duel is a game of two players started in a lobby, with a session each.
type duel struct {
	r     *rooms.Room
	ps    []rooms.Player
	chans map[string]<-chan *rooms.Snapshot
}

// startDuel opens a room of ps[0]'s in l, seats ps[1], starts the game and
// subscribes both.
func startDuel(t *testing.T, l *rooms.Lobby, ps []rooms.Player) *duel {
	t.Helper()
	ctx := context.Background()
	r, err := l.Create(ctx, ps[0], rooms.Settings{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Sit(ctx, ps[1]); err != nil {
		t.Fatal(err)
	}
	if err := r.Start(ctx, ps[0]); err != nil {
		t.Fatal(err)
	}
	d := &duel{r: r, ps: ps, chans: map[string]<-chan *rooms.Snapshot{}}
	for _, p := range ps {
		ch, stop, err := r.Subscribe(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(stop)
		d.chans[p.Name] = ch
	}
	return d
}

// onTurn returns whoever is on turn at version v or later, with their view.
func (d *duel) onTurn(t *testing.T, v uint64) (rooms.Player, *rooms.Snapshot) {
	t.Helper()
	for _, p := range d.ps {
		s := roomstest.Next(t, d.chans[p.Name], func(s *rooms.Snapshot) bool { return s.Version >= v })
		if s.Seats[s.Turn].Name == p.Name {
			return p, s
		}
	}
	t.Fatal("nobody on turn")
	return rooms.Player{}, nil
}
