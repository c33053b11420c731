package rooms_test

import (
	"context"
	"slices"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/rooms"
	"hotels/internal/rooms/roomstest"
)

// A room's events are numbered without gaps, name the seat whose action
// made them, and read the same numbers for every viewer.
func TestLogNumbersEvents(t *testing.T) {
	ctx := context.Background()
	l := newLobby(t, newJournal(), &roomstest.Timers{BotNow: true})
	r, _ := l.Create(ctx, ann, rooms.Settings{Seats: 3})
	ch, stop, _ := r.Subscribe(ctx, ann)
	defer stop()
	watch, stopWatch, _ := r.Subscribe(ctx, cat)
	defer stopWatch()
	r.AddBot(ctx, ann, "")
	r.AddBot(ctx, ann, "")
	if err := r.Start(ctx, ann); err != nil {
		t.Fatal(err)
	}
	final := play(t, ctx, r, ann, ch)
	w := roomstest.Next(t, watch, func(s *rooms.Snapshot) bool { return s.Room.Status == rooms.Over })
	if len(final.Log) != len(w.Log) {
		t.Fatalf("ann's log has %d events, the watcher's %d", len(final.Log), len(w.Log))
	}
	mine := 0
	for i, e := range final.Log {
		if e.Seq != final.Log[0].Seq+uint64(i) {
			t.Fatalf("event %d is numbered %d after %d: %q", i, e.Seq, final.Log[0].Seq, e.Text)
		}
		if w.Log[i].Seq != e.Seq || w.Log[i].Seat != e.Seat {
			t.Errorf("event %d: ann's is %d by seat %d, the watcher's %d by seat %d", i, e.Seq, e.Seat, w.Log[i].Seq, w.Log[i].Seat)
		}
		if e.Seat == 0 {
			mine++
		}
	}
	if e := final.Log[0]; e.Seq != 1 || e.Seat != engine.Watcher || e.Text != "bot1 (random bot) sits down" {
		t.Errorf("first event %+v, want the room's note 1 that a bot sits down", e)
	}
	if mine == 0 {
		t.Error("no event is ann's, who played the whole game")
	}
}

// A room keeps a bounded log, and cutting it back changes no snapshot
// already sent.
func TestLogIsBounded(t *testing.T) {
	ctx := context.Background()
	l := newLobby(t, newJournal(), &roomstest.Timers{})
	r, _ := l.Create(ctx, ann, rooms.Settings{Seats: 2})
	ch, stop, _ := r.Subscribe(ctx, ann)
	defer stop()
	var early *rooms.Snapshot
	const added = 1000 // each seated and kicked: two events
	for i := range added {
		if err := r.AddBot(ctx, ann, ""); err != nil {
			t.Fatal(err)
		}
		if i == 10 {
			early = roomstest.Next(t, ch, func(s *rooms.Snapshot) bool { return len(s.Log) >= 10 })
		}
		if err := r.Kick(ctx, ann, 1); err != nil {
			t.Fatal(err)
		}
	}
	kept := slices.Clone(early.Log)
	last := roomstest.Next(t, ch, func(s *rooms.Snapshot) bool { return len(s.Log) > 0 && s.Log[len(s.Log)-1].Seq == 2*added })
	if n := len(last.Log); n < 400 || n > 700 {
		t.Errorf("the room keeps %d events of %d; want a few hundred", n, 2*added)
	}
	if !slices.Equal(early.Log, kept) {
		t.Error("an early snapshot's log changed as the room went on")
	}
}
