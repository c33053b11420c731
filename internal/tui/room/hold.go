package room

import (
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
)

// A decision's key and the room's answer to it make one frame, not two.
// The key's own effect (the decision's keys cleared, "Sending...") was
// drawn at once, and the room's answer a few milliseconds later had to
// wait out the renderer's frame time (60 a second) behind it: a frame of
// ~180 µs of the server's CPU an action that the player saw for 16 ms at
// most, and their own move on screen 16 ms later than the key (issue 22).
// So while the decision is on its way the screen keeps the frame it
// showed, and draws again once the room has answered: the snapshot with
// the move and the answer, in whichever order they come. An answer slower
// than holdFor (a slow database) lets the key's effect show then, so that
// no key goes unanswered; any other key, a new size or new styles end the
// hold at once.

// holdFor is the longest a decision's key waits for the room's answer
// before the screen shows the key's own effect.
const holdFor = 100 * time.Millisecond

// hold is a decision on its way, while the screen keeps its last frame.
type hold struct {
	ended  chan struct{} // closed once the hold ends, which ends its bound
	once   sync.Once
	alerts uint64 // the screen's alerts when it began: those of the frame kept
}

// holdMsg says that h has lasted holdFor.
type holdMsg struct{ h *hold }

// shownFrame is the frame the screen last drew (Lines, Title), which a
// hold keeps showing. The lines are never changed once drawn.
type shownFrame struct {
	lines []string
	title string
}

// holdFrame keeps the frame shown until the room answers the decision
// just sent, or until holdFor has passed: the command returned says when.
func (m *Model) holdFrame() tea.Cmd {
	if m.last == nil || m.last.lines == nil {
		return nil // nothing drawn yet
	}
	h := &hold{ended: make(chan struct{}), alerts: m.alerts}
	m.hold = h
	return func() tea.Msg {
		t := time.NewTimer(holdFor)
		defer t.Stop()
		select {
		case <-t.C:
			return holdMsg{h}
		case <-h.ended:
			return nil // no message, no frame
		}
	}
}

// release ends the hold, if any: the next frame is drawn.
func (m *Model) release() {
	if h := m.hold; h != nil {
		h.once.Do(func() { close(h.ended) })
		m.hold = nil
	}
}

// answered ends the hold once the room has answered the decision and
// the snapshot after it is shown. The room publishes what changed before
// it answers (rooms.Room.call), so a snapshot still in the mailbox when
// the answer comes is the answer's, and the hold waits for it.
func (m *Model) answered() {
	if m.hold == nil || m.busy {
		return
	}
	if m.sub != nil && len(m.sub.Mailbox()) > 0 {
		return
	}
	m.release()
}
