package tuitest

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/x/vt"
)

// Terminal is a terminal emulator that a program writes to, counting the
// writes: a program writes each frame whole, so a write is a frame, as
// the server counts them (hotels_frames_sent_total).
type Terminal struct {
	mu     sync.Mutex
	emu    *vt.Emulator
	writes int
}

// NewTerminal returns a w×h Terminal.
func NewTerminal(w, h int) *Terminal {
	t := &Terminal{emu: vt.NewEmulator(w, h)}
	// The emulator answers the program's queries through a pipe; drain it.
	go func() { _, _ = io.Copy(io.Discard, t.emu) }()
	return t
}

// Write takes the program's output as a terminal gets it through a tty,
// which turns each newline into a carriage return and a newline (ONLCR).
func (t *Terminal) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.writes++
	if _, err := t.emu.Write(bytes.ReplaceAll(p, []byte("\n"), []byte("\r\n"))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Writes is the number of writes so far.
func (t *Terminal) Writes() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.writes
}

// Screen is the text the terminal shows.
func (t *Terminal) Screen() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.emu.String()
}

// WaitFor waits until the terminal shows text, for at most timeout, and
// reports whether it did.
func (t *Terminal) WaitFor(text string, timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	for !strings.Contains(t.Screen(), text) {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(time.Millisecond)
	}
	return true
}
