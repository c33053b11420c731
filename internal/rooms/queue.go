package rooms

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"hotels/internal/rating"
	"hotels/internal/saved"
)

// Ratings is what ranked play needs of the store.
type Ratings interface {
	Ratings(ctx context.Context, game, rules string, accounts []saved.AccountID) (map[saved.AccountID]saved.Rating, error)
	RecordRatings(ctx context.Context, game, rules string, changes []saved.RatingChange) error
}

// PlayerRating returns p's rating in game and rules as players see it
// (rating.Rating.Display), and the rated games it counts: none, and a new
// player's rating, for a player not rated yet.
func (l *Lobby) PlayerRating(ctx context.Context, p Player, game, rules string) (display, games int, err error) {
	if l.cfg.Ratings == nil {
		return 0, 0, errors.New("ranked play is not available on this server")
	}
	got, err := l.cfg.Ratings.Ratings(ctx, game, rules, []saved.AccountID{p.ID})
	if err != nil {
		return 0, 0, err
	}
	r, ok := got[p.ID]
	if !ok {
		return rating.New().Display(), 0, nil
	}
	return rating.Rating{Mu: r.Mu, Sigma: r.Sigma}.Display(), r.Games, nil
}

// Matching is how the ranked queue forms tables.
func (l *Lobby) Matching() Matching { return l.cfg.Matching }

// ErrQueued is returned to a player who is already in the queue.
var ErrQueued = errors.New("you are already looking for a game")

// Seeking is one player's place in the queue.
type Seeking struct {
	Seeker
	found chan *Room // gets the room once, then closes
}

// Answer gives the player the room of the table formed for them, or, if r
// is nil, tells them that it could not be opened.
func (s *Seeking) Answer(r *Room) {
	if r != nil {
		s.found <- r
	}
	close(s.found)
}

// SharedQueue is the ranked queue of every server on one database
// (internal/replica); a single server's is its own (localQueue).
type SharedQueue interface {
	// Join puts s in the queue of every server, before this one's, which
	// answers whoever has no place there.
	Join(ctx context.Context, s Seeker) error
	// Leave takes the player out, and reports whether they were still
	// waiting: a matched player is answered by the table's room.
	Leave(id saved.AccountID) bool
	// Match forms the tables the queue allows and opens their rooms.
	Match(now time.Time)
}

// ShareQueue makes sq the lobby's ranked queue.
func (l *Lobby) ShareQueue(sq SharedQueue) {
	l.queue.mu.Lock()
	l.queue.shared = sq
	l.queue.mu.Unlock()
}

// localQueue is a single server's ranked queue: its own seekers alone.
type localQueue struct{ l *Lobby }

func (localQueue) Join(context.Context, Seeker) error { return nil }
func (localQueue) Leave(saved.AccountID) bool         { return true }

// matchEvery is how often the queue is matched while anyone is in it.
const matchEvery = time.Second

// Seek puts p in the ranked queue for game and rules at tables of min to
// max players. The returned channel receives the room once a table forms,
// with p seated and the game started, or closes empty if that table could
// not be opened. leave takes p out of the queue at once and reports whether
// p was still in it; if not, a table has formed and the channel will answer.
func (l *Lobby) Seek(ctx context.Context, p Player, game, rules string, min, max int) (<-chan *Room, func() bool, error) {
	if err := l.allow(p); err != nil {
		return nil, nil, err
	}
	if p.Bot {
		return nil, nil, ErrBotRanked
	}
	k, err := l.Kind(game)
	if err != nil {
		return nil, nil, err
	}
	if rules, err = k.RuleSet(rules); err != nil {
		return nil, nil, err
	}
	if min < k.MinSeats || max > k.MaxSeats || min > max {
		return nil, nil, fmt.Errorf("%s tables have %d to %d players", k.Title, k.MinSeats, k.MaxSeats)
	}
	if l.cfg.Ratings == nil {
		return nil, nil, errors.New("ranked play is not available on this server")
	}
	if r := l.SeatOf(p); r != nil && r.Info().Status != Over {
		return nil, nil, fmt.Errorf("you have a seat at %s (room %s): leave it before looking for a ranked game", r.Info().Name, r.ID)
	}
	if err := l.playingElsewhere(ctx, p, ""); err != nil { // on another node
		return nil, nil, err
	}
	r := rating.New()
	got, err := l.cfg.Ratings.Ratings(ctx, k.Name, rules, []saved.AccountID{p.ID})
	if err != nil {
		l.cfg.Log.Error("read rating", "account", p.ID, "err", err)
		return nil, nil, ErrSaveFailed
	}
	if x, ok := got[p.ID]; ok {
		r = rating.Rating{Mu: x.Mu, Sigma: x.Sigma}
	}
	s := &Seeking{
		Seeker: Seeker{Player: p, Game: k.Name, Rules: rules, Min: min, Max: max, Rating: float64(r.Display()), Since: l.cfg.Now()},
		found:  make(chan *Room, 1),
	}
	q := &l.queue
	q.mu.Lock()
	for _, o := range q.seekers {
		if o.Player.ID == p.ID {
			q.mu.Unlock()
			return nil, nil, ErrQueued
		}
	}
	sq := q.shared
	q.mu.Unlock()
	if err := sq.Join(ctx, s.Seeker); err != nil {
		return nil, nil, err
	}
	q.mu.Lock()
	q.seekers = append(q.seekers, s)
	if !q.ticking {
		q.ticking = true
		l.cfg.After(matchEvery, l.match)
	}
	q.mu.Unlock()
	l.changed()
	leave := func() bool {
		if !sq.Leave(p.ID) {
			return false // matched: the channel answers
		}
		q.mu.Lock()
		n := len(q.seekers)
		q.seekers = slices.DeleteFunc(q.seekers, func(o *Seeking) bool { return o == s })
		left := len(q.seekers) < n
		q.mu.Unlock()
		if left {
			l.changed()
		}
		return left
	}
	return s.found, leave, nil
}

