// Package feed is how a screen reads a lobby's or a room's latest-wins
// mailbox: the program's event loop watches it (tea.Watch) until the
// screen's stay (its context) ends, which ends the subscription too, so
// that no subscription outlives it. It imports nothing of ours.
package feed

import (
	"context"
	"sync"
)

// Feed is one subscription: its mailbox, the context of the stay it
// belongs to, and how to end it.
type Feed[T any] struct {
	ch    <-chan T
	ctx   context.Context
	stop  func()
	once  sync.Once
	ended chan struct{} // closed by End
}

// New returns the feed of mailbox ch for the stay ctx; stop ends the
// subscription, as the end of ctx does, whether anyone waits on the feed
// or not (a program's event loop that watches the mailbox itself ends with
// its session, and would not see ctx end).
func New[T any](ctx context.Context, ch <-chan T, stop func()) *Feed[T] {
	f := &Feed[T]{ch: ch, ctx: ctx, stop: stop, ended: make(chan struct{})}
	context.AfterFunc(ctx, f.End)
	return f
}

// Mailbox is the subscription's mailbox, for a program to watch itself
// (tea.Watch) until Ended closes; a value taken from it is the next only
// while Live.
func (f *Feed[T]) Mailbox() <-chan T { return f.ch }

// Ended is closed once the subscription has ended.
func (f *Feed[T]) Ended() <-chan struct{} { return f.ended }

// Live reports whether the stay has not ended.
func (f *Feed[T]) Live() bool { return f.ctx.Err() == nil }

// End ends the subscription; later calls do nothing.
func (f *Feed[T]) End() {
	f.once.Do(func() {
		f.stop()
		close(f.ended)
	})
}
