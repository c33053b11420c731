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
	"hotels/internal/engine/acquire"
	"hotels/internal/rooms"
	"hotels/internal/rooms/roomstest"
	"hotels/internal/store"
)

// journal is an in-memory Journal that can be made to fail.
type journal struct {
	mu      sync.Mutex
	games   map[store.GameID]store.NewGame
	lines   map[store.GameID][]string
	results map[store.GameID]string
	places  map[store.GameID][]store.Outcome
	removed []string // "game seat" of each player removed
	waiting map[string]store.WaitingRoom
	fail    bool
}

func newJournal() *journal {
	return &journal{games: map[store.GameID]store.NewGame{}, lines: map[store.GameID][]string{}, results: map[store.GameID]string{}, places: map[store.GameID][]store.Outcome{}, waiting: map[string]store.WaitingRoom{}}
}

func (j *journal) CreateGame(_ context.Context, g store.NewGame) (store.GameID, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.fail {
		return 0, errors.New("disk full")
	}
	id := store.GameID(len(j.games) + 1)
	j.games[id] = g
	return id, nil
}

func (j *journal) AppendAction(_ context.Context, id store.GameID, seq int, lines ...string) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.fail {
		return errors.New("disk full")
	}
	if seq != len(j.lines[id])+1 {
		return fmt.Errorf("seq %d after %d", seq, len(j.lines[id]))
	}
	j.lines[id] = append(j.lines[id], lines...)
	return nil
}

func (j *journal) ActionsAfter(_ context.Context, id store.GameID, seq int) ([]string, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	return append([]string(nil), j.lines[id][seq:]...), nil
}

func (j *journal) FinishGame(_ context.Context, id store.GameID, result string, places []store.Outcome) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.results[id], j.places[id] = result, places
	return nil
}

func (j *journal) AbortGame(_ context.Context, id store.GameID, reason string) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.results[id] = "aborted: " + reason
	return nil
}

func (j *journal) RemovePlayer(_ context.Context, id store.GameID, seat int) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.fail {
		return errors.New("disk full")
	}
	j.removed = append(j.removed, fmt.Sprint(id, seat))
	return nil
}

func (j *journal) SaveWaitingRoom(_ context.Context, w store.WaitingRoom) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.fail {
		return errors.New("disk full")
	}
	j.waiting[w.ID] = w
	return nil
}

func (j *journal) DropWaitingRoom(_ context.Context, id string) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.fail {
		return errors.New("disk full")
	}
	delete(j.waiting, id)
	return nil
}

// PlayingRoom is the room of the newest unfinished game account sits in.
func (j *journal) PlayingRoom(_ context.Context, account store.AccountID) (string, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	var newest store.GameID
	for id, g := range j.games {
		if _, over := j.results[id]; over || id < newest {
			continue
		}
		for _, st := range g.Seats {
			if st.Account == account && !slices.Contains(j.removed, fmt.Sprint(id, st.Index)) {
				newest = id
			}
		}
	}
	if newest == 0 {
		return "", store.ErrNotFound
	}
	return j.games[newest].Room.ID, nil
}

func (j *journal) saved(id store.GameID) ([]string, string) {
	j.mu.Lock()
	defer j.mu.Unlock()
	return append([]string(nil), j.lines[id]...), j.results[id]
}

var (
	ann = rooms.Player{ID: 1, Name: "ann"}
	bob = rooms.Player{ID: 2, Name: "bob"}
	cat = rooms.Player{ID: 3, Name: "cat"}
)

func newLobby(t *testing.T, j *journal, tm *roomstest.Timers) *rooms.Lobby {
	t.Helper()
	l := rooms.NewLobby(rooms.Config{
		Journal: j, Kinds: []engine.Kind{acquire.Kind},
		Grace: time.Minute, BotDelay: roomstest.BotDelay, After: tm.After,
	})
	t.Cleanup(func() { l.Close("test over") })
	return l
}

// texts is a log's lines as its subscriber reads them.
func texts(log []rooms.Event) []string {
	out := make([]string, len(log))
	for i, e := range log {
		out[i] = e.Text
	}
	return out
}