// queue is the lobby's matchmaking queue.
type queue struct {
	mu      sync.Mutex
	seekers []*Seeking
	ticking bool        // a match is scheduled
	shared  SharedQueue // the queue of every server on the database, or localQueue
}

// Seeking counts the players in the queue.
func (l *Lobby) Seeking() int {
	l.queue.mu.Lock()
	defer l.queue.mu.Unlock()
	return len(l.queue.seekers)
}

// queued counts the players in the queue of each hosted kind.
func (l *Lobby) queued() []Queued {
	out := make([]Queued, len(l.cfg.Kinds))
	l.queue.mu.Lock()
	defer l.queue.mu.Unlock()
	for i, k := range l.cfg.Kinds {
		out[i].Game = k.Title
		for _, s := range l.queue.seekers {
			if s.Game == k.Name {
				out[i].Players++
			}
		}
	}
	return out
}

// match forms the tables the queue allows and opens their rooms; it runs
// every second while anyone waits here, and not at all otherwise.
func (l *Lobby) match() {
	q := &l.queue
	q.mu.Lock()
	sq := q.shared
	q.mu.Unlock()
	sq.Match(l.cfg.Now())
	q.mu.Lock()
	if q.ticking = len(q.seekers) > 0; q.ticking {
		l.cfg.After(matchEvery, l.match)
	}
	q.mu.Unlock()
}

// Match forms the tables this server's queue allows and opens their rooms.
func (lq localQueue) Match(now time.Time) {
	l := lq.l
	q := &l.queue
	q.mu.Lock()
	seekers := make([]Seeker, len(q.seekers))
	for i, s := range q.seekers {
		seekers[i] = s.Seeker
	}
	tables := l.cfg.Matching.Tables(seekers, now)
	var formed [][]*Seeking
	gone := map[*Seeking]bool{}
	for _, t := range tables {
		var table []*Seeking
		for _, i := range t {
			table = append(table, q.seekers[i])
			gone[q.seekers[i]] = true
		}
		formed = append(formed, table)
	}
	q.seekers = slices.DeleteFunc(q.seekers, func(s *Seeking) bool { return gone[s] })
	q.mu.Unlock()
	for _, table := range formed {
		l.openRanked(table)
	}
	if len(formed) > 0 {
		l.changed()
	}
}

// openRanked opens a ranked room for a formed table and starts its game;
// if that fails, the players are told by an empty answer.
func (l *Lobby) openRanked(table []*Seeking) {
	players := make([]Player, len(table))
	for i, s := range table {
		players[i] = s.Player
	}
	r, _ := l.OpenTable(table[0].Game, table[0].Rules, players)
	for _, s := range table {
		s.Answer(r)
	}
}

// Seekers lists the players in this server's queue.
func (l *Lobby) Seekers() []Seeker {
	l.queue.mu.Lock()
	defer l.queue.mu.Unlock()
	out := make([]Seeker, len(l.queue.seekers))
	for i, s := range l.queue.seekers {
		out[i] = s.Seeker
	}
	return out
}

