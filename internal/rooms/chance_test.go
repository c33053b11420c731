package rooms_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"hotels/internal/engine"
	"hotels/internal/rooms"
	"hotels/internal/rooms/roomstest"
	"hotels/internal/store"
	"hotels/internal/store/storetest"
)

// race is a two-seat dice game with no rule sets, for the room's chance
// seat: the seat to move says "go", the die (Chance) throws "roll 1" or
// "roll 2" (2 twice as likely), and the first seat to reach raceGoal points
// wins.
type race struct {
	names   [2]string
	points  [2]int
	turn    int
	rolling bool
	log     string
}

const raceGoal = 6

type raceAction string

func (a raceAction) String() string { return string(a) }

var raceKind = engine.Kind{
	Name: "race", Title: "Race", MinSeats: 2, MaxSeats: 2, Unit: engine.Points,
	Deal: func(rules string, options []string, seats []string, seed uint64) (engine.Game, string, error) {
		if rules != "" || len(options) > 0 {
			return nil, "", fmt.Errorf("race: no rules or options, got %q %q", rules, options)
		}
		return &race{names: [2]string{seats[0], seats[1]}}, "seats " + strings.Join(seats, " "), nil
	},
	Resume: func(header string, lines []string) (engine.Game, error) {
		f := strings.Fields(header)
		if len(f) != 3 || f[0] != "seats" {
			return nil, fmt.Errorf("race: header %q", header)
		}
		g := &race{names: [2]string{f[1], f[2]}}
		for _, l := range lines {
			l, _, _ = strings.Cut(l, "#")
			seat, text := engine.SplitLine(g.Seats(), l)
			a, err := g.ParseAction(seat, text)
			if err == nil {
				err = g.Apply(seat, a)
			}
			if err != nil {
				return nil, err
			}
		}
		return g, nil
	},
}

func (g *race) Seats() []string { return g.names[:] }

func (g *race) over() bool { return max(g.points[0], g.points[1]) >= raceGoal }

func (g *race) ToMove() (engine.Seat, bool) {
	switch {
	case g.over():
		return 0, false
	case g.rolling:
		return engine.Chance, true
	}
	return engine.Seat(g.turn), true
}

func (g *race) Legal(seat engine.Seat) []engine.Action {
	switch to, ok := g.ToMove(); {
	case !ok || to != seat:
		return nil
	case seat == engine.Chance:
		return []engine.Action{raceAction("roll 1"), raceAction("roll 2"), raceAction("roll 2")}
	}
	return []engine.Action{raceAction("go")}
}

func (g *race) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	for _, a := range g.Legal(seat) {
		if a.String() == text {
			return a, nil
		}
	}
	return nil, fmt.Errorf("race: %q: %w", text, engine.ErrIllegal)
}

func (g *race) Apply(seat engine.Seat, a engine.Action) error {
	if _, err := g.ParseAction(seat, a.String()); err != nil {
		return err
	}
	if seat != engine.Chance {
		g.rolling, g.log = true, g.names[seat]+" throws"
		return nil
	}
	n := int(a.String()[len("roll ")] - '0')
	g.points[g.turn] += n
	g.rolling, g.log = false, fmt.Sprintf("%s rolls %d", g.names[g.turn], n)
	g.turn = 1 - g.turn
	return nil
}

func (g *race) Log(engine.Seat) []string { return []string{g.log} }
func (g *race) View(engine.Seat) any     { c := *g; return &c }
func (g *race) Due() string              { return "" }
func (g *race) Clone() engine.Game       { c := *g; return &c }

func (g *race) Standings() []engine.Standing {
	if !g.over() {
		return nil
	}
	win := 0
	if g.points[1] > g.points[0] {
		win = 1
	}
	return []engine.Standing{
		{Seat: engine.Seat(win), Name: g.names[win], Score: g.points[win], Place: 1},
		{Seat: engine.Seat(1 - win), Name: g.names[1-win], Score: g.points[1-win], Place: 2},
	}
}

// refusing is a journal that refuses to save throws while refuse is set,
// with every action committed with them, and counts its commits.
type refusing struct {
	rooms.Journal
	mu      sync.Mutex
	refuse  bool
	commits int
}

func (j *refusing) AppendAction(ctx context.Context, id store.GameID, seq int, lines ...string) error {
	j.mu.Lock()
	refuse := j.refuse && slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, "roll ") })
	j.commits++
	j.mu.Unlock()
	if refuse {
		return errors.New("disk full")
	}
	return j.Journal.AppendAction(ctx, id, seq, lines...)
}

func (j *refusing) set(refuse bool) (commits int) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.refuse = refuse
	return j.commits
}

