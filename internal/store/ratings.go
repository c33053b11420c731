package store

import (
	"context"
	"fmt"
)

// Ratings returns the ratings of accounts in game and rules; an account
// with no rated game yet has no entry.
func (s *Store) Ratings(ctx context.Context, game, rules string, accounts []AccountID) (map[AccountID]Rating, error) {
	out := map[AccountID]Rating{}
	for _, id := range accounts {
		r, err := scanRating(s.q.QueryRowContext(ctx, `SELECT `+ratingColumns+`
			FROM ratings r JOIN accounts a ON a.id = r.account_id
			WHERE r.account_id = ? AND r.game = ? AND r.rules = ?`, id, game, rules))
		switch {
		case err == nil:
			out[id] = r
		case err != ErrNotFound:
			return nil, fmt.Errorf("store: rating of account %d: %w", id, err)
		}
	}
	return out, nil
}

// RecordRatings stores the outcome of a rated game in one transaction:
// each player's new rating, games and wins, and the change itself.
func (s *Store) RecordRatings(ctx context.Context, game, rules string, changes []RatingChange) error {
	now := timestamp(s.now())
	return s.WithTx(ctx, func(tx *Tx) error {
		for _, c := range changes {
			win := 0
			if c.Place == 1 {
				win = 1
			}
			if _, err := tx.q.ExecContext(ctx, `
				INSERT INTO ratings (account_id, game, rules, mu, sigma, games, wins, updated_at)
				VALUES (?, ?, ?, ?, ?, 1, ?, ?)
				ON CONFLICT (account_id, game, rules) DO UPDATE SET
					mu = excluded.mu, sigma = excluded.sigma, games = ratings.games + 1,
					wins = ratings.wins + excluded.wins, updated_at = excluded.updated_at`,
				c.Account, game, rules, c.MuAfter, c.SigmaAfter, win, now); err != nil {
				return fmt.Errorf("store: rating of account %d: %w", c.Account, mapError(err))
			}
			if _, err := tx.q.ExecContext(ctx, `
				INSERT INTO rating_changes (game_id, account_id, place, mu_before, sigma_before, mu_after, sigma_after)
				VALUES (?, ?, ?, ?, ?, ?, ?)`,
				c.Game, c.Account, c.Place, c.MuBefore, c.SigmaBefore, c.MuAfter, c.SigmaAfter); err != nil {
				return fmt.Errorf("store: rating change of account %d in game %d: %w", c.Account, c.Game, mapError(err))
			}
		}
		return nil
	})
}

// Leaderboard returns the best rated players of game and rules by the
// conservative estimate Mu − 3·Sigma, at most limit of them.
func (s *Store) Leaderboard(ctx context.Context, game, rules string, limit int) ([]Rating, error) {
	return s.LeaderboardOf(ctx, game, rules, limit, Everyone)
}

// Who picks the accounts a leaderboard lists.
type Who int

const (
	Everyone Who = iota
	People       // accounts that are not bots
	Bots         // bot accounts alone
)

// LeaderboardOf is Leaderboard of the people or the bots alone.
func (s *Store) LeaderboardOf(ctx context.Context, game, rules string, limit int, who Who) ([]Rating, error) {
	bots := map[Who]string{Everyone: "", People: " AND a.bot = 0", Bots: " AND a.bot = 1"}[who]
	rows, err := s.q.QueryContext(ctx, `SELECT `+ratingColumns+`
		FROM ratings r JOIN accounts a ON a.id = r.account_id
		WHERE r.game = ? AND r.rules = ?`+bots+`
		ORDER BY r.mu - 3 * r.sigma DESC, a.name LIMIT ?`, game, rules, limit)
	if err != nil {
		return nil, fmt.Errorf("store: leaderboard: %w", mapError(err))
	}
	defer func() { _ = rows.Close() }()
	var out []Rating
	for rows.Next() {
		r, err := scanRating(rows)
		if err != nil {
			return nil, fmt.Errorf("store: leaderboard: %w", err)
		}
		out = append(out, r)
	}
	return out, mapError(rows.Err())
}

// PlayerRatings returns every rating of account, one per game and rules.
func (s *Store) PlayerRatings(ctx context.Context, account AccountID) ([]Rating, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT `+ratingColumns+`
		FROM ratings r JOIN accounts a ON a.id = r.account_id
		WHERE r.account_id = ? ORDER BY r.game, r.rules`, account)
	if err != nil {
		return nil, fmt.Errorf("store: ratings of account %d: %w", account, mapError(err))
	}
	defer func() { _ = rows.Close() }()
	var out []Rating
	for rows.Next() {
		r, err := scanRating(rows)
		if err != nil {
			return nil, fmt.Errorf("store: ratings of account %d: %w", account, err)
		}
		out = append(out, r)
	}
	return out, mapError(rows.Err())
}

// RatingHistory returns account's rating changes in game and rules, oldest
// first, the last limit of them.
func (s *Store) RatingHistory(ctx context.Context, account AccountID, game, rules string, limit int) ([]RatingChange, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT * FROM (
		SELECT c.game_id, c.account_id, c.place, c.mu_before, c.sigma_before, c.mu_after, c.sigma_after,
			COALESCE(g.finished_at, g.created_at)
		FROM rating_changes c JOIN games g ON g.id = c.game_id
		WHERE c.account_id = ? AND g.game = ? AND g.rules = ?
		ORDER BY c.game_id DESC LIMIT ?) AS recent ORDER BY game_id`, account, game, rules, limit)
	if err != nil {
		return nil, fmt.Errorf("store: rating history of account %d: %w", account, mapError(err))
	}
	defer func() { _ = rows.Close() }()
	var out []RatingChange
	for rows.Next() {
		var c RatingChange
		var at string
		if err := rows.Scan(&c.Game, &c.Account, &c.Place, &c.MuBefore, &c.SigmaBefore, &c.MuAfter, &c.SigmaAfter, &at); err != nil {
			return nil, fmt.Errorf("store: rating history of account %d: %w", account, mapError(err))
		}
		if c.At, err = parseTime(at); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, mapError(rows.Err())
}

const ratingColumns = `r.account_id, a.name, r.game, r.rules, r.mu, r.sigma, r.games, r.wins, r.updated_at, a.bot`

func scanRating(r row) (Rating, error) {
	var x Rating
	var at string
	var bot int
	if err := r.Scan(&x.Account, &x.Name, &x.Game, &x.Rules, &x.Mu, &x.Sigma, &x.Games, &x.Wins, &at, &bot); err != nil {
		return Rating{}, mapError(err)
	}
	x.Bot = bot != 0
	var err error
	x.UpdatedAt, err = parseTime(at)
	return x, err
}
