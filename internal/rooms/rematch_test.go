package rooms_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"hotels/internal/engine"
	"hotels/internal/rooms"
	"hotels/internal/rooms/roomstest"
)

// lap is a game of one lap round the table: each seat in turn says "go"
// (laps=2: twice), and then it is over. It has options and up to six
// seats, for rematches.
type lap struct {
	names []string
	left  int // goes still due
	turn  int
}

type lapAction string

func (a lapAction) String() string { return string(a) }

var lapKind = engine.Kind{
	Name: "lap", Title: "Lap", MinSeats: 2, MaxSeats: 6, Unit: engine.Points,
	Options: []engine.Option{{Key: "laps", Values: []string{"1", "2"}, Help: "how many laps"}},
	Deal: func(rules string, options []string, seats []string, seed uint64) (engine.Game, string, error) {
		laps := 1
		for _, o := range options {
			if _, err := fmt.Sscanf(o, "laps=%d", &laps); err != nil || laps < 1 || laps > 2 {
				return nil, "", fmt.Errorf("lap: no option %q", o)
			}
		}
		return &lap{names: slices.Clone(seats), left: laps * len(seats)}, "seats " + strings.Join(seats, " "), nil
	},
}

func (g *lap) Seats() []string { return g.names }
func (g *lap) ToMove() (engine.Seat, bool) {
	return engine.Seat(g.turn), g.left > 0
}
func (g *lap) Legal(seat engine.Seat) []engine.Action {
	if s, ok := g.ToMove(); !ok || s != seat {
		return nil
	}
	return []engine.Action{lapAction("go")}
}
func (g *lap) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	if s, ok := g.ToMove(); !ok || s != seat || text != "go" {
		return nil, fmt.Errorf("lap: %q: %w", text, engine.ErrIllegal)
	}
	return lapAction(text), nil
}
func (g *lap) Apply(seat engine.Seat, a engine.Action) error {
	if _, err := g.ParseAction(seat, a.String()); err != nil {
		return err
	}
	g.left--
	g.turn = (g.turn + 1) % len(g.names)
	return nil
}
func (g *lap) Log(engine.Seat) []string { return []string{"go"} }
func (g *lap) View(engine.Seat) any     { c := *g; return &c }
func (g *lap) Due() string              { return "" }
func (g *lap) Clone() engine.Game       { c := *g; return &c }
func (g *lap) Standings() []engine.Standing {
	if g.left > 0 {
		return nil
	}
	var out []engine.Standing
	for i, n := range g.names {
		out = append(out, engine.Standing{Seat: engine.Seat(i), Name: n, Place: 1})
	}
	return out
}

var dan = rooms.Player{ID: 4, Name: "dan"}

