package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"time"

	"hotels/internal/metrics"
)

// own is the Appender's connection of its own on SQLite, on which it
// commits every batch, its statements prepared on it once and kept.
// Through a database/sql transaction on a connection of the pool (WithTx),
// each commit took the connection from the pool, and database/sql started
// a goroutine to watch the transaction's context (docs/capacity.md).
//
// A batch is committed without BEGIN and COMMIT: each statement on the
// connection is a transaction of its own (SQLite's autocommit), committed,
// the log synced as synchronous(FULL) says, before the statement returns.
// A batch is mostly one statement (appendActions), which is all a commit
// needs: BEGIN IMMEDIATE and COMMIT were two more statements a commit, and
// a statement inside a transaction that may fail a constraint keeps a
// journal of its own (each page it changes copied first), to undo itself
// alone (cap-journal2 in docs/capacity.md). withOwn runs what WithTx runs
// around it: the health, the metrics, the writer's turn (queue).
type own struct {
	c    *sql.Conn
	kept *kept // the appends, prepared on c
	// The Store fn is given, bound to c: one for every commit, as the
	// Appender commits one batch at a time.
	s Store
	w watched
}

// newOwn takes a connection of s's pool for an Appender of its own.
func (s *Store) newOwn(ctx context.Context) (*own, error) {
	c, err := s.db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: begin transaction: %w", mapError(s.health.saw(err)))
	}
	o := &own{c: c, kept: newKept(c)}
	// The appends' fence finds each row's game open in the same statement,
	// which the foreign key's check of actions.game_id would look up again
	// at every row. The connection is never put back in the pool (close),
	// where others need the checks (and their cascades).
	if _, err := c.ExecContext(ctx, "PRAGMA foreign_keys = OFF"); err != nil {
		o.close()
		return nil, fmt.Errorf("store: begin transaction: %w", mapError(s.health.saw(err)))
	}
	o.w = watched{q: c, d: s.d, h: s.health, kept: o.kept}
	o.s = Store{q: &o.w, d: s.d, now: s.now, health: s.health, kept: o.kept}
	return o, nil
}

// withOwn runs fn on o, each of its statements committed as it ends (see
// own), in this process's writer's turn, which its other writers wait
// for. When fn fails (a statement that failed: a connection that broke, an
// error of the disk's), o is closed, its connection dropped rather than
// put back in the pool, and broken is true: the Appender takes another at
// its next commit.
func (s *Store) withOwn(ctx context.Context, o *own, fn func(*Store) error) (broken bool, err error) {
	if err := s.health.refuse(); err != nil {
		return false, fmt.Errorf("store: begin transaction: %w", err)
	}
	defer metrics.Since(metrics.CommitSeconds, time.Now())
	if err := s.queue(ctx); err != nil {
		return false, fmt.Errorf("store: begin transaction: %w", err)
	}
	defer func() { <-s.writing }()
	if err := fn(&o.s); err != nil {
		o.close()
		return true, err
	}
	return false, nil
}

// close closes o's statements and drops its connection: database/sql
// closes it rather than put it back in the pool.
func (o *own) close() {
	o.kept.close()
	// Raw's function returning ErrBadConn has the pool close it.
	if err := o.c.Raw(func(any) error { return driver.ErrBadConn }); errors.Is(err, driver.ErrBadConn) {
		return
	}
	_ = o.c.Close()
}
