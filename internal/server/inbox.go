package server

import (
	"context"
	"reflect"
	"slices"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"charm.land/wish/v2"
)

// inbox is how what happens outside an interactive session's program
// reaches it: the server shutting down, an admin's broadcast or ban, a newer
// session of the account, the idle clock, a new window size. Nothing waits
// for any of these for the session's whole life (a goroutine parked for
// each session cost its stack and a share of every collection's mark:
// docs/capacity.md): each is posted, and a goroutine hands what was posted
// to the program, started when there is something to hand and ending when
// the program has it all. Of each kind of message only the latest is kept
// until then: a program that is slow to take them gets the last broadcast
// and the last size, not every one.
//
// The session's registry entry (live) holds its inbox, so messages posted
// before the program runs wait for it. Its methods are safe for concurrent
// use.
type inbox struct {
	mu      sync.Mutex
	send    sender    // the program; nil before it runs
	pending []tea.Msg // oldest first, one of each type
	handing bool      // a goroutine is handing pending to send
	closed  bool      // the program has ended: posts are dropped

	// The window sizes: at most one each windowEvery reaches the
	// program, the latest.
	size   *tea.WindowSizeMsg // held until pause fires; nil if none
	pause  *time.Timer        // windowEvery after the last size passed on; nil once fired with none held
	paused bool               // pause has not fired yet
}

// post hands msg to the program, in place of one of the same type not
// handed yet.
func (b *inbox) post(msg tea.Msg) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.postLocked(msg)
}

func (b *inbox) postLocked(msg tea.Msg) {
	if b.closed {
		return
	}
	t := reflect.TypeOf(msg)
	if i := slices.IndexFunc(b.pending, func(m tea.Msg) bool { return reflect.TypeOf(m) == t }); i >= 0 {
		b.pending[i] = msg
	} else {
		b.pending = append(b.pending, msg)
	}
	if b.send != nil && !b.handing {
		b.handing = true
		go b.hand()
	}
}

// hand hands the pending messages to the program one by one, until there
// are none.
func (b *inbox) hand() {
	for {
		b.mu.Lock()
		if len(b.pending) == 0 || b.closed {
			b.handing = false
			b.mu.Unlock()
			return
		}
		msg, to := b.pending[0], b.send
		b.pending[0] = nil
		if b.pending = b.pending[1:]; len(b.pending) == 0 {
			b.pending = nil
		}
		b.mu.Unlock()
		to.Send(msg) // returns at once once the program has ended
	}
}

// window is ssh.OnWindowChange's callback: the size passes on at once,
// unless one did within windowEvery, then when that time is up (the
// latest of those that came meanwhile).
func (b *inbox) window(w ssh.Window) {
	b.mu.Lock()
	defer b.mu.Unlock()
	size := tea.WindowSizeMsg{Width: w.Width, Height: w.Height}
	switch {
	case b.closed:
		return // the program has ended (an admin's watch, before its session ends)
	case b.paused:
		b.size = &size
		return
	}
	b.postLocked(size)
	b.pauseLocked()
}

func (b *inbox) pauseLocked() {
	b.paused = true
	if b.pause == nil {
		b.pause = time.AfterFunc(windowEvery, b.unpause)
	} else {
		b.pause.Reset(windowEvery)
	}
}

// unpause passes on the size held since the last, if any; if none, the
// timer goes too (a window is rarely resized: no session keeps one).
func (b *inbox) unpause() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.paused = false
	if b.size == nil || b.closed {
		b.pause = nil
		return
	}
	b.postLocked(*b.size)
	b.size = nil
	b.pauseLocked()
}

// sender is what an inbox hands messages to: a *tea.Program, kept as
// itself rather than as its Send method, a closure more for each session
// to keep (docs/capacity.md).
type sender interface{ Send(tea.Msg) }

// attach starts handing what is posted to to, the program.
func (b *inbox) attach(to sender) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.send = to
	if len(b.pending) > 0 && !b.handing {
		b.handing = true
		go b.hand()
	}
}

// close drops what is posted from now on: the program has ended.
func (b *inbox) close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closed, b.pending, b.size = true, nil, nil
	if b.pause != nil {
		b.pause.Stop()
	}
}

// runProgram is the last middleware: it runs an interactive session's
// Bubble Tea program, which newProgram builds. It does what wish's
// bubbletea.MiddlewareWithProgramHandler did, without the goroutine that
// waited there for each session's window changes and end.
func (s *Server) runProgram(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		p, a := s.newProgram(sess)
		if p == nil {
			next(sess)
			return
		}
		defer a.stop()
		if _, _, ok := sess.Pty(); !ok {
			wish.Fatalln(sess, "no active terminal, skipping")
			return
		}
		if err := runOn(sess, p, a.s.box); err != nil {
			s.logFor(sess).Error("app exit with error", "error", err)
		}
		next(sess)
	}
}

// runOn runs p on sess: box hands it what is posted and the session's
// window changes, and it quits when the session's connection closes. It
// returns p.Run's error.
func runOn(sess ssh.Session, p *tea.Program, box *inbox) error {
	box.attach(p)
	defer box.close()
	ssh.OnWindowChange(sess, box.window)
	stop := context.AfterFunc(sess.Context(), p.Quit)
	defer stop()
	_, err := p.Run()
	// Kill ends the program if it is still running and restores the
	// terminal, in case the program crashed.
	p.Kill()
	return err
}
