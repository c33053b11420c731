package protocol

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"hotels/internal/engine"
	"hotels/internal/rooms"
)

// Table is what a stream needs of a room: what a terminal screen uses,
// with snapshots that list the seat's legal actions.
type Table interface {
	SubscribePlay(ctx context.Context, p rooms.Player) (<-chan *rooms.Snapshot, func(), error)
	Sit(ctx context.Context, p rooms.Player) error
	Act(ctx context.Context, p rooms.Player, text string) error
	Chat(ctx context.Context, p rooms.Player, text string) error
	TakeOver(ctx context.Context, p rooms.Player) error
}

var _ Table = (*rooms.Room)(nil)

// ErrClosed ends a stream whose room closed, or which lost its seat.
var ErrClosed = errors.New("the room closed")

// Stream is one seat's play in one room.
type Stream struct {
	Table  Table
	Player rooms.Player
	Room   string // the room's id, on every line
	Conn   *Conn
	// Since skips the events up to this seq: a client that reconnects
	// has seen them.
	Since uint64
	// In carries the lines for this room (Send).
	In chan string

	shape    shape
	hello    bool
	sat      bool // it took a free seat
	seq      uint64
	chatAt   time.Time
	chatSeen int // chat lines at chatAt already sent
	state    []byte
	turn     string
	last     *rooms.Snapshot
}

// NewStream returns a stream of p's seat in the room t, id.
func NewStream(t Table, p rooms.Player, id string, c *Conn) *Stream {
	return &Stream{Table: t, Player: p, Room: id, Conn: c, In: make(chan string, inQueue)}
}

// inQueue is how many lines a stream holds while it waits for the room:
// a client that sends more before the answers come is refused.
const inQueue = 8

// Send hands a line to the stream, or refuses it at once if the stream
// has too many waiting.
func (s *Stream) Send(text string) {
	select {
	case s.In <- text:
	default:
		s.Conn.Refuse(s.Room, text, CodeBusy, "too many lines wait for the room's answer: wait for each answer before sending more")
	}
}

// Run plays until the game is over (nil) or the room closes, the seat
// cannot be had, or ctx ends (an error saying why). A stream that ends
// before the game does leaves the seat as a dropped connection does: held
// for the grace period, then played by the autopilot.
func (s *Stream) Run(ctx context.Context) error {
	ch, stop, err := s.Table.SubscribePlay(ctx, s.Player)
	if err != nil {
		return err
	}
	defer stop()
	for {
		select {
		case snap := <-ch:
			done, err := s.show(ctx, snap)
			if done || err != nil {
				return err
			}
		case text := <-s.In:
			s.handle(ctx, text)
		case <-ctx.Done():
			return context.Cause(ctx)
		}
	}
}

// show writes what snap shows that is new, and reports whether the
// stream is done.
func (s *Stream) show(ctx context.Context, snap *rooms.Snapshot) (bool, error) {
	info := snap.Room
	if snap.Closed {
		reason := snap.Notice
		if reason == "" {
			reason = "the room closed"
		}
		_ = s.Conn.Send(Closed{Type: "closed", Room: s.Room, Reason: reason})
		return true, fmt.Errorf("%w: %s", ErrClosed, reason)
	}
	if snap.You < 0 {
		if s.sat || info.Status != rooms.Waiting {
			return true, fmt.Errorf("you have no seat in room %s: %w", s.Room, rooms.ErrStarted)
		}
		s.sat = true
		if err := s.Table.Sit(ctx, s.Player); err != nil {
			return true, fmt.Errorf("cannot take a seat in room %s: %w", s.Room, err)
		}
		return false, nil // the next snapshot shows the seat
	}
	s.last = snap
	if sh, ok := shapes[info.Kind]; ok {
		s.shape = sh
	}
	seats := seatsOf(snap.Seats)
	if !s.hello {
		s.hello = true
		_ = s.Conn.Send(Hello{Type: "hello", Room: s.Room, Game: info.Kind, Title: info.Game, Rules: info.Rules,
			Options: append([]string{}, info.Options...), Clock: info.Clock.String(), Seats: seats, You: snap.You, Status: string(info.Status)})
	}
	for _, e := range snap.Log {
		if e.Seq > s.seq && e.Seq > s.Since {
			_ = s.Conn.Send(Event{Type: "event", Room: s.Room, Seq: e.Seq, Seat: e.Seat, Text: e.Text})
		}
		s.seq = max(s.seq, e.Seq)
	}
	s.showChat(snap.Chat)
	st := State{Type: "state", Room: s.Room, Status: string(info.Status), Seats: seats, You: snap.You}
	if snap.Game != nil && s.shape.state != nil {
		st.Game = s.shape.state(snap.Game)
	}
	if b, err := json.Marshal(st); err == nil && !bytes.Equal(b, s.state) {
		s.state = b
		_ = s.Conn.Send(st)
	}
	if info.Status == rooms.Over {
		over := Over{Type: "over", Room: s.Room, GameID: int64(snap.GameID), Standings: []Standing{}}
		if snap.Game != nil && s.shape.standings != nil {
			for _, x := range s.shape.standings(snap.Game) {
				over.Standings = append(over.Standings, Standing{Seat: x.Seat, Name: x.Name, Score: x.Score, Place: x.Place})
			}
		}
		return true, s.Conn.Send(over)
	}
	if t := s.turnOf(snap); t != nil {
		key := fmt.Sprint(s.seq, t.Due, t.Legal, t.Range, t.Entrances)
		if key != s.turn {
			s.turn = key
			_ = s.Conn.Send(t)
		}
	} else {
		s.turn = ""
	}
	return false, nil
}

