package tuitest

import (
	"bufio"
	"bytes"
	"embed"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/rooms"
)

//go:embed records/*.txt
var records embed.FS

// Position is a game replayed from a record up to a marked line, with the
// events of its last actions as each seat and a watcher read them.
type Position struct {
	Game *acquire.Game
	// logs[0] is what a watcher read, logs[1+seat] what a seat read.
	logs [][]rooms.Event
}

// logKeep is how many events a Position keeps.
const logKeep = 30

// FourSeat replays records/fourseat.txt (alice, bob, carol and dave, modern
// rules) up to the line marked `# mark`: "found" (alice names a chain),
// "dispose" (alice disposes of 7 Sackson shares, Tower surviving), "play"
// (alice plays a tile), "others" (bob is to play, a few turns before "play"),
// "buy" (alice buys) or "over". options are added to
// the record's, as `holdings=hidden`.
func FourSeat(t testing.TB, mark string, options ...string) *Position {
	t.Helper()
	p, err := replay("records/fourseat.txt", mark, options)
	if err != nil {
		t.Fatalf("tuitest: replay fourseat.txt to %q: %v", mark, err)
	}
	return p
}

func replay(path, mark string, options []string) (*Position, error) {
	text, err := records.ReadFile(path)
	if err != nil {
		return nil, err
	}
	stop := 0
	sc := bufio.NewScanner(bytes.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		if strings.TrimSpace(sc.Text()) == "# "+mark {
			stop = n
		}
	}
	if stop == 0 {
		return nil, fmt.Errorf("no line `# %s`", mark)
	}
	rec, err := engine.ReadRecord(bytes.NewReader(text))
	if err != nil {
		return nil, err
	}
	var header, actions []engine.Line
	for _, l := range rec.Lines {
		switch l.Fields[0] {
		case "rules", "option", "seat", "bag", "stock":
			header = append(header, l)
			if l.Fields[0] == "rules" {
				for _, o := range options {
					header = append(header, engine.Line{Num: l.Num, Fields: []string{"option", o}})
				}
			}
		default:
			if l.Num < stop {
				actions = append(actions, l)
			}
		}
	}
	rp, err := acquire.ReadRecord(&engine.Record{Game: rec.Game, Lines: header})
	if err != nil {
		return nil, err
	}
	g := rp.Game
	seats := g.Seats()
	p := newPosition(g)
	for _, l := range actions {
		seat := -1
		for i, name := range seats {
			if name == l.Fields[0] {
				seat = i
			}
		}
		a, err := g.ParseAction(engine.Seat(seat), strings.Join(l.Fields[1:], " "))
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", l.Num, err)
		}
		if err := g.Apply(engine.Seat(seat), a); err != nil {
			return nil, fmt.Errorf("line %d: %w", l.Num, err)
		}
		p.add(engine.Seat(seat))
	}
	return p, nil
}

// newPosition starts the log of g as a room does, with its first event.
func newPosition(g *acquire.Game) *Position {
	p := &Position{Game: g, logs: make([][]rooms.Event, 1+len(g.Seats()))}
	for i := range p.logs {
		p.logs[i] = []rooms.Event{{Seq: 1, Seat: engine.Watcher, Text: "the game starts: " + g.Seats()[0] + " plays first"}}
	}
	return p
}

// add logs the events of seat's last action, numbered on from the last.
func (p *Position) add(seat engine.Seat) {
	for i := range p.logs {
		seq := p.logs[i][len(p.logs[i])-1].Seq
		for k, text := range p.Game.Log(engine.Seat(i - 1)) {
			p.logs[i] = append(p.logs[i], rooms.Event{Seq: seq + 1 + uint64(k), Seat: seat, Text: text})
		}
		p.logs[i] = p.logs[i][max(0, len(p.logs[i])-logKeep):]
	}
}

// Start deals a new modern game for seats with a fixed shuffle: the start
// of a table, before anyone has played.
func Start(t testing.TB, seats ...string) *Position {
	t.Helper()
	setup := acquire.Deal(acquire.Modern, acquire.Options{}, seats, rand.New(rand.NewPCG(1, 2)))
	g, err := acquire.New(setup)
	if err != nil {
		t.Fatalf("tuitest: deal for %v: %v", seats, err)
	}
	return newPosition(g)
}

// View returns the game as viewer sees it.
func (p *Position) View(viewer engine.Seat) *acquire.View { return p.Game.ViewFor(viewer) }

// Log returns the recent events as viewer read them, oldest first.
func (p *Position) Log(viewer engine.Seat) []rooms.Event {
	return append([]rooms.Event(nil), p.logs[viewer+1]...)
}

// Room is the room every fixture snapshot is in.
var Room = rooms.Info{
	ID: "k3vq", Name: "alice's table", Host: "alice",
	Game: "Acquire", Kind: "acquire", Rules: "modern", Seats: 4, Taken: 4, Watchers: 1,
	Status: rooms.Playing,
}

// Now is the time as of every fixture snapshot: clocks and deadlines are
// set from it, and screens under test read it as the time.
var Now = time.Date(2026, 5, 1, 20, 15, 0, 0, time.UTC)

