package lobby

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// SetClock makes the screen read the time from now, so that the wait in
// golden files does not depend on when the test runs.
func SetClock(m *Model, now func() time.Time) { m.clock = now }

// Tick delivers the ranked queue's next tick, as if a second had passed
// and seeking players were looking.
func Tick(m Model, seeking int) Model {
	m, _ = m.Update(seekTickMsg{id: m.seek.id, seeking: seeking})
	return m
}

// TickAny delivers a tick of the last seek, whether or not the screen is
// still in the queue, and returns the command the screen re-arms, if any.
func TickAny(m Model, seeking int) (Model, tea.Cmd) {
	return m.Update(seekTickMsg{id: lastSeek.Load(), seeking: seeking})
}

// HasCodeInput reports whether the screen holds an invite code's input.
func HasCodeInput(m Model) bool { return m.code != nil }

// NewKeyMap builds the key map anew, to compare with the shared one.
var NewKeyMap = newKeyMap
