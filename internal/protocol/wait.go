package protocol

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"hotels/internal/rooms"
	"hotels/internal/saved"
)

// MaxRooms is how many rooms one waiting bot account plays at once; an
// invitation past it is refused, and the host told why.
const MaxRooms = 8

// Waiters are the bot accounts waiting for games on this server, each on
// one connection (`bot wait`), ready to be seated by a host (Invite).
type Waiters struct {
	mu sync.Mutex
	by map[saved.AccountID]*waiter
}

type waiter struct {
	player  rooms.Player
	games   []string // the games it plays; none for every one
	invites chan invitation
}

type invitation struct {
	table  Table
	msg    Invitation
	answer chan error
}

// Errors Invite may return.
var (
	ErrNotWaiting = errors.New("no bot account of that name is waiting for games here: it runs `bot wait` to wait")
	ErrWaiting    = errors.New("this bot account is already waiting on another connection: one connection serves all its games")
)

// Waiting lists the names of the bot accounts waiting for game, sorted.
func (w *Waiters) Waiting(game string) []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []string
	for _, x := range w.by {
		if len(x.games) == 0 || slices.Contains(x.games, game) {
			out = append(out, x.player.Name)
		}
	}
	slices.Sort(out)
	return out
}

// Invite seats the waiting bot account name at the table t (room id, of
// game, hosted by host) and starts its stream there. It returns once the
// bot is seated, or with why not.
func (w *Waiters) Invite(ctx context.Context, t Table, id, game, host, name string) error {
	w.mu.Lock()
	var x *waiter
	for _, c := range w.by {
		if strings.EqualFold(c.player.Name, name) {
			x = c
		}
	}
	w.mu.Unlock()
	if x == nil {
		return fmt.Errorf("%w (%s)", ErrNotWaiting, name)
	}
	if len(x.games) > 0 && !slices.Contains(x.games, game) {
		return fmt.Errorf("%s waits for %s games only", x.player.Name, strings.Join(x.games, ", "))
	}
	inv := invitation{table: t, msg: Invitation{Type: "invitation", Room: id, Game: game, Host: host}, answer: make(chan error, 1)}
	select {
	case x.invites <- inv:
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case err := <-inv.answer:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Wait serves the bot account p on one connection until ctx ends: it says
// which games it waits for, then announces each invitation and serves
// that room's stream, several at once, every line naming its room; the
// lines read from in go to the stream of the room they name.
func (w *Waiters) Wait(ctx context.Context, p rooms.Player, games []string, c *Conn, in io.Reader) error {
	x := &waiter{player: p, games: games, invites: make(chan invitation)}
	w.mu.Lock()
	if w.by == nil {
		w.by = map[saved.AccountID]*waiter{}
	}
	if w.by[p.ID] != nil {
		w.mu.Unlock()
		return ErrWaiting
	}
	w.by[p.ID] = x
	w.mu.Unlock()
	defer func() {
		w.mu.Lock()
		delete(w.by, p.ID)
		w.mu.Unlock()
	}()

	var mu sync.Mutex
	streams := map[string]*Stream{}
	var wg sync.WaitGroup
	defer wg.Wait()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go c.Read(in, func(line Input) {
		mu.Lock()
		s := streams[line.Room]
		mu.Unlock()
		switch {
		case line.Room == "":
			c.Refuse("", line.Text, CodeNoRoom, `name the room: send {"room": ROOM, "action": TEXT}`)
		case s == nil:
			c.Refuse(line.Room, line.Text, CodeNoRoom, "you play no game in room "+line.Room)
		default:
			s.Send(line.Text)
		}
	})
	listed := games
	if listed == nil {
		listed = []string{}
	}
	if err := c.Send(Waiting{Type: "waiting", Name: p.Name, Games: listed}); err != nil {
		return err
	}
	for {
		select {
		case inv := <-x.invites:
			mu.Lock()
			n, dup := len(streams), streams[inv.msg.Room] != nil
			mu.Unlock()
			switch {
			case dup:
				inv.answer <- fmt.Errorf("%s already plays in room %s", p.Name, inv.msg.Room)
				continue
			case n >= MaxRooms:
				inv.answer <- fmt.Errorf("%s plays %d games already, the most at once", p.Name, MaxRooms)
				continue
			}
			if err := inv.table.Sit(ctx, p); err != nil {
				inv.answer <- err
				continue
			}
			inv.answer <- nil
			_ = c.Send(inv.msg)
			s := NewStream(inv.table, p, inv.msg.Room, c)
			mu.Lock()
			streams[s.Room] = s
			mu.Unlock()
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := s.Run(ctx); err != nil && ctx.Err() == nil {
					c.Refuse(s.Room, "", CodeEnded, "the stream of room "+s.Room+" ended: "+Explain(err))
				}
				mu.Lock()
				delete(streams, s.Room)
				mu.Unlock()
			}()
		case <-ctx.Done():
			return nil
		}
	}
}
