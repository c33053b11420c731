package rooms

import (
	"slices"
	"strings"
)

// Share is one server's part of the lobby that several servers on one
// PostgreSQL database show alike (issue 18): the public rooms it runs, how
// many games it runs, its players online and its players in the ranked
// queue. internal/replica writes this server's and reads the others'
// (ShareWith, Elsewhere).
type Share struct {
	Rooms   []Info   `json:"rooms"`
	Playing int      `json:"playing"`
	Online  []string `json:"online"`
	Bots    []string `json:"bots,omitempty"` // those of Online that are bot accounts
	Queue   []Queued `json:"queue"`
}

// sameShare reports whether two shares, sorted, would list alike.
func sameShare(a, b *Share) bool {
	return a != nil && b != nil && slices.EqualFunc(a.Rooms, b.Rooms, sameInfo) && a.Playing == b.Playing &&
		slices.Equal(a.Online, b.Online) && slices.Equal(a.Bots, b.Bots) && slices.Equal(a.Queue, b.Queue)
}

// ownLocked is this server's share, unsorted, but for the queue; l.mu is
// held.
func (l *Lobby) ownLocked() Share {
	sh := Share{Playing: l.playingLocked()}
	sh.Online, sh.Bots = l.onlineLocked()
	for _, info := range l.listed(Player{}) {
		if r := l.rooms[info.ID]; r == nil || !r.link.Follows() { // one it follows is its owner's to share
			sh.Rooms = append(sh.Rooms, info)
		}
	}
	return sh
}

// merge adds the other servers' shares to a snapshot of this one's lobby:
// their rooms, their games in progress, their players online and in the
// queue.
func (s *LobbySnapshot) merge(shares []Share) {
	if len(shares) == 0 {
		return
	}
	s.Rooms = withShared(s.Rooms, shares)
	// s's lists may be shared with other snapshots (Lobby.snapshot) and
	// are clipped, so that the appends below copy them.
	here, bots := len(s.Online), len(s.Bots)
	online := map[string]bool{}
	for _, name := range s.Online {
		online[name] = true
	}
	for _, sh := range shares {
		for _, name := range sh.Online {
			if !online[name] {
				online[name] = true
				s.Online = append(s.Online, name)
				if _, bot := slices.BinarySearch(sh.Bots, name); bot {
					s.Bots = append(s.Bots, name)
				}
			}
		}
		s.Playing += sh.Playing
		for _, q := range sh.Queue {
			for i := range s.Queue {
				if s.Queue[i].Game == q.Game {
					s.Queue[i].Players += q.Players
				}
			}
		}
	}
	if len(s.Online) > here {
		slices.Sort(s.Online)
	}
	if len(s.Bots) > bots {
		slices.Sort(s.Bots)
	}
}

// withShared adds the rooms of the other servers' shares to rooms listed
// here, but those listed here already (which this server follows), in the
// lobby's order.
func withShared(rooms []Info, shares []Share) []Info {
	if len(shares) == 0 {
		return rooms
	}
	here := map[string]bool{}
	for _, info := range rooms {
		here[info.ID] = true
	}
	n := len(rooms)
	for _, sh := range shares {
		for _, info := range sh.Rooms {
			if !here[info.ID] {
				here[info.ID] = true
				rooms = append(rooms, info)
			}
		}
	}
	if len(rooms) > n { // rooms, sorted, may be shared: sort only a copy
		sortListed(rooms)
	}
	return rooms
}

// ShareWith makes the lobby hand its share to share whenever it changes
// (at most every publishEvery), for the other servers to list.
func (l *Lobby) ShareWith(share func(Share)) {
	l.mu.Lock()
	l.share = share
	l.mu.Unlock()
	l.changed()
}

// Own returns this server's share as it is now.
func (l *Lobby) Own() Share {
	l.mu.Lock()
	own := l.ownLocked()
	l.mu.Unlock()
	own.Queue = l.queued()
	return own
}

// Elsewhere sets the other servers' shares, which the lobby lists beside
// its own.
func (l *Lobby) Elsewhere(shares []Share) {
	l.mu.Lock()
	l.elsewhere = shares
	l.mu.Unlock()
	l.changed()
}

// Done is closed once the lobby is closed.
func (l *Lobby) Done() <-chan struct{} { return l.done }

// shareOwn hands this server's share to the function ShareWith set, if it
// changed since last, and returns it; it runs on the publish goroutine,
// whether or not anyone here watches the lobby.
func (l *Lobby) shareOwn(last *Share) *Share {
	l.mu.Lock()
	share := l.share
	if share == nil {
		l.mu.Unlock()
		return nil
	}
	own := l.ownLocked()
	l.mu.Unlock()
	own.Queue = l.queued()
	slices.SortFunc(own.Rooms, func(a, b Info) int { return strings.Compare(a.ID, b.ID) })
	slices.Sort(own.Online)
	slices.Sort(own.Bots)
	if sameShare(last, &own) {
		return last
	}
	share(own)
	return &own
}
