package server

import (
	"fmt"
	"runtime/debug"
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

// calls hands a call to a shared goroutine that waits for one.
var calls = make(chan call)

// sharedIdle is how long a shared goroutine waits for a call before it
// ends: there are as many as the sessions drawing at one moment needed.
const sharedIdle = 10 * time.Second

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
		go serveCalls(c)
	}
	<-done.ch
	if p := done.panicked; p != nil {
		done.panicked = nil
		panic(p)
	}
}

// serveCalls runs c, then the calls handed to it, until none came for
// sharedIdle.
func serveCalls(c call) {
	idle := time.NewTimer(sharedIdle)
	defer idle.Stop()
	for {
		c.done.panicked = runCall(c.f)
		c.done.ch <- struct{}{}
		idle.Reset(sharedIdle)
		select {
		case c = <-calls:
		case <-idle.C:
			return
		}
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
