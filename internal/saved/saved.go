// Package saved holds what the store keeps, as plain values: the ids of
// accounts and games, a game with its seats and its room, a waiting room,
// a room's lease, a seeker in the ranked queue, a node, a rating; and the
// store's sentinel errors. It links no database driver, so that the rooms,
// the screens and the tools that speak of stored things need not link pgx
// and SQLite: only internal/store, which reads and writes these values
// (and names them by its own aliases, store.AccountID), does.
package saved

import (
	"context"
	"errors"
	"time"
)

// AccountID identifies an account.
type AccountID int64

// GameID identifies a game.
type GameID int64

// Status is where a game is in its life. The values are stored as text and
// never renamed.
type Status string

// The statuses a game passes through: waiting → playing → finished, or
// aborted from either of the first two.
const (
	StatusWaiting  Status = "waiting"
	StatusPlaying  Status = "playing"
	StatusFinished Status = "finished"
	StatusAborted  Status = "aborted"
)

// Done reports whether the game can no longer change.
func (s Status) Done() bool { return s == StatusFinished || s == StatusAborted }

// Valid reports whether s is one of the statuses above.
func (s Status) Valid() bool {
	switch s {
	case StatusWaiting, StatusPlaying, StatusFinished, StatusAborted:
		return true
	}
	return false
}

// Seat is one place at a game's table.
type Seat struct {
	Index   int       // 0-based seat number
	Account AccountID // 0 for a bot
	Name    string    // name shown at the table
	Bot     string    // a bot's level; "" for a player
	// BotAccount marks a bot account's seat (issue 24), as the account
	// is now: read with the seat, never stored with it.
	BotAccount bool
	// Place (1 for the winners) and Score, in the game's unit, are the
	// seat's once the game is finished; both are 0 before.
	Place, Score int
}

// Outcome is how one seat finished a game, as the game decided it.
type Outcome struct {
	Place int // 1 for the winners; seats the rules cannot tell apart share one
	Score int // in the game's unit
}

// Game is a stored game without its actions; Actions returns those.
type Game struct {
	ID      GameID
	Game    string // engine id, e.g. "acquire"
	Rules   string // rules key, e.g. "modern"; "" for a game with no rule sets
	Options string // engine options as a text line
	Clock   string // the turn clock as the rooms write it; "" for none
	Ranked  bool   // a matchmade game whose result changes ratings
	Chance  string // chance data (the bag) as a text line
	Status  Status
	Seats   []Seat // ordered by Index
	Room    Room   // the room it is played in
	// CreatedAt is when the game was created; FinishedAt is zero until the
	// game is finished or aborted.
	CreatedAt, FinishedAt time.Time
	Result                string // engine's result line once finished
}

// NewGame is what CreateGame needs to start a game record.
type NewGame struct {
	Game    string
	Rules   string
	Options string
	Clock   string
	Ranked  bool
	Chance  string
	Seats   []Seat
	Room    Room   // the room it is played in; none if its ID is ""
	Status  Status // StatusWaiting if empty
}

// Room is the room a game is played in, as a restart must reopen it: its
// id and invite code stay valid, a private room stays private.
type Room struct {
	ID    string    // the room's id; "" for a game stored without its room
	Code  string    // a private room's invite code; "" for a public room
	Title string    // the room's name in lists
	Host  AccountID // 0 for none
	// Removed holds the seats (from 0) whose player was removed from the
	// table: the autopilot plays them to the end.
	Removed []int
}

// WaitingRoom is a room waiting for its players, as a restart must reopen
// it: the game it will deal and who sits where (F4).
type WaitingRoom struct {
	Room    // its id, invite code, title and host; Removed is unused
	Game    string
	Rules   string
	Options string // engine options as a text line
	Clock   string // the turn clock as the rooms write it; "" for none
	Ranked  bool
	Seats   int    // how many seats the table has
	Taken   []Seat // the taken seats, by Index; Place and Score are unused
}

// OpenRoom is a room that is open, as the store has it: waiting for its
// players, or with its game in play.
type OpenRoom struct {
	Waiting *WaitingRoom // nil once its game started
	Game    *Game        // nil while it waits
}

// Lease is a node's hold on a room when several nodes share a PostgreSQL
// database (room_leases): while it lasts only its node runs the room, and
// an action is journaled only with its token (AppendAction), so that a
// node cut off from the others cannot write once another took the room.
type Lease struct {
	Room  string
	Node  string
	Token int64 // one more at each change of holder
}

type leaseKey struct{}

// Fenced returns ctx carrying lease: AppendAction given it journals only
// while the lease is held, and says ErrFenced otherwise. A lease travels
// in the context, beside the call's deadline, so that the single server,
// which has none, calls the same AppendAction as before.
func Fenced(ctx context.Context, lease Lease) context.Context {
	return context.WithValue(ctx, leaseKey{}, lease)
}

// FenceOf returns the lease ctx carries, if Fenced gave it one.
func FenceOf(ctx context.Context) (Lease, bool) {
	l, ok := ctx.Value(leaseKey{}).(Lease)
	return l, ok
}

// Seeker is a player in the ranked queue that servers sharing a
// PostgreSQL database share (issue 18), on the node the player is
// connected to.
type Seeker struct {
	Account  AccountID
	Node     string
	Name     string
	Game     string
	Rules    string
	Min, Max int
	Rating   float64
	Since    time.Time
	// Room is the room of the table the seeker was matched to, once it is
	// open; "" while waiting, and while the table is being opened.
	Room string
}

// Node is one server process sharing the database (issue 18), as its last
// beat left it.
type Node struct {
	ID      string
	Addr    string
	Started time.Time // the database's clock
	Beat    time.Time // the database's clock
	Lobby   string    // the node's share of the lobby, as it wrote it (SetNodeLobby)
}

// Rating is a player's rating in one game and rule set.
type Rating struct {
	Account     AccountID
	Name        string
	Game, Rules string
	Mu, Sigma   float64
	Games, Wins int
	UpdatedAt   time.Time
	Bot         bool // a bot account's (issue 24)
}

// RatingChange is one player's rating before and after one rated game.
type RatingChange struct {
	Game                  GameID
	Account               AccountID
	Place                 int // 1 for the winners
	MuBefore, SigmaBefore float64
	MuAfter, SigmaAfter   float64
	At                    time.Time // when the game finished (from the game)
}

var (
	// ErrNotFound means the row asked for, or one it refers to, does not exist.
	ErrNotFound = errors.New("not found")
	// ErrConflict means the write would break a uniqueness or ordering rule,
	// such as a second account named "Alice" when "alice" exists.
	ErrConflict = errors.New("conflict")
	// ErrFenced means the room's lease is no longer this node's: it lapsed, or
	// another node holds it now.
	ErrFenced = errors.New("this node no longer holds the room's lease")
)