// finishedLap plays a private, clocked game of lap to its end: ann, bob,
// cat and dan, and a bot in the last seat; every player watches it.
func finishedLap(t *testing.T) (*rooms.Lobby, *rooms.Room, *roomstest.Timers, map[string]func()) {
	t.Helper()
	ctx := context.Background()
	tm := &roomstest.Timers{BotNow: true}
	l := rooms.NewLobby(rooms.Config{
		Journal: newJournal(), Kinds: []engine.Kind{lapKind},
		Grace: time.Minute, BotDelay: roomstest.BotDelay, After: tm.After,
	})
	t.Cleanup(func() { l.Close("test over") })
	clock := rooms.Clock{Move: time.Minute}
	r, err := l.Create(ctx, ann, rooms.Settings{Seats: 5, Options: []string{"laps=2"}, Private: true, Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	players := []rooms.Player{ann, bob, cat, dan}
	stops := map[string]func(){}
	var ch <-chan *rooms.Snapshot
	for _, p := range players {
		if err := r.Sit(ctx, p); err != nil {
			t.Fatal(err)
		}
		c, stop, err := r.Subscribe(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		if p == ann {
			ch = c
		}
		stops[p.Name] = stop
		t.Cleanup(stop)
	}
	if err := r.AddBot(ctx, ann, ""); err != nil {
		t.Fatal(err)
	}
	if err := r.Start(ctx, ann); err != nil {
		t.Fatal(err)
	}
	for {
		s := roomstest.Next(t, ch, func(*rooms.Snapshot) bool { return true })
		if s.Room.Status == rooms.Over {
			break
		}
		if s.Turn >= 0 && int(s.Turn) < len(players) {
			_ = r.Act(ctx, players[s.Turn], "go") // an answer to an older snapshot may come late: refused
		}
	}
	return l, r, tm, stops
}

// seats lists a snapshot's seats as "name state".
func seats(s *rooms.Snapshot) []string {
	var out []string
	for _, st := range s.Seats {
		out = append(out, strings.TrimSpace(st.Name+" "+string(st.State)))
	}
	return out
}

// A rematch keeps the game, options, clock, privacy and bots, rotates the
// seats by one, seats the asker as host and invites the players still
// here; a player who left has a free seat. A second request joins the
// same rematch; a declined invitation frees its seat.
func TestRematch(t *testing.T) {
	ctx := context.Background()
	l, r, _, stops := finishedLap(t)
	if _, err := r.Rematch(ctx, rooms.Player{ID: 9, Name: "eve"}); !errors.Is(err, rooms.ErrNotSeated) {
		t.Errorf("a watcher's rematch: %v, want ErrNotSeated", err)
	}
	stops["dan"]() // dan leaves before anyone asks
	old, _, _ := r.Subscribe(ctx, cat)
	roomstest.Next(t, old, func(s *rooms.Snapshot) bool {
		return roomstest.SeatState(s, "dan") == rooms.SeatAway && s.Room.Watchers == 0
	})

	n, err := r.Rematch(ctx, bob)
	if err != nil {
		t.Fatal(err)
	}
	info, was := n.Info(), r.Info()
	if info.Kind != "lap" || !slices.Equal(info.Options, []string{"laps=2"}) || info.Clock != was.Clock ||
		!info.Private || info.Status != rooms.Waiting || info.Host != "bob" || info.Seats != 5 {
		t.Errorf("rematch room %+v, want lap laps=2, a minute a move, private, waiting, bob hosting, 5 seats", info)
	}
	ch, stop, err := n.Subscribe(ctx, bob)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	s := roomstest.Next(t, ch, func(*rooms.Snapshot) bool { return true })
	// Seats were ann bob cat dan bot1: each moves up one.
	if got, want := seats(s), []string{"bob ready", "cat invited", "empty", "bot1 bot", "ann invited"}; !slices.Equal(got, want) {
		t.Errorf("rematch seats %q, want %q", got, want)
	}
	if s.Seats[3].Level != "random" || !s.Seats[0].Host {
		t.Errorf("rematch seats %+v: want bob hosting and the bot at its level", s.Seats)
	}
	if err := n.Start(ctx, bob); err == nil || !strings.Contains(err.Error(), "has not answered the rematch") {
		t.Errorf("start with invited seats: %v", err)
	}

	again, err := r.Rematch(ctx, ann)
	if err != nil || again != n {
		t.Fatalf("ann's rematch = %v, %v; want bob's room %s", again, err, n.ID)
	}
	if got := len(l.Rooms()); got != 2 {
		t.Errorf("%d rooms after two requests, want the game's and one rematch", got)
	}
	_, stopA, _ := n.Subscribe(ctx, ann)
	defer stopA()
	roomstest.Next(t, ch, func(s *rooms.Snapshot) bool { return roomstest.SeatState(s, "ann") == rooms.SeatReady })

	if err := r.DeclineRematch(ctx, cat); err != nil {
		t.Fatal(err)
	}
	s = roomstest.Next(t, ch, func(s *rooms.Snapshot) bool { return roomstest.SeatState(s, "cat") == "" })
	if got, want := seats(s), []string{"bob ready", "empty", "empty", "bot1 bot", "ann ready"}; !slices.Equal(got, want) {
		t.Errorf("after cat declines: seats %q, want %q", got, want)
	}
	o := roomstest.Next(t, old, func(s *rooms.Snapshot) bool { return s.Rematch != nil && len(s.Rematch.Declined) == 1 })
	if m := o.Rematch; m.By != "bob" || m.Room != n.ID || !slices.Equal(m.Accepted, []string{"bob", "ann"}) || !slices.Equal(m.Declined, []string{"cat"}) {
		t.Errorf("the finished room's rematch %+v, want bob's in %s, accepted by bob and ann, declined by cat", m, n.ID)
	}
}

// An invited player who leaves the finished room without answering, or
// does not come within the grace period, is replaced by a free seat.
func TestRematchLeavers(t *testing.T) {
	ctx := context.Background()
	_, r, tm, stops := finishedLap(t)
	n, err := r.Rematch(ctx, ann)
	if err != nil {
		t.Fatal(err)
	}
	ch, stop, _ := n.Subscribe(ctx, ann)
	defer stop()
	s := roomstest.Next(t, ch, func(*rooms.Snapshot) bool { return true })
	if got, want := seats(s), []string{"bob invited", "cat invited", "dan invited", "bot1 bot", "ann ready"}; !slices.Equal(got, want) {
		t.Fatalf("rematch seats %q, want %q", got, want)
	}
	stops["cat"]()
	roomstest.Next(t, ch, func(s *rooms.Snapshot) bool { return roomstest.SeatState(s, "cat") == "" })
	tm.Fire() // the grace period of bob and dan ends
	s = roomstest.Next(t, ch, func(s *rooms.Snapshot) bool {
		return roomstest.SeatState(s, "bob") == "" && roomstest.SeatState(s, "dan") == ""
	})
	if got, want := seats(s), []string{"empty", "empty", "empty", "bot1 bot", "ann ready"}; !slices.Equal(got, want) {
		t.Errorf("after cat left and the others lapsed: seats %q, want %q", got, want)
	}
	// bob comes late: his seat has gone, he takes a free one.
	late, err := r.Rematch(ctx, bob)
	if err != nil || late != n {
		t.Fatalf("bob's late rematch = %v, %v", late, err)
	}
	roomstest.Next(t, ch, func(s *rooms.Snapshot) bool { return roomstest.SeatState(s, "bob") == rooms.SeatReady })
}

// A rematch is asked for only once the game is over.
func TestRematchNotOver(t *testing.T) {
	ctx := context.Background()
	l := newLobby(t, newJournal(), &roomstest.Timers{})
	r, _ := twoPlayers(t, l, rooms.Settings{})
	if _, err := r.Rematch(ctx, ann); !errors.Is(err, rooms.ErrNotOver) {
		t.Errorf("rematch in play: %v, want ErrNotOver", err)
	}
	if err := r.DeclineRematch(ctx, ann); !errors.Is(err, rooms.ErrNotOver) {
		t.Errorf("decline in play: %v, want ErrNotOver", err)
	}
}
