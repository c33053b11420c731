package server

import (
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
)

// A session's screens are updated and drawn on a few goroutines that all
// sessions share, not on the session's own. Bubble Tea calls Update and View
// on the goroutine that serves the session, and drawing a screen (lipgloss,
// under frames of up to 30 KB in the screens' Update and View) grew that
// goroutine's stack to 64 KB in every session; a stack only shrinks at a
// collection that finds three quarters of it unused, and the next key grew
// it again. On the shared goroutines the session's own stays a few KB, and
// only the few that draw at one moment hold a deep stack (docs/capacity.md).

// call is one Update or View for a shared goroutine: it runs f and tells
// done.
type call struct {
	f    func()
	done *sharedDone
}

// sharedDone is how a shared goroutine tells a session that its call has
// run: what it panicked with, or nil, then a value on ch, which has room
// for one. Each session keeps one: a channel of struct{} is one object,
// where one of any was two (its buffer, which holds pointers, apart).
type sharedDone struct {
	ch       chan struct{}
	panicked any
}

func newSharedDone() sharedDone { return sharedDone{ch: make(chan struct{}, 1)} }

// calls hands a call to a shared goroutine that waits for one. A call with
// no f ends the goroutine that takes it (reapIdle).
var calls = make(chan call)

// sharedIdle is how often the shared goroutines that none needed are
// ended: there are as many as the sessions drawing at one moment needed in
// the last sharedIdle.
const sharedIdle = 10 * time.Second

// pool counts the shared goroutines, for reapIdle.
var pool struct {
	mu      sync.Mutex
	n       int  // the shared goroutines
	reaping bool // reapIdle is due
	// waiting is how many wait for a call now, and fewest the fewest
	// that waited at any moment since the last reapIdle: that many
	// were not needed.
	waiting, fewest atomic.Int64
}

// onShared runs f on a shared goroutine and returns once f has; done is
// the caller's own. A panic in f is raised again here, with f's stack, so
// that it ends this session as a panic on its own goroutine would
// (recoverPanics).
func onShared(done *sharedDone, f func()) {
	c := call{f: f, done: done}
	select {
	case calls <- c:
	default:
		// None waits: one more, so that a call never waits for another
		// session's.
		pool.mu.Lock()
		pool.n++
		pool.fewest.Store(0) // every one was needed
		if !pool.reaping {
			pool.reaping = true
			time.AfterFunc(sharedIdle, reapLater)
		}
		pool.mu.Unlock()
		go serveCalls(c)
	}
	<-done.ch
	if p := done.panicked; p != nil {
		done.panicked = nil
		panic(p)
	}
}

// serveCalls runs c, then the calls handed to it, until it is handed one
// with no f. It waits on calls alone: a select of calls and a timer of its
// own to end it, and resetting the timer at every call, were a tenth of
// the server's CPU outside the screens' work at 2,500 players (issue 22).
func serveCalls(c call) {
	for {
		c.done.panicked = runCall(c.f)
		c.done.ch <- struct{}{}
		pool.waiting.Add(1)
		c = <-calls
		w := pool.waiting.Add(-1)
		if c.f == nil {
			return
		}
		for {
			if least := pool.fewest.Load(); w >= least || pool.fewest.CompareAndSwap(least, w) {
				break
			}
		}
	}
}

// reapIdle ends the shared goroutines that none needed since it last ran:
// as many as waited for a call all the while. It reports whether any are
// left.
func reapIdle() bool {
	pool.mu.Lock()
	defer pool.mu.Unlock()
	for range pool.fewest.Load() {
		select {
		case calls <- call{}:
			pool.n--
			continue
		default:
		}
		break
	}
	pool.fewest.Store(pool.waiting.Load())
	pool.reaping = pool.n > 0
	return pool.reaping
}

// reapLater runs reapIdle every sharedIdle while there are shared
// goroutines.
func reapLater() {
	if reapIdle() {
		time.AfterFunc(sharedIdle, reapLater)
	}
}

// runCall runs f and returns what it panicked with, or nil.
func runCall(f func()) (p any) {
	defer func() {
		if r := recover(); r != nil {
			p = sharedPanic{value: r, stack: debug.Stack()}
		}
	}()
	f()
	return nil
}

// sharedPanic is a panic on a shared goroutine, raised again on the
// session's: the stack is where it happened.
type sharedPanic struct {
	value any
	stack []byte
}

func (p sharedPanic) String() string { return fmt.Sprintf("%v\n\n%s", p.value, p.stack) }
