package layout

import "sync"

// Shared holds what the sessions of a room draw alike, so that the first
// to draw a snapshot draws it and the others take it: the seats of a room
// draw the same move at the same moment, each on its own goroutine, and
// much of a game screen is the same for all of them (issue 22). It is
// keyed by what the part is drawn from (the view shared by the seats, the
// width, the styles) and holds only the latest entries: two generations of
// at most Size each, the older dropped whole when the newer is full, so
// that an entry outlives its snapshot by a few dozen others at most and
// the collector has few objects to mark. A part no longer held is simply
// drawn again. The values must never be changed once put: every session
// that takes one reads it.
type Shared[K comparable, V any] struct {
	Size int // entries a generation; 0 for DefaultShared

	mu       sync.Mutex
	now, old map[K]V
}

// DefaultShared is a Shared's generation where Size is 0: an entry lives
// for 16 to 32 others put after it, a tenth of a second of moves at 625
// rooms (docs/capacity.md), where the seats of a room draw a snapshot
// within milliseconds of each other; and the room benchmarks' 60 moves
// (room.BenchmarkGame) find none of a lap's parts at the next lap, as a
// room never sees a snapshot twice.
const DefaultShared = 16

// Get returns the part kept for k.
func (s *Shared[K, V]) Get(k K) (V, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if v, ok := s.now[k]; ok {
		return v, true
	}
	v, ok := s.old[k]
	return v, ok
}

// Put keeps v for k and returns the part kept for k: v, or the one another
// session put first while this one drew, so that every session holds the
// same strings (a line held is known by its bytes' address: Same).
func (s *Shared[K, V]) Put(k K, v V) V {
	s.mu.Lock()
	defer s.mu.Unlock()
	if kept, ok := s.now[k]; ok {
		return kept
	}
	if kept, ok := s.old[k]; ok {
		return kept
	}
	size := s.Size
	if size <= 0 {
		size = DefaultShared
	}
	if len(s.now) >= size { // the older generation's map, emptied, takes the next
		clear(s.old)
		s.old, s.now = s.now, s.old
	}
	if s.now == nil {
		s.now = make(map[K]V, size)
	}
	s.now[k] = v
	return v
}

// Len is the number of parts kept.
func (s *Shared[K, V]) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.now) + len(s.old)
}
