package screens_test

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"testing"
	"time"

	"hotels/internal/bot/bots"
	"hotels/internal/engine"
	"hotels/internal/engine/tycoon"
	"hotels/internal/rooms"
	"hotels/internal/tui/room"
	"hotels/internal/tui/screens"
	"hotels/internal/tui/theme"
	"hotels/internal/tui/tuitest"
)

// A whole Hotel Tycoon game through a room, as the server hosts it: the
// lobby offers Tycoon; a person plays by the screen's keys (enter on the
// first choice, b in an auction) against an easy and a normal bot, to the
// end; and the journal replays to the room's final places.
func TestTycoonInARoom(t *testing.T) {
	kinds := screens.Hosted()
	if !slices.ContainsFunc(kinds, func(k engine.Kind) bool { return k.Name == tycoon.GameName }) {
		t.Fatal("Hotel Tycoon is not hosted: the new-room form would not offer it")
	}
	ctx := context.Background()
	j := &journal{}
	l := rooms.NewLobby(rooms.Config{
		Journal: j, Kinds: kinds, BotDelay: time.Millisecond,
		Bots:      func(game, level string) (rooms.Bot, error) { return bots.New(game, level, nil) },
		BotLevels: bots.Levels,
		Autopilot: "normal", Log: slog.New(slog.DiscardHandler),
	})
	defer l.Close("test over")
	ann := rooms.Player{ID: 1, Name: "ann"}
	r, err := l.Create(ctx, ann, rooms.Settings{Game: tycoon.GameName, Seats: 3, Options: []string{"rounds=40"}})
	if err != nil {
		t.Fatal(err)
	}
	ch, stop, err := r.Subscribe(ctx, ann)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	for _, level := range []string{"easy", "normal"} {
		if err := r.AddBot(ctx, ann, level); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Start(ctx, ann); err != nil {
		t.Fatal(err)
	}
	screen, _ := screens.New(tycoon.GameName, theme.DefaultStyles())
	deadline := time.After(2 * time.Minute)
	var last *rooms.Snapshot
	moves := 0
	for last == nil || last.Room.Status != rooms.Over {
		select {
		case s := <-ch:
			last = s
		case <-deadline:
			t.Fatal("the game did not end")
		}
		if last.Room.Status == rooms.Over || last.Game == nil || last.Turn != last.You {
			continue
		}
		var ok bool
		if screen, ok = screen.Show(last.Game); !ok {
			t.Fatal("the screen refused the room's view")
		}
		k := "enter"
		if last.Game.(*tycoon.View).Auction != nil {
			k = "b"
		}
		var reply room.Reply
		at := room.At{You: last.You, Mine: true}
		if screen, reply = screen.Key(tuitest.Key(k), at); reply.Act == "" {
			t.Fatalf("key %q sent nothing at %q", k, last.Game.(*tycoon.View).Due)
		}
		if err := r.Act(ctx, ann, reply.Act); err != nil && !engineStale(err) {
			t.Fatalf("%q: %v", reply.Act, err)
		}
		moves++
	}
	v := last.Game.(*tycoon.View)
	if len(v.Standings) != 3 || moves < 5 {
		t.Fatalf("final standings %v after ann's %d moves; want three places after a real game", v.Standings, moves)
	}
	t.Logf("ann made %d moves; %s", moves, v.Due)
	j.mu.Lock()
	lines := slices.Clone(j.lines)
	j.mu.Unlock()
	names := make([]string, len(v.Seats))
	for i, p := range v.Seats {
		names[i] = p.Name
	}
	setup, err := tycoon.NewSetup("", v.Options, names)
	if err != nil {
		t.Fatal(err)
	}
	g, err := tycoon.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range lines {
		seat, text := engine.SplitLine(names, line)
		a, err := g.ParseAction(seat, text)
		if err == nil {
			err = g.Apply(seat, a)
		}
		if err != nil {
			t.Fatalf("replaying %q: %v", line, err)
		}
	}
	if !slices.Equal(g.Standings(), v.Standings) {
		t.Errorf("the journal replays to %v, the room ended at %v", g.Standings(), v.Standings)
	}
}

// engineStale reports an action refused because the snapshot it answered
// was already old (a bot or the dice moved first).
func engineStale(err error) bool { return errors.Is(err, engine.ErrIllegal) }
