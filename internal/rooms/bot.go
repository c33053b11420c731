package rooms

import (
	"math/rand/v2"

	"hotels/internal/engine"
)

// Bot chooses actions for a seat. It runs outside the room's goroutine, on
// its own copy of the game, and may use only what the seat may see:
// View(seat) and Legal(seat).
type Bot interface {
	Choose(g engine.Game, seat engine.Seat) engine.Action
}

// RandomBot plays a uniformly random legal action: the easy bot, and the
// autopilot until better bots exist.
type RandomBot struct{}

// Choose picks one of seat's legal actions at random.
func (RandomBot) Choose(g engine.Game, seat engine.Seat) engine.Action {
	legal := g.Legal(seat)
	return legal[rand.IntN(len(legal))]
}

// scheduleBot lets the bot or autopilot whose decision is due choose, after
// the bot delay, outside the room's goroutine.
func (r *Room) scheduleBot() {
	if r.status != Playing || r.botTurn == r.version {
		return
	}
	seat, ok := r.game.ToMove()
	if !ok {
		return
	}
	st := r.seats[seat]
	if !st.bot && !st.autopilot {
		return
	}
	r.botTurn = r.version
	version, g := r.version, r.game.Clone()
	r.lobby.cfg.After(r.lobby.cfg.BotDelay, func() {
		a := RandomBot{}.Choose(g, seat)
		r.post(func() bool {
			// A human who came back, or a move made meanwhile, wins.
			if r.version != version || r.status != Playing || !(r.seats[seat].bot || r.seats[seat].autopilot) {
				return false
			}
			note := ""
			if r.seats[seat].autopilot {
				note = " (autopilot)"
			}
			if err := r.apply(seat, a.String(), note); err != nil {
				// Try again after the delay: the store may be back.
				r.lobby.cfg.Log.Error("bot action refused", "room", r.ID, "seat", seat, "action", a.String(), "err", err)
				r.botTurn = 0
				return true
			}
			return true
		})
	})
}