func TestWaitingRoom(t *testing.T) {
	ctx := context.Background()
	j, tm := newJournal(), &roomstest.Timers{}
	l := newLobby(t, j, tm)
	r, err := l.Create(ctx, ann, rooms.Settings{Seats: 3})
	if err != nil {
		t.Fatal(err)
	}
	ch, stop, err := r.Subscribe(ctx, ann)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	steps := []struct {
		name string
		do   func() error
		want error
	}{
		{"start with empty seats", func() error { return r.Start(ctx, ann) }, rooms.ErrSeatsEmpty},
		{"bob sits", func() error { return r.Sit(ctx, bob) }, nil},
		{"bob sits again", func() error { return r.Sit(ctx, bob) }, nil},
		{"only the host adds bots", func() error { return r.AddBot(ctx, bob, "") }, rooms.ErrNotHost},
		{"only the host starts", func() error { return r.Start(ctx, bob) }, rooms.ErrNotHost},
		{"host adds a bot", func() error { return r.AddBot(ctx, ann, "") }, nil},
		{"the room is full", func() error { return r.Sit(ctx, cat) }, rooms.ErrRoomFull},
		{"kick the bot", func() error { return r.Kick(ctx, ann, 2) }, nil},
		{"cat takes the seat", func() error { return r.Sit(ctx, cat) }, nil},
		{"cat stands up", func() error { return r.Stand(ctx, cat) }, nil},
		{"host adds a bot again", func() error { return r.AddBot(ctx, ann, "") }, nil},
		{"chat", func() error { return r.Chat(ctx, bob, "hi \x1b[31mall") }, nil},
		{"no empty chat", func() error { return r.Chat(ctx, bob, " \x1b[0m ") }, errAny},
		{"no long chat", func() error { return r.Chat(ctx, bob, strings.Repeat("x", rooms.MaxChat+1)) }, errAny},
		{"acting before the start", func() error { return r.Act(ctx, ann, "play 1A") }, rooms.ErrNotStarted},
		{"start", func() error { return r.Start(ctx, ann) }, nil},
		{"start twice", func() error { return r.Start(ctx, ann) }, rooms.ErrStarted},
		{"sit after the start", func() error { return r.Sit(ctx, cat) }, rooms.ErrStarted},
		{"watchers cannot act", func() error { return r.Act(ctx, cat, "play 1A") }, rooms.ErrNotSeated},
	}
	for _, s := range steps {
		err := s.do()
		if s.want == errAny && err != nil {
			continue
		}
		if !errors.Is(err, s.want) {
			t.Fatalf("%s: err = %v, want %v", s.name, err, s.want)
		}
	}
	snap := roomstest.Next(t, ch, func(s *rooms.Snapshot) bool { return s.Room.Status == rooms.Playing })
	if len(snap.Chat) != 1 || snap.Chat[0].Text != "hi all" || snap.Chat[0].From != "bob" {
		t.Errorf("chat = %+v, want bob's sanitised hi all", snap.Chat)
	}
	states := map[string]rooms.SeatState{}
	for _, s := range snap.Seats {
		states[s.Name] = s.State
	}
	if want := map[string]rooms.SeatState{"ann": rooms.SeatReady, "bob": rooms.SeatReady, "bot1": rooms.SeatBot}; fmt.Sprint(states) != fmt.Sprint(want) {
		t.Errorf("seats = %v, want %v", states, want)
	}
	if _, ok := snap.Game.(*acquire.View); !ok {
		t.Fatalf("game view is %T", snap.Game)
	}
}

var errAny = errors.New("any error")

func TestChatRateLimit(t *testing.T) {
	ctx := context.Background()
	l := newLobby(t, newJournal(), &roomstest.Timers{})
	r, _ := l.Create(ctx, ann, rooms.Settings{Seats: 2})
	var err error
	n := 0
	for ; n < 20 && err == nil; n++ {
		err = r.Chat(ctx, ann, "spam")
	}
	if !errors.Is(err, rooms.ErrChatTooFast) || n != 6 {
		t.Fatalf("after %d messages err = %v, want ErrChatTooFast after 6", n, err)
	}
}

// A bot account's chat line says so (issue 24), for the chat to mark it.
func TestChatMarksBotAccount(t *testing.T) {
	ctx := context.Background()
	l := newLobby(t, newJournal(), &roomstest.Timers{})
	r, _ := l.Create(ctx, ann, rooms.Settings{Seats: 2})
	ch := subscribe(t, r, ann)
	robo := rooms.Player{ID: 99, Name: "robo", Bot: true}
	for _, p := range []rooms.Player{ann, robo} {
		if err := r.Chat(ctx, p, "hi"); err != nil {
			t.Fatal(err)
		}
	}
	s := roomstest.Next(t, ch, func(s *rooms.Snapshot) bool { return len(s.Chat) == 2 })
	if s.Chat[0].Bot || !s.Chat[1].Bot {
		t.Errorf("chat %+v: want robo's line alone from a bot account", s.Chat)
	}
}

