package room

import "time"

// SetClock makes the screen read the time from now, so that countdowns in
// golden files do not depend on when the test runs.
func SetClock(m *Model, now func() time.Time) { m.clock = now }

// RestKey is the key m's game screen is kept under in its snapshot's Memo
// while m is at rest.
func RestKey(m Model) any { return m.restKey() }

// NewKeyMap builds the key map anew, to compare with the shared one.
var NewKeyMap = newKeyMap

// Status is what m's status line says, as the load tool reads it to
// choose its idle key (BenchmarkMix).
func Status(m Model) string { return m.status }

// ForgetShared empties the key lines and headers every session shares, so
// that the next screen drawn draws its own.
func ForgetShared() {
	helpLines.mu.Lock()
	clear(helpLines.lines)
	helpLines.mu.Unlock()
	helpByInputs.mu.Lock()
	clear(helpByInputs.lines)
	helpByInputs.mu.Unlock()
	headers.mu.Lock()
	clear(headers.lines)
	headers.mu.Unlock()
}