// Clocked returns snap with a game clock of 10m + 5s in play: each seat's
// time left and, if a player is deciding, the deadline of that decision,
// thinking for 18.5 seconds so far.
func Clocked(snap *rooms.Snapshot) *rooms.Snapshot {
	c := *snap
	c.Clock = rooms.Clock{Game: 10 * time.Minute, Increment: 5 * time.Second}
	left := []time.Duration{4*time.Minute + 7*time.Second, 9*time.Minute + 58*time.Second, 52 * time.Second, 6*time.Minute + 30*time.Second}
	c.Clocks = nil
	for i := range snap.Seats {
		c.Clocks = append(c.Clocks, left[i%len(left)])
	}
	if c.Turn >= 0 && snap.Seats[c.Turn].State != rooms.SeatBot {
		c.Deadline = Now.Add(c.Clocks[c.Turn] - 18500*time.Millisecond)
	}
	return &c
}

// Chat is the chat every fixture snapshot carries.
var Chat = []rooms.ChatLine{
	{At: time.Date(2026, 5, 1, 20, 1, 0, 0, time.UTC), From: "bob", Text: "good luck, all"},
	{At: time.Date(2026, 5, 1, 20, 9, 0, 0, time.UTC), From: "carol", Text: "that Tower is getting big"},
	{At: time.Date(2026, 5, 1, 20, 12, 0, 0, time.UTC), From: "dave", Text: "someone merge Continental before it is safe, please"},
}

// Snapshot returns the room holding p's game as viewer sees it: alice
// hosts, dave is a bot and bob is away.
func (p *Position) Snapshot(viewer engine.Seat) *rooms.Snapshot {
	info := Room
	info.Options = p.Game.Options().List()
	if p.Game.Over() {
		info.Status = rooms.Over
	}
	s := &rooms.Snapshot{
		Version: 7, Room: info, You: viewer, Host: viewer == 0,
		Game: p.View(viewer), Turn: engine.Watcher,
		Log: p.Log(viewer), Chat: Chat,
	}
	if t, ok := p.Game.ToMove(); ok {
		s.Turn = t
	}
	info.Seats, info.Taken = len(p.Game.Seats()), len(p.Game.Seats())
	s.Room = info
	for i, name := range p.Game.Seats() {
		st := rooms.SeatInfo{Name: name, State: rooms.SeatReady, Host: i == 0}
		switch name {
		case "bob":
			st.State = rooms.SeatAway
		case "dave":
			st.State = rooms.SeatBot
		}
		s.Seats = append(s.Seats, st)
	}
	return s
}

// Waiting returns a private four-seat room waiting for its last player, as
// viewer sees it: alice hosts, bob is away, bot1 is a bot, seat 4 is free.
func Waiting(viewer engine.Seat) *rooms.Snapshot {
	info := Room
	info.Status, info.Taken, info.Private = rooms.Waiting, 3, true
	s := &rooms.Snapshot{
		Version: 3, Room: info, You: viewer, Host: viewer == 0, Turn: engine.Watcher,
		Seats: []rooms.SeatInfo{
			{Name: "alice", State: rooms.SeatReady, Host: true},
			{Name: "bob", State: rooms.SeatAway},
			{Name: "bot1", State: rooms.SeatBot, Level: "hard"},
			{State: rooms.SeatEmpty},
		},
		Log:  Events(engine.Watcher, "bob sits down", "bot1 (bot) sits down", "bob is away"),
		Chat: Chat[:1],
	}
	if viewer >= 0 {
		s.Code = "x7hm2p"
	}
	return s
}

// LobbySnapshot is a lobby with rooms of each game in each state, a few
// people and a bot account (robo) online and some in the ranked queue.
func LobbySnapshot() *rooms.LobbySnapshot {
	seat := func(name string) rooms.SeatInfo { return rooms.SeatInfo{Name: name, State: rooms.SeatReady} }
	return &rooms.LobbySnapshot{
		Version: 12,
		Rooms: []rooms.Info{
			{ID: "b2rt", Name: "erin's table", Host: "erin", Game: "Acquire", Kind: "acquire", Rules: "modern", Seats: 4, Taken: 2, Status: rooms.Waiting,
				Players: []rooms.SeatInfo{seat("erin"), {Name: "bot1", State: rooms.SeatBot, Level: "hard"}, {State: rooms.SeatEmpty}, {State: rooms.SeatEmpty}}},
			{ID: "h8km", Name: "friday night", Host: "frank", Game: "Holiday AG", Kind: "holiday", Seats: 3, Taken: 1, Status: rooms.Waiting, Clock: rooms.Clock{Move: time.Minute}},
			{ID: "k3vq", Name: "alice's table", Host: "alice", Game: "Acquire", Kind: "acquire", Rules: "classic", Options: []string{"holdings=hidden"}, Seats: 4, Taken: 4, Watchers: 2, Status: rooms.Playing, Clock: rooms.Clock{Game: 10 * time.Minute, Increment: 5 * time.Second}},
			{ID: "p4zz", Name: "grace's table", Host: "grace", Game: "Hotel Tycoon", Kind: "tycoon", Options: []string{"h=free"}, Seats: 3, Taken: 3, Status: rooms.Playing, Ranked: true},
			{ID: "w9aa", Name: "heidi's table", Host: "heidi", Game: "Holiday AG", Kind: "holiday", Seats: 2, Taken: 2, Status: rooms.Over,
				Players: []rooms.SeatInfo{seat("heidi"), {Name: "robo", State: rooms.SeatReady, Account: true}},
				Winners: []string{"robo"}, Ended: time.Date(2026, 11, 24, 20, 0, 0, 0, time.UTC)},
		},
		Online:  []string{"alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "robo"},
		Bots:    []string{"robo"},
		Playing: 3,
		Queue:   []rooms.Queued{{Game: "Acquire", Players: 2}, {Game: "Holiday AG"}, {Game: "Hotel Tycoon", Players: 1}},
	}
}