// play makes p's decisions with the first legal action until the game is
// over, and returns the last snapshot p saw.
func play(t *testing.T, ctx context.Context, r *rooms.Room, p rooms.Player, ch <-chan *rooms.Snapshot) *rooms.Snapshot {
	t.Helper()
	for {
		s := roomstest.Next(t, ch, func(s *rooms.Snapshot) bool { return s.Room.Status == rooms.Over || s.Turn == s.You })
		if s.Room.Status == rooms.Over {
			return s
		}
		v := s.Game.(*acquire.View)
		if err := r.Act(ctx, p, roomstest.FirstLegal(v)); err != nil && !errors.Is(err, engine.ErrIllegal) {
			t.Fatal(err)
		}
	}
}

// startWithBots starts ann's three-seat game of l with options and two
// bots, and returns it with ann's snapshots and those of cat, who watches.
func startWithBots(t *testing.T, ctx context.Context, l *rooms.Lobby, options []string) (r *rooms.Room, ch, watch <-chan *rooms.Snapshot) {
	t.Helper()
	r, _ = l.Create(ctx, ann, rooms.Settings{Seats: 3, Options: options})
	ch, stop, _ := r.Subscribe(ctx, ann)
	t.Cleanup(stop)
	watch, stopWatch, _ := r.Subscribe(ctx, cat)
	t.Cleanup(stopWatch)
	r.AddBot(ctx, ann, "")
	r.AddBot(ctx, ann, "")
	if err := r.Start(ctx, ann); err != nil {
		t.Fatal(err)
	}
	return r, ch, watch
}

func TestGameToTheEnd(t *testing.T) {
	ctx := context.Background()
	j, tm := newJournal(), &roomstest.Timers{BotNow: true}
	l := newLobby(t, j, tm)
	r, ch, watch := startWithBots(t, ctx, l, nil)
	final := play(t, ctx, r, ann, ch)
	v := final.Game.(*acquire.View)
	if len(v.Standings) != 3 {
		t.Fatalf("standings = %v", v.Standings)
	}
	// Every action was saved, and the saved lines replay to the same end.
	lines, result := j.saved(1)
	g, err := acquire.Kind.Resume(j.games[1].Chance, lines)
	if err != nil {
		t.Fatalf("resume from the journal: %v", err)
	}
	if got := fmt.Sprint(g.Standings()); got != fmt.Sprint(v.Standings) {
		t.Errorf("replayed standings %s, room's %s", got, fmt.Sprint(v.Standings))
	}
	if result == "" {
		t.Error("the result was not saved")
	}
	// The watcher sees the end too, and never a rack.
	w := roomstest.Next(t, watch, func(s *rooms.Snapshot) bool { return s.Room.Status == rooms.Over })
	if w.You != engine.Watcher || len(w.Game.(*acquire.View).Rack) != 0 {
		t.Errorf("watcher snapshot: you=%d rack=%v", w.You, w.Game.(*acquire.View).Rack)
	}
	// Watchers share what they draw from their snapshot; a seat draws its own.
	if w.Memo == nil || final.Memo != nil {
		t.Errorf("memo: watcher's %v, seat's %v; want one for the watchers only", w.Memo, final.Memo)
	}
}

func TestSaveFailureChangesNothing(t *testing.T) {
	ctx := context.Background()
	j, tm := newJournal(), &roomstest.Timers{}
	l := newLobby(t, j, tm)
	r, _ := l.Create(ctx, ann, rooms.Settings{Seats: 2})
	r.Sit(ctx, bob)
	if err := r.Start(ctx, ann); err != nil {
		t.Fatal(err)
	}
	ch, stop, _ := r.Subscribe(ctx, ann)
	defer stop()
	s := roomstest.Next(t, ch, func(*rooms.Snapshot) bool { return true })
	p := map[string]rooms.Player{"ann": ann, "bob": bob}[s.Seats[s.Turn].Name]
	v := s.Game.(*acquire.View)
	_ = v
	j.mu.Lock()
	j.fail = true
	j.mu.Unlock()
	before := s.Version
	act := "play " + firstTile(t, ctx, r, p)
	if err := r.Act(ctx, p, act); !errors.Is(err, rooms.ErrSaveFailed) {
		t.Fatalf("act with a failing store: %v", err)
	}
	after := roomstest.Next(t, ch, func(*rooms.Snapshot) bool { return true })
	if after.Version <= before || fmt.Sprint(after.Game.(*acquire.View).Board) != fmt.Sprint(s.Game.(*acquire.View).Board) {
		t.Error("a refused save changed the board")
	}
	j.mu.Lock()
	j.fail = false
	j.mu.Unlock()
	if err := r.Act(ctx, p, act); err != nil {
		t.Fatalf("act after the store is back: %v", err)
	}
}

