package rooms

import (
	"sync"
	"sync/atomic"
	"time"
)

// saving is whether the store takes the rooms' writes. When it does not (a
// full disk, a read-only database), every room retries and every player
// may try again, so the lobby logs the change of state, failing and then
// working again, and not each attempt: an operator gets one line to act
// on, not hundreds a second (issue 16).
type saving struct {
	failing atomic.Bool // read on every write; the rest under mu

	mu       sync.Mutex
	since    time.Time // when the first write failed
	failures int       // writes refused since then
}

// saveFailed logs a write that the store refused: as an error if the
// store was working until now, else only at debug level.
func (l *Lobby) saveFailed(what string, err error, args ...any) {
	s := &l.saving
	s.mu.Lock()
	first := !s.failing.Load()
	if first {
		s.failing.Store(true)
		s.since, s.failures = l.cfg.Now(), 0
	}
	s.failures++
	s.mu.Unlock()
	args = append(args, "err", err)
	if first {
		l.cfg.Log.Error("saving games fails ("+what+"): rooms retry, and the log says when saving works again", args...)
		return
	}
	l.cfg.Log.Debug(what+" failed", args...)
}

// saved notes a write that the store took, and logs that saving works
// again if it was failing.
func (l *Lobby) saved() {
	s := &l.saving
	if !s.failing.Load() {
		return
	}
	s.mu.Lock()
	if !s.failing.Load() {
		s.mu.Unlock()
		return
	}
	s.failing.Store(false)
	since, failures := s.since, s.failures
	s.mu.Unlock()
	l.cfg.Log.Info("saving games works again", "failed_for", l.cfg.Now().Sub(since), "failed_writes", failures)
}
