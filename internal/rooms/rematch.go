package rooms

import (
	"context"
	"errors"
	"slices"
)

// A rematch: once a game is over, any player at the table may ask for
// another. The first to ask opens a new waiting room, hosted by them, with
// the same game, options, clock and privacy and the same bots, its seats
// rotated by one (the player in seat 2 takes seat 1, and so on round). The
// other players still in the finished room are invited: their seats are
// held as an away player's are, until they come (they join), decline or
// leave the finished room, or the grace period ends; then the seat is
// free for anyone. Later requests join the same rematch.

// Rematch is a finished game's rematch as its room shows it.
type Rematch struct {
	By       string   // who asked for it
	Room     string   // the new room's ID
	Accepted []string // who has joined it, the asker first
	Declined []string
}

func (m *Rematch) clone() *Rematch {
	c := *m
	c.Accepted, c.Declined = slices.Clone(m.Accepted), slices.Clone(m.Declined)
	return &c
}

// Errors of a rematch.
var (
	ErrNotOver   = errors.New("the game is not over yet")
	ErrNoRematch = errors.New("nobody has asked for a rematch")
)

// Rematch opens the rematch of the finished game for p, one of its
// players, or seats p in the one already asked for, and returns it.
func (r *Room) Rematch(ctx context.Context, p Player) (*Room, error) {
	if err := r.lobby.allow(p); err != nil {
		return nil, err
	}
	// The node running the room opens it, and another node follows it.
	id, err := r.ask(ctx, Intent{Op: opRematch, Player: p})
	if err != nil {
		return nil, err
	}
	return r.lobby.Room(id)
}

func (r *Room) rematch(ctx context.Context, p Player) (*Room, error) {
	var next *Room
	err := r.call(ctx, func() error {
		if err := r.finishedPlayer(p); err != nil {
			return err
		}
		if r.next == nil {
			s := r.set
			if s.Ranked {
				// Matchmaking, not a rematch, decides who plays a ranked
				// game: the rematch is unranked, and named so.
				s.Ranked, s.Name = false, "unranked rematch"
			}
			room, err := r.lobby.open(p, s, r.rotated(p))
			if err != nil {
				return err
			}
			r.next, r.st.Offer = room, &Rematch{By: p.Name, Room: room.ID}
			r.note(p.Name + " offers a rematch in room " + room.ID)
			was := r.ID
			room.post(func() bool {
				room.note("a rematch of room " + was + ": each player moves one seat earlier, and who played first plays last")
				return true
			})
		} else if !slices.Contains(r.st.Offer.Accepted, p.Name) {
			r.note(p.Name + " joins the rematch")
		}
		r.st.Offer.Declined = slices.DeleteFunc(r.st.Offer.Declined, func(n string) bool { return n == p.Name })
		if !slices.Contains(r.st.Offer.Accepted, p.Name) {
			r.st.Offer.Accepted = append(r.st.Offer.Accepted, p.Name)
		}
		next = r.next
		return nil
	})
	if err != nil {
		return nil, err
	}
	// p's invitation may have lapsed: then p takes any free seat.
	if err := next.sit(ctx, p); err != nil {
		return nil, err
	}
	return next, nil
}

// DeclineRematch frees the seat the rematch held for p.
func (r *Room) DeclineRematch(ctx context.Context, p Player) error {
	if err := r.lobby.allow(p); err != nil {
		return err
	}
	return r.do(ctx, Intent{Op: opDecline, Player: p})
}

func (r *Room) declineRematch(ctx context.Context, p Player) error {
	return r.call(ctx, func() error {
		if err := r.finishedPlayer(p); err != nil {
			return err
		}
		if r.next == nil {
			return ErrNoRematch
		}
		if slices.Contains(r.st.Offer.Declined, p.Name) {
			return nil
		}
		if slices.Contains(r.st.Offer.Accepted, p.Name) {
			return errors.New("you have joined the rematch: leave its room to give up your seat")
		}
		r.st.Offer.Declined = append(r.st.Offer.Declined, p.Name)
		r.note(p.Name + " declines the rematch")
		r.uninvite(p, p.Name+" declines the rematch")
		return nil
	})
}

// finishedPlayer says why p may not answer a rematch here, if p may not.
func (r *Room) finishedPlayer(p Player) error {
	switch {
	case r.st.Status == Closed:
		return ErrRoomClosed
	case r.st.Status != Over:
		return ErrNotOver
	case r.seatOf(p) < 0:
		return ErrNotSeated
	}
	return nil
}

// rotated is the rematch's table asked for by p: each seat moves up one;
// bots keep their level and name; p sits; the other players still here
// are invited; a seat whose player has gone is free.
func (r *Room) rotated(p Player) []seat {
	n := len(r.st.Seats)
	out := make([]seat, n)
	for i := range out {
		st := r.st.Seats[(i+1)%n]
		switch {
		case st.bot:
			out[i] = seat{bot: true, level: st.level, name: st.name}
		case st.player.ID == p.ID:
			out[i] = seat{player: p, name: st.name}
		case st.human() && r.here(st.player):
			out[i] = seat{player: st.player, name: st.name, invited: true}
		}
	}
	return out
}

// here reports whether p watches the room in some session.
func (r *Room) here(p Player) bool {
	for s := range r.subs {
		if s.player.ID == p.ID {
			return true
		}
	}
	return false
}

// invite gives a new rematch room its table: each invited seat is held
// for the grace period, as an away player's.
func (r *Room) holdInvited() {
	for i := range r.st.Seats {
		if r.st.Seats[i].invited {
			r.leave(i)
		}
	}
}

// leftRematch frees the seat the rematch held for p, who left the finished
// room without joining it.
func (r *Room) leftRematch(p Player) {
	if r.st.Offer == nil || slices.Contains(r.st.Offer.Accepted, p.Name) || r.here(p) {
		return
	}
	r.uninvite(p, p.Name+" left")
}

// uninvite tells the rematch to free the seat it holds for p, if p has not
// come; on the rematch's goroutine, as its own change.
func (r *Room) uninvite(p Player, why string) {
	next := r.next
	next.post(func() bool {
		i := next.seatOf(p)
		if i < 0 || !next.st.Seats[i].invited || next.st.Status != Waiting {
			return false
		}
		if f := next.st.Seats[i].stopGrace; f != nil {
			f()
		}
		next.st.Seats[i].stopGrace = nil
		return next.vacate(i, why) == nil
	})
}
