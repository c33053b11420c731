package rooms

import (
	"context"
	"strings"

	"hotels/internal/saved"
)

// Ending a game other than by its rules: a seat taken back from the
// autopilot, votes to end, a room every player left.

// TakeOver gives p's seat back to p after the autopilot played it because
// p's time ran out.
func (r *Room) TakeOver(ctx context.Context, p Player) error {
	if err := r.lobby.allow(p); err != nil {
		return err
	}
	return r.do(ctx, Intent{Op: opTakeOver, Player: p})
}

func (r *Room) takeOver(ctx context.Context, p Player) error {
	return r.call(ctx, func() error {
		i := r.seatOf(p)
		if i < 0 {
			return ErrNotSeated
		}
		st := &r.st.Seats[i]
		if !st.autopilot {
			return nil
		}
		st.autopilot, st.away = false, false
		r.note(st.name + " takes their seat back")
		return nil
	})
}

// abandoned reports whether the autopilot plays a player's seat: the
// player left, was removed, or ran out of time. The players here may then
// vote to end the game.
func (r *Room) abandoned() bool {
	for _, st := range r.st.Seats {
		if st.autopilot && !st.bot {
			return true
		}
	}
	return false
}

// VoteEnd records p's vote to end an abandoned game; once every seated
// player who is here has voted, the game ends unfinished.
func (r *Room) VoteEnd(ctx context.Context, p Player) error {
	if err := r.lobby.allow(p); err != nil {
		return err
	}
	return r.do(ctx, Intent{Op: opVote, Player: p})
}

func (r *Room) voteEnd(ctx context.Context, p Player) error {
	return r.call(ctx, func() error {
		i := r.seatOf(p)
		switch {
		case r.st.Status != Playing:
			return ErrNotStarted
		case i < 0:
			return ErrNotSeated
		case !r.abandoned():
			return ErrNotAbandoned
		}
		if r.st.Votes == nil {
			r.st.Votes = map[saved.AccountID]bool{}
		}
		if !r.st.Votes[p.ID] {
			r.st.Votes[p.ID] = true
			r.note(p.Name + " votes to end the game")
		}
		var voters []string
		for _, st := range r.st.Seats {
			if st.human() && !st.away {
				if !r.st.Votes[st.player.ID] {
					return nil // not everyone here has voted yet
				}
				voters = append(voters, st.name)
			}
		}
		r.end("ended by a vote of " + strings.Join(voters, ", "))
		return nil
	})
}

// abandonIfEmpty ends a game whose players have all gone.
func (r *Room) abandonIfEmpty() {
	for _, st := range r.st.Seats {
		if st.human() && !st.away {
			return
		}
	}
	r.end("abandoned: every player left")
}

// end stops a game unfinished: it is saved as aborted with why, and the
// room closes.
func (r *Room) end(why string) {
	ctx, cancel := context.WithTimeout(context.Background(), saveTimeout)
	defer cancel()
	if err := r.lobby.cfg.Journal.AbortGame(ctx, r.gameID, why); err != nil {
		r.lobby.saveFailed("abort game", err, "room", r.ID, "game", r.gameID)
	} else {
		r.lobby.saved()
	}
	r.close("The game is over: " + why + ".")
}
