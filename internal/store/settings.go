package store

import (
	"context"
	"errors"
	"fmt"
)

// Settings are a player's choices for their sessions.
type Settings struct {
	// Bell rings the terminal's bell when the player's turn comes and when
	// a game they wait for starts.
	Bell bool
}

// DefaultSettings are an account's settings until the player changes one.
var DefaultSettings = Settings{Bell: true}

// Settings returns account's settings: DefaultSettings until it has
// changed one.
func (s *Store) Settings(ctx context.Context, account AccountID) (Settings, error) {
	var bell int
	err := mapError(s.q.QueryRowContext(ctx, `SELECT bell FROM account_settings WHERE account_id = ?`, account).Scan(&bell))
	switch {
	case errors.Is(err, ErrNotFound):
		return DefaultSettings, nil
	case err != nil:
		return Settings{}, fmt.Errorf("store: settings of account %d: %w", account, err)
	}
	return Settings{Bell: bell != 0}, nil
}

// SetBell turns account's bell on or off. An account that does not exist
// is ErrNotFound.
func (s *Store) SetBell(ctx context.Context, account AccountID, on bool) error {
	bell := 0
	if on {
		bell = 1
	}
	_, err := s.q.ExecContext(ctx, `
		INSERT INTO account_settings (account_id, bell) VALUES (?, ?)
		ON CONFLICT (account_id) DO UPDATE SET bell = excluded.bell`, account, bell)
	if err != nil {
		return fmt.Errorf("store: set the bell of account %d: %w", account, mapError(err))
	}
	return nil
}
