// Package fromstore serves the history screen from the store, in the
// screen's own types, so that history never imports the store: the server
// serves a session's history through it, and the tests' fakes serve theirs
// the same way.
package fromstore

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"hotels/internal/rooms"
	"hotels/internal/saved"
	"hotels/internal/tui/history"
)

// Reader is what the history screen needs of the store (*store.Store).
type Reader interface {
	RecentGames(ctx context.Context, account saved.AccountID, limit int) ([]saved.Game, error)
	Actions(ctx context.Context, id saved.GameID) ([]string, error)
}

// Archive serves history.Archive from a Reader.
type Archive struct{ Reader }

var _ history.Archive = Archive{}

// Recent returns the newest games p sat at.
func (a Archive) Recent(ctx context.Context, p rooms.Player, limit int) ([]history.Game, error) {
	rows, err := a.RecentGames(ctx, p.ID, limit)
	if err != nil {
		return nil, err
	}
	out := make([]history.Game, len(rows))
	for i, g := range rows {
		out[i] = Game(g)
	}
	return out, nil
}

// Record returns a game's action lines; a game the store lacks is
// history.ErrNoGame.
func (a Archive) Record(ctx context.Context, id int64) ([]string, error) {
	lines, err := a.Actions(ctx, saved.GameID(id))
	if errors.Is(err, saved.ErrNotFound) {
		return nil, fmt.Errorf("game %d: %w", id, history.ErrNoGame)
	}
	return lines, err
}

// Game is a stored game as the history screen reads it.
func Game(g saved.Game) history.Game {
	out := history.Game{ID: int64(g.ID), Game: g.Game, Rules: g.Rules, Options: g.Options,
		Started: g.CreatedAt, Chance: g.Chance}
	switch g.Status {
	case saved.StatusPlaying:
		out.Status = history.Playing
	case saved.StatusFinished:
		out.Status = history.Finished
	case saved.StatusAborted:
		out.Status, out.Why = history.Aborted, strings.TrimPrefix(g.Result, "aborted: ")
	}
	for _, st := range g.Seats {
		out.Seats = append(out.Seats, history.Seat{Player: rooms.Player{ID: st.Account, Name: st.Name, Bot: st.BotAccount}, Place: st.Place, Score: st.Score})
	}
	return out
}
