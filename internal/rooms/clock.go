package rooms

import (
	"fmt"
	"strings"
	"time"

	"hotels/internal/engine"
)

// Clock is a room's turn clock: none, a limit on each decision, or a
// chess-style clock for the whole game with an increment. A player whose
// time runs out is played by the autopilot until they take their seat back.
type Clock struct {
	Move      time.Duration // each decision's limit; 0 for none
	Game      time.Duration // each seat's time for the whole game; 0 for none
	Increment time.Duration // added to a seat's game time after each decision
}

// Clock limits: long enough to think, short enough to keep a table moving.
const (
	minMove = 10 * time.Second
	maxMove = 10 * time.Minute
	minGame = time.Minute
	maxGame = 2 * time.Hour
	maxIncr = time.Minute
)

// Off reports whether there is no clock.
func (c Clock) Off() bool { return c.Move == 0 && c.Game == 0 }

// String says the clock in words for a room's header: "60s a decision",
// "10m + 5s"; "" for none.
func (c Clock) String() string {
	switch {
	case c.Move > 0:
		return span(c.Move) + " a decision"
	case c.Game > 0:
		return span(c.Game) + " + " + span(c.Increment)
	}
	return ""
}

// Short says the clock in at most eight cells, for lists: "30s/move",
// "10m+5s"; "" for none.
func (c Clock) Short() string {
	switch {
	case c.Move > 0:
		return span(c.Move) + "/move"
	case c.Game > 0:
		return span(c.Game) + "+" + span(c.Increment)
	}
	return ""
}

// span writes a duration as people say it: seconds below two minutes
// ("90s"), else "5m", "1h30m".
func span(d time.Duration) string {
	if d < 2*time.Minute {
		return fmt.Sprintf("%ds", int(d/time.Second))
	}
	s := d.Round(time.Second).String() // "5m0s", "1h30m0s", "2h0m0s"
	if strings.HasSuffix(s, "m0s") {
		s = s[:len(s)-2]
	}
	if strings.HasSuffix(s, "h0m") {
		s = s[:len(s)-2]
	}
	return s
}

// Check says what is wrong with the clock, if anything.
func (c Clock) Check() error {
	switch {
	case c.Move < 0 || c.Game < 0 || c.Increment < 0:
		return fmt.Errorf("a clock cannot be negative")
	case c.Move > 0 && (c.Game > 0 || c.Increment > 0):
		return fmt.Errorf("choose a limit per decision or a game clock, not both")
	case c.Move > 0 && (c.Move < minMove || c.Move > maxMove):
		return fmt.Errorf("a decision's limit is %s to %s", minMove, maxMove)
	case c.Game == 0 && c.Increment > 0:
		return fmt.Errorf("an increment needs a game clock")
	case c.Game > 0 && (c.Game < minGame || c.Game > maxGame):
		return fmt.Errorf("a game clock is %s to %s", minGame, maxGame)
	case c.Increment > maxIncr:
		return fmt.Errorf("an increment is at most %s", maxIncr)
	}
	return nil
}

// clockState is the running clock of a room in play, on the node that
// runs it; what it shows is the room's State (Left, Deadline).
type clockState struct {
	seat     engine.Seat // whose decision is timed
	decision int         // which decision (len(lines)+1)
	started  time.Time   // zero when no decision is timed
	stop     func() bool
}

// armClock starts timing the decision now due, if a player (not a bot) is
// to make it and it is not timed already.
func (r *Room) armClock() {
	c := &r.clock
	if r.st.Status != Playing || r.set.Clock.Off() {
		r.stopClock()
		return
	}
	seat, ok := r.toMove()
	decision := len(r.lines) + 1
	if ok && c.decision == decision && c.seat == seat && (c.started.IsZero() == r.st.Seats[seat].robot()) {
		return
	}
	r.stopClock()
	c.seat, c.decision = seat, decision
	if !ok || r.st.Seats[seat].robot() {
		return
	}
	limit := r.set.Clock.Move
	if limit == 0 {
		limit = max(r.st.Left[seat], time.Second)
	}
	c.started = r.lobby.cfg.Now()
	r.st.Deadline = c.started.Add(limit)
	c.stop = r.lobby.cfg.After(limit, func() {
		r.post(func() bool { return r.timeUp(decision, seat) })
	})
}

func (r *Room) stopClock() {
	if r.clock.stop != nil {
		r.clock.stop()
		r.clock.stop = nil
	}
	r.clock.started, r.st.Deadline = time.Time{}, time.Time{}
}

// chargeClock charges seat for the decision it just made (house clocks run
// only while a player decides).
func (r *Room) chargeClock(seat engine.Seat) {
	c := &r.clock
	if r.set.Clock.Game == 0 || c.started.IsZero() || c.seat != seat {
		return
	}
	r.st.Left[seat] -= r.lobby.cfg.Now().Sub(c.started)
	r.st.Left[seat] = max(r.st.Left[seat], 0) + r.set.Clock.Increment
	r.stopClock()
}

// timeUp hands a seat whose time ran out to the autopilot.
func (r *Room) timeUp(decision int, seat engine.Seat) bool {
	c := &r.clock
	if r.st.Status != Playing || c.decision != decision || c.seat != seat || c.started.IsZero() {
		return false
	}
	if r.set.Clock.Game > 0 {
		r.st.Left[seat] = 0
	}
	c.stop = nil
	r.stopClock()
	st := &r.st.Seats[seat]
	st.autopilot = true
	r.note(st.name + " ran out of time: the autopilot plays until they take their seat back")
	return true
}

// clocks returns each seat's game time left and when the decision now timed
// runs out (on a node that follows the room, as its owner announced them).
func (r *Room) clocks() ([]time.Duration, time.Time) {
	if r.set.Clock.Off() || r.st.Status != Playing {
		return nil, time.Time{}
	}
	var left []time.Duration
	if r.set.Clock.Game > 0 {
		left = append(left, r.st.Left...)
	}
	return left, r.st.Deadline
}

// Text writes the clock as the store keeps it: "" for none, "move=1m0s",
// "game=10m0s+5s".
func (c Clock) Text() string {
	switch {
	case c.Move > 0:
		return "move=" + c.Move.String()
	case c.Game > 0:
		return "game=" + c.Game.String() + "+" + c.Increment.String()
	}
	return ""
}

// ParseClock reads a clock written by Text.
func ParseClock(s string) (Clock, error) {
	var c Clock
	var err error
	kind, val, _ := strings.Cut(s, "=")
	switch kind {
	case "":
		return c, nil
	case "move":
		c.Move, err = time.ParseDuration(val)
	case "game":
		base, incr, _ := strings.Cut(val, "+")
		if c.Game, err = time.ParseDuration(base); err == nil {
			c.Increment, err = time.ParseDuration(incr)
		}
	default:
		err = fmt.Errorf("unknown clock %q", s)
	}
	if err == nil {
		err = c.Check()
	}
	return c, err
}
