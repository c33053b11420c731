package screens_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"hotels/internal/bot/bots"
	"hotels/internal/engine"
	"hotels/internal/engine/holiday"
	"hotels/internal/rooms"
	"hotels/internal/store"
	"hotels/internal/tui/room"
	"hotels/internal/tui/screens"
	"hotels/internal/tui/theme"
	"hotels/internal/tui/tuitest"
)

// journal keeps a room's game in memory.
type journal struct {
	mu     sync.Mutex
	header string
	lines  []string
	result string
}

func (j *journal) CreateGame(_ context.Context, g store.NewGame) (store.GameID, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.header = g.Chance
	return 1, nil
}

func (j *journal) AppendAction(_ context.Context, _ store.GameID, _ int, lines ...string) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.lines = append(j.lines, lines...)
	return nil
}

func (j *journal) ActionsAfter(_ context.Context, _ store.GameID, seq int) ([]string, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	return append([]string(nil), j.lines[seq:]...), nil
}

func (j *journal) FinishGame(_ context.Context, _ store.GameID, result string, _ []store.Outcome) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.result = result
	return nil
}

func (j *journal) AbortGame(context.Context, store.GameID, string) error    { return nil }
func (j *journal) RemovePlayer(context.Context, store.GameID, int) error    { return nil }
func (j *journal) SaveWaitingRoom(context.Context, store.WaitingRoom) error { return nil }
func (j *journal) DropWaitingRoom(context.Context, string) error            { return nil }
func (j *journal) PlayingRoom(context.Context, store.AccountID) (string, error) {
	return "", store.ErrNotFound
}

// Holiday AG is hosted, and a whole game is played in a room: a person
// deciding by the screen's keys, as a new player would press them, against
// three bots; the journal replays to the room's result.
func TestHolidayThroughARoom(t *testing.T) {
	if !slices.ContainsFunc(screens.Hosted(), func(k engine.Kind) bool { return k.Name == holiday.GameName }) {
		t.Fatal("Holiday AG is not offered in the new-room form")
	}
	ctx := context.Background()
	j := &journal{}
	l := rooms.NewLobby(rooms.Config{
		Journal: j, Kinds: screens.Hosted(), BotDelay: time.Millisecond,
		Bots:      func(game, level string) (rooms.Bot, error) { return bots.New(game, level, nil) },
		BotLevels: bots.Levels,
		Autopilot: "normal",
	})
	t.Cleanup(func() { l.Close("test over") })
	ann := rooms.Player{ID: 1, Name: "ann"}
	r, err := l.Create(ctx, ann, rooms.Settings{Game: holiday.GameName, Seats: 4})
	if err != nil {
		t.Fatal(err)
	}
	ch, stop, _ := r.Subscribe(ctx, ann)
	defer stop()
	for _, level := range []string{"easy", "normal", "normal"} {
		if err := r.AddBot(ctx, ann, level); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Start(ctx, ann); err != nil {
		t.Fatal(err)
	}
	deadline := time.After(2 * time.Minute)
	var last *rooms.Snapshot
	for turns := 0; last == nil || last.Room.Status != rooms.Over; {
		select {
		case s := <-ch:
			last = s
			if s.Room.Status == rooms.Over || s.Turn != s.You || s.Game == nil {
				continue
			}
			act := decide(t, s.Game.(*holiday.View))
			if err := r.Act(ctx, ann, act); err != nil {
				t.Fatalf("turn %d: the screen's %q: %v", turns, act, err)
			}
			turns++
		case <-deadline:
			t.Fatal("the game did not end in time")
		}
	}
	v := last.Game.(*holiday.View)
	if len(v.Standings) != 4 {
		t.Fatalf("standings %v", v.Standings)
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	replayed, err := holiday.Kind.Resume(j.header, j.lines)
	if err != nil {
		t.Fatalf("the journal does not replay: %v", err)
	}
	if got, want := fmt.Sprint(replayed.Standings()), fmt.Sprint(v.Standings); got != want || j.result == "" {
		t.Errorf("replayed standings %s, the room's %s (result %q)", got, want, j.result)
	}
}

// decide presses keys on Holiday AG's screen as a new player might, until
// it sends an action: the first companies the bank holds for a take, the
// first card of the hand, a Raise on Alps, an Exchange that swaps nothing,
// a pass when the first card cannot be played in the final round.
func decide(t *testing.T, v *holiday.View) string {
	t.Helper()
	s, ok := screens.New(holiday.GameName, theme.DefaultStyles())
	if !ok {
		t.Fatal("Holiday AG has no screen")
	}
	s, _ = s.Show(v)
	var keys []string
	switch v.Phase {
	case holiday.PhaseTake, holiday.PhaseSpecial:
		bank := v.Bank
		for c := 0; c < holiday.Companies && len(keys) < 2; {
			if bank[c] == 0 {
				c++
				continue
			}
			bank[c]--
			keys = append(keys, []string{"a", "m", "t", "c", "u"}[c])
		}
		keys = append(keys, "enter")
	case holiday.PhasePlay:
		keys = []string{"enter", "a", "enter"} // a Raise takes the a, an Exchange the enter
	case holiday.PhaseFinal:
		keys = []string{"enter", "a", "p"}
	}
	at := room.At{You: v.Viewer, Mine: true}
	for _, k := range keys {
		var r room.Reply
		s, r = s.Key(tuitest.Key(k), at)
		if r.Act != "" {
			return r.Act
		}
	}
	t.Fatalf("%s: keys %q sent nothing", v.Due, keys)
	return ""
}
