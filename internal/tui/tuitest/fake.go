package tuitest

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/rooms"
	"hotels/internal/saved"
	"hotels/internal/tui/history"
	"hotels/internal/tui/history/fromstore"
)

// calls records what a screen asked a fake for, one line a call.
type calls struct {
	mu    sync.Mutex
	lines []string
	fail  map[string]error
}

func (c *calls) record(method string, args ...any) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	line := method
	if len(args) > 0 {
		line += " " + strings.TrimSpace(fmt.Sprintln(args...))
	}
	c.lines = append(c.lines, line)
	return c.fail[method]
}

// Calls returns the calls so far, as "Act play 6D" or "Kick 2".
func (c *calls) Calls() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.lines...)
}

// Fail makes every later call of method return err (nil to stop).
func (c *calls) Fail(method string, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.fail == nil {
		c.fail = map[string]error{}
	}
	c.fail[method] = err
}

// Table is a fake room: it records each call with its arguments (the
// player left out) and returns the error set with Fail. Subscribe hands
// out Feed.
type Table struct {
	calls
	Feed chan *rooms.Snapshot
	Next *rooms.Room // what Rematch returns
	// Moved, if set, is what Act publishes on Feed (replacing what is
	// unread) before it answers, as a room publishes a move before it
	// answers the player who made it; Slow, if set, is closed when Act
	// may answer.
	Moved *rooms.Snapshot
	Slow  chan struct{}
}

// NewTable returns a Table whose feed holds snap, if not nil.
func NewTable(snap *rooms.Snapshot) *Table {
	t := &Table{Feed: make(chan *rooms.Snapshot, 1)}
	if snap != nil {
		t.Feed <- snap
	}
	return t
}

// Subscribe returns Feed.
func (t *Table) Subscribe(_ context.Context, _ rooms.Player) (<-chan *rooms.Snapshot, func(), error) {
	if err := t.record("Subscribe"); err != nil {
		return nil, nil, err
	}
	return t.Feed, func() { t.record("Stop") }, nil
}

// Sit records a Sit.
func (t *Table) Sit(_ context.Context, _ rooms.Player) error { return t.record("Sit") }

// Stand records a Stand.
func (t *Table) Stand(_ context.Context, _ rooms.Player) error { return t.record("Stand") }

// AddBot records an AddBot.
func (t *Table) AddBot(_ context.Context, _ rooms.Player, level string) error {
	return t.record("AddBot " + level)
}

// Kick records a Kick of a seat, numbered from 0.
func (t *Table) Kick(_ context.Context, _ rooms.Player, seat int) error {
	return t.record("Kick", seat)
}

// Start records a Start.
func (t *Table) Start(_ context.Context, _ rooms.Player) error { return t.record("Start") }

// Act records an action's text.
func (t *Table) Act(_ context.Context, _ rooms.Player, text string) error {
	if t.Slow != nil {
		<-t.Slow
	}
	if t.Moved != nil {
		replace(t.Feed, t.Moved)
	}
	return t.record("Act", text)
}

// Chat records a chat message.
func (t *Table) Chat(_ context.Context, _ rooms.Player, text string) error {
	return t.record("Chat", text)
}

// TakeOver records taking a seat back from the autopilot.
func (t *Table) TakeOver(_ context.Context, _ rooms.Player) error { return t.record("TakeOver") }

// VoteEnd records a vote to end the game.
func (t *Table) VoteEnd(_ context.Context, _ rooms.Player) error { return t.record("VoteEnd") }

// Rematch records a request for a rematch and returns Next.
func (t *Table) Rematch(_ context.Context, _ rooms.Player) (*rooms.Room, error) {
	return t.Next, t.record("Rematch")
}

// DeclineRematch records declining a rematch.
func (t *Table) DeclineRematch(_ context.Context, _ rooms.Player) error {
	return t.record("DeclineRematch")
}

// Levels are the bot levels a Lobby offers, as the server's.
var Levels = []string{"easy", "normal", "hard"}

// Lobby is a real lobby hosting Acquire, with games saved in memory, bots
// of each of Levels playing random moves and no timers firing, that records each call and returns the error set with
// Fail instead of calling through. Its lobby snapshots are the test's:
// Subscribe hands out a mailbox that starts with the last one published,
// as the real lobby's does.
type Lobby struct {
	calls
	*rooms.Lobby

	// Found is what Seek hands out: a test puts the room of a formed
	// ranked table in it.
	Found chan *rooms.Room

	mu      sync.Mutex
	last    *rooms.LobbySnapshot
	subs    map[chan *rooms.LobbySnapshot]bool
	seeking int
}

// NewLobby returns a Lobby that has published snap, if not nil. The lobby
// is closed when the test ends.
func NewLobby(t testing.TB, snap *rooms.LobbySnapshot) *Lobby {
	l := &Lobby{
		Lobby: rooms.NewLobby(rooms.Config{
			Journal:   &journal{},
			Kinds:     []engine.Kind{acquire.Kind},
			Bots:      func(string, string) (rooms.Bot, error) { return rooms.RandomBot{}, nil },
			BotLevels: func(string) []string { return Levels }, Autopilot: "normal",
			After: func(time.Duration, func()) func() bool { return func() bool { return false } },
			Log:   slog.New(slog.DiscardHandler),
		}),
		Found: make(chan *rooms.Room, 1),
		last:  snap,
		subs:  map[chan *rooms.LobbySnapshot]bool{},
	}
	t.Cleanup(func() { l.Lobby.Close("") })
	return l
}

