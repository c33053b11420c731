package rooms

import (
	"strconv"
	"strings"
	"time"

	"hotels/internal/engine"
	"hotels/internal/saved"
)

// Status is where a room is in its life.
type Status string

const (
	Waiting Status = "waiting" // seats are being filled
	Playing Status = "playing"
	Over    Status = "over" // the game ended; the room stays for its final screen
	Closed  Status = "closed"
)

// SeatState is who sits in a seat.
type SeatState string

const (
	SeatEmpty     SeatState = "empty"
	SeatReady     SeatState = "ready"     // a connected player
	SeatAway      SeatState = "away"      // a player whose connection dropped (held for a grace period)
	SeatBot       SeatState = "bot"       // a bot added by the host
	SeatAutopilot SeatState = "autopilot" // a bot playing for an absent player
	SeatInvited   SeatState = "invited"   // a player offered a rematch, not yet come
)

// Info describes a room for the lobby list.
type Info struct {
	ID       string
	Name     string
	Host     string
	Game     string // the kind's title
	Kind     string // the kind's name ("acquire"), which picks its screen and bots
	Rules    string
	Options  []string
	Seats    int
	Taken    int
	Watchers int
	Status   Status
	Private  bool
	Clock    Clock
	Ranked   bool // a matchmade table whose result changes ratings
	// Players is each seat as everyone sees it: who sits there, and
	// whether a bot plays it.
	Players []SeatInfo
	// Winners are the seats placed first once the game is Over, and Ended
	// when it ended (zero before).
	Winners []string
	Ended   time.Time
}

// ShortOptions is the room's options in short, for lists: "ranked" for a
// ranked table, then each option's value ("hidden" for holdings=hidden),
// with its key when the value is a number ("rounds 10"), which says
// nothing alone.
func (i Info) ShortOptions() []string {
	var out []string
	if i.Ranked {
		out = append(out, "ranked")
	}
	for _, o := range i.Options {
		k, v, _ := strings.Cut(o, "=")
		if _, err := strconv.Atoi(v); err == nil {
			v = k + " " + v
		}
		out = append(out, v)
	}
	return out
}

// SeatInfo is one seat as everyone sees it.
type SeatInfo struct {
	Name  string
	State SeatState
	Host  bool
	Level string // a bot's level (SeatBot); "" for a player
	// Account marks a bot account's seat (issue 24): a program plays
	// it, which everyone is shown.
	Account bool
}

// Event is one line of a room's log.
type Event struct {
	// Seq numbers the room's events from 1, in order: a screen tells what
	// is new by it, however many old events the log has dropped.
	Seq uint64
	// Seat is the seat whose action made the event (its forced steps
	// included), engine.Chance for a throw of the dice, and
	// engine.Watcher for the room's own news ("bob is away").
	Seat engine.Seat
	Text string
}

// ChatLine is one chat message; Text is sanitised.
type ChatLine struct {
	At   time.Time
	From string
	Text string
	Bot  bool `json:",omitempty"` // From is a bot account (issue 24)
}

// Snapshot is a room as one subscriber sees it. Snapshots are immutable and
// shared: every watcher gets the same one.
type Snapshot struct {
	Version uint64
	Room    Info
	// Code is the invite code of a private room, shown to its seats.
	Code  string
	Seats []SeatInfo
	// You is the subscriber's seat, or engine.Watcher.
	You  engine.Seat
	Host bool // the subscriber is the host
	// Game is the game as the subscriber may see it (the kind's view
	// type, *acquire.View for Acquire), nil while waiting.
	Game any
	// Turn is the seat whose decision is due, or engine.Watcher.
	Turn engine.Seat
	// Legal is the record text of each action the subscriber's seat may
	// take now, as the engine lists them (engine.Game.Legal); nil unless
	// its decision is due, and for every subscriber but a program that
	// plays (SubscribePlay, issue 24).
	Legal []string
	// GameID is the stored game's id, for `export`; 0 while waiting.
	GameID saved.GameID
	// Log is the game's events as the subscriber reads them, oldest
	// first: the last logKeep of them. Shared by the snapshots: read only.
	Log  []Event
	Chat []ChatLine
	// Clock is the room's clock; Clocks each seat's game time left and
	// Deadline when the decision now due runs out (zero if untimed), as of
	// the snapshot.
	Clock    Clock
	Clocks   []time.Duration
	Deadline time.Time
	// Abandoned is set while the autopilot plays a player's seat (the
	// player left, was removed or ran out of time): the players here may
	// vote to end the game, which ends once all of them (Voters) have.
	Abandoned bool
	Votes     []string // who voted to end it
	Voters    []string // whose votes end it
	// Ratings are a finished ranked game's rating changes, and Places
	// its seats whose place is not the one the game gave them (a player
	// who left or was removed is placed last).
	Ratings []RatingChange
	Places  []Place
	// Rematch is the rematch a player of the finished game asked for; nil
	// if none.
	Rematch *Rematch
	// Notice is a message for this subscriber alone (kicked, closed).
	Notice string
	Closed bool
	// Memo is where the watchers sharing this snapshot keep their screen
	// drawn from it; nil in a seat's snapshot.
	Memo *Memo
}

// LobbySnapshot is the lobby as everyone sees it.
type LobbySnapshot struct {
	Version uint64
	// Rooms are the public rooms, waiting first, then playing, then the
	// games that ended in the last FinishedShown.
	Rooms  []Info
	Online []string
	// Bots are the names in Online that are bot accounts (issue 24),
	// sorted.
	Bots []string
	// Playing counts the games in progress, in private rooms too.
	Playing int
	// Queue counts the players in the ranked queue of each hosted game, in
	// Config.Kinds order.
	Queue []Queued
}

// Queued is how many players look for a ranked game of one kind.
type Queued struct {
	Game    string // the kind's title
	Players int
}
