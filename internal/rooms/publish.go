package rooms

import (
	"slices"

	"hotels/internal/engine"
	"hotels/internal/mailbox"
)

// changed publishes the room after a command and lets a bot move if one is
// due.
func (r *Room) changed() {
	if r.st.Status == Closed {
		return
	}
	r.version++
	runs := !r.link.Follows() // the node that runs the room times the decisions
	if runs {
		r.armClock()
	}
	if r.publishInfo() {
		r.lobby.changed()
	}
	if runs || r.mirrored {
		r.publish("")
	}
	news := r.news
	r.news = Change{}
	if runs { // and moves the bots, and tells those that follow it
		r.scheduleBot()
		r.link.Announce(r, news)
	}
}

// publish sends every subscriber its snapshot: one per seat and one shared
// by all watchers, each built once.
func (r *Room) publish(notice string) {
	type view struct {
		seat  engine.Seat
		legal bool
	}
	type made struct {
		view
		snap *Snapshot
	}
	var buf [8]made // a room's few views, without a map made at every move
	built := buf[:0]
	seats := r.currentSeats() // one list for every snapshot: they are immutable
	var game any              // a public game's one view, shared likewise
	for s := range r.subs {
		if s.ch == nil {
			continue // on another node, which publishes it there
		}
		seat := engine.Seat(r.seatOf(s.player))
		v := view{seat, s.legal && seat >= 0}
		var snap *Snapshot
		for _, m := range built {
			if m.view == v {
				snap = m.snap
				break
			}
		}
		if snap == nil {
			snap = r.snapshotWith(seat, seats, &game)
			if v.legal {
				snap.Legal = r.legal(seat)
			}
			if notice != "" {
				snap.Notice = notice
			}
			if seat == engine.Watcher {
				snap.Memo = new(Memo)
			}
			built = append(built, made{v, snap})
		}
		mailbox.Put(s.ch, snap)
	}
}

// viewFor returns the game's view for seat, built once a publish for
// every seat of a game that hides nothing (see snapshotWith).
func (r *Room) viewFor(seat engine.Seat, shared *any) any {
	if _, public := r.game.(engine.Public); !public || shared == nil {
		return r.game.View(seat)
	}
	if *shared == nil {
		*shared = r.game.View(engine.Watcher)
	}
	return *shared
}

// recentChat bounds the chat a snapshot carries.
const recentChat = 20

// seatInfos lists the seats as everyone sees them.
func (r *Room) seatInfos() []SeatInfo {
	out := make([]SeatInfo, len(r.st.Seats))
	for i := range out {
		out[i] = r.seatInfo(i)
	}
	return out
}

// seatInfo is seat i as everyone sees it.
func (r *Room) seatInfo(i int) SeatInfo {
	st := &r.st.Seats[i]
	info := SeatInfo{Name: st.name, Host: st.human() && st.player.ID == r.st.Host.ID, Account: st.player.Bot}
	switch {
	case st.empty():
		info.State = SeatEmpty
	case st.bot:
		info.State = SeatBot
		info.Level = st.level
	case st.autopilot:
		info.State = SeatAutopilot
	case st.invited:
		info.State = SeatInvited
	case st.away:
		info.State = SeatAway
	default:
		info.State = SeatReady
	}
	return info
}

// legal lists the record text of each action seat may take now, none if
// its decision is not due: for programs, which alone ask (SubscribePlay),
// as the engine's list costs a little on every change.
func (r *Room) legal(seat engine.Seat) []string {
	if r.game == nil || r.st.Status != Playing {
		return nil
	}
	t, ok := r.toMove()
	if !ok || t != seat {
		return nil
	}
	var out []string
	for _, a := range r.game.Legal(seat) {
		out = append(out, a.String())
	}
	return out
}

func (r *Room) snapshotFor(seat engine.Seat) *Snapshot {
	return r.snapshotWith(seat, r.seatInfos(), nil)
}

// snapshotWith is snapshotFor with the seats as r.seatInfos lists them.
// A game that hides nothing (engine.Public) shows every seat the same
// view: with shared non-nil it is built once and kept in *shared for the
// next seat's snapshot.
func (r *Room) snapshotWith(seat engine.Seat, seats []SeatInfo, shared *any) *Snapshot {
	s := &Snapshot{
		Version: r.version,
		Room:    r.info(),
		You:     seat,
		Host:    seat >= 0 && r.st.Seats[seat].player.ID == r.st.Host.ID && r.st.Host.ID != 0,
		Turn:    engine.Watcher,
		Closed:  r.st.Status == Closed,
	}
	if seat >= 0 {
		s.Code = r.code
	}
	s.Seats = seats
	if r.game != nil {
		s.Game = r.viewFor(seat, shared)
		if t, ok := r.toMove(); ok {
			s.Turn = t
		}
		s.GameID = r.gameID
	}
	if v := int(seat) + 1; v < len(r.logs) {
		l := r.logs[max(v, 0)]
		s.Log = l[:len(l):len(l)] // full: an append by a reader copies
	}
	if len(r.chat) > 0 {
		c := r.chat[max(0, len(r.chat)-recentChat):]
		s.Chat = c[:len(c):len(c)] // shared, full: an append by a reader copies (addChat)
	}
	s.Clock = r.set.Clock
	s.Clocks, s.Deadline = r.clocks()
	s.Abandoned = r.st.Status == Playing && r.abandoned()
	s.Ratings = slices.Clone(r.st.Ratings)
	if r.st.Status == Over {
		s.Places = slices.Clone(r.st.Places)
	}
	if r.st.Offer != nil {
		s.Rematch = r.st.Offer.clone()
	}
	for _, st := range r.st.Seats {
		if st.human() && r.st.Votes[st.player.ID] {
			s.Votes = append(s.Votes, st.name)
		}
		if s.Abandoned && st.human() && !st.away {
			s.Voters = append(s.Voters, st.name)
		}
	}
	return s
}
