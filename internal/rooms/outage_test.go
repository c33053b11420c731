package rooms_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/rooms"
	"hotels/internal/rooms/roomstest"
	"hotels/internal/store"
	"hotels/internal/store/storetest"
)

// Issue 18: when PostgreSQL goes away mid-game, a move is refused with a
// message that says nothing changed, the game stays where it was, and the
// log says once that saving fails; when the database is back, the same move
// goes through, the log says so, and the journal holds every move that was
// acknowledged and no other, as a restart would read it.
func TestPostgresOutagePausesPlay(t *testing.T) {
	if !storetest.Postgres() {
		t.Skip("PostgreSQL only (" + storetest.Env + "): a database server that goes away")
	}
	ctx := context.Background()
	data := storetest.Data(t)
	st, err := store.Open(ctx, data)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	app := store.NewAppender(st)
	defer app.Close()
	logs := &logLines{n: map[slog.Level]int{}}
	ps := roomstest.Accounts(t, st, "ann", "bob")
	l := rooms.NewLobby(rooms.Config{
		Journal: store.Journal{Store: st, Appender: app}, Kinds: []engine.Kind{acquire.Kind},
		Grace: time.Minute, After: (&roomstest.Timers{}).After, Log: slog.New(logs),
	})
	defer l.Close("test over")
	d := startDuel(t, l, ps)
	r, chans := d.r, d.chans
	// move makes the move of whoever is on turn, from their view at
	// version at least v, and returns it with the snapshot it was made on.
	move := func(v uint64) (rooms.Player, string, *rooms.Snapshot) {
		p, s := d.onTurn(t, v)
		return p, roomstest.FirstLegal(s.Game.(*acquire.View)), s
	}
	acknowledged, v := 0, uint64(0)
	for range 4 {
		p, action, s := move(v)
		if err := r.Act(ctx, p, action); err != nil {
			t.Fatalf("%s %s: %v", p.Name, action, err)
		}
		acknowledged, v = acknowledged+1, s.Version+1
	}

	back := storetest.Outage(t, data)
	p, action, s := move(v)
	for range 3 {
		if err := r.Act(ctx, p, action); !errors.Is(err, rooms.ErrSaveFailed) {
			t.Fatalf("%s %s with the database gone = %v, want %v", p.Name, action, err, rooms.ErrSaveFailed)
		}
	}
	// Every change is published; whatever was, the game is where it was.
	for more := true; more; {
		select {
		case now := <-chans[p.Name]:
			if a, b := now.Game.(*acquire.View), s.Game.(*acquire.View); now.Seats[now.Turn].Name != p.Name ||
				fmt.Sprint(a.Board, a.Rack, a.Cash) != fmt.Sprint(b.Board, b.Rack, b.Cash) {
				t.Errorf("the game moved on without its move saved:\nbefore %+v\nafter  %+v", b, a)
			}
		default:
			more = false
		}
	}
	if n := logs.count(slog.LevelError); n != 1 {
		t.Errorf("%d errors logged for three refused moves, want one", n)
	}

	back()
	// The first statement on a connection the outage ended may still fail;
	// the pool then opens a new one.
	var err2 error
	for range 3 {
		if err2 = r.Act(ctx, p, action); err2 == nil {
			break
		}
	}
	if err2 != nil {
		t.Fatalf("%s %s with the database back = %v", p.Name, action, err2)
	}
	acknowledged++
	if n := logs.count(slog.LevelInfo); n != 1 {
		t.Errorf("%d lines at INFO once saving works again, want one", n)
	}

	games, err := st.UnfinishedGames(ctx)
	if err != nil || len(games) != 1 {
		t.Fatalf("UnfinishedGames = %v, %v; want the game", games, err)
	}
	lines, err := st.Actions(ctx, games[0].ID)
	if err != nil || len(lines) != acknowledged {
		t.Errorf("the journal holds %d actions (%v), want the %d acknowledged", len(lines), err, acknowledged)
	}
}
