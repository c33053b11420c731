package rooms_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"hotels/internal/cputime"
	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/engine/tycoon"
	"hotels/internal/rooms"
	"hotels/internal/rooms/roomstest"
	"hotels/internal/store"
	"hotels/internal/store/storetest"
)

// BenchmarkMove is one move in a four-seat room with its watchers, from
// Act to every subscriber's mailbox holding the new snapshot. Watchers
// share one snapshot, so a move's work must not grow with them beyond one
// mailbox put each (issue 8; docs/capacity.md).
func BenchmarkMove(b *testing.B) {
	benchMove(b, acquire.Kind, acquireFirst)
}

func acquireFirst(v any) string { return roomstest.FirstLegal(v.(*acquire.View)) }

func tycoonFirst(v any) string { return v.(*tycoon.View).Legal[0] }

// BenchmarkMoveTycoon is BenchmarkMove in Hotel Tycoon, whose view is the
// same for every seat (engine.Public) and whose moves bring the room's own
// throws of the dice.
func BenchmarkMoveTycoon(b *testing.B) {
	benchMove(b, tycoon.Kind, tycoonFirst)
}

// BenchmarkMoveStored is BenchmarkMove without watchers, journaled in a
// SQLite store through the Appender as a server journals: the CPU of a
// move, the journal's included (cpu-µs/move: ns/op is mostly the wait for
// the disk), and the commits it takes (commits/move). A Hotel Tycoon move
// makes a throw of the dice due, which is journaled with it.
//
//	go test -run XXX -bench MoveStored -benchmem -count 6 ./internal/rooms/
func BenchmarkMoveStored(b *testing.B) {
	for _, c := range []struct {
		kind  engine.Kind
		first func(any) string
	}{{acquire.Kind, acquireFirst}, {tycoon.Kind, tycoonFirst}} {
		b.Run("game="+c.kind.Name, func(b *testing.B) {
			st, err := store.Open(context.Background(), storetest.Data(b))
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { st.Close() })
			app := store.NewAppender(st)
			b.Cleanup(app.Close)
			players := roomstest.Accounts(b, st, "p0", "p1", "p2", "p3")
			var commits uint64
			var cpu time.Duration
			playMoves(b, c.kind, store.Journal{Store: st, Appender: app}, players, 0, c.first, func() {
				commits, cpu = storetest.Commits(b), cputime.Used(b)
			})
			cputime.Report(b, cpu, time.Microsecond, "cpu-µs/move")
			b.ReportMetric(float64(storetest.Commits(b)-commits)/float64(b.N), "commits/move")
		})
	}
}

// benchMove plays the first of each view's legal actions, as first lists it.
func benchMove(b *testing.B, kind engine.Kind, first func(view any) string) {
	for _, watchers := range []int{0, 500} {
		b.Run(fmt.Sprintf("watchers=%d", watchers), func(b *testing.B) {
			players := make([]rooms.Player, 4)
			for i := range players {
				players[i] = rooms.Player{ID: store.AccountID(i + 1), Name: fmt.Sprintf("p%d", i)}
			}
			playMoves(b, kind, newJournal(), players, watchers, first, func() {})
		})
	}
}

// playMoves plays b.N moves of four players in rooms of kind journaled in
// j, with watchers, each the first of the mover's view's legal actions as
// first lists it; started runs as the moves start.
func playMoves(b *testing.B, kind engine.Kind, j rooms.Journal, players []rooms.Player, watchers int, first func(view any) string, started func()) {
	ctx := context.Background()
	l := rooms.NewLobby(rooms.Config{
		Journal: j, Kinds: []engine.Kind{kind},
		Grace: time.Minute, BotDelay: time.Hour,
	})
	b.Cleanup(func() { l.Close("benchmark over") })
	var (
		r    *rooms.Room
		seat []<-chan *rooms.Snapshot
		last []*rooms.Snapshot
	)
	open := func() {
		var err error
		if r, err = l.Create(ctx, players[0], rooms.Settings{Seats: 4}); err != nil {
			b.Fatal(err)
		}
		seat, last = nil, make([]*rooms.Snapshot, 4)
		for i, p := range players {
			if i > 0 {
				if err := r.Sit(ctx, p); err != nil {
					b.Fatal(err)
				}
			}
			ch, _, err := r.Subscribe(ctx, p)
			if err != nil {
				b.Fatal(err)
			}
			seat = append(seat, ch)
		}
		for i := range watchers {
			if _, _, err := r.Subscribe(ctx, rooms.Player{ID: store.AccountID(1000 + i), Name: fmt.Sprintf("w%d", i)}); err != nil {
				b.Fatal(err)
			}
		}
		if err := r.Start(ctx, players[0]); err != nil {
			b.Fatal(err)
		}
	}
	open()
	b.ReportAllocs()
	started()
	for b.Loop() {
		for {
			mover := -1
			for i, ch := range seat {
				select {
				case s := <-ch:
					last[i] = s
				default:
				}
				if s := last[i]; s != nil && s.Room.Status == rooms.Playing && s.Turn == s.You {
					mover = i
				}
			}
			if mover >= 0 {
				if err := r.Act(ctx, players[mover], first(last[mover].Game)); err != nil {
					b.Fatal(err)
				}
				break
			}
			if s := last[0]; s != nil && s.Room.Status == rooms.Over {
				b.StopTimer()
				_ = r.Close(ctx, "next game")
				open()
				b.StartTimer()
			}
		}
	}
}

// BenchmarkLobbySubscribe is a session coming to the lobby while 625
// rooms are listed, as in the setup of a load run (issue 22): with nothing
// changed since the last newcomer, and after a room's line changed (a
// player sat or stood). The list is built once a change and shared by every
// session that comes after it, not once a session.
func BenchmarkLobbySubscribe(b *testing.B) {
	ctx := context.Background()
	l := rooms.NewLobby(rooms.Config{
		Journal: newJournal(), Kinds: []engine.Kind{acquire.Kind},
		Grace: time.Minute, BotDelay: time.Hour,
	})
	b.Cleanup(func() { l.Close("benchmark over") })
	var last *rooms.Room
	for i := range 625 {
		host := rooms.Player{ID: store.AccountID(i + 1), Name: fmt.Sprintf("host%d", i)}
		r, err := l.Create(ctx, host, rooms.Settings{Name: fmt.Sprintf("room %d", i), Seats: 4})
		if err != nil {
			b.Fatal(err)
		}
		last = r
	}
	guest := rooms.Player{ID: 100000, Name: "guest"}
	subscribe := func() {
		ch, cancel := l.Subscribe()
		if s := <-ch; len(s.Rooms) != 625 {
			b.Fatalf("%d rooms listed, want 625", len(s.Rooms))
		}
		cancel()
	}
	b.Run("unchanged", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			subscribe()
		}
	})
	b.Run("changed", func(b *testing.B) {
		b.ReportAllocs()
		sat := false
		for b.Loop() {
			var err error
			if sat {
				err = last.Stand(ctx, guest)
			} else {
				err = last.Sit(ctx, guest)
			}
			if err != nil {
				b.Fatal(err)
			}
			sat = !sat
			subscribe()
		}
	})
}
