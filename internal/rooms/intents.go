package rooms

import (
	"time"

	"hotels/internal/rate"
)

// DefaultIntentRate is how often the server lets a player ask the lobby or
// a room for anything but a game action: ten requests at once, then one a
// second. A person opening a table, adding bots and starting stays well
// within it; a client that sits down and stands up in a loop is refused
// after ten, and the room's other sessions see no more than one event a
// second from it (issue 16).
var DefaultIntentRate = rate.Limit{Every: time.Second, Burst: 10}

// allow takes one of p's requests from its budget (Config.IntentRate), or
// returns ErrActTooFast without troubling the room: a refused request
// publishes nothing. Every request a player makes of the lobby or a room
// passes here before it reaches them, except game actions, which have
// their own budget (Config.ActionRate). A session without an account (an admin's watch) is
// not limited.
func (l *Lobby) allow(p Player) error {
	if p.ID != 0 && !l.intents.Allow(p.ID) {
		return ErrActTooFast
	}
	return nil
}