// TestChanceSeat: the room throws the die itself, journals each throw as a
// seat-less line before anyone sees it, in one commit with the move that
// made it due, never shows Chance as the seat to move, and stores each
// seat's place when the game ends. A move whose throw cannot be saved is
// not saved either.
func TestChanceSeat(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	mem, tm := newJournal(), &roomstest.Timers{}
	j := &refusing{Journal: mem}
	l := rooms.NewLobby(rooms.Config{Journal: j, Kinds: []engine.Kind{raceKind}, BotDelay: roomstest.BotDelay, After: tm.After})
	t.Cleanup(func() { l.Close("test over") })
	// A clock, which must never time the die.
	r, err := l.Create(ctx, ann, rooms.Settings{Seats: 2, Clock: rooms.Clock{Move: time.Minute}})
	if err != nil {
		t.Fatalf("Create(a game with no rule sets) = %v", err)
	}
	if err := r.Sit(ctx, bob); err != nil {
		t.Fatal(err)
	}
	if err := r.Start(ctx, ann); err != nil {
		t.Fatal(err)
	}
	ch, stop, _ := r.Subscribe(ctx, ann)
	defer stop()
	who := map[string]rooms.Player{"ann": ann, "bob": bob}

	// A move whose throw cannot be saved is refused: neither is journaled
	// or shown, and the same seat is still to move.
	j.set(true)
	s := roomstest.Next(t, ch, func(s *rooms.Snapshot) bool { return s.Turn >= 0 })
	p := who[s.Seats[s.Turn].Name]
	if err := r.Act(ctx, p, "go"); !errors.Is(err, rooms.ErrSaveFailed) {
		t.Fatalf("%s go, its throw refused: %v; want %v", p.Name, err, rooms.ErrSaveFailed)
	}
	if lines, _ := mem.saved(1); len(lines) != 0 {
		t.Fatalf("journal after a refused throw = %q, want nothing", lines)
	}
	now, stopNow, _ := r.Subscribe(ctx, bob) // the room as it is now
	snap := roomstest.Next(t, now, func(*rooms.Snapshot) bool { return true })
	stopNow()
	if snap.Turn != s.Turn || slices.ContainsFunc(snap.Log, func(e rooms.Event) bool { return e.Seat == engine.Chance }) {
		t.Fatalf("after a refused move and throw the room shows seat %d to move, events %v; want %s still to move, no throw", snap.Turn, snap.Log, p.Name)
	}
	before := j.set(false)
	if err := r.Act(ctx, p, "go"); err != nil {
		t.Fatalf("%s go again: %v", p.Name, err)
	}
	lines, _ := mem.saved(1)
	if len(lines) != 2 || lines[0] != p.Name+" go" || !strings.HasPrefix(lines[1], "roll ") {
		t.Fatalf("journal after a move = %q, want %s's go and a throw", lines, p.Name)
	}
	if commits := j.set(false) - before; commits != 1 {
		t.Errorf("a move and its throw took %d commits, want one", commits)
	}

	for turns := 0; ; turns++ {
		s := roomstest.Next(t, ch, func(s *rooms.Snapshot) bool {
			lines, _ := mem.saved(1)
			return s.Room.Status == rooms.Over || (s.Turn >= 0 && len(lines)%2 == 0)
		})
		if s.Turn == engine.Chance {
			t.Fatal("a snapshot shows Chance as the seat to move")
		}
		if s.Room.Status == rooms.Over {
			break
		}
		if turns > 20 {
			t.Fatal("the race does not end")
		}
		if err := r.Act(ctx, who[s.Seats[s.Turn].Name], "go"); err != nil {
			t.Fatal(err)
		}
	}
	lines, result := mem.saved(1)
	for i, l := range lines {
		seat, text := engine.SplitLine([]string{"ann", "bob"}, l)
		if (i%2 == 0) != (seat != engine.Chance) || (seat == engine.Chance && text != "roll 1" && text != "roll 2") {
			t.Fatalf("journal line %d = %q; want a seat's go, then a seat-less roll, in turn: %q", i+1, l, lines)
		}
	}
	mem.mu.Lock()
	places, game := mem.places[1], mem.games[1]
	mem.mu.Unlock()
	var got []int
	for _, o := range places {
		got = append(got, o.Place)
	}
	if slices.Sort(got); !slices.Equal(got, []int{1, 2}) || game.Rules != "" {
		t.Errorf("finished with places %v (rules %q) and result %q; want places 1 and 2, no rules", places, game.Rules, result)
	}
}

