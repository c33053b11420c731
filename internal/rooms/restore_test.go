package rooms_test

import (
	"context"
	"crypto/ed25519"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/rooms"
	"hotels/internal/store"
)

// journalOf joins a store and its group-committing appender as the server
// wires them.
type journalOf struct {
	*store.Store
	app *store.Appender
}

func (j journalOf) AppendAction(ctx context.Context, id store.GameID, seq int, line string) error {
	return j.app.AppendAction(ctx, id, seq, line)
}

func TestRestoreAfterRestart(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "hotels.db")
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	app := store.NewAppender(st)
	j := journalOf{st, app}
	ids := map[string]store.AccountID{}
	for _, name := range []string{"ann", "bob"} {
		pub, _, _ := ed25519.GenerateKey(nil)
		key, _ := gossh.NewPublicKey(pub)
		acct, err := st.CreateAccount(ctx, name, string(gossh.MarshalAuthorizedKey(key)))
		if err != nil {
			t.Fatal(err)
		}
		ids[name] = acct.ID
	}
	a, b := rooms.Player{ID: ids["ann"], Name: "ann"}, rooms.Player{ID: ids["bob"], Name: "bob"}
	tm := &timers{}
	l := rooms.NewLobby(rooms.Config{Journal: j, Kinds: []engine.Kind{acquire.Kind}, BotDelay: botDelay, After: tm.after})
	r, _ := l.Create(ctx, a, rooms.Settings{Seats: 3})
	r.Sit(ctx, b)
	r.AddBot(ctx, a, "")
	if err := r.Start(ctx, a); err != nil {
		t.Fatal(err)
	}
	// Play a dozen decisions with whoever is on turn; bots move when their
	// timers are fired.
	chA, stopA, _ := r.Subscribe(ctx, a)
	chB, stopB, _ := r.Subscribe(ctx, b)
	await := func(ch <-chan *rooms.Snapshot) *rooms.Snapshot {
		for {
			select {
			case s := <-ch:
				return s
			case <-time.After(5 * time.Millisecond):
				tm.fire()
			}
		}
	}
	var snap *rooms.Snapshot
	for n := 0; n < 12; {
		snap = await(chA)
		p, ps := a, snap
		switch snap.Seats[snap.Turn].Name {
		case "bob":
			p, ps = b, next(t, chB, func(x *rooms.Snapshot) bool { return x.Version >= snap.Version })
		case "ann":
		default:
			continue
		}
		if err := r.Act(ctx, p, firstLegal(ps.Game.(*acquire.View))); err == nil {
			n++
		}
	}
	snap = next(t, chA, func(*rooms.Snapshot) bool { return true })
	var before *acquire.View
	before = snap.Game.(*acquire.View)
	stopA()
	stopB()
	l.Close("restarting")
	app.Close()
	st.Close()

	// The restart.
	st, err = store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	app = store.NewAppender(st)
	defer app.Close()
	l = rooms.NewLobby(rooms.Config{Journal: journalOf{st, app}, Kinds: []engine.Kind{acquire.Kind}, After: (&timers{}).after})
	defer l.Close("test over")
	n, err := l.Restore(ctx, st)
	if err != nil || n != 1 {
		t.Fatalf("Restore = %d, %v; want 1 room", n, err)
	}
	r = l.SeatOf(a)
	if r == nil {
		t.Fatal("ann has no seat after the restart")
	}
	ch, stop, err := r.Subscribe(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	after := next(t, ch, func(s *rooms.Snapshot) bool { return seatState(s, "ann") == rooms.SeatReady }).Game.(*acquire.View)
	if fmt.Sprint(after.Board, after.Cash, after.Shares, after.Rack, after.Phase, after.ToMove) !=
		fmt.Sprint(before.Board, before.Cash, before.Shares, before.Rack, before.Phase, before.ToMove) {
		t.Errorf("the game changed across the restart:\nbefore %+v\nafter  %+v", before, after)
	}
}

func TestRestoreMarksBrokenGames(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "hotels.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	id, _ := st.CreateGame(ctx, store.NewGame{Game: "acquire", Rules: "modern", Chance: "hotels-record 1\ngame acquire\nseat ann\nseat bob\nbag 1A 2A\n", Status: store.StatusPlaying,
		Seats: []store.Seat{{Index: 0, Name: "ann"}, {Index: 1, Name: "bob"}}})
	st.AppendAction(ctx, id, 1, "bob play 9I") // not bob's turn, not his tile
	l := rooms.NewLobby(rooms.Config{Journal: st, Kinds: []engine.Kind{acquire.Kind}, After: (&timers{}).after, Grace: time.Minute})
	defer l.Close("")
	if n, err := l.Restore(ctx, st); err != nil || n != 0 {
		t.Fatalf("Restore = %d, %v; want 0 rooms and no error", n, err)
	}
	g, _ := st.Game(ctx, id)
	if g.Status != store.StatusAborted || g.Result == "" {
		t.Errorf("broken game is %s with result %q; want aborted with the reason", g.Status, g.Result)
	}
}
