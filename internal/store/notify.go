package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Notification is a message one node sent the others through the database
// (Notify). A Notification with no Channel says that Listen listens from
// now on: at first, and again after its connection was lost, when whatever
// was sent meanwhile is lost and the listener should read again what it
// keeps up to date.
type Notification struct {
	Channel string
	Payload string
}

// ErrNoNotifications is Listen and Notify on SQLite, where one process is
// the whole server and has nobody to tell.
var ErrNoNotifications = errors.New("notifications between servers need PostgreSQL")

// Notify sends payload on channel to every connection listening to it,
// this process's too (PostgreSQL's NOTIFY: delivered once the sending
// statement commits, in order).
func (s *Store) Notify(ctx context.Context, channel, payload string) error {
	if _, ok := s.d.(*postgresDialect); !ok {
		return ErrNoNotifications
	}
	if _, err := s.q.ExecContext(ctx, `SELECT pg_notify(?, ?)`, channel, payload); err != nil {
		return fmt.Errorf("store: notify %s: %w", channel, mapError(err))
	}
	return nil
}

// listenRetry is how long Listen waits before connecting again.
const listenRetry = time.Second

// Listen calls got with each notification sent on channels, in order, on
// a connection of its own, until ctx ends, when it returns. It calls got
// with an empty Notification once it listens, and again each time it
// listens after losing its connection, which it tries to get back every
// second, logging the first failure and the return. It returns
// ErrNoNotifications at once on SQLite.
func (s *Store) Listen(ctx context.Context, channels []string, got func(Notification)) error {
	pd, ok := s.d.(*postgresDialect)
	if !ok {
		return ErrNoNotifications
	}
	lost := false
	for ctx.Err() == nil {
		err := listen(ctx, pd.cfg, channels, func(n Notification) {
			if lost && n.Channel == "" {
				lost = false
				s.health.logger().Info("listening to the other servers again")
			}
			got(n)
		})
		if ctx.Err() != nil {
			break
		}
		if !lost {
			lost = true
			s.health.logger().Warn("lost the connection that hears the other servers; reconnecting", "err", err)
		}
		select {
		case <-ctx.Done():
		case <-time.After(listenRetry):
		}
	}
	return ctx.Err()
}

// listen runs one connection of Listen until it fails.
func listen(ctx context.Context, cfg *pgx.ConnConfig, channels []string, got func(Notification)) error {
	conn, err := pgx.ConnectConfig(ctx, cfg.Copy())
	if err != nil {
		return err
	}
	defer func() { _ = conn.Close(context.WithoutCancel(ctx)) }()
	for _, ch := range channels {
		if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{ch}.Sanitize()); err != nil {
			return err
		}
	}
	got(Notification{})
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		got(Notification{Channel: n.Channel, Payload: n.Payload})
	}
}
