package rooms

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"hotels/internal/engine"
	"hotels/internal/saved"
)

// This file holds what the server's admins may do to a room: look at all
// of it, hidden information included, empty a seat, and close it. Nothing
// here is reachable by players; the server gates it.

// AdminSeat is one seat as an admin sees it: as everyone does, plus whose
// account sits there.
type AdminSeat struct {
	SeatInfo
	Account saved.AccountID // 0 for an empty seat, a bot, or a seat the autopilot took over
}

// Inspection is the whole of a room at one moment, hidden information
// included: what the game hides, as the game shows it (every hand, the next
// draws), and the record so far. Only admins see it.
type Inspection struct {
	Info     Info
	Code     string // a private room's invite code
	Seats    []AdminSeat
	Watchers []string     // the names of the sessions watching; "" for an anonymous watcher
	Game     saved.GameID // the stored game; 0 while waiting
	Turn     engine.Seat  // the seat whose decision is due, or engine.Watcher
	Due      string       // the game's decision due or its end, in words; "" while waiting
	// Hidden is what the game hides, from its engine.Revealer; nil while
	// waiting, or for a game that reveals nothing.
	Hidden []engine.Section
	Record []string        // the action lines so far
	Clocks []time.Duration // each seat's game time left, if the clock has one
	Chat   []ChatLine      // the recent chat
	// Bots are the names in Watchers that are bot accounts (issue 24),
	// sorted, as the lobby's LobbySnapshot.Bots.
	Bots []string
}

// Inspect returns the whole room as it is now. It changes nothing and
// publishes nothing.
func (r *Room) Inspect(ctx context.Context) (Inspection, error) {
	var in Inspection
	err := r.read(ctx, func() {
		snap := r.snapshotFor(engine.Watcher)
		in = Inspection{
			Info: r.info(), Code: r.code, Game: r.gameID, Turn: snap.Turn,
			Record: slices.Clone(r.lines), Chat: snap.Chat,
		}
		if r.game != nil {
			in.Due = r.game.Due()
			if rv, ok := r.game.(engine.Revealer); ok {
				in.Hidden = rv.Reveal()
			}
		}
		in.Clocks, _ = r.clocks()
		for i, st := range r.st.Seats {
			in.Seats = append(in.Seats, AdminSeat{SeatInfo: snap.Seats[i], Account: st.player.ID})
		}
		for s := range r.subs {
			if r.seatOf(s.player) < 0 {
				in.Watchers = append(in.Watchers, s.player.Name)
				if s.player.Bot {
					in.Bots = append(in.Bots, s.player.Name)
				}
			}
		}
		slices.Sort(in.Watchers)
		slices.Sort(in.Bots)
	})
	return in, err
}

// read runs fn on the room's goroutine and waits for it, without
// publishing: fn must only look.
func (r *Room) read(ctx context.Context, fn func()) error {
	done := make(chan bool, 1)
	if err := r.submit(ctx, func() {
		ok := false
		defer func() { done <- ok }() // even if fn panics, which safely logs
		fn()
		ok = true
	}); err != nil {
		return err
	}
	select {
	case ok := <-done:
		if !ok {
			return fmt.Errorf("rooms: inspect room %s: failed; see the log", r.ID)
		}
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// ErrNoSeat means an admin named a seat the room does not have, or a
// player who has no seat there.
var ErrNoSeat = errors.New("no such seat")

// RemoveSeat empties seat i (from 0) for an admin: a player or bot leaves a
// waiting room; in a game, the autopilot plays a player's seat from now on
// (a bot's seat cannot be emptied then). A removed player is told notice.
// It returns the name that sat there. A room another server runs is asked
// to do it (remote.go), as it is for players.
func (r *Room) RemoveSeat(ctx context.Context, i int, notice string) (string, error) {
	var name string
	err := r.call(ctx, func() error {
		if i < 0 || i >= len(r.st.Seats) || r.st.Seats[i].empty() {
			return fmt.Errorf("%w: seat %d is empty or missing", ErrNoSeat, i+1)
		}
		name = r.st.Seats[i].name
		return nil
	})
	if err == nil {
		err = r.do(ctx, Intent{Op: opRemove, Seat: i, Text: notice})
	}
	return name, err
}

// RemoveName is RemoveSeat for the seat where name sits (any case), and
// returns the seat's number (from 0).
func (r *Room) RemoveName(ctx context.Context, name, notice string) (int, error) {
	seat := -1
	err := r.call(ctx, func() error {
		for i, st := range r.st.Seats {
			if !st.empty() && strings.EqualFold(st.name, name) {
				seat = i
				return nil
			}
		}
		return fmt.Errorf("%w: no one called %q sits in room %s", ErrNoSeat, name, r.ID)
	})
	if err == nil {
		err = r.do(ctx, Intent{Op: opRemove, Seat: seat, Text: notice})
	}
	return seat, err
}

// removeSeat is RemoveSeat where the room is run.
func (r *Room) removeSeat(ctx context.Context, i int, notice string) error {
	return r.call(ctx, func() error {
		if i < 0 || i >= len(r.st.Seats) || r.st.Seats[i].empty() {
			return fmt.Errorf("%w: seat %d is empty or missing", ErrNoSeat, i+1)
		}
		return r.remove(i, notice)
	})
}

// remove empties seat i, as Kick does for a host; on the room's goroutine.
func (r *Room) remove(i int, notice string) error {
	st := r.st.Seats[i]
	switch r.st.Status {
	case Waiting:
		if err := r.vacate(i, st.name+" was removed by an admin"); err != nil {
			return err
		}
		if st.human() {
			r.dismiss(st.player, notice)
		}
	case Playing:
		if !st.human() {
			return fmt.Errorf("%w: %s is a bot or the autopilot, which plays on", ErrStarted, st.name)
		}
		if err := r.saveRemoved(i); err != nil {
			return err
		}
		r.dismiss(st.player, notice)
		r.st.Seats[i].removed, r.st.Seats[i].player = st.player, Player{}
		r.st.Seats[i].away = false
		r.st.Seats[i].autopilot = true
		if st.stopGrace != nil {
			st.stopGrace()
			r.st.Seats[i].stopGrace = nil
		}
		r.note(st.name + " was removed by an admin: the autopilot plays for them")
		r.abandonIfEmpty()
	default:
		return ErrRoomClosed
	}
	return nil
}

// Close ends the room for an admin and tells everyone in it why: a game in
// play is saved as aborted with the reason; a waiting or finished room just
// closes. A room another server runs is asked to.
func (r *Room) Close(ctx context.Context, reason string) error {
	return r.do(ctx, Intent{Op: opClose, Text: reason})
}

// closeFor is Close where the room is run.
func (r *Room) closeFor(ctx context.Context, reason string) error {
	return r.call(ctx, func() error {
		why := "closed by an admin"
		if reason != "" {
			why += ": " + reason
		}
		switch r.st.Status {
		case Playing:
			r.end(why)
		case Waiting, Over:
			r.close("The room was " + why + ".")
		default:
			return ErrRoomClosed
		}
		return nil
	})
}