// firstTile returns a playable tile of p's rack.
func firstTile(t *testing.T, ctx context.Context, r *rooms.Room, p rooms.Player) string {
	ch, stop, _ := r.Subscribe(ctx, p)
	defer stop()
	s := roomstest.Next(t, ch, func(*rooms.Snapshot) bool { return true })
	for _, ti := range s.Game.(*acquire.View).Rack {
		if ti.Class.Playable() {
			return ti.Tile.String()
		}
	}
	t.Fatal("no playable tile")
	return ""
}

func TestAwayAndAutopilot(t *testing.T) {
	ctx := context.Background()
	j, tm := newJournal(), &roomstest.Timers{BotNow: true}
	l := newLobby(t, j, tm)
	r, _ := l.Create(ctx, ann, rooms.Settings{Seats: 2})
	r.Sit(ctx, bob)
	r.Start(ctx, ann)
	chA, stopA, _ := r.Subscribe(ctx, ann)
	defer stopA()
	_, stopB, _ := r.Subscribe(ctx, bob)
	stopB() // bob drops
	s := roomstest.Next(t, chA, func(s *rooms.Snapshot) bool { return roomstest.SeatState(s, "bob") == rooms.SeatAway })
	if s.Room.Status != rooms.Playing {
		t.Fatal("not playing")
	}
	tm.Fire() // the grace period ends
	roomstest.Next(t, chA, func(s *rooms.Snapshot) bool { return roomstest.SeatState(s, "bob") == rooms.SeatAutopilot })
	// bob comes back and takes over his seat.
	chB, stopB2, _ := r.Subscribe(ctx, bob)
	defer stopB2()
	s = roomstest.Next(t, chB, func(s *rooms.Snapshot) bool { return roomstest.SeatState(s, "bob") == rooms.SeatReady })
	if s.You < 0 || len(s.Game.(*acquire.View).Rack) == 0 {
		t.Errorf("bob is back as seat %d with rack %v", s.You, s.Game.(*acquire.View).Rack)
	}
}

func TestLobbyList(t *testing.T) {
	ctx := context.Background()
	l := newLobby(t, newJournal(), &roomstest.Timers{})
	ch, stop := l.Subscribe()
	defer stop()
	leave := l.Arrive(ann)
	leaveBot := l.Arrive(rooms.Player{ID: 77, Name: "robo", Bot: true})
	pub, _ := l.Create(ctx, ann, rooms.Settings{Seats: 2})
	priv, _ := l.Create(ctx, bob, rooms.Settings{Seats: 2, Private: true})
	deadline := time.After(5 * time.Second)
	for {
		var s *rooms.LobbySnapshot
		select {
		case s = <-ch:
		case <-deadline:
			t.Fatal("lobby never listed the public room and who is online")
		}
		// A bot account online is named among the bots (issue 24).
		if len(s.Rooms) == 1 && s.Rooms[0].ID == pub.ID && slices.Equal(s.Online, []string{"ann", "robo"}) && slices.Equal(s.Bots, []string{"robo"}) {
			break
		}
	}
	leave()
	leaveBot()
	if _, err := l.Room(priv.ID); err != nil {
		t.Errorf("private room by id: %v", err)
	}
	if _, err := l.Room("nope"); !errors.Is(err, rooms.ErrNoRoom) {
		t.Errorf("unknown room: %v", err)
	}
	q, err := l.QuickPlay(ctx, cat)
	if err != nil || q.ID != pub.ID {
		t.Errorf("quick play went to %v, %v; want the public room %s", q, err, pub.ID)
	}
	if _, err := l.Create(ctx, ann, rooms.Settings{Seats: 7}); err == nil {
		t.Error("a 7-seat room was created")
	}
	if _, err := l.Create(ctx, ann, rooms.Settings{Seats: 2, Rules: "classic", Options: []string{"hand=redraw"}}); err == nil {
		t.Error("classic with hand=redraw was created")
	}
}