// turnOf is the decision snap's seat must make, or nil.
func (s *Stream) turnOf(snap *rooms.Snapshot) *Turn {
	if snap.Room.Status != rooms.Playing || snap.Turn != snap.You || len(snap.Legal) == 0 {
		return nil
	}
	t := &Turn{Type: "turn", Room: s.Room, Seat: snap.You, Legal: []string{}}
	if s.shape.bids != nil {
		t.Range = s.shape.bids(snap.Game, snap.You)
	}
	if s.shape.entrances != nil {
		t.Entrances = s.shape.entrances(snap.Game)
	}
	for _, a := range snap.Legal {
		if t.Range != nil && strings.HasPrefix(a, t.Range.Verb+" ") ||
			t.Entrances != nil && strings.HasPrefix(a, "entrance ") {
			continue // in the range or the sets
		}
		t.Legal = append(t.Legal, a)
	}
	if s.shape.due != nil {
		t.Due = s.shape.due(snap.Game)
	}
	if !snap.Deadline.IsZero() {
		c := &Clock{Deadline: snap.Deadline.UTC(), LeftMS: time.Until(snap.Deadline).Milliseconds()}
		if snap.Clock.Game > 0 {
			for _, d := range snap.Clocks {
				c.GameMS = append(c.GameMS, d.Milliseconds())
			}
		}
		t.Clock = c
	}
	return t
}

// showChat sends the chat lines not sent yet.
func (s *Stream) showChat(lines []rooms.ChatLine) {
	for _, l := range lines {
		switch {
		case l.At.Before(s.chatAt):
			continue
		case l.At.Equal(s.chatAt):
			s.chatSeen--
			if s.chatSeen >= 0 {
				continue
			}
		}
		_ = s.Conn.Send(Chat{Type: "chat", Room: s.Room, From: l.From, Text: l.Text, At: l.At.UTC()})
	}
	if n := len(lines); n > 0 {
		s.chatAt, s.chatSeen = lines[n-1].At, 0
		for _, l := range lines {
			if l.At.Equal(s.chatAt) {
				s.chatSeen++
			}
		}
	}
}

// handle does what a line asks and answers it.
func (s *Stream) handle(ctx context.Context, text string) {
	var err error
	msg, chat := strings.CutPrefix(text, "chat ")
	if chat {
		err = s.Table.Chat(ctx, s.Player, msg)
	} else {
		err = s.act(ctx, text)
	}
	if err != nil {
		s.Conn.Refuse(s.Room, text, CodeRefused, Explain(err))
		if !chat && s.last != nil {
			if t := s.turnOf(s.last); t != nil {
				_ = s.Conn.Send(t) // the decision is still due: choose again
			}
		}
		return
	}
	_ = s.Conn.Send(Reply{Type: "ok", Room: s.Room, Sent: text})
}

// act sends the seat's action; a seat the autopilot plays because its
// time ran out is taken back first, as a player at a terminal does.
func (s *Stream) act(ctx context.Context, text string) error {
	if text == "" {
		return errors.New("send an action from the turn's legal list, or chat TEXT")
	}
	if s.last != nil && s.last.You >= 0 && int(s.last.You) < len(s.last.Seats) && s.last.Seats[s.last.You].State == rooms.SeatAutopilot {
		if err := s.Table.TakeOver(ctx, s.Player); err != nil {
			return err
		}
	}
	return s.Table.Act(ctx, s.Player, text)
}

// Explain puts a refusal into words for a program's author: the rule's
// reason, never a Go error's wording alone.
func Explain(err error) string {
	var re *engine.RuleError
	if errors.As(err, &re) {
		return re.Action + ": " + re.Reason
	}
	return err.Error()
}

func seatsOf(in []rooms.SeatInfo) []Seat {
	out := make([]Seat, 0, len(in))
	for _, st := range in {
		out = append(out, Seat{Name: st.Name, State: string(st.State), Level: st.Level, Host: st.Host, BotAccount: st.Account})
	}
	return out
}
