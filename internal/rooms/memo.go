package rooms

import "sync"

// Memo keeps what the sessions sharing one snapshot drew from it. All of a
// room's watchers get the same snapshot and, until they type, show the same
// screen: the first to draw a move keeps it for the others, so hundreds of
// watchers cost a room one drawing per move and per terminal size
// (docs/capacity.md). The room never reads it. A Memo is safe for
// concurrent use.
type Memo struct {
	mu    sync.Mutex
	drawn map[any][]string
}

// memoSize bounds the drawings a Memo keeps: keys hold the terminal size,
// which each client chooses. Past it, draw is called for every caller.
const memoSize = 8

// Draw returns the screen's lines draw returns for key, calling it only if
// no session has drawn key from this snapshot yet. key must be comparable,
// and name everything draw depends on besides the snapshot. Callers of one
// key wait for the first one's drawing rather than draw it again. The
// lines are shared: no caller may change them.
func (m *Memo) Draw(key any, draw func() []string) []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	if s, ok := m.drawn[key]; ok {
		return s
	}
	s := draw()
	if len(m.drawn) < memoSize {
		if m.drawn == nil {
			m.drawn = make(map[any][]string, 1)
		}
		m.drawn[key] = s
	}
	return s
}
