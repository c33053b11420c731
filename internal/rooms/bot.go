package rooms

import (
	"errors"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"hotels/internal/engine"
	"hotels/internal/metrics"
)

// Bot chooses actions for a seat. It runs outside the room's goroutine, on
// its own copy of the game, and may use only what the seat may see:
// View(seat) and Legal(seat). A room gives each seat its own Bot and never
// calls one Bot from two goroutines at once.
type Bot interface {
	Choose(g engine.Game, seat engine.Seat) engine.Action
}

// RandomBot plays a uniformly random legal action. Rooms use it for every
// level when Config.Bots is not set.
type RandomBot struct{}

// Choose picks one of seat's legal actions at random.
func (RandomBot) Choose(g engine.Game, seat engine.Seat) engine.Action {
	legal := g.Legal(seat)
	return legal[rand.IntN(len(legal))]
}

// player is who decides for a seat: its bot, or the autopilot for an absent
// or out-of-time player.
type player struct {
	mu    sync.Mutex // one Choose at a time
	bot   Bot
	timed prometheus.Observer // how long it takes to choose (metrics.BotSeconds)
}

// botFor returns seat i's bot, made on first use at the seat's level (the
// autopilot's level for a player's seat).
func (r *Room) botFor(i int) *player {
	st := &r.st.Seats[i]
	if st.decider == nil {
		level := st.level
		if !st.bot {
			level = r.lobby.autopilot(r.kind.Name)
		}
		b, err := r.lobby.cfg.Bots(r.kind.Name, level)
		if err != nil {
			r.lobby.cfg.Log.Error("make bot; playing random moves", "game", r.kind.Name, "level", level, "err", err)
			b = RandomBot{}
		}
		st.decider = &player{bot: b, timed: metrics.BotSeconds.WithLabelValues(r.kind.Name, level)}
	}
	return st.decider
}

// scheduleBot lets the bot or autopilot whose decision is due choose, after
// the bot delay, outside the room's goroutine. At most one choice is
// scheduled for each decision of the game.
func (r *Room) scheduleBot() {
	if r.st.Status != Playing {
		return
	}
	seat, ok := r.toMove()
	if !ok || !r.st.Seats[seat].robot() {
		return
	}
	decision := len(r.lines) + 1
	if r.botTurn == decision {
		return
	}
	r.botTurn = decision
	if y, ok := r.game.(engine.Yielder); ok && !r.st.Seats[seat].bot {
		if a, ok := y.Yield(seat); ok { // an absent player's bid is passed
			r.lobby.cfg.After(r.lobby.cfg.BotDelay, func() {
				r.post(func() bool { return r.botMove(decision, seat, a, 0) })
			})
			return
		}
	}
	p, g := r.botFor(int(seat)), r.game.Clone()
	r.lobby.cfg.After(r.lobby.cfg.BotDelay, func() {
		p.mu.Lock()
		start := time.Now()
		a := p.bot.Choose(g, seat)
		metrics.Since(p.timed, start)
		p.mu.Unlock()
		r.post(func() bool { return r.botMove(decision, seat, a, 0) })
	})
}

// A bot's move that the store refused (a full disk) is tried again after
// a wait that doubles from retryFirst up to retryMax: each room then costs
// the store a write every half minute while it fails, not one every bot
// delay, and the move is not chosen again each time (issue 16).
const (
	retryFirst = 100 * time.Millisecond
	retryMax   = 30 * time.Second
)

// botMove makes the move a bot chose for decision, unless a move was made
// meanwhile or the seat's player came back. It runs on the room's
// goroutine; waited is how long it waited since the store last refused it.
func (r *Room) botMove(decision int, seat engine.Seat, a engine.Action, waited time.Duration) bool {
	if len(r.lines)+1 != decision || r.st.Status != Playing {
		return false // a move was made meanwhile
	}
	st := &r.st.Seats[seat]
	if !st.robot() {
		r.botTurn = 0 // the player came back: choose again if they leave
		return false
	}
	err := r.apply(seat, a.String(), st.autopilot)
	switch {
	case err == nil:
		return true
	case errors.Is(err, ErrSaveFailed):
		// Nothing changed, and apply logged it as the store's state.
		wait := min(max(2*waited, retryFirst), retryMax)
		r.lobby.cfg.After(wait, func() {
			r.post(func() bool { return r.botMove(decision, seat, a, wait) })
		})
		return false
	case errors.Is(err, ErrMovedOn):
		r.botTurn = 0 // the journal held another move: choose again
		return true
	default:
		r.lobby.cfg.Log.Error("bot action refused; it chooses again", "room", r.ID, "seat", seat, "action", a.String(), "err", err)
		r.botTurn = 0
		return true
	}
}
