package screens_test

import (
	"context"
	"log/slog"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"hotels/internal/bot/bots"
	"hotels/internal/engine"
	"hotels/internal/engine/tycoon"
	"hotels/internal/rooms"
	"hotels/internal/rooms/roomstest"
	"hotels/internal/store"
	"hotels/internal/store/storetest"
	"hotels/internal/tui/screens"
)

// limit is the clock of the rooms below: a decision's limit.
const limit = 30 * time.Second

// The clock and the autopilot cover decisions made out of turn: a bidder
// in an auction (T24) and, with claim=manual, an owner deciding whether to
// claim a stay (T28). The game is stored with a decision's limit and
// restored, its seats away; everyone but the one to decide comes back.
// The clock times that seat, and when its time is up the autopilot makes
// the decision, saved as the autopilot's, and the game goes on. A bidder
// passes (engine.Yielder): the autopilot does not spend an absent player's
// money in an auction.
func TestTycoonClockCoversOutOfTurnDecisions(t *testing.T) {
	tests := []struct {
		name    string
		options []string
		want    string // the decision made, if the rules dictate it
		due     func(g *tycoon.Game) bool
	}{
		{"auction bid", nil, "pass", func(g *tycoon.Game) bool {
			seat, _ := g.ToMove()
			return g.Phase() == tycoon.PhaseBid && int(seat) != g.Turn()
		}},
		{"manual claim", []string{"claim=manual"}, "", func(g *tycoon.Game) bool {
			seat, _ := g.ToMove()
			return g.Phase() == tycoon.PhaseClaim && int(seat) != g.Turn()
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			names := []string{"ann", "bob", "cat", "dan"}
			header, lines, decider := recordUntil(t, names, tt.options, tt.due)
			ctx := context.Background()
			st, err := store.Open(ctx, storetest.Data(t))
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			players, id := storeGame(t, st, names, store.NewGame{Game: tycoon.GameName, Options: strings.Join(tt.options, " "),
				Clock: rooms.Clock{Move: limit}.Text(), Chance: header}, lines)
			app := store.NewAppender(st)
			defer app.Close()
			tm := &roomstest.Timers{BotNow: true}
			l := rooms.NewLobby(rooms.Config{
				Journal: store.Journal{Store: st, Appender: app}, Kinds: screens.Hosted(),
				Grace: time.Hour, BotDelay: roomstest.BotDelay, After: tm.After,
				Bots:      func(game, level string) (rooms.Bot, error) { return bots.New(game, level, nil) },
				BotLevels: bots.Levels,
				Autopilot: "normal", Log: slog.New(slog.DiscardHandler),
			})
			defer l.Close("test over")
			if n, err := l.Restore(ctx, st); err != nil || n != 1 {
				t.Fatalf("Restore = %d, %v; want 1 room", n, err)
			}
			r := l.SeatOf(players[0])
			var watch <-chan *rooms.Snapshot
			for i, p := range players {
				if i == decider {
					continue // this one's session dropped
				}
				ch, stop, err := r.Subscribe(ctx, p)
				if err != nil {
					t.Fatal(err)
				}
				defer stop()
				if watch == nil {
					watch = ch
				}
			}
			before := (<-watch).Game.(*tycoon.View)
			if before.ToMove != engine.Seat(decider) {
				t.Fatalf("%s is to decide, not %s: %s", before.Seats[before.ToMove].Name, names[decider], before.Due)
			}
			if n := tm.Armed(limit); n != 1 {
				t.Fatalf("%d clocks of %v armed for %s's decision (%s), want 1", n, limit, names[decider], before.Due)
			}

			tm.Expire(limit) // the time is up
			var after *tycoon.View
			for after == nil {
				select {
				case s := <-watch:
					if v := s.Game.(*tycoon.View); v.Due != before.Due {
						after = v
					}
				case <-time.After(10 * time.Second):
					t.Fatalf("nothing happened after %s's time was up: %s", names[decider], before.Due)
				}
			}
			var stored []string
			for range 100 { // the appender writes behind the room
				if stored, _ = st.Actions(ctx, id); len(stored) > len(lines) {
					break
				}
				time.Sleep(10 * time.Millisecond)
			}
			if len(stored) <= len(lines) || !strings.HasPrefix(stored[len(lines)], names[decider]+" ") || !strings.HasSuffix(stored[len(lines)], "# autopilot") {
				t.Fatalf("after %s's time was up the journal goes on %q; want %s's decision, by the autopilot", names[decider], stored[len(lines):], names[decider])
			}
			if made := strings.Fields(stored[len(lines)])[1]; tt.want != "" && made != tt.want {
				t.Errorf("after %s's time was up the autopilot chose %q, want %q", names[decider], stored[len(lines)], tt.want)
			}
			t.Logf("%s: %q, then %s", before.Due, stored[len(lines)], after.Due)
			if after.Phase == tycoon.PhaseOver {
				return
			}
			if next := after.ToMove; next != engine.Seat(decider) && tm.Armed(limit) != 1 {
				t.Errorf("the game went on to %s (%s) with %d clocks armed, want 1", after.Seats[next].Name, after.Due, tm.Armed(limit))
			}
		})
	}
}

// recordUntil plays random legal actions, dice included, in seeded games
// of names with options until due holds; it returns the game's record
// header, its journal lines and the seat to decide then.
func recordUntil(t *testing.T, names, options []string, due func(*tycoon.Game) bool) (string, []string, int) {
	t.Helper()
	for seed := uint64(1); seed <= 50; seed++ {
		rng := rand.New(rand.NewPCG(seed, 3))
		gg, header, err := tycoon.Kind.Deal("", options, names, seed)
		if err != nil {
			t.Fatal(err)
		}
		g := gg.(*tycoon.Game)
		var lines []string
		for !g.Over() {
			seat, _ := g.ToMove()
			legal := g.Legal(seat)
			a := legal[rng.IntN(len(legal))]
			if err := g.Apply(seat, a); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			lines = append(lines, engine.JoinLine(names, seat, a.String()))
			if due(g) {
				next, _ := g.ToMove()
				return header, lines, int(next)
			}
		}
	}
	t.Fatal("no game of 50 reached the decision")
	return "", nil, 0
}
