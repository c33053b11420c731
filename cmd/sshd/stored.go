package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"hotels/internal/games"
	"hotels/internal/profile"
	"hotels/internal/rating"
	"hotels/internal/rooms"
	"hotels/internal/store"
	"hotels/internal/tui"
	"hotels/internal/tui/history"
	"hotels/internal/tui/ranking"
)

// stored serves a session's screens what they read of the store, in their
// own types, so that no screen imports the store: the player's games and
// their records (history), the leaderboards and profiles with each game's
// tally (ranking), and a player's own rating through the lobby.
type stored struct {
	st    *store.Store
	lobby *rooms.Lobby
}

var (
	_ tui.Ratings     = stored{}
	_ history.Archive = stored{}
)

// Recent returns the newest games p sat at.
func (s stored) Recent(ctx context.Context, p rooms.Player, limit int) ([]history.Game, error) {
	rows, err := s.st.RecentGames(ctx, p.ID, limit)
	if err != nil {
		return nil, err
	}
	out := make([]history.Game, len(rows))
	for i, g := range rows {
		out[i] = historyGame(g)
	}
	return out, nil
}

// Record returns a game's action lines.
func (s stored) Record(ctx context.Context, id int64) ([]string, error) {
	lines, err := s.st.Actions(ctx, store.GameID(id))
	if errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("game %d: %w", id, history.ErrNoGame)
	}
	return lines, err
}

// historyGame is a stored game as the history screen reads it.
func historyGame(g store.Game) history.Game {
	out := history.Game{ID: int64(g.ID), Game: g.Game, Rules: g.Rules, Options: g.Options,
		Started: g.CreatedAt, Chance: g.Chance}
	switch g.Status {
	case store.StatusPlaying:
		out.Status = history.Playing
	case store.StatusFinished:
		out.Status = history.Finished
	case store.StatusAborted:
		out.Status, out.Why = history.Aborted, strings.TrimPrefix(g.Result, "aborted: ")
	}
	for _, st := range g.Seats {
		out.Seats = append(out.Seats, history.Seat{Player: rooms.Player{ID: st.Account, Name: st.Name}, Place: st.Place, Score: st.Score})
	}
	return out
}

// Leaderboard returns the best rated players of game and rules.
func (s stored) Leaderboard(ctx context.Context, game, rules string, limit int) ([]ranking.Entry, error) {
	rows, err := s.st.Leaderboard(ctx, game, rules, limit)
	if err != nil {
		return nil, err
	}
	out := make([]ranking.Entry, len(rows))
	for i, x := range rows {
		out[i] = ranking.Entry{Player: rooms.Player{ID: x.Account, Name: x.Name},
			Rating: rating.Rating{Mu: x.Mu, Sigma: x.Sigma}.Display(), Games: x.Games, Wins: x.Wins}
	}
	return out, nil
}

// Profile reads p's profile, with each game's tally.
func (s stored) Profile(ctx context.Context, p rooms.Player) (profile.Profile, error) {
	return profile.Load(ctx, s.st, p.ID, p.Name, games.Tallies())
}

// PlayerRating returns p's own rating in game and rules.
func (s stored) PlayerRating(ctx context.Context, p rooms.Player, game, rules string) (int, int, error) {
	return s.lobby.PlayerRating(ctx, p, game, rules)
}
