// Package feed is how a screen reads a lobby's or a room's latest-wins
// mailbox: one wait at a time, re-armed after each value, ending with the
// screen's stay (its context) so that no goroutine and no subscription
// outlives it. It imports nothing of ours.
package feed

import (
	"context"
	"sync"
)

// Feed is one subscription: its mailbox, the context of the stay it
// belongs to, and how to end it.
type Feed[T any] struct {
	ch   <-chan T
	ctx  context.Context
	stop func()
	once sync.Once
}

// New returns the feed of mailbox ch for the stay ctx; stop ends the
// subscription.
func New[T any](ctx context.Context, ch <-chan T, stop func()) *Feed[T] {
	return &Feed[T]{ch: ch, ctx: ctx, stop: stop}
}

// Next waits for the next value. Once ctx ends it ends the subscription and
// reports false.
func (f *Feed[T]) Next() (T, bool) {
	select {
	case v := <-f.ch:
		if f.ctx.Err() == nil {
			return v, true
		}
	case <-f.ctx.Done():
	}
	f.End()
	var zero T
	return zero, false
}

// End ends the subscription; later calls do nothing.
func (f *Feed[T]) End() { f.once.Do(f.stop) }
