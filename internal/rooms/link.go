package rooms

import (
	"context"
	"errors"

	"hotels/internal/saved"
)

// Link is a room's one port to the world beyond its lobby: the journal its
// actions are committed to, whoever follows the room told of each change,
// and the node a request goes to when another node runs the room. A single
// server's is its Journal alone (journalLink); several servers sharing a
// database give each room a link of internal/replica's (Cluster.Claim).
type Link interface {
	// Commit journals actions seq, seq+1, ... of game id, one a line as
	// a record writes it, in one commit (all or none), before anyone
	// sees their effect (house rule 3): a move and the throw of the dice
	// it made due. It holds lines no longer than the call.
	Commit(ctx context.Context, id saved.GameID, seq int, lines ...string) error
	// Announce tells of a change of r, on r's goroutine: after each
	// command that changed it, and once when it closes for good.
	Announce(r *Room, c Change)
	// Follows reports whether another node runs the room, which this one
	// follows: its requests are then forwarded, and it neither times
	// decisions nor moves bots.
	Follows() bool
	// Forward sends in to the node that runs the room and returns its
	// verdict, and the room a rematch opened there. A room's own
	// sessions arriving and leaving (OpHere, OpUnsubscribe) are told
	// without waiting, on the room's goroutine.
	Forward(ctx context.Context, r *Room, in Intent) (room string, err error)
}

// ErrNoAnswer is a request forwarded to the node that runs the room that
// it did not answer: it died, or the room is changing hands.
var ErrNoAnswer = errors.New("the server running this room did not answer: try again in a few seconds")

// Change is what a room tells its link after a command: the notes and
// chat lines added since it last told, and, once it closes for good, why.
type Change struct {
	Notes  []string
	Chat   []ChatLine
	Closed bool
	Notice string // why a closed room closed
}

// journalLink is a single server's link: the journal alone. Nothing
// follows its rooms, and every room is run here.
type journalLink struct{ j Journal }

func (l journalLink) Commit(ctx context.Context, id saved.GameID, seq int, lines ...string) error {
	return l.j.AppendAction(ctx, id, seq, lines...)
}

func (journalLink) Announce(*Room, Change) {}

func (journalLink) Follows() bool { return false }

func (journalLink) Forward(context.Context, *Room, Intent) (string, error) {
	return "", ErrNoAnswer // never asked: the room is run here
}
