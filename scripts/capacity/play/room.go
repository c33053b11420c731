package main

import (
	"sync"
	"sync/atomic"
	"time"
)

// viewer is a screen that shows a room's moves: a seat or a watcher.
type viewer struct {
	t       *term
	watcher bool
}

// room is one four-seat table: the host (players[0]), who created it, the
// three who joined it, and for room 0 the watchers.
type room struct {
	index    int
	id       string
	players  []*term
	watchers []*term
	ok       bool // every seat set up and the game started

	mu        sync.Mutex
	moves     int
	byPhase   map[string]int
	over      bool
	auctions  int  // Hotel Tycoon's auctions the host's screen showed
	inAuction bool // the host's screen shows one now
}

// sawAuction notes whether the host's screen shows an auction under way;
// each one that starts counts once.
func (r *room) sawAuction(shown bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if shown && !r.inAuction {
		r.auctions++
	}
	r.inAuction = shown
}

// viewers is every screen of the room but t's.
func (r *room) viewers(t *term) []viewer {
	out := make([]viewer, 0, len(r.players)+len(r.watchers))
	for _, p := range r.players {
		if p != t {
			out = append(out, viewer{t: p})
		}
	}
	for _, w := range r.watchers {
		out = append(out, viewer{t: w, watcher: true})
	}
	return out
}

func (r *room) moved(what string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.byPhase == nil {
		r.byPhase = map[string]int{}
	}
	r.moves++
	r.byPhase[what]++
}

func (r *room) unmoved(what string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.moves--
	r.byPhase[what]--
}

func (r *room) setOver() {
	r.mu.Lock()
	r.over = true
	r.mu.Unlock()
}

func (r *room) counts() (moves int, byPhase map[string]int, over bool, auctions int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	byPhase = map[string]int{}
	for k, v := range r.byPhase {
		byPhase[k] = v
	}
	return r.moves, byPhase, r.over, r.auctions
}

// stats is everything measured during play.
type stats struct {
	keyAll, keyDecision, keyIdle series // key → own screen, ms
	moveSelf                     series // move key → the move on the mover's own screen, ms
	moveOpp, moveWatch           series // move key → the move on an opponent's / a watcher's screen, ms
	everyOpp, everyWatch         series // move key → the move on the last of its opponents' / watchers' screens, ms
	frameOpp, frameWatch         series // bytes of the chunk that brought a move to a screen
	chunkCost                    series // µs the tool spends on each chunk received
	keyFail                      counter
	idleOnTurn                   atomic.Int64 // idle keys that met the player's own decision: no answer is due
	events                       counter
	lateOpp, lateWatch           atomic.Int64 // not shown before the room's next move: counted at that moment
	unseenOpp, unseenWatch       atomic.Int64 // not shown by the end of the drain
}

// moveRec follows one move until every screen of its room has shown it.
type moveRec struct {
	mu                   sync.Mutex
	leftOpp, leftWatch   int
	worstOpp, worstWatch time.Duration
}

func (s *stats) key(d time.Duration, err error, decision bool) {
	if err != nil {
		s.keyFail.inc(keyErr(err))
		return
	}
	s.keyAll.addDur(d)
	if decision {
		s.keyDecision.addDur(d)
	} else {
		s.keyIdle.addDur(d)
	}
}

// arrived records a move reaching a screen; it runs in that screen's reader.
func (s *stats) arrived(w *watch) {
	d := w.at.Sub(w.started())
	if w.watcher {
		s.moveWatch.addDur(d)
		s.frameWatch.add(float64(w.bytes))
	} else {
		s.moveOpp.addDur(d)
		s.frameOpp.add(float64(w.bytes))
	}
	s.seen(w, d)
}

// gaveUp records a move a screen had not shown when the room's next move
// was sent (late) or when the drain ended: its latency is at least
// now − t0, and is counted as that.
func (s *stats) gaveUp(w *watch, now time.Time, late bool) {
	d := now.Sub(w.started())
	switch {
	case w.watcher && late:
		s.lateWatch.Add(1)
	case w.watcher:
		s.unseenWatch.Add(1)
	case late:
		s.lateOpp.Add(1)
	default:
		s.unseenOpp.Add(1)
	}
	if w.watcher {
		s.moveWatch.addDur(d)
	} else {
		s.moveOpp.addDur(d)
	}
	s.seen(w, d)
}

// seen counts a screen off its move; the last one records the move's
// time to every screen.
func (s *stats) seen(w *watch, d time.Duration) {
	m := w.rec
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if w.watcher {
		m.worstWatch = max(m.worstWatch, d)
		if m.leftWatch--; m.leftWatch == 0 {
			s.everyWatch.addDur(m.worstWatch)
		}
	} else {
		m.worstOpp = max(m.worstOpp, d)
		if m.leftOpp--; m.leftOpp == 0 {
			s.everyOpp.addDur(m.worstOpp)
		}
	}
}
