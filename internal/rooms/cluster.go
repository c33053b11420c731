package rooms

import (
	"context"
	"errors"

	"hotels/internal/saved"
)

// Cluster is a lobby's port to the other servers (nodes) sharing its
// PostgreSQL database (issue 18), which internal/replica implements: each
// room is run by one node, whose link to it (Link) is fenced by the room's
// lease, and followed by the others whose players are in it. A single
// server's is alone: no other node, and every room linked to the journal
// alone.
type Cluster interface {
	// Claim returns the link of room id, which this node is to run: a
	// new room's (fresh: no room in the store may have its id or invite
	// code), or one reopened from the store; id "" is a room of this
	// node alone. A room another node runs is ErrElsewhere.
	Claim(ctx context.Context, id, code string, fresh bool) (Link, error)
	// Follow returns the room named idOrCode that another node runs,
	// followed here: ErrNoRoom if there is none, or if p is not nil and
	// may not reach it by that name (a private room's id), which is
	// then not followed, so that a stranger's guesses leave nothing
	// behind. A room whose node is gone is taken over here.
	Follow(p *Player, idOrCode string) (*Room, error)
	// SeatedRoom returns the room the store has account seated in, on
	// any node, or saved.ErrNotFound.
	SeatedRoom(ctx context.Context, account saved.AccountID) (string, error)
	// Close stops this node's part and hands its rooms over: the lobby
	// closes it last (Lobby.Close).
	Close()
}

// ErrElsewhere is a room that another node runs.
var ErrElsewhere = errors.New("another node runs the room")

// alone is a single server's Cluster.
type alone struct{ link Link }

func (a alone) Claim(context.Context, string, string, bool) (Link, error) { return a.link, nil }

func (alone) Follow(*Player, string) (*Room, error) { return nil, ErrNoRoom }

func (alone) SeatedRoom(context.Context, saved.AccountID) (string, error) {
	return "", saved.ErrNotFound
}

func (alone) Close() {}

// Replicate makes the lobby one node of several sharing its database,
// through c: before it restores its rooms or opens any.
func (l *Lobby) Replicate(c Cluster) { l.cluster = c }
