package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
)

// Appender commits game actions from many rooms in shared transactions
// (group commit): every Append waits until its action is on disk, but one
// commit, and one sync of the log, serves every action that arrived while
// the previous commit was being written, and, when games act close
// together, those that come in a short wait (commitDelay). Under load that
// multiplies the durable actions per second and divides their CPU; alone,
// an Append costs one commit as before.
type Appender struct {
	s    *Store
	reqs chan appendReq
	wg   sync.WaitGroup
	done chan struct{}
	once sync.Once
	bufs batchBufs // run's, for one commit at a time
	// own is run's connection on SQLite, taken at its first commit and
	// again after a failure broke it; nil on PostgreSQL, whose commits
	// are WithTx's, and until then.
	own *own
}

// batchBufs are what a commit works in, kept by the Appender from one
// commit to the next rather than made again for each (the commits of a
// load run are mostly of one or two actions, and these were a good part
// of their allocations). Each is emptied after use, so that it holds no
// request or line past its commit.
type batchBufs struct {
	errs    []error
	isFirst []bool
	first   []appendReq
	games   map[GameID]bool // the games of first
	args    []any
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
	reply, _ := replies.Get().(chan error)
	if reply == nil {
		reply = make(chan error, 1)
	}
	r := appendReq{ctx: ctx, id: id, seq: seq, line: line, reply: reply}
	select {
	case a.reqs <- r:
	case <-a.done:
		replies.Put(reply) // never sent on
		return ErrClosed
	case <-ctx.Done():
		replies.Put(reply)
		return ctx.Err()
	}
	// Once taken, the request is answered whether or not ctx ends, so that
	// a caller never wrongly believes a committed action was lost.
	err := <-reply
	replies.Put(reply) // empty again
	return err
}

// replies are AppendAction's answer channels, used again once empty: one
// made for every action was one more allocation a move.
var replies sync.Pool

// commitDelay is how long a commit waits for more actions when games act
// close together (the last commit began less than commitDelay before): then
// each commit, whose fixed cost (the transaction, the sync of the log) is
// most of an action's CPU, serves more actions, for a wait that is little
// beside a move's. It stops waiting once every game of the last commit
// has acted again: those are all the games acting (a game's next action,
// a throw of the dice after a move, or a flood of actions from a few
// rooms), and none would come in the wait. An action that comes alone is
// committed at once.
//
// A waiting commit serves about 1 + rate × commitDelay actions. At a
// one-core load run's 230 actions a second, 4 ms made 1.66 a commit (and
// left about one action in seven waiting alone, for nothing); 8 ms makes
// about 2.6 (BenchmarkDurableActions' 625 games), for some 4 ms more
// before the opponents' screens, where the mover's own screen waits out a
// frame time (1/60 s) anyway. See docs/capacity.md for the figures.
const commitDelay = 8 * time.Millisecond

func (a *Appender) run() {
	defer a.wg.Done()
	batch := make([]appendReq, 0, maxBatch)
	delay := time.NewTimer(commitDelay)
	delay.Stop()
	var (
		last   time.Time           // when the last commit began
		before = map[GameID]bool{} // the games of the last commit
		now    = map[GameID]bool{} // and of this one
		back   int                 // games of the last commit in this one
	)
	add := func(r appendReq) {
		batch = append(batch, r)
		if before[r.id] && !now[r.id] {
			back++
		}
		now[r.id] = true
	}
	for {
		select {
		case r := <-a.reqs:
			batch, back = batch[:0], 0
			clear(now)
			add(r)
		case <-a.done:
			if a.own != nil {
				a.own.close(false)
			}
			return
		}
		crowded, waiting := time.Since(last) < commitDelay, false
	more:
		for len(batch) < maxBatch {
			if !crowded || back == len(before) { // those already waiting
				select {
				case r := <-a.reqs:
					add(r)
				default:
					break more
				}
				continue
			}
			if !waiting { // the timer is set only for a wait, not at every commit
				delay.Reset(commitDelay)
				waiting = true
			}
			select {
			case r := <-a.reqs:
				add(r)
			case <-delay.C:
				break more
			case <-a.done:
				break more
			}
		}
		if waiting {
			delay.Stop()
		}
		last, before, now = time.Now(), now, before
		a.commit(batch)
	}
}

// commit writes a batch in one transaction. A refused action (a gap in the
// sequence, a finished game) fails alone; a failed commit fails them all.
func (a *Appender) commit(batch []appendReq) {
	b := &a.bufs
	if b.games == nil {
		b.games = map[GameID]bool{}
	}
	errs := slices.Grow(b.errs[:0], len(batch))[:len(batch)]
	err := a.withTx(func(tx *Tx) error {
		// The first action of each game goes in one statement; the rest,
		// and any it refused, one at a time after it, which says why.
		first := b.first[:0]
		isFirst := slices.Grow(b.isFirst[:0], len(batch))[:len(batch)]
		for i, r := range batch {
			isFirst[i] = false
			if r.ctx.Err() != nil {
				errs[i] = r.ctx.Err() // given up before it was written
				continue
			}
			if !b.games[r.id] {
				b.games[r.id], isFirst[i] = true, true
				first = append(first, r)
			}
		}
		defer func() {
			clear(first) // their contexts and lines
			b.first, b.isFirst = first[:0], isFirst[:0]
			clear(b.games)
		}()
		all, err := tx.appendActions(context.Background(), first, &b.args)
		if err != nil {
			return err
		}
		for i, r := range batch {
			if errs[i] == nil && !(isFirst[i] && all) {
				// Without r.ctx's end, which is ignored once written, but
				// with its lease (Fenced).
				errs[i] = tx.AppendAction(context.WithoutCancel(r.ctx), r.id, r.seq, r.line)
			}
		}
		return nil
	})
	for i, r := range batch {
		if err != nil {
			errs[i] = err
		}
		r.reply <- errs[i]
	}
	clear(errs)
	b.errs = errs[:0]
}