// Publish sends snap to every subscriber, replacing what they have not
// read yet.
func (l *Lobby) Publish(snap *rooms.LobbySnapshot) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.last = snap
	for ch := range l.subs {
		replace(ch, snap)
	}
}

// Subscribe returns a mailbox holding the last snapshot published.
func (l *Lobby) Subscribe() (<-chan *rooms.LobbySnapshot, func()) {
	l.record("Subscribe")
	ch := make(chan *rooms.LobbySnapshot, 1)
	l.mu.Lock()
	l.subs[ch] = true
	if l.last != nil {
		ch <- l.last
	}
	l.mu.Unlock()
	return ch, func() {
		l.mu.Lock()
		delete(l.subs, ch)
		l.mu.Unlock()
		l.record("Stop")
	}
}

// replace puts v in a one-slot mailbox, dropping what was unread.
func replace[T any](ch chan T, v T) {
	select {
	case <-ch:
	default:
	}
	ch <- v
}

// Create records the settings of a new room and opens it.
func (l *Lobby) Create(ctx context.Context, host rooms.Player, s rooms.Settings) (*rooms.Room, error) {
	if err := l.record("Create", fmt.Sprintf("rules=%s seats=%d options=%s private=%t clock=%s", s.Rules, s.Seats, strings.Join(s.Options, ","), s.Private, s.Clock.Text())); err != nil {
		return nil, err
	}
	return l.Lobby.Create(ctx, host, s)
}

// QuickPlay records a quick play and seats p.
func (l *Lobby) QuickPlay(ctx context.Context, p rooms.Player) (*rooms.Room, error) {
	if err := l.record("QuickPlay"); err != nil {
		return nil, err
	}
	return l.Lobby.QuickPlay(ctx, p)
}

// Find records a look-up by ID or invite code.
func (l *Lobby) Find(ctx context.Context, p rooms.Player, idOrCode string) (*rooms.Room, error) {
	if err := l.record("Room", idOrCode); err != nil {
		return nil, err
	}
	return l.Lobby.Find(ctx, p, idOrCode)
}

// Seek records a ranked seek, as "Seek game=acquire rules=modern
// players=3-4", and hands out Found; leaving the queue records "Leave".
func (l *Lobby) Seek(_ context.Context, _ rooms.Player, game, rules string, min, max int) (<-chan *rooms.Room, func() bool, error) {
	if err := l.record("Seek", fmt.Sprintf("game=%s rules=%s players=%d-%d", game, rules, min, max)); err != nil {
		return nil, nil, err
	}
	return l.Found, func() bool { l.record("Leave"); return true }, nil
}

// SetSeeking sets the number of players Seeking reports.
func (l *Lobby) SetSeeking(n int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.seeking = n
}

// Seeking returns the number set with SetSeeking.
func (l *Lobby) Seeking() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.seeking
}

// Matching is rooms.DefaultMatching.
func (l *Lobby) Matching() rooms.Matching { return rooms.DefaultMatching }

// journal keeps games in memory.
type journal struct {
	mu    sync.Mutex
	games int
}

func (j *journal) CreateGame(context.Context, saved.NewGame) (saved.GameID, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.games++
	return saved.GameID(j.games), nil
}

func (j *journal) AppendAction(context.Context, saved.GameID, int, ...string) error { return nil }
func (j *journal) ActionsAfter(context.Context, saved.GameID, int) ([]string, error) {
	return nil, nil
}
func (j *journal) FinishGame(context.Context, saved.GameID, string, []saved.Outcome) error {
	return nil
}
func (j *journal) AbortGame(context.Context, saved.GameID, string) error    { return nil }
func (j *journal) RemovePlayer(context.Context, saved.GameID, int) error    { return nil }
func (j *journal) SaveWaitingRoom(context.Context, saved.WaitingRoom) error { return nil }
func (j *journal) DropWaitingRoom(context.Context, string) error            { return nil }
func (j *journal) PlayingRoom(context.Context, saved.AccountID) (string, error) {
	return "", saved.ErrNotFound
}

// Archive is a fake store of finished and unfinished games: it records
// each call and returns the error set with Fail.
type Archive struct {
	calls
	Games []saved.Game
	Lines map[saved.GameID][]string
}

// RecentGames records the request and returns Games.
func (a *Archive) RecentGames(_ context.Context, account saved.AccountID, limit int) ([]saved.Game, error) {
	if err := a.record("RecentGames", account, limit); err != nil {
		return nil, err
	}
	return append([]saved.Game(nil), a.Games...), nil
}

// Recent records the request as RecentGames and returns Games as the
// history screen reads them, as the server serves them.
func (a *Archive) Recent(ctx context.Context, p rooms.Player, limit int) ([]history.Game, error) {
	return fromstore.Archive{Reader: a}.Recent(ctx, p, limit)
}

// Record records the request as Actions and returns the game's lines.
func (a *Archive) Record(ctx context.Context, id int64) ([]string, error) {
	return fromstore.Archive{Reader: a}.Record(ctx, id)
}

// Actions records the request and returns the game's lines.
func (a *Archive) Actions(_ context.Context, id saved.GameID) ([]string, error) {
	if err := a.record("Actions", id); err != nil {
		return nil, err
	}
	lines, ok := a.Lines[id]
	if !ok {
		return nil, fmt.Errorf("tuitest: actions of game %d: %w", id, saved.ErrNotFound)
	}
	return append([]string(nil), lines...), nil
}
