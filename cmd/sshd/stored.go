package main

import (
	"context"

	"hotels/internal/profile"
	"hotels/internal/profile/tallies"
	"hotels/internal/rating"
	"hotels/internal/rooms"
	"hotels/internal/store"
	"hotels/internal/tui"
	"hotels/internal/tui/history"
	"hotels/internal/tui/history/fromstore"
	"hotels/internal/tui/ranking"
)

// stored serves a session's screens what they read of the store, in their
// own types, so that no screen imports the store: the player's games and
// their records (history), the leaderboards and profiles with each game's
// tally (ranking), and a player's own rating through the lobby.
type stored struct {
	fromstore.Archive
	st    *store.Store
	lobby *rooms.Lobby
}

func newStored(st *store.Store, lobby *rooms.Lobby) stored {
	return stored{Archive: fromstore.Archive{Reader: st}, st: st, lobby: lobby}
}

var (
	_ tui.Ratings     = stored{}
	_ tui.Bell        = stored{}
	_ history.Archive = stored{}
)

// Leaderboard returns the best rated players of game and rules.
func (s stored) Leaderboard(ctx context.Context, game, rules string, limit int) ([]ranking.Entry, error) {
	rows, err := s.st.Leaderboard(ctx, game, rules, limit)
	if err != nil {
		return nil, err
	}
	out := make([]ranking.Entry, len(rows))
	for i, x := range rows {
		out[i] = ranking.Entry{Player: rooms.Player{ID: x.Account, Name: x.Name, Bot: x.Bot},
			Rating: rating.Rating{Mu: x.Mu, Sigma: x.Sigma}.Display(), Games: x.Games, Wins: x.Wins}
	}
	return out, nil
}

// Profile reads p's profile, with each game's tally.
func (s stored) Profile(ctx context.Context, p rooms.Player) (profile.Profile, error) {
	prof, err := profile.Load(ctx, s.st, p.ID, p.Name, tallies.All)
	if a, aerr := s.st.AccountByName(ctx, p.Name); err == nil && aerr == nil && a.ID == p.ID {
		prof.Bot = a.Bot // issue 24: a bot account's profile says so
	}
	return prof, err
}

// PlayerRating returns p's own rating in game and rules.
func (s stored) PlayerRating(ctx context.Context, p rooms.Player, game, rules string) (int, int, error) {
	return s.lobby.PlayerRating(ctx, p, game, rules)
}

// Bell reports whether p wants the terminal's bell.
func (s stored) Bell(ctx context.Context, p rooms.Player) (bool, error) {
	set, err := s.st.Settings(ctx, p.ID)
	return set.Bell, err
}

// SetBell turns p's bell on or off.
func (s stored) SetBell(ctx context.Context, p rooms.Player, on bool) error {
	return s.st.SetBell(ctx, p.ID, on)
}
