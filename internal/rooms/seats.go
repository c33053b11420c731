package rooms

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"hotels/internal/engine"
	"hotels/internal/mailbox"
)

// A room's seats: taking one, leaving it, a bot in it, a player sent out.

// Sit gives p a free seat in a waiting room (or p's own seat back).
func (r *Room) Sit(ctx context.Context, p Player) error {
	if err := r.lobby.allow(p); err != nil {
		return err
	}
	return r.do(ctx, Intent{Op: opSit, Player: p})
}

// sit is Sit for the lobby itself: quick play and ranked tables.
func (r *Room) sit(ctx context.Context, p Player) error {
	if err := r.lobby.playingElsewhere(ctx, p, r.ID); err != nil {
		return err
	}
	return r.call(ctx, func() error {
		if r.seatOf(p) >= 0 {
			return nil
		}
		if r.st.Status != Waiting {
			return ErrStarted
		}
		i := r.freeSeat()
		if i < 0 {
			return ErrRoomFull
		}
		seats, host := slices.Clone(r.st.Seats), r.st.Host
		seats[i] = seat{player: p, name: p.Name}
		if host.ID == 0 {
			host = p
		}
		if err := r.seatTable(seats, host); err != nil {
			return err
		}
		r.note(p.Name + " sits down")
		return nil
	})
}

// Stand gives up p's seat in a waiting room.
func (r *Room) Stand(ctx context.Context, p Player) error {
	if err := r.lobby.allow(p); err != nil {
		return err
	}
	return r.do(ctx, Intent{Op: opStand, Player: p})
}

func (r *Room) stand(ctx context.Context, p Player) error {
	return r.call(ctx, func() error {
		i := r.seatOf(p)
		if i < 0 {
			return ErrNotSeated
		}
		if r.st.Status != Waiting {
			return ErrStarted
		}
		return r.vacate(i, p.Name+" stands up")
	})
}

// AddBot seats a bot of level (one of the game's Config.BotLevels; "" for
// the autopilot's level) in the first free seat; only the host may.
func (r *Room) AddBot(ctx context.Context, p Player, level string) error {
	if level == "" {
		level = r.lobby.autopilot(r.kind.Name)
	}
	if levels := r.lobby.cfg.BotLevels(r.kind.Name); !slices.Contains(levels, level) {
		return fmt.Errorf("there is no %q bot: choose %s", level, strings.Join(levels, ", "))
	}
	if err := r.lobby.allow(p); err != nil {
		return err
	}
	return r.do(ctx, Intent{Op: opBot, Player: p, Text: level})
}

func (r *Room) addBot(ctx context.Context, p Player, level string) error {
	return r.call(ctx, func() error {
		if err := r.hostWaiting(p); err != nil {
			return err
		}
		i := r.freeSeat()
		if i < 0 {
			return ErrRoomFull
		}
		seats := slices.Clone(r.st.Seats)
		seats[i] = seat{bot: true, level: level, name: r.botName()}
		if err := r.seatTable(seats, r.st.Host); err != nil {
			return err
		}
		r.note(fmt.Sprintf("%s (%s bot) sits down", seats[i].name, level))
		return nil
	})
}

// freeSeat returns the first empty seat, or -1.
func (r *Room) freeSeat() int {
	return slices.IndexFunc(r.st.Seats, func(s seat) bool { return s.empty() })
}

// botName returns a name no seat has; players cannot pick names that
// start with "bot".
func (r *Room) botName() string {
	for n := 1; ; n++ {
		name := fmt.Sprintf("bot%d", n)
		taken := false
		for _, st := range r.st.Seats {
			taken = taken || st.name == name
		}
		if !taken {
			return name
		}
	}
}

func (r *Room) hostWaiting(p Player) error {
	switch {
	case r.st.Status == Closed:
		return ErrRoomClosed
	case p.ID != r.st.Host.ID:
		return ErrNotHost
	case r.st.Status != Waiting:
		return ErrStarted
	}
	return nil
}

// Kick empties seat i (a bot or a player) of a waiting room, or hands a
// player's seat to the autopilot in a game; only the host may.
func (r *Room) Kick(ctx context.Context, p Player, i int) error {
	if err := r.lobby.allow(p); err != nil {
		return err
	}
	return r.do(ctx, Intent{Op: opKick, Player: p, Seat: i})
}

func (r *Room) kick(ctx context.Context, p Player, i int) error {
	return r.call(ctx, func() error {
		if p.ID != r.st.Host.ID {
			return ErrNotHost
		}
		if i < 0 || i >= len(r.st.Seats) || r.st.Seats[i].empty() {
			return fmt.Errorf("seat %d is empty", i+1)
		}
		st := r.st.Seats[i]
		if st.player.ID == p.ID {
			return fmt.Errorf("you cannot kick yourself")
		}
		const notice = "you were removed from the table by the host"
		switch r.st.Status {
		case Waiting:
			if err := r.vacate(i, st.name+" was removed by the host"); err != nil {
				return err
			}
			if st.human() {
				r.dismiss(st.player, notice)
			}
		case Playing:
			if !st.human() {
				return ErrStarted
			}
			if err := r.saveRemoved(i); err != nil {
				return err
			}
			r.dismiss(st.player, notice)
			r.st.Seats[i].removed, r.st.Seats[i].player = st.player, Player{}
			r.st.Seats[i].autopilot = true
			r.note(st.name + " was removed by the host: the autopilot plays for them")
		default:
			return ErrRoomClosed
		}
		return nil
	})
}

// saveRemoved records that seat i's player leaves the game for good,
// before anyone sees it: a restart must not give the seat back (F4).
func (r *Room) saveRemoved(i int) error {
	ctx, cancel := context.WithTimeout(context.Background(), saveTimeout)
	defer cancel()
	if err := r.lobby.cfg.Journal.RemovePlayer(ctx, r.gameID, i); err != nil {
		r.lobby.saveFailed("remove player", err, "room", r.ID, "game", r.gameID, "seat", i)
		return ErrSaveFailed
	}
	r.lobby.saved()
	return nil
}

// dismiss sends p's subscriptions a last snapshot with notice and drops
// them.
func (r *Room) dismiss(p Player, notice string) {
	for s := range r.subs {
		if s.player.ID != p.ID {
			continue
		}
		if s.ch != nil { // one on another node is told by its own
			snap := *r.snapshotFor(engine.Watcher)
			snap.Notice, snap.Closed = notice, true
			mailbox.Put(s.ch, &snap)
		}
		delete(r.subs, s)
	}
}