// The autopilot's tag marks its own action's event, never what follows
// from it: another seat's bonus in a merger it made, a bot's forced pass
// (issue 23: "bot1 passes on the President (autopilot)").
func TestAutopilotTagsItsOwnEvent(t *testing.T) {
	ctx := context.Background()
	tm := &roomstest.Timers{BotNow: true}
	l := newLobby(t, newJournal(), tm)
	// ann and bob stay, but let their time run out: the autopilot plays
	// them, with a bot beside them, to the end.
	r, _ := l.Create(ctx, ann, rooms.Settings{Seats: 3, Clock: rooms.Clock{Move: 30 * time.Second}})
	r.Sit(ctx, bob)
	if err := r.AddBot(ctx, ann, ""); err != nil {
		t.Fatal(err)
	}
	watch, stopW, _ := r.Subscribe(ctx, cat)
	defer stopW()
	for _, p := range []rooms.Player{ann, bob} {
		_, stop, _ := r.Subscribe(ctx, p)
		defer stop()
	}
	if err := r.Start(ctx, ann); err != nil {
		t.Fatal(err)
	}
	seen := map[uint64]rooms.Event{}
	deadline := time.After(20 * time.Second)
	for over := false; !over; {
		tm.Fire()
		select {
		case s := <-watch:
			for _, e := range s.Log {
				seen[e.Seq] = e
			}
			over = s.Room.Status == rooms.Over
		case <-time.After(20 * time.Millisecond):
		case <-deadline:
			t.Fatalf("the game did not end: %d events", len(seen))
		}
	}
	tagged := 0
	for _, e := range seen {
		if strings.HasSuffix(e.Text, "(autopilot)") {
			tagged++
			if strings.HasPrefix(e.Text, "bot1 ") { // the bot's own moves are no autopilot's
				t.Errorf("another seat's event carries the autopilot's tag: %q", e.Text)
			}
		}
	}
	if tagged == 0 {
		t.Error("no event of the autopilot is tagged")
	}
}

// Newcomers to the lobby share its lists until something changes (issue
// 22): the other servers' rooms and names are added to copies, sorted, so
// that each newcomer's lobby lists them all in order and none changes
// another's.
func TestLobbyListsSharedWithShares(t *testing.T) {
	ctx := context.Background()
	l := newLobby(t, newJournal(), &roomstest.Timers{})
	defer l.Arrive(ann)()
	pub, err := l.Create(ctx, ann, rooms.Settings{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	l.Elsewhere([]rooms.Share{{
		Rooms:  []rooms.Info{{ID: "~far", Name: "far", Status: rooms.Waiting, Seats: 2}}, // '~' sorts after any id
		Online: []string{"aaron", "zed"}, Bots: []string{"zed"},
	}})
	var snaps []*rooms.LobbySnapshot
	for range 3 {
		ch, stop := l.Subscribe()
		snaps = append(snaps, <-ch)
		stop()
	}
	for i, s := range snaps {
		var ids []string
		for _, r := range s.Rooms {
			ids = append(ids, r.ID)
		}
		if !slices.Equal(ids, []string{pub.ID, "~far"}) || !slices.Equal(s.Online, []string{"aaron", "ann", "zed"}) ||
			!slices.Equal(s.Bots, []string{"zed"}) {
			t.Errorf("newcomer %d: rooms %q, online %q, bots %q; want [%s ~far], [aaron ann zed], [zed]", i, ids, s.Online, s.Bots, pub.ID)
		}
	}
}

// The snapshots share the room's chat (no copy a snapshot): a snapshot
// taken when the chat was full keeps its lines while later ones push the
// oldest out.
func TestChatSharedBySnapshotsStays(t *testing.T) {
	ctx := context.Background()
	l := newLobby(t, newJournal(), &roomstest.Timers{})
	r, _ := l.Create(ctx, ann, rooms.Settings{Seats: 2})
	ch := subscribe(t, r, ann)
	say := func(from, to int) {
		t.Helper()
		for i := from; i < to; i++ { // five lines a speaker, within the chat's rate
			p := rooms.Player{ID: store.AccountID(100 + i/5), Name: fmt.Sprintf("p%d", i/5)}
			if err := r.Chat(ctx, p, fmt.Sprintf("line %d", i)); err != nil {
				t.Fatal(err)
			}
		}
	}
	say(0, 50) // the most a room keeps
	held := roomstest.Next(t, ch, func(s *rooms.Snapshot) bool {
		return len(s.Chat) > 0 && s.Chat[len(s.Chat)-1].Text == "line 49"
	})
	was := slices.Clone(held.Chat)
	say(50, 70)
	roomstest.Next(t, ch, func(s *rooms.Snapshot) bool {
		return len(s.Chat) > 0 && s.Chat[len(s.Chat)-1].Text == "line 69"
	})
	if !slices.Equal(held.Chat, was) {
		t.Errorf("a snapshot's chat changed after it was sent:\n got %v\nwant %v", held.Chat, was)
	}
}
