package room

import (
	"fmt"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
)

// tickMsg redraws the countdown of the decision due. Its id is the
// countdown's: a tick for a decision already made, or from a screen
// already closed, has an id no screen counts with any more and dies.
type tickMsg struct{ id int64 }

// lastTick numbers countdowns across every room screen of the process.
var lastTick atomic.Int64

// urgent is when a countdown turns red.
const urgent = 10 * time.Second

// deadline is when the decision due times out; zero if it is untimed or
// no game is in play.
func (m *Model) deadline() time.Time {
	if m.snap == nil || !m.shown || m.facts.Over {
		return time.Time{}
	}
	return m.snap.Deadline
}

// armTick starts a countdown when the snapshot brings a new deadline, and
// ends the running one (by forgetting its id) when the deadline changes
// or goes: an untimed room, or a bot's decision, sets no tick at all, so an
// idle session costs nothing.
func (m *Model) armTick() tea.Cmd {
	d := m.deadline()
	if d.Equal(m.tickFor) {
		return nil // the running countdown, if any, already counts to it
	}
	m.tickFor, m.tickID = d, lastTick.Add(1)
	if d.IsZero() {
		return nil
	}
	return m.tick()
}

// tick waits until the countdown next shows a new second. Once the time
// is up it stops: the room's next snapshot says what happens.
func (m *Model) tick() tea.Cmd {
	left := m.tickFor.Sub(m.now)
	if left <= 0 {
		return nil
	}
	wait := left % time.Second
	if wait == 0 {
		wait = time.Second
	}
	id := m.tickID
	return tea.Tick(wait, func(time.Time) tea.Msg { return tickMsg{id: id} })
}

// onTick redraws the countdown and waits for the next second.
func (m *Model) onTick(msg tickMsg) tea.Cmd {
	if msg.id != m.tickID || m.tickFor.IsZero() {
		return nil // a stale tick
	}
	m.now = m.clock()
	return m.tick()
}

// timeLeft is how long the decision due has left, never below zero.
func (m *Model) timeLeft() time.Duration {
	return max(0, m.deadline().Sub(m.now))
}

// countdown is the time left for the decision due, for the due line: ""
// if it is untimed.
func (m *Model) countdown() string {
	if m.deadline().IsZero() {
		return ""
	}
	left := m.timeLeft()
	text := clockText(left) + " left"
	switch {
	case left <= urgent:
		return m.styles.Error.Render(text)
	case m.myDecision():
		return m.styles.Notice.Render(text)
	}
	return m.styles.Subtle.Render(text)
}

// times is each seat's clock for the players table: the seat deciding
// counts down, the others show their game time; nil for an untimed room.
func (m *Model) times() []string {
	if m.snap.Clock.Off() || !m.shown || m.facts.Over {
		return nil
	}
	out := make([]string, len(m.facts.Names))
	for i := range out {
		switch {
		case !m.deadline().IsZero() && i == int(m.facts.ToMove):
			out[i] = clockText(m.timeLeft())
			if m.timeLeft() <= urgent {
				out[i] = m.styles.Error.Render(out[i])
			} else {
				out[i] = m.styles.Notice.Render(out[i])
			}
		case i < len(m.snap.Clocks):
			out[i] = clockText(m.snap.Clocks[i])
		}
	}
	return out
}

// clockText writes time left as a clock does, in at most five cells (the
// players table's clock column less a space): "4:07", "0:09", "1h05m"; part of a second counts as a second.
func clockText(d time.Duration) string {
	s := seconds(d)
	if s >= 3600 {
		return fmt.Sprintf("%dh%02dm", s/3600, s%3600/60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// seconds is d in whole seconds, rounded up, as clocks show it.
func seconds(d time.Duration) int {
	return int((max(0, d) + time.Second - 1) / time.Second)
}
