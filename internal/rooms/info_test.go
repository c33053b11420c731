package rooms_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/rooms"
	"hotels/internal/rooms/roomstest"
)

// What the screens show of a room: the levels a host may seat, each bot's
// level, and the room's clock in the lobby list.
func TestLevelsAndClockForLists(t *testing.T) {
	ctx := context.Background()
	l := rooms.NewLobby(rooms.Config{
		Journal: newJournal(), Kinds: []engine.Kind{acquire.Kind},
		Bots: func(string, string) (rooms.Bot, error) { return rooms.RandomBot{}, nil },
		BotLevels: func(game string) []string {
			if game != "acquire" {
				return nil
			}
			return []string{"easy", "normal", "hard"}
		},
		Autopilot: "normal",
		After:     (&roomstest.Timers{}).After,
	})
	t.Cleanup(func() { l.Close("test over") })
	levels := l.BotLevels("acquire")
	if want := []string{"easy", "normal", "hard"}; !slices.Equal(levels, want) {
		t.Fatalf("BotLevels(acquire) = %q, want %q", levels, want)
	}
	levels[0] = "changed"
	if got := l.BotLevels("acquire")[0]; got != "easy" {
		t.Errorf("BotLevels shares its slice: after a change, first level %q", got)
	}

	clock := rooms.Clock{Game: 10 * time.Minute, Increment: 5 * time.Second}
	r, err := l.Create(ctx, ann, rooms.Settings{Seats: 3, Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Info().Clock; got != clock {
		t.Errorf("Info().Clock = %v, want %v", got, clock)
	}
	if err := r.AddBot(ctx, ann, "hard"); err != nil {
		t.Fatal(err)
	}
	ch, stop, err := r.Subscribe(ctx, ann)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	snap := roomstest.Next(t, ch, func(s *rooms.Snapshot) bool { return s.Seats[1].State == rooms.SeatBot })
	if got := snap.Seats[1].Level; got != "hard" {
		t.Errorf("bot seat level %q, want hard", got)
	}
	if got := snap.Seats[0].Level; got != "" {
		t.Errorf("player seat level %q, want none", got)
	}
}