// TakeSeekers takes out of this server's queue the players answered says
// are answered, for the caller to answer (Seeking.Answer).
func (l *Lobby) TakeSeekers(answered func(Seeker) bool) []*Seeking {
	q := &l.queue
	var done []*Seeking
	q.mu.Lock()
	q.seekers = slices.DeleteFunc(q.seekers, func(s *Seeking) bool {
		if answered(s.Seeker) {
			done = append(done, s)
			return true
		}
		return false
	})
	q.mu.Unlock()
	return done
}

// OpenTable opens a ranked room of game and rules with players seated, the
// first its host, and starts its game.
func (l *Lobby) OpenTable(game, rules string, players []Player) (*Room, error) {
	ctx, cancel := context.WithTimeout(context.Background(), saveTimeout)
	defer cancel()
	k, err := l.Kind(game)
	var r *Room
	if err == nil { // the game's fixed ranked options, the same at every table
		r, err = l.create(players[0], Settings{
			Name: "ranked table", Game: game, Rules: rules, Options: k.Ranked, Seats: len(players), Ranked: true,
		})
	}
	if err == nil {
		for _, p := range players[1:] {
			if err = r.sit(ctx, p); err != nil {
				break
			}
		}
	}
	if err == nil {
		err = r.start(ctx, players[0])
	}
	if err != nil {
		if !errors.Is(err, ErrSaveFailed) { // which is logged as the store's state
			l.cfg.Log.Error("open ranked table", "err", err)
		}
		if r != nil {
			r.shutdown("The ranked table could not be opened.")
		}
		return nil, err
	}
	return r, nil
}

// RatingChange is one player's displayed rating before and after a ranked
// game, for the final screen.
type RatingChange struct {
	Name          string
	Before, After int
}

// rate updates the ratings of a finished ranked game's players, in the
// places the room stored for them (finalPlaces): the game's, but a player
// who left or was removed, whose seat the autopilot finished, is placed
// below those who stayed. A shared place ties. Removed players are rated
// too; bots never are.
func (r *Room) rate() {
	if !r.set.Ranked || r.lobby.cfg.Ratings == nil {
		return
	}
	outcomes := placed(r.game, r.st.Places)
	var seats []ratedSeat
	for i, st := range r.st.Seats {
		p := st.player
		if st.removed.ID != 0 {
			p = st.removed // removed from the table, rated still
		}
		if p.ID != 0 { // bots are never rated
			seats = append(seats, ratedSeat{p, st.name, outcomes[i].Place})
		}
	}
	r.st.Ratings = r.lobby.rate(r.kind.Name, r.set.Rules, r.gameID, seats)
}

// ratedSeat is a player a ranked game rates, with the name of their seat
// and their place.
type ratedSeat struct {
	player Player
	name   string
	place  int
}

// rate records the ratings that game's places give its players and
// returns them as a room shows them, nil if they could not be read or
// saved (which is logged).
func (l *Lobby) rate(game, rules string, id saved.GameID, seats []ratedSeat) []RatingChange {
	cfg := l.cfg
	ctx, cancel := context.WithTimeout(context.Background(), saveTimeout)
	defer cancel()
	ids := make([]saved.AccountID, len(seats))
	for i, st := range seats {
		ids[i] = st.player.ID
	}
	old, err := cfg.Ratings.Ratings(ctx, game, rules, ids)
	if err != nil {
		cfg.Log.Error("read ratings", "game", id, "err", err)
		return nil
	}
	before, result := make([]rating.Rating, len(seats)), make([]int, len(seats))
	for i, st := range seats {
		before[i], result[i] = rating.New(), st.place
		if x, ok := old[st.player.ID]; ok {
			before[i] = rating.Rating{Mu: x.Mu, Sigma: x.Sigma}
		}
	}
	after := rating.Rate(before, result)
	changes := make([]saved.RatingChange, len(seats))
	shown := make([]RatingChange, len(seats))
	for i, st := range seats {
		changes[i] = saved.RatingChange{
			Game: id, Account: st.player.ID, Place: result[i],
			MuBefore: before[i].Mu, SigmaBefore: before[i].Sigma, MuAfter: after[i].Mu, SigmaAfter: after[i].Sigma,
		}
		shown[i] = RatingChange{Name: st.name, Before: before[i].Display(), After: after[i].Display()}
	}
	if err := cfg.Ratings.RecordRatings(ctx, game, rules, changes); err != nil {
		l.saveFailed("record ratings", err, "game", id)
		return nil
	}
	l.saved()
	return shown
}
