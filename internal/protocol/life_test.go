package protocol_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"hotels/internal/games"
	"hotels/internal/protocol"
	"hotels/internal/rooms"
)

// held are the room's long timers (the grace period, the clock), which a
// test fires when it wants; short ones (the bots' pace) run for real.
type held struct {
	mu sync.Mutex
	fs map[time.Duration][]func()
}

func (h *held) after(d time.Duration, f func()) func() bool {
	if d < time.Second {
		return time.AfterFunc(d, f).Stop
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.fs == nil {
		h.fs = map[time.Duration][]func(){}
	}
	h.fs[d] = append(h.fs[d], f)
	return func() bool { return true } // a stale timer the room ignores when fired
}

func (h *held) fire(d time.Duration) {
	h.mu.Lock()
	fs := h.fs[d]
	h.fs[d] = nil
	h.mu.Unlock()
	for _, f := range fs {
		f()
	}
}

// reader is a stream's lines as the test reads them.
type reader struct{ lines chan map[string]any }

func play(t *testing.T, ctx context.Context, r *rooms.Room, p rooms.Player, since uint64) (*protocol.Stream, reader) {
	pr, pw := io.Pipe()
	s := protocol.NewStream(r, p, r.ID, protocol.NewConn(pw, nil))
	s.Since = since
	go func() { _ = s.Run(ctx); pw.Close() }()
	rd := reader{make(chan map[string]any, 256)}
	go func() {
		dec := json.NewDecoder(pr)
		for {
			var m map[string]any
			if dec.Decode(&m) != nil {
				close(rd.lines)
				return
			}
			rd.lines <- m
		}
	}()
	return s, rd
}

func (rd reader) next(t *testing.T, types ...string) map[string]any {
	t.Helper()
	for {
		select {
		case m, ok := <-rd.lines:
			if !ok {
				t.Fatalf("the stream ended waiting for %v", types)
			}
			for _, typ := range types {
				if m["type"] == typ {
					return m
				}
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no %v came", types)
		}
	}
}

// A dropped stream is a dropped player: the seat is held, and `play`
// again takes it back, with the events after --since and the turn still
// due. When the clock runs out the autopilot plays the seat, and the next
// action sent takes it back, as a player at a terminal does.
func TestReconnectAndAutopilot(t *testing.T) {
	h := &held{}
	const move = 10 * time.Second
	l := rooms.NewLobby(rooms.Config{Journal: newJournal(), Kinds: games.All, Grace: time.Minute, BotDelay: time.Millisecond,
		After: h.after, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	t.Cleanup(func() { l.Close("test over") })
	ctx := context.Background()
	ann := rooms.Player{ID: 1, Name: "ann"}
	r, err := l.Create(ctx, ann, rooms.Settings{Game: "acquire", Seats: 2, Clock: rooms.Clock{Move: move}})
	if err != nil {
		t.Fatal(err)
	}
	ctx1, drop := context.WithCancel(ctx)
	_, first := play(t, ctx1, r, ann, 0)
	first.next(t, "hello")
	if err := r.AddBot(ctx, ann, ""); err != nil {
		t.Fatal(err)
	}
	if err := r.Start(ctx, ann); err != nil {
		t.Fatal(err)
	}
	turn := first.next(t, "turn")
	if turn["clock"] == nil {
		t.Errorf("a timed turn without its clock: %v", turn)
	}
	var seen float64
	for len(first.lines) > 0 {
		if m := <-first.lines; m["type"] == "event" {
			seen = m["seq"].(float64)
		}
	}
	drop()
	for range first.lines {
	}
	waitSeat(t, r, rooms.SeatAway)

	s, again := play(t, ctx, r, ann, uint64(seen))
	again.next(t, "hello")
	back := false
	for !back {
		m := again.next(t, "event", "turn")
		if m["type"] == "turn" {
			t.Fatalf("the turn came before the news that ann is back")
		}
		if m["seq"].(float64) <= seen {
			t.Errorf("event %v again, after --since %v", m, seen)
		}
		back = m["text"] == "ann is back"
	}
	if got := again.next(t, "turn"); !sameLegal(got, turn) {
		t.Errorf("after the reconnect the turn is %v, want %v again", got, turn)
	}

	h.fire(move) // the decision's time runs out
	waitSeat(t, r, rooms.SeatAutopilot)
	for r.Info().Players[seatOf(r, "ann")].State != rooms.SeatReady {
		m := again.next(t, "turn", "over")
		if m["type"] == "over" {
			t.Fatal("the game ended before ann took her seat back")
		}
		s.Send(m["legal"].([]any)[0].(string))
		again.next(t, "ok", "error")
	}
}

func sameLegal(a, b map[string]any) bool {
	x, _ := json.Marshal(a["legal"])
	y, _ := json.Marshal(b["legal"])
	return string(x) == string(y)
}

func seatOf(r *rooms.Room, name string) int {
	for i, st := range r.Info().Players {
		if st.Name == name {
			return i
		}
	}
	return -1
}

func waitSeat(t *testing.T, r *rooms.Room, state rooms.SeatState) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for r.Info().Players[seatOf(r, "ann")].State != state {
		if time.Now().After(deadline) {
			t.Fatalf("ann's seat is %s, want %s", r.Info().Players[seatOf(r, "ann")].State, state)
		}
		time.Sleep(time.Millisecond)
	}
}
