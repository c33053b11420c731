package tea

import "unsafe"

// Watch returns a command that has the program take then(v) as a message
// for every value v that ch holds, from now until done closes (or ch does;
// a value taken once done has closed is dropped); a nil message is no
// message. ch is a mailbox of pointers where the latest value wins (a
// room's snapshots): a value put while the program handles the last is the
// next it takes.
//
// Hotels patch (HOTELS.md, change 10): the program's event loop waits on ch
// and done itself, beside its own channels, where a command would have
// parked a goroutine on ch for as long as it waited (for a screen that
// follows a room, the session's whole life: a goroutine's stack that every
// garbage collection scans), and the model would have returned it again
// after every value. The loop watches one mailbox at a time: a Watch given
// while another is watched runs on a goroutine of its own. Its command's
// message is a *WatchMsg: what runs commands outside a program (a test's)
// runs it with Run, or takes its values one by one with Next.
func Watch[T any](ch <-chan *T, done <-chan struct{}, then func(*T) Msg) Cmd {
	w := &WatchMsg{
		// A channel of *T received from as a channel of unsafe.Pointer:
		// the two are laid out alike (a pointer to the runtime's
		// channel), and so are their values, which the receive copies
		// with ch's own element type.
		c:    *(*<-chan unsafe.Pointer)(unsafe.Pointer(&ch)),
		done: done,
		then: func(v unsafe.Pointer) Msg { return then((*T)(v)) },
	}
	return func() Msg { return w }
}

// WatchMsg is a Watch's message, which the event loop takes on.
type WatchMsg struct {
	c    <-chan unsafe.Pointer
	done <-chan struct{}
	then func(unsafe.Pointer) Msg
}

// Next waits for the next value on the calling goroutine and returns its
// message; ok is false once the watch has ended.
func (w *WatchMsg) Next() (msg Msg, ok bool) {
	select {
	case v, open := <-w.c:
		if !open || w.ended() {
			return nil, false
		}
		return w.then(v), true
	case <-w.done:
		return nil, false
	}
}

// Run hands send the message of every value until the watch ends, on the
// calling goroutine.
func (w *WatchMsg) Run(send func(Msg)) {
	for {
		msg, ok := w.Next()
		if !ok {
			return
		}
		if msg != nil {
			send(msg)
		}
	}
}

// ended reports whether w's done has closed.
func (w *WatchMsg) ended() bool {
	select {
	case <-w.done:
		return true
	default:
		return false
	}
}

// startWatch has the event loop watch w, unless it watches another that
// has not ended: then w runs on a goroutine of its own.
func (p *Program) startWatch(w *WatchMsg) {
	if p.watching != nil && !p.watching.ended() {
		go w.Run(p.Send)
		return
	}
	p.watching = w
}

// watched is the loop's: v was taken from the watched mailbox (open false:
// it has closed; v nil and open true: done has closed). It returns v's
// message, which the loop handles before it waits again (HOTELS.md, change
// 14), or ends the watch.
func (p *Program) watched(v unsafe.Pointer, open bool) Msg {
	w := p.watching
	if !open || v == nil || w.ended() {
		p.watching = nil
		return nil
	}
	return w.then(v)
}

// watchChans are the channels the event loop waits on for p.watching: nil
// (which never delivers) while there is none.
func (p *Program) watchChans() (<-chan unsafe.Pointer, <-chan struct{}) {
	if p.watching == nil {
		return nil, nil
	}
	return p.watching.c, p.watching.done
}