// stoppedBeforeThrow returns a store holding a race of two bots whose
// server stopped after ann's go was journaled and before the throw it made
// due was, and the race's game id.
func stoppedBeforeThrow(t *testing.T) (*store.Store, store.GameID) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, storetest.Data(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	id, err := st.CreateGame(ctx, store.NewGame{Game: "race", Chance: "seats ann bob", Status: store.StatusPlaying,
		Seats: []store.Seat{{Index: 0, Name: "ann", Bot: "random"}, {Index: 1, Name: "bob", Bot: "random"}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.AppendAction(ctx, id, 1, "ann go"); err != nil {
		t.Fatal(err)
	}
	return st, id
}

// TestChanceAfterRestart: a restart replays the throws in the journal and
// never throws them again; a throw that was due but never journaled is
// thrown once.
func TestChanceAfterRestart(t *testing.T) {
	ctx := context.Background()
	st, id := stoppedBeforeThrow(t)
	for restart := range 3 {
		tm := &roomstest.Timers{}
		l := rooms.NewLobby(rooms.Config{Journal: st, Kinds: []engine.Kind{raceKind}, BotDelay: roomstest.BotDelay, After: tm.After})
		if n, err := l.Restore(ctx, st); n != 1 || err != nil {
			t.Fatalf("restart %d: Restore = %d, %v; want the race back", restart, n, err)
		}
		l.Close("restarting")
		lines, err := st.Actions(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if len(lines) != 2 || lines[0] != "ann go" || !strings.HasPrefix(lines[1], "roll ") {
			t.Fatalf("after restart %d the journal is %q; want ann's go and one throw", restart, lines)
		}
	}
}

// TestThrowAloneRetried: a throw due with no move to commit it with (one
// due but never journaled, after a restart) that cannot be saved is tried
// again after the bot delay; until then nothing is journaled or thrown.
func TestThrowAloneRetried(t *testing.T) {
	ctx := context.Background()
	st, id := stoppedBeforeThrow(t)
	j, tm := &refusing{Journal: st, refuse: true}, &roomstest.Timers{}
	l := rooms.NewLobby(rooms.Config{Journal: j, Kinds: []engine.Kind{raceKind}, BotDelay: roomstest.BotDelay, After: tm.After})
	defer l.Close("test over")
	if n, err := l.Restore(ctx, st); n != 1 || err != nil {
		t.Fatalf("Restore = %d, %v; want the race back", n, err)
	}
	if lines, err := st.Actions(ctx, id); err != nil || len(lines) != 1 {
		t.Fatalf("journal after a refused throw = %q, %v; want ann's go alone", lines, err)
	}
	if n := tm.Armed(roomstest.BotDelay); n != 1 {
		t.Fatalf("%d callbacks after the bot delay, want one: the throw again", n)
	}
	j.set(false)
	tm.Fire()
	deadline := time.Now().Add(10 * time.Second)
	for {
		lines, err := st.Actions(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if len(lines) >= 2 {
			if !strings.HasPrefix(lines[1], "roll ") {
				t.Fatalf("journal after the throw was tried again = %q, want ann's go, then a throw", lines)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the refused throw was not tried again")
		}
		time.Sleep(time.Millisecond)
	}
}

// TestPlaceFinished: a game finished before places were stored gets its
// seats' places and scores once, from a replay; a game of a kind the lobby
// does not host is left as it is.
func TestPlaceFinished(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, storetest.Data(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	seats := []store.Seat{{Index: 0, Name: "ann", Bot: "random"}, {Index: 1, Name: "bob", Bot: "random"}}
	id, _ := st.CreateGame(ctx, store.NewGame{Game: "race", Chance: "seats ann bob", Status: store.StatusPlaying, Seats: seats})
	for i, l := range []string{"ann go", "roll 2", "bob go", "roll 2", "ann go", "roll 2", "bob go", "roll 1", "ann go", "roll 2"} {
		if err := st.AppendAction(ctx, id, i+1, l); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.FinishGame(ctx, id, "ann 6 bob 3", nil); err != nil { // as before places were stored
		t.Fatal(err)
	}
	other, _ := st.CreateGame(ctx, store.NewGame{Game: "chess", Status: store.StatusPlaying, Seats: seats})
	if err := st.FinishGame(ctx, other, "ann 1 bob 0", nil); err != nil {
		t.Fatal(err)
	}
	l := rooms.NewLobby(rooms.Config{Journal: st, Kinds: []engine.Kind{raceKind}})
	defer l.Close("test over")
	if n, err := l.PlaceFinished(ctx, st); n != 1 || err != nil {
		t.Fatalf("PlaceFinished = %d, %v; want the race placed", n, err)
	}
	g, _ := st.Game(ctx, id)
	if got := []int{g.Seats[0].Place, g.Seats[0].Score, g.Seats[1].Place, g.Seats[1].Score}; !slices.Equal(got, []int{1, 6, 2, 3}) {
		t.Errorf("seats placed (place, score each) %v, want [1 6 2 3]", got)
	}
	if n, err := l.PlaceFinished(ctx, st); n != 0 || err != nil {
		t.Errorf("PlaceFinished again = %d, %v; want nothing left to place", n, err)
	}
}
