package store

import (
	"context"
	"errors"
	"sync"
)

// Appender commits game actions from many rooms in shared transactions
// (group commit): every Append waits until its action is on disk, but one
// commit, and one sync of the log, serves every action that arrived while
// the previous commit was being written. Under load that multiplies the
// durable actions per second; alone, an Append costs one commit as before.
type Appender struct {
	s    *Store
	reqs chan appendReq
	wg   sync.WaitGroup
	done chan struct{}
	once sync.Once
}

type appendReq struct {
	ctx   context.Context
	id    GameID
	seq   int
	line  string
	reply chan error
}

// maxBatch bounds one transaction, so that a flood cannot hold the write
// lock for long.
const maxBatch = 512

// ErrClosed is returned by an Appender that has been closed.
var ErrClosed = errors.New("store: closed")

// NewAppender starts an Appender writing to s; Close stops it.
func NewAppender(s *Store) *Appender {
	a := &Appender{s: s, reqs: make(chan appendReq), done: make(chan struct{})}
	a.wg.Add(1)
	go a.run()
	return a
}

// AppendAction is Store.AppendAction, committed together with concurrent
// calls. It returns once the action is committed, or with why it was not.
func (a *Appender) AppendAction(ctx context.Context, id GameID, seq int, line string) error {
	r := appendReq{ctx: ctx, id: id, seq: seq, line: line, reply: make(chan error, 1)}
	select {
	case a.reqs <- r:
	case <-a.done:
		return ErrClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	// Once taken, the request is answered whether or not ctx ends, so that
	// a caller never wrongly believes a committed action was lost.
	return <-r.reply
}

func (a *Appender) run() {
	defer a.wg.Done()
	batch := make([]appendReq, 0, maxBatch)
	for {
		select {
		case r := <-a.reqs:
			batch = append(batch[:0], r)
		case <-a.done:
			return
		}
	more:
		for len(batch) < maxBatch {
			select {
			case r := <-a.reqs:
				batch = append(batch, r)
			default:
				break more
			}
		}
		a.commit(batch)
	}
}

// commit writes a batch in one transaction. A refused action (a gap in the
// sequence, a finished game) fails alone; a failed commit fails them all.
func (a *Appender) commit(batch []appendReq) {
	errs := make([]error, len(batch))
	err := a.s.WithTx(context.Background(), func(tx *Tx) error {
		for i, r := range batch {
			if r.ctx.Err() != nil {
				errs[i] = r.ctx.Err() // given up before it was written
				continue
			}
			// Without r.ctx's end, which is ignored once written, but
			// with its lease (Fenced).
			errs[i] = tx.AppendAction(context.WithoutCancel(r.ctx), r.id, r.seq, r.line)
		}
		return nil
	})
	for i, r := range batch {
		if err != nil {
			errs[i] = err
		}
		r.reply <- errs[i]
	}
}

// Close stops the Appender after the batch in progress.
func (a *Appender) Close() {
	a.once.Do(func() { close(a.done) })
	a.wg.Wait()
}

// Journal is what rooms write games to: the store, with each action
// committed through an Appender (together with concurrent ones) rather than
// a transaction of its own.
type Journal struct {
	*Store
	Appender *Appender
}

// AppendAction commits one action through the Appender.
func (j Journal) AppendAction(ctx context.Context, id GameID, seq int, line string) error {
	return j.Appender.AppendAction(ctx, id, seq, line)
}
