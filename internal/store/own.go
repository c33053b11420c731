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
// commits every batch: its BEGIN IMMEDIATE, COMMIT and ROLLBACK, like its
// appends, are statements prepared on it once and kept. Through a
// database/sql transaction on a connection of the pool (WithTx), each
// commit took the connection from the pool, and the driver parsed the
// BEGIN and the COMMIT again, and database/sql started a goroutine to
// watch the transaction's context: with the statement's RETURNING, about
// a third of a lone commit's CPU (docs/capacity.md), at a load run's one
// or two actions a commit. withOwn runs what WithTx
// runs around it: the health, the metrics, the writer's turn (queue).
type own struct {
	c                       *sql.Conn
	kept                    *kept // the appends, prepared on c
	begin, commit, rollback *sql.Stmt
	// The Tx fn is given, bound to c: one for every commit, as the
	// Appender commits one batch at a time.
	tx Tx
	s  Store
	w  watched
}

// newOwn takes a connection of s's pool for an Appender of its own.
func (s *Store) newOwn(ctx context.Context) (*own, error) {
	c, err := s.db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: begin transaction: %w", mapError(s.health.saw(err)))
	}
	o := &own{c: c, kept: newKept(c)}
	for _, p := range []struct {
		stmt  **sql.Stmt
		query string
	}{{&o.begin, "BEGIN IMMEDIATE"}, {&o.commit, "COMMIT"}, {&o.rollback, "ROLLBACK"}} {
		if *p.stmt, err = c.PrepareContext(ctx, p.query); err != nil {
			o.close(false)
			return nil, fmt.Errorf("store: begin transaction: %w", mapError(s.health.saw(err)))
		}
	}
	o.w = watched{q: c, d: s.d, h: s.health, kept: o.kept}
	o.s = Store{q: &o.w, d: s.d, now: s.now, health: s.health, kept: o.kept}
	o.tx.Store = &o.s
	return o, nil
}

// withOwn is WithTx on o: fn runs in one transaction, committed if it
// returns nil, rolled back otherwise. After a failure other than fn's, o
// may be in a transaction still, or broken: it is closed, its connection
// dropped rather than put back in the pool, and broken is true (the
// Appender takes another at its next commit).
func (s *Store) withOwn(ctx context.Context, o *own, fn func(*Tx) error) (broken bool, err error) {
	if err := s.health.refuse(); err != nil {
		return false, fmt.Errorf("store: begin transaction: %w", err)
	}
	defer metrics.Since(metrics.CommitSeconds, time.Now())
	if err := s.queue(ctx); err != nil {
		return false, fmt.Errorf("store: begin transaction: %w", err)
	}
	defer func() { <-s.writing }()
	if _, err := o.begin.ExecContext(ctx); err != nil {
		o.close(true)
		return true, fmt.Errorf("store: begin transaction: %w", mapError(s.health.saw(err)))
	}
	if err := fn(&o.tx); err != nil {
		if _, rerr := o.rollback.ExecContext(context.Background()); rerr != nil {
			o.close(true)
			return true, err
		}
		return false, err
	}
	if _, err := o.commit.ExecContext(ctx); err != nil {
		// A COMMIT that failed may have left the transaction open
		// (SQLITE_BUSY) or not (an error of the disk's, rolled back).
		o.close(true)
		return true, fmt.Errorf("store: commit transaction: %w", mapError(s.health.saw(err)))
	}
	return false, nil
}

// close closes o's statements and its connection: put back in the pool,
// or, dropped, closed by database/sql (a transaction still open on it
// rolled back by SQLite as it closes).
func (o *own) close(dropped bool) {
	o.kept.close()
	for _, st := range []*sql.Stmt{o.begin, o.commit, o.rollback} {
		if st != nil {
			_ = st.Close()
		}
	}
	if dropped {
		// Raw's function returning ErrBadConn has the pool close it.
		if err := o.c.Raw(func(any) error { return driver.ErrBadConn }); errors.Is(err, driver.ErrBadConn) {
			return
		}
	}
	_ = o.c.Close()
}
