package rooms

import (
	"context"
	"errors"
	"strconv"
)

// What a player asks of a room goes through do: run here if this node
// runs the room, else forwarded by the room's link to the node that does,
// whose verdict comes back (internal/replica). Rate limits are the asking
// node's, which has the player's session; the owner checks everything
// else, as for its own.

// Intent is one request of a player to a room.
type Intent struct {
	Op     string // one of the op* below
	Room   string
	Player Player
	Text   string // an action, a chat message, a bot's level
	Seat   int    // the seat to kick
	// Here holds sessions on the asking node, by their keys (OpHere), and
	// Sub one that ended (OpUnsubscribe): the link's business, which
	// counts them at the owner (Room.Visit).
	Here map[string]Player `json:",omitempty"`
	Sub  string            `json:",omitempty"`
}

const (
	opAct         = "act"
	opSit         = "sit"
	opStand       = "stand"
	opBot         = "bot"
	opKick        = "kick"
	opStart       = "start"
	opChat        = "chat"
	opTakeOver    = "take-over"
	opVote        = "vote"
	opRematch     = "rematch"
	opDecline     = "decline-rematch"
	OpHere        = "here"        // sessions on another node arrived or are still there
	OpUnsubscribe = "unsubscribe" // a session on another node left
	opRemove      = "remove"      // an admin's kick (admin.go)
	opClose       = "close"       // an admin's close
)

// do runs in, here or at the room's owner.
func (r *Room) do(ctx context.Context, in Intent) error {
	_, err := r.ask(ctx, in)
	return err
}

// ask is do, and returns the room a rematch opened.
func (r *Room) ask(ctx context.Context, in Intent) (string, error) {
	if r.link.Follows() {
		return r.link.Forward(ctx, r, in)
	}
	return r.Perform(ctx, in)
}

// Perform does what in asks on this node, which runs the room, and
// returns the room a rematch opened.
func (r *Room) Perform(ctx context.Context, in Intent) (string, error) {
	p := in.Player
	switch in.Op {
	case opAct:
		return "", r.act(ctx, p, in.Text)
	case opSit:
		return "", r.sit(ctx, p)
	case opStand:
		return "", r.stand(ctx, p)
	case opBot:
		return "", r.addBot(ctx, p, in.Text)
	case opKick:
		return "", r.kick(ctx, p, in.Seat)
	case opStart:
		return "", r.start(ctx, p)
	case opChat:
		return "", r.chatLine(ctx, p, in.Text)
	case opTakeOver:
		return "", r.takeOver(ctx, p)
	case opVote:
		return "", r.voteEnd(ctx, p)
	case opRematch:
		next, err := r.rematch(ctx, p)
		if err != nil {
			return "", err
		}
		return next.ID, nil
	case opDecline:
		return "", r.declineRematch(ctx, p)
	case opRemove:
		return "", r.removeSeat(ctx, in.Seat, in.Text)
	case opClose:
		return "", r.closeFor(ctx, in.Text)
	}
	return "", errors.New("unknown request " + strconv.Quote(in.Op))
}