// withTx runs fn in one transaction: on SQLite on the Appender's own
// connection, on PostgreSQL as WithTx does.
func (a *Appender) withTx(fn func(*Tx) error) error {
	ctx := context.Background()
	if a.s.kept == nil {
		return a.s.WithTx(ctx, fn)
	}
	if a.own == nil {
		o, err := a.s.newOwn(ctx)
		if err != nil {
			return err
		}
		a.own = o
	}
	broken, err := a.s.withOwn(ctx, a.own, fn)
	if broken {
		a.own = nil
	}
	return err
}

// appendActions inserts, in one statement, each action (of games all
// different) whose game is open and whose seq follows the game's last
// stored, and reports whether it inserted them all: then each is saved;
// otherwise AppendAction, one at a time, says which were and why the
// others were not (an action inserted here is then the last stored, which
// AppendAction takes as saved). It is AppendAction's statement too: one
// statement for a batch rather than one per action is one round trip on
// PostgreSQL. Knowing only how many rows went in, rather than which
// (RETURNING), spares SQLite a temporary table of them at every commit.
// buf, if not nil, is the Appender's, for the statement's arguments.
func (s *Store) appendActions(ctx context.Context, reqs []appendReq, buf *[]any) (all bool, err error) {
	if len(reqs) == 0 {
		return true, nil
	}
	if buf == nil {
		buf = new([]any)
	}
	// An action carrying a lease (Fenced) is inserted only while the lease
	// is held: its row has the lease's room, node and token too, NULL for
	// an action without. A single server's statement has no such columns.
	fenced := false
	var rooms []string
	for _, r := range reqs {
		if lease, ok := fenceOf(r.ctx); ok {
			fenced = true
			rooms = append(rooms, lease.Room)
		}
	}
	if err := s.d.lockRooms(ctx, s.q, rooms, false); err != nil {
		return false, fmt.Errorf("store: append %s: %w", what(reqs), mapError(err))
	}
	// The statement's VALUES list has a row for each action, and rows of
	// NULLs, which insert nothing, up to a power of two: a handful of
	// statements, each prepared once and kept (ExecKeptContext), rather
	// than one for each size of batch, parsed each time.
	shape := 1
	for shape < len(reqs) {
		shape *= 2
	}
	args := slices.Grow((*buf)[:0], 7*shape)
	defer func() {
		clear(args) // the lines
		*buf = args[:0]
	}()
	at := timestamp(s.now())
	for i := range shape {
		if i >= len(reqs) {
			args = append(args, nil, nil, nil, nil)
			if fenced {
				args = append(args, nil, nil, nil)
			}
			continue
		}
		r := reqs[i]
		args = append(args, r.id, r.seq, r.line, at)
		if !fenced {
			continue
		}
		if lease, ok := fenceOf(r.ctx); ok {
			args = append(args, lease.Room, lease.Node, lease.Token)
		} else {
			args = append(args, nil, nil, nil)
		}
	}
	res, err := s.q.ExecKeptContext(ctx, appendQuery(s.d, shape, fenced), args...)
	var n int64
	if err == nil {
		n, err = res.RowsAffected()
	}
	if err != nil {
		return false, fmt.Errorf("store: append %s: %w", what(reqs), mapError(err))
	}
	return n == int64(len(reqs)), nil
}

// appendQueries are appendActions' statements, written once each: by the
// database's clock, the batch's shape and whether it is fenced.
var appendQueries struct {
	mu sync.Mutex
	m  map[appendShape]string
}

type appendShape struct {
	clock  string
	shape  int
	fenced bool
}

// appendQuery is appendActions' statement for shape rows, fenced or not,
// on d.
func appendQuery(d dialect, shape int, fenced bool) string {
	k := appendShape{d.clock(), shape, fenced}
	appendQueries.mu.Lock()
	defer appendQueries.mu.Unlock()
	if q, ok := appendQueries.m[k]; ok {
		return q
	}
	row := "(CAST(? AS BIGINT), CAST(? AS BIGINT), ?, ?)"
	if fenced {
		row = "(CAST(? AS BIGINT), CAST(? AS BIGINT), ?, ?, CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS BIGINT))"
	}
	values := strings.Repeat(", "+row, shape)[2:]
	held := ""
	if fenced {
		held = ` AND (v.column5 IS NULL OR EXISTS (SELECT 1 FROM room_leases
			WHERE room = v.column5 AND node = v.column6 AND token = v.column7 AND expires > ` + k.clock + `))`
	}
	// A VALUES list's columns are column1, column2, ... on both databases.
	q := `
		INSERT INTO actions (game_id, seq, line, at)
		SELECT v.column1, v.column2, v.column3, v.column4 FROM (VALUES ` + values + `) AS v
		WHERE EXISTS (SELECT 1 FROM games WHERE id = v.column1 AND status IN ('waiting', 'playing'))
		  AND v.column2 = (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_id = v.column1)` + held
	if appendQueries.m == nil {
		appendQueries.m = map[appendShape]string{}
	}
	appendQueries.m[k] = q
	return q
}

// what names the actions of reqs in an error.
func what(reqs []appendReq) string {
	if len(reqs) == 1 {
		return fmt.Sprintf("action %d to game %d", reqs[0].seq, reqs[0].id)
	}
	return fmt.Sprintf("%d actions", len(reqs))
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
