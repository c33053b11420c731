package server

import (
	"context"
	"errors"
	"log/slog"

	"hotels/internal/store"
)

// logStoreError logs a store error that refused what a player or an admin
// asked for. It is an ERROR, for the operator to act on, except for a
// damaged database file (store.ErrCorrupt): the store logs that itself,
// once, and every action refused because of it would only repeat it.
func logStoreError(log *slog.Logger, msg string, err error, args ...any) {
	level := slog.LevelError
	if errors.Is(err, store.ErrCorrupt) {
		level = slog.LevelDebug
	}
	log.Log(context.Background(), level, msg, append(args, "err", err)...)
}
