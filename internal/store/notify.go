package store

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
)

// Nodes sharing a PostgreSQL database tell each other of changes with
// NOTIFY, which the database hands to every connection LISTENing on the
// channel, in the order the notifications were committed. A notification
// is not stored: one sent while a node was not listening is lost to it,
// which is why Listen says when it (re)connects, for the node to catch up
// from what is stored.

// ErrNoNotify means notifications were asked of SQLite, which has none:
// a single server needs none.
var ErrNoNotify = errors.New("notifications need PostgreSQL")

// Notify sends payload (at most 8000 bytes) to every connection listening
// on channel, at once, or when the transaction it is called in commits.
func (s *Store) Notify(ctx context.Context, channel, payload string) error {
	if s.pg == nil {
		return fmt.Errorf("store: notify %s: %w", channel, ErrNoNotify)
	}
	if _, err := s.q.ExecContext(ctx, `SELECT pg_notify(?, ?)`, channel, payload); err != nil {
		return fmt.Errorf("store: notify %s: %w", channel, mapError(err))
	}
	return nil
}

// listenRetry bounds the wait between attempts to listen again.
const listenRetry = 2 * time.Second

// Listen listens on channels on a connection of its own until ctx ends,
// calling got with each notification, one at a time and in order. Each
// time it is listening again, after the first connection or after losing
// one, it calls connected first: notifications sent meanwhile are lost,
// and the caller catches up from what is stored. A lost connection is
// logged once and tried again, forever.
func (s *Store) Listen(ctx context.Context, channels []string, connected func(), got func(channel, payload string)) error {
	if s.pg == nil {
		return fmt.Errorf("store: listen: %w", ErrNoNotify)
	}
	const first = 100 * time.Millisecond
	wait, failing := first, false
	for {
		listened, err := s.listen(ctx, channels, connected, got)
		if ctx.Err() != nil {
			return nil
		}
		if listened { // it worked for a while: a new failure, tried again soon
			wait, failing = first, false
		}
		if !failing {
			s.logger().Warn("listening for other nodes' changes failed; trying again", "err", err)
			failing = true
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(wait):
		}
		wait = min(2*wait, listenRetry)
	}
}

// listen is one connection of Listen's; it returns whether it was
// listening, and why it ended.
func (s *Store) listen(ctx context.Context, channels []string, connected func(), got func(channel, payload string)) (bool, error) {
	conn, err := pgx.ConnectConfig(ctx, s.pg)
	if err != nil {
		return false, err
	}
	defer func() { _ = conn.Close(context.Background()) }()
	for _, ch := range channels {
		if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{ch}.Sanitize()); err != nil {
			return false, err
		}
	}
	connected()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return true, err
		}
		got(n.Channel, n.Payload)
	}
}

// logger is where the store logs (SetLogger).
func (s *Store) logger() *slog.Logger {
	s.health.mu.Lock()
	defer s.health.mu.Unlock()
	if s.health.log == nil {
		return slog.Default()
	}
	return s.health.log
}
