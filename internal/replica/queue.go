package replica

import (
	"context"
	"errors"
	"time"

	"hotels/internal/cluster"
	"hotels/internal/rooms"
	"hotels/internal/saved"
)

// Queue is what the ranked queue of several servers on one database needs
// of the store (issue 18).
type Queue interface {
	AddSeeker(ctx context.Context, k saved.Seeker) error
	LeaveQueue(ctx context.Context, account saved.AccountID) (waiting bool, err error)
	DropSeeker(ctx context.Context, account saved.AccountID) error
	TakeTables(ctx context.Context, node string, form func([]saved.Seeker) [][]int) ([][]saved.Seeker, error)
	SeatTable(ctx context.Context, table []saved.Seeker, room string) error
	DropTable(ctx context.Context, table []saved.Seeker) error
	Seekers(ctx context.Context, node string) ([]saved.Seeker, error)
}

// notifyQueue says that tables formed: their players' nodes look for them.
const notifyQueue = "queue"

// sharedQueue makes the lobby's ranked queue one for every server sharing
// the database. A player seeks on the node the player is connected to,
// which writes the player's row. Every node with players waiting matches
// each second, in a transaction that locks the waiting rows it reads and
// skips those another node's match holds, among the rows of every node: it
// takes the rows of each table that forms, opens the table's room itself,
// with every player seated, and gives the rows the room's id; the
// players' nodes, told so, answer their players with the room, which they
// follow (Replica.Follow), and drop the rows. A node that finds no row for
// one of its seekers (the table could not be opened) answers it empty.
type sharedQueue struct {
	l    *rooms.Lobby
	node Node
	st   Queue
}

// ShareQueue makes l's ranked queue the one of every server sharing the
// database.
func ShareQueue(l *rooms.Lobby, node Node, st Queue) {
	sq := &sharedQueue{l: l, node: node, st: st}
	node.On(notifyQueue, func(from, _ string) {
		if from != node.ID() {
			go sq.answer()
		}
	})
	// This node's rows went with it when it was taken for dead.
	node.On(cluster.Rejoined, func(string, string) { go sq.rejoin() })
	l.ShareQueue(sq)
}

func toStore(s rooms.Seeker, node string) saved.Seeker {
	return saved.Seeker{
		Account: s.Player.ID, Node: node, Name: s.Player.Name, Game: s.Game, Rules: s.Rules,
		Min: s.Min, Max: s.Max, Rating: s.Rating, Since: s.Since,
	}
}

func fromStore(k saved.Seeker) rooms.Seeker {
	return rooms.Seeker{
		Player: rooms.Player{ID: k.Account, Name: k.Name}, Game: k.Game, Rules: k.Rules,
		Min: k.Min, Max: k.Max, Rating: k.Rating, Since: k.Since,
	}
}

// Join writes s's row.
func (sq *sharedQueue) Join(ctx context.Context, s rooms.Seeker) error {
	err := sq.st.AddSeeker(ctx, toStore(s, sq.node.ID()))
	switch {
	case errors.Is(err, saved.ErrConflict):
		return rooms.ErrQueued // on another server
	case err != nil:
		sq.l.SaveFailed("join the ranked queue", err, "account", s.Player.ID)
		return rooms.ErrSaveFailed
	}
	return nil
}

// Leave deletes the row of a player still waiting, and reports whether
// there was one: a matched player's is answered by the room.
func (sq *sharedQueue) Leave(id saved.AccountID) bool {
	ctx, cancel := context.WithTimeout(context.Background(), dbTimeout)
	defer cancel()
	waiting, err := sq.st.LeaveQueue(ctx, id)
	if err != nil {
		sq.l.SaveFailed("leave the ranked queue", err, "account", id)
		return true // out of this node's queue: no answer will come
	}
	return waiting
}

// Match forms the tables every node's waiting players allow, opens their
// rooms here, and answers this node's players.
func (sq *sharedQueue) Match(now time.Time) {
	l := sq.l
	ctx, cancel := context.WithTimeout(context.Background(), dbTimeout)
	defer cancel()
	tables, err := sq.st.TakeTables(ctx, sq.node.ID(), func(waiting []saved.Seeker) [][]int {
		seekers := make([]rooms.Seeker, len(waiting))
		for i, k := range waiting {
			seekers[i] = fromStore(k)
		}
		return l.Matching().Tables(seekers, now)
	})
	if err != nil {
		l.SaveFailed("match the ranked queue", err)
	}
	for _, t := range tables {
		players := make([]rooms.Player, len(t))
		for i, k := range t {
			players[i] = rooms.Player{ID: k.Account, Name: k.Name}
		}
		if r, err := l.OpenTable(t[0].Game, t[0].Rules, players); err == nil {
			err = sq.st.SeatTable(ctx, t, r.ID)
			switch {
			case errors.Is(err, saved.ErrConflict):
				// This node was taken for dead meanwhile and its tables
				// went back to the queue: the game is not played.
				_ = r.Abort(ctx, "its players were matched again")
			case err != nil:
				l.SaveFailed("seat a ranked table", err, "room", r.ID)
			}
		} else if err := sq.st.DropTable(ctx, t); err != nil {
			l.SaveFailed("drop a ranked table", err)
		}
	}
	if len(tables) > 0 {
		if err := sq.node.Notify(ctx, notifyQueue, ""); err != nil {
			l.Log().Warn("tell the other servers of ranked tables", "err", err)
		}
	}
	sq.answer()
}

// answer gives this node's seekers whose table has its room that room,
// and those with no row an empty answer.
func (sq *sharedQueue) answer() {
	l := sq.l
	ctx, cancel := context.WithTimeout(context.Background(), dbTimeout)
	defer cancel()
	rows, err := sq.st.Seekers(ctx, sq.node.ID())
	if err != nil {
		l.SaveFailed("read the ranked queue", err)
		return
	}
	room := map[saved.AccountID]string{}
	queued := map[saved.AccountID]bool{}
	for _, k := range rows {
		queued[k.Account] = true
		room[k.Account] = k.Room
	}
	done := l.TakeSeekers(func(s rooms.Seeker) bool { return !queued[s.Player.ID] || room[s.Player.ID] != "" })
	for _, s := range done {
		var found *rooms.Room
		if id := room[s.Player.ID]; id != "" {
			if err := sq.st.DropSeeker(ctx, s.Player.ID); err != nil {
				l.SaveFailed("leave the ranked queue", err, "account", s.Player.ID)
			}
			if found, err = l.Room(id); err != nil {
				found = nil
				l.Log().Error("reach a ranked table opened on another server", "room", id, "err", err)
			}
		}
		s.Answer(found)
	}
	if len(done) > 0 {
		l.Changed()
	}
}

// rejoin writes this node's seekers again.
func (sq *sharedQueue) rejoin() {
	ctx, cancel := context.WithTimeout(context.Background(), dbTimeout)
	defer cancel()
	for _, s := range sq.l.Seekers() {
		if err := sq.st.AddSeeker(ctx, toStore(s, sq.node.ID())); err != nil && !errors.Is(err, saved.ErrConflict) {
			sq.l.SaveFailed("join the ranked queue again", err, "account", s.Player.ID)
		}
	}
}
