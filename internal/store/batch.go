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
// (group commit): every Append waits until its actions are on disk, but one
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

// appendReq is one AppendAction: lines are actions seq, seq+1, ... of
// game id, saved all or none.
type appendReq struct {
	ctx   context.Context
	id    GameID
	seq   int
	lines []string
	reply chan error
}

// maxBatch bounds the actions of one transaction, so that a flood cannot
// hold the write lock for long.
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
// calls: a room's action and the throw of the dice it made due in one
// commit, and one wait. It returns once the actions are committed, or
// with why they were not. It holds lines no longer than the call.
func (a *Appender) AppendAction(ctx context.Context, id GameID, seq int, lines ...string) error {
	if len(lines) == 0 {
		return nil
	}
	reply, _ := replies.Get().(chan error)
	if reply == nil {
		reply = make(chan error, 1)
	}
	r := appendReq{ctx: ctx, id: id, seq: seq, lines: lines, reply: reply}
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
		n      int                 // the actions of this one
	)
	add := func(r appendReq) {
		batch, n = append(batch, r), n+len(r.lines)
		if before[r.id] && !now[r.id] {
			back++
		}
		now[r.id] = true
	}
	for {
		select {
		case r := <-a.reqs:
			batch, back, n = batch[:0], 0, 0
			clear(now)
			add(r)
		case <-a.done:
			if a.own != nil {
				a.own.close()
			}
			return
		}
		crowded, waiting := time.Since(last) < commitDelay, false
	more:
		for n < maxBatch {
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

// commit writes a batch: in one transaction on PostgreSQL; on SQLite in
// one statement, which is a transaction, and one for each request that
// statement did not take (see own). A refused request (a gap in the
// sequence, a finished game) fails alone, none of its actions saved; a
// failed commit (statement) fails them all (its requests).
func (a *Appender) commit(batch []appendReq) {
	b := &a.bufs
	if b.games == nil {
		b.games = map[GameID]bool{}
	}
	errs := slices.Grow(b.errs[:0], len(batch))[:len(batch)]
	err := a.write(func(s *Store) error {
		// The first request of each game goes in one statement; the
		// rest, and any it refused, one at a time after it, which says
		// why.
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
		all, err := s.appendActions(context.Background(), first, &b.args)
		if err != nil {
			return err
		}
		for i, r := range batch {
			if errs[i] == nil && !(isFirst[i] && all) {
				// Without r.ctx's end, which is ignored once written, but
				// with its lease (Fenced).
				errs[i] = s.AppendAction(context.WithoutCancel(r.ctx), r.id, r.seq, r.lines...)
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

// write runs fn: on SQLite on the Appender's own connection, each
// statement committed as it ends (withOwn); on PostgreSQL in one
// transaction, as WithTx does.
func (a *Appender) write(fn func(*Store) error) error {
	ctx := context.Background()
	if a.s.kept == nil {
		return a.s.WithTx(ctx, func(tx *Tx) error { return fn(tx.Store) })
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

// appendActions inserts, in one statement, the actions of each request
// (of games all different) whose game is open and whose first seq follows
// the game's last stored, and reports whether it inserted them all: then
// each is saved; otherwise AppendAction, one at a time, says which were
// and why the others were not (the actions inserted here are then the
// last stored, which AppendAction takes as saved). A request's actions
// are all inserted or none: each row is judged by its request's first
// seq, against the actions stored before the statement (a statement never
// sees its own rows). It is AppendAction's statement too: one statement
// for a batch rather than one per action is one round trip on PostgreSQL.
// Knowing only how many rows went in, rather than which (RETURNING),
// spares SQLite a temporary table of them at every commit. buf, if not
// nil, is the Appender's, for the statement's arguments.
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
	rows := 0
	for _, r := range reqs {
		rows += len(r.lines)
	}
	shape := 1
	for shape < rows {
		shape *= 2
	}
	args := slices.Grow((*buf)[:0], 8*shape)
	defer func() {
		clear(args) // the lines
		*buf = args[:0]
	}()
	at := timestamp(s.now())
	for _, r := range reqs {
		room, node, token := any(nil), any(nil), any(nil)
		if lease, ok := fenceOf(r.ctx); ok {
			room, node, token = lease.Room, lease.Node, lease.Token
		}
		// Boxed once a request, as the int64s that database/sql would
		// otherwise convert them to: the game, and the first row's seq,
		// which is every row's first seq.
		id, first := any(int64(r.id)), any(int64(r.seq))
		for k, line := range r.lines {
			seq := first
			if k > 0 {
				seq = int64(r.seq + k)
			}
			args = append(args, id, seq, line, at, first)
			if fenced {
				args = append(args, room, node, token)
			}
		}
	}
	for range shape - rows {
		args = append(args, nil, nil, nil, nil, nil)
		if fenced {
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
	return n == int64(rows), nil
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
	// A row: the game, the seq, the line, the time, the first seq of its
	// request, and the lease's room, node and token if fenced.
	row := "(CAST(? AS BIGINT), CAST(? AS BIGINT), ?, ?, CAST(? AS BIGINT))"
	if fenced {
		row = "(CAST(? AS BIGINT), CAST(? AS BIGINT), ?, ?, CAST(? AS BIGINT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS BIGINT))"
	}
	values := strings.Repeat(", "+row, shape)[2:]
	held := ""
	if fenced {
		held = ` AND (v.column6 IS NULL OR EXISTS (SELECT 1 FROM room_leases
			WHERE room = v.column6 AND node = v.column7 AND token = v.column8 AND expires > ` + k.clock + `))`
	}
	// A VALUES list's columns are column1, column2, ... on both databases.
	q := `
		INSERT INTO actions (game_id, seq, line, at)
		SELECT v.column1, v.column2, v.column3, v.column4 FROM (VALUES ` + values + `) AS v
		WHERE EXISTS (SELECT 1 FROM games WHERE id = v.column1 AND status IN ('waiting', 'playing'))
		  AND v.column5 = (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_id = v.column1)` + held
	if appendQueries.m == nil {
		appendQueries.m = map[appendShape]string{}
	}
	appendQueries.m[k] = q
	return q
}

// what names the actions of reqs in an error.
func what(reqs []appendReq) string {
	if len(reqs) == 1 {
		return actionsOf(reqs[0].id, reqs[0].seq, len(reqs[0].lines))
	}
	return fmt.Sprintf("the actions of %d games", len(reqs))
}

// actionsOf names n actions of game id from seq in an error.
func actionsOf(id GameID, seq, n int) string {
	if n == 1 {
		return fmt.Sprintf("action %d to game %d", seq, id)
	}
	return fmt.Sprintf("actions %d-%d to game %d", seq, seq+n-1, id)
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

// AppendAction commits actions through the Appender, all or none.
func (j Journal) AppendAction(ctx context.Context, id GameID, seq int, lines ...string) error {
	return j.Appender.AppendAction(ctx, id, seq, lines...)
}
