package main

import (
	"context"

	"hotels/internal/games"
	"hotels/internal/profile"
	"hotels/internal/rating"
	"hotels/internal/rooms"
	"hotels/internal/store"
	"hotels/internal/tui"
	"hotels/internal/tui/ranking"
)

// ratings serves a session's screens what they read of the ratings, in
// their own types: the leaderboards and profiles from the store (with each
// game's tally from the registry), a player's own rating through the lobby.
type ratings struct {
	st    *store.Store
	lobby *rooms.Lobby
}

var _ tui.Ratings = ratings{}

// Leaderboard returns the best rated players of game and rules.
func (r ratings) Leaderboard(ctx context.Context, game, rules string, limit int) ([]ranking.Entry, error) {
	rows, err := r.st.Leaderboard(ctx, game, rules, limit)
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

// Profile reads p's profile.
func (r ratings) Profile(ctx context.Context, p rooms.Player) (profile.Profile, error) {
	return profile.Load(ctx, r.st, p.ID, p.Name, games.Tallies())
}

// PlayerRating returns p's own rating in game and rules.
func (r ratings) PlayerRating(ctx context.Context, p rooms.Player, game, rules string) (int, int, error) {
	return r.lobby.PlayerRating(ctx, p, game, rules)
}
