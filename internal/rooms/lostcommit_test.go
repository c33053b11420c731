package rooms_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/rooms"
	"hotels/internal/rooms/roomstest"
	"hotels/internal/store"
	"hotels/internal/store/storetest"
)

// loseAnswer is a journal whose next append, once armed, commits and then
// answers with an error, as when the connection drops while PostgreSQL
// commits.
type loseAnswer struct {
	store.Journal
	mu    sync.Mutex
	armed bool
}

func (j *loseAnswer) AppendAction(ctx context.Context, id store.GameID, seq int, lines ...string) error {
	err := j.Journal.AppendAction(ctx, id, seq, lines...)
	j.mu.Lock()
	defer j.mu.Unlock()
	if err == nil && j.armed {
		j.armed = false
		return errors.New("connection reset by peer")
	}
	return err
}

// lossyDuel starts a duel of kind between ann and bob, journaled in a
// store of the test's own through a journal whose answers can be lost, and
// returns the store and the journal with it.
func lossyDuel(t *testing.T, kind engine.Kind) (*store.Store, *loseAnswer, *duel) {
	t.Helper()
	st, err := store.Open(context.Background(), storetest.Data(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	app := store.NewAppender(st)
	t.Cleanup(app.Close)
	j := &loseAnswer{Journal: store.Journal{Store: st, Appender: app}}
	ps := roomstest.Accounts(t, st, "ann", "bob")
	l := rooms.NewLobby(rooms.Config{Journal: j, Kinds: []engine.Kind{kind}, Grace: time.Minute, After: (&roomstest.Timers{}).After})
	t.Cleanup(func() { l.Close("test over") })
	return st, j, startDuel(t, l, ps)
}

// Issue 18: an action saved whose answer was lost is not in the room's
// game, and the next different action takes its number. The journal is the
// truth: the room reads the line it lacks, shows it, refuses the action
// judged on the old game with a message that says the game moved on, and
// play goes on from the journal's game.
func TestLostCommitAnswerDoesNotJamTheRoom(t *testing.T) {
	ctx := context.Background()
	st, j, d := lossyDuel(t, acquire.Kind)
	r := d.r
	p, s := d.onTurn(t, 0)
	var plays []string
	for _, ti := range s.Game.(*acquire.View).Rack {
		if ti.Class.Playable() {
			plays = append(plays, "play "+ti.Tile.String())
		}
	}
	if len(plays) < 2 {
		t.Fatalf("%s can play %v: want two tiles to choose from", p.Name, plays)
	}
	sg, err := st.UnfinishedGames(ctx)
	if err != nil || len(sg) != 1 {
		t.Fatalf("UnfinishedGames = %v, %v; want the one game", sg, err)
	}
	id := sg[0].ID
	before, err := st.Actions(ctx, id)
	if err != nil {
		t.Fatal(err)
	}

	j.mu.Lock()
	j.armed = true
	j.mu.Unlock()
	if err := r.Act(ctx, p, plays[0]); !errors.Is(err, rooms.ErrSaveFailed) {
		t.Fatalf("%s %s, its answer lost: %v; want %v", p.Name, plays[0], err, rooms.ErrSaveFailed)
	}
	err = r.Act(ctx, p, plays[1])
	if !errors.Is(err, rooms.ErrMovedOn) {
		t.Fatalf("%s %s after the lost answer: %v; want %v", p.Name, plays[1], err, rooms.ErrMovedOn)
	}
	lines, err := st.Actions(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != len(before)+1 || !strings.Contains(lines[len(before)], plays[0]) {
		t.Fatalf("journal after the lost answer: %q after %d lines; want only %q added", lines[len(before):], len(before), plays[0])
	}

	// The room shows the journal's game, and play goes on from it.
	for range 3 {
		p, s = d.onTurn(t, s.Version+1)
		action := roomstest.FirstLegal(s.Game.(*acquire.View))
		if err := r.Act(ctx, p, action); err != nil {
			t.Fatalf("%s %s after catching up: %v", p.Name, action, err)
		}
	}
	lines, err = st.Actions(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) < len(before)+4 {
		t.Errorf("journal has %d lines after 3 more moves; want at least %d", len(lines), len(before)+4)
	}
}

// A move and the throw it made due are one commit: when its answer is
// lost, both are in the journal and neither in the room. The move asked
// again finds its number taken (or, thrown alike, the same lines saved):
// the room applies the journal's move and throw, never throws again, and
// play goes on from them.
func TestLostCommitAnswerOfAMoveAndItsThrow(t *testing.T) {
	ctx := context.Background()
	st, j, d := lossyDuel(t, raceKind)
	r := d.r
	p, s := d.onTurn(t, 0)

	j.mu.Lock()
	j.armed = true
	j.mu.Unlock()
	if err := r.Act(ctx, p, "go"); !errors.Is(err, rooms.ErrSaveFailed) {
		t.Fatalf("%s go, its answer lost: %v; want %v", p.Name, err, rooms.ErrSaveFailed)
	}
	if err := r.Act(ctx, p, "go"); err != nil && !errors.Is(err, rooms.ErrMovedOn) {
		t.Fatalf("%s go again after the lost answer: %v; want it saved already, or %v", p.Name, err, rooms.ErrMovedOn)
	}
	lines, err := st.Actions(ctx, s.GameID)
	if err != nil || len(lines) != 2 || lines[0] != p.Name+" go" || !strings.HasPrefix(lines[1], "roll ") {
		t.Fatalf("journal after the lost answer and the retry = %q, %v; want %s's go and one throw", lines, err, p.Name)
	}
	next, _ := d.onTurn(t, s.Version+1)
	if next == p {
		t.Fatalf("%s is still to move after the journal's move and throw", p.Name)
	}
	if err := r.Act(ctx, next, "go"); err != nil {
		t.Fatalf("%s go after catching up: %v", next.Name, err)
	}
	if lines, err := st.Actions(ctx, s.GameID); err != nil || len(lines) != 4 {
		t.Errorf("journal after the next move = %q, %v; want four lines", lines, err)
	}
}
