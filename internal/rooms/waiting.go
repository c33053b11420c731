package rooms

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"hotels/internal/saved"
)

// A room waiting for its players is stored as it is after every change of
// its seats, committed before anyone sees the change (house rule 3), so
// that a restart reopens it with its id and invite code (F4): a code
// shared with friends still leads to it. Its game's transaction takes it
// off the waiting rooms (store.CreateGame), and closing before the start
// drops it; a server shutting down keeps it.

// table is the stored form of a waiting room with id, invite code,
// settings s and state st.
func table(id, code string, s Settings, st State) saved.WaitingRoom {
	w := saved.WaitingRoom{
		Room: saved.Room{ID: id, Code: code, Title: s.Name, Host: st.Host.ID},
		Game: s.Game, Rules: s.Rules, Options: strings.Join(s.Options, " "), Clock: s.Clock.Text(),
		Ranked: s.Ranked, Seats: len(st.Seats),
	}
	for i, st := range st.Seats {
		if !st.empty() {
			w.Taken = append(w.Taken, saved.Seat{Index: i, Account: st.player.ID, Name: st.name, Bot: st.level})
		}
	}
	return w
}

// saveWaiting stores a waiting room as w before anyone sees it.
func (l *Lobby) saveWaiting(w saved.WaitingRoom) error {
	ctx, cancel := context.WithTimeout(context.Background(), saveTimeout)
	defer cancel()
	if err := l.cfg.Journal.SaveWaitingRoom(ctx, w); err != nil {
		l.saveFailed("save waiting room", err, "room", w.ID)
		return ErrSaveFailed
	}
	l.saved()
	return nil
}

// dropWaiting forgets a waiting room that closes. If the store refuses, it
// is logged: a restart reopens the room, whose players' seats then lapse
// after the grace period as any absent player's do.
func (l *Lobby) dropWaiting(id string) {
	ctx, cancel := context.WithTimeout(context.Background(), saveTimeout)
	defer cancel()
	if err := l.cfg.Journal.DropWaitingRoom(ctx, id); err != nil {
		l.saveFailed("drop waiting room", err, "room", id)
		return
	}
	l.saved()
}

// seatTable stores the room's table as seats with host, then makes it the
// room's: on the room's goroutine, while the room is waiting.
func (r *Room) seatTable(seats []seat, host Player) error {
	next := r.st
	next.Seats, next.Host = seats, host
	if err := r.lobby.saveWaiting(table(r.ID, r.code, r.set, next)); err != nil {
		return err
	}
	r.st = next
	return nil
}

// restoreWaiting reopens every stored waiting room, each player's seat held
// for the grace period as for a player who dropped; a room that cannot be
// reopened is logged and dropped. It returns how many it reopened.
func (l *Lobby) restoreWaiting(ctx context.Context, a Archive) (int, error) {
	waiting, err := a.WaitingRooms(ctx)
	if err != nil {
		return 0, fmt.Errorf("rooms: restore waiting rooms: %w", err)
	}
	n := 0
	for _, w := range waiting {
		err := l.Reopen(ctx, w)
		if errors.Is(err, ErrElsewhere) {
			continue // another node of the cluster runs it
		}
		if err != nil {
			l.cfg.Log.Error("cannot reopen waiting room; dropping it", "room", w.ID, "err", err)
			if err := l.cfg.Journal.DropWaitingRoom(ctx, w.ID); err != nil {
				return n, fmt.Errorf("rooms: restore: drop waiting room %s: %w", w.ID, err)
			}
			continue
		}
		n++
	}
	l.changed()
	return n, nil
}

// Reopen reopens the stored waiting room w. In a cluster, the room is
// reopened only if its lease is this node's to take, else Reopen returns
// ErrElsewhere.
func (l *Lobby) Reopen(ctx context.Context, w saved.WaitingRoom) error {
	k, err := l.Kind(w.Game)
	if err != nil {
		return err
	}
	link, err := l.cluster.Claim(ctx, w.ID, "", false)
	if err != nil {
		return err
	}
	clock, err := ParseClock(w.Clock)
	if err != nil {
		return err
	}
	if w.Seats < k.MinSeats || w.Seats > k.MaxSeats {
		return fmt.Errorf("%d seats: %s is played by %d to %d players", w.Seats, k.Title, k.MinSeats, k.MaxSeats)
	}
	seats := make([]seat, w.Seats)
	var host Player
	for _, st := range w.Taken {
		if st.Index < 0 || st.Index >= len(seats) {
			return fmt.Errorf("seat %d of %d is taken", st.Index+1, len(seats))
		}
		s := &seats[st.Index]
		s.name = st.Name
		if st.Account == 0 {
			s.bot, s.level = true, st.Bot
			if s.level == "" {
				s.level = l.autopilot(k.Name)
			}
			continue
		}
		s.player = Player{ID: st.Account, Name: st.Name}
		if host.ID == 0 || st.Account == w.Host {
			host = s.player
		}
	}
	if host.ID == 0 {
		return fmt.Errorf("no player sits in it")
	}
	set := Settings{
		Name: w.Title, Game: k.Name, Rules: w.Rules, Options: strings.Fields(w.Options),
		Seats: len(seats), Private: w.Code != "", Clock: clock, Ranked: w.Ranked,
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	// Waiting rooms are reopened first, into an empty lobby, and ids and
	// codes were unique when stored: a clash is a damaged store.
	for _, c := range []string{w.ID, w.Code} {
		if _, taken := l.rooms[c]; taken && c != "" {
			return fmt.Errorf("its id or code %q is taken", c)
		}
	}
	r := newRoom(l, w.ID, w.Code, k, set, State{Host: host, Seats: seats, Status: Waiting}, link, func(r *Room) {
		for i := range r.st.Seats {
			if r.st.Seats[i].human() {
				r.leave(i)
			}
		}
		r.note("the server restarted: the seats of those who sat are held for them")
	})
	l.rooms[w.ID] = r
	if w.Code != "" {
		l.rooms[w.Code] = r
	}
	return nil
}

// firstHuman returns the first player seated in seats, or no one.
func firstHuman(seats []seat) Player {
	i := slices.IndexFunc(seats, func(s seat) bool { return s.human() })
	if i < 0 {
		return Player{}
	}
	return seats[i].player
}
