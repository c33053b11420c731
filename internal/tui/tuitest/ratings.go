package tuitest

import (
	"context"
	"testing"
	"time"

	"hotels/internal/profile"
	"hotels/internal/profile/tallies"
	"hotels/internal/rating"
	"hotels/internal/rooms"
	"hotels/internal/saved"
	"hotels/internal/tui/ranking"
)

// Ratings is a fake store of ratings over an Archive of games: it records
// each call and returns the error set with Fail.
type Ratings struct {
	*Archive
	Board   map[string][]saved.Rating                // each rule set's leaderboard, best first
	Players map[saved.AccountID][]saved.Rating       // each player's ratings
	History map[saved.AccountID][]saved.RatingChange // each player's changes, oldest first, any rules
	Rules   map[saved.GameID]string                  // the rules of each game in History
}

// Leaderboard records the request and returns the rule set's board, cut
// to limit, as the server serves it.
func (r *Ratings) Leaderboard(_ context.Context, game, rules string, limit int) ([]ranking.Entry, error) {
	if err := r.record("Leaderboard", game, rules, limit); err != nil {
		return nil, err
	}
	var out []ranking.Entry
	for _, x := range r.Board[rules][:min(limit, len(r.Board[rules]))] {
		out = append(out, ranking.Entry{Player: rooms.Player{ID: x.Account, Name: x.Name, Bot: x.Bot},
			Rating: rating.Rating{Mu: x.Mu, Sigma: x.Sigma}.Display(), Games: x.Games, Wins: x.Wins})
	}
	return out, nil
}

// Profile reads p's profile from the fake store, with the games' tallies,
// as the server does.
func (r *Ratings) Profile(ctx context.Context, p rooms.Player) (profile.Profile, error) {
	return profile.Load(ctx, r, p.ID, p.Name, tallies.All)
}

// PlayerRatings records the request and returns the player's ratings.
func (r *Ratings) PlayerRatings(_ context.Context, account saved.AccountID) ([]saved.Rating, error) {
	if err := r.record("PlayerRatings", account); err != nil {
		return nil, err
	}
	return append([]saved.Rating(nil), r.Players[account]...), nil
}

// RatingHistory records the request and returns the player's last limit
// changes in rules, oldest first.
func (r *Ratings) RatingHistory(_ context.Context, account saved.AccountID, game, rules string, limit int) ([]saved.RatingChange, error) {
	if err := r.record("RatingHistory", account, game, rules, limit); err != nil {
		return nil, err
	}
	var out []saved.RatingChange
	for _, c := range r.History[account] {
		if r.Rules[c.Game] == rules {
			out = append(out, c)
		}
	}
	return out[max(0, len(out)-limit):], nil
}

// PlayerRating records the request and returns p's displayed rating in
// game and rules and its games, as rooms.Lobby does.
func (r *Ratings) PlayerRating(_ context.Context, p rooms.Player, game, rules string) (int, int, error) {
	if err := r.record("PlayerRating", game, rules, p.ID); err != nil {
		return 0, 0, err
	}
	for _, x := range r.Players[p.ID] {
		if x.Game == game && x.Rules == rules {
			return rating.Rating{Mu: x.Mu, Sigma: x.Sigma}.Display(), x.Games, nil
		}
	}
	return rating.New().Display(), 0, nil
}

// Rated returns the rating whose displayed value is display at
// uncertainty sigma: display = 1000 + 40·(mu − 3·sigma).
func Rated(display int, sigma float64) (mu, sig float64) {
	return float64(display-1000)/40 + 3*sigma, sigma
}

// Ranked returns ratings for a ladder of players, alice (account 1) among
// them, over History's games: carol leads the modern board, alice is
// second with eight rated games; the classic board has two players. Game
// 42 of the archive is ranked; alice founded Festival there, and Tower
// and Luxor in game 39.
func Ranked(t testing.TB) *Ratings {
	t.Helper()
	a := History(t)
	a.Games[0].Ranked = true
	a.Lines[39] = []string{"frank play 5C", "alice play 6C", "alice found Tower", "frank found Luxor", "alice found Luxor",
		"alice found Tower  # autopilot"}
	at := time.Date(2026, 5, 1, 20, 40, 0, 0, time.UTC)
	rating := func(id saved.AccountID, name, rules string, display int, sigma float64, games, wins int) saved.Rating {
		mu, sig := Rated(display, sigma)
		return saved.Rating{Account: id, Name: name, Game: "acquire", Rules: rules, Mu: mu, Sigma: sig, Games: games, Wins: wins, UpdatedAt: at}
	}
	modern := []saved.Rating{
		rating(3, "carol", "modern", 1210, 2.1, 31, 12),
		rating(1, "alice", "modern", 1047, 3.2, 8, 3),
		rating(6, "frank", "modern", 1031, 4.0, 6, 2),
		rating(2, "bob", "modern", 988, 3.9, 9, 2),
		rating(5, "erin", "modern", 962, 5.5, 3, 0),
		rating(7, "grace", "modern", 915, 6.1, 2, 0),
	}
	classic := []saved.Rating{
		rating(6, "frank", "classic", 1074, 5.0, 4, 3),
		rating(1, "alice", "classic", 998, 6.5, 2, 0),
	}
	r := &Ratings{
		Archive: a,
		Board:   map[string][]saved.Rating{"modern": modern, "classic": classic},
		Players: map[saved.AccountID][]saved.Rating{},
		History: map[saved.AccountID][]saved.RatingChange{},
		Rules:   map[saved.GameID]string{},
	}
	for _, b := range [][]saved.Rating{classic, modern} {
		for _, x := range b {
			r.Players[x.Account] = append(r.Players[x.Account], x)
		}
	}
	// alice's eight modern games, the last of them game 42 (2nd of 4),
	// and her two classic ones.
	displays := []int{1000, 968, 1003, 1021, 995, 1030, 1064, 1012, 1047}
	places := []int{3, 1, 2, 3, 1, 1, 4, 2}
	for i := range places {
		id := saved.GameID(30 + i)
		if i == len(places)-1 {
			id = 42
		}
		mb, sb := Rated(displays[i], 8.3-0.6*float64(i))
		ma, sa := Rated(displays[i+1], 8.3-0.6*float64(i+1))
		r.History[1] = append(r.History[1], saved.RatingChange{Game: id, Account: 1, Place: places[i],
			MuBefore: mb, SigmaBefore: sb, MuAfter: ma, SigmaAfter: sa, At: at.Add(time.Duration(i-len(places)+1) * 26 * time.Hour)})
		r.Rules[id] = "modern"
	}
	for i, d := range [][2]int{{1000, 1021}, {1021, 998}} {
		id := saved.GameID(20 + i)
		mb, sb := Rated(d[0], 8)
		ma, sa := Rated(d[1], 7.5)
		r.History[1] = append(r.History[1], saved.RatingChange{Game: id, Account: 1, Place: 1 + i,
			MuBefore: mb, SigmaBefore: sb, MuAfter: ma, SigmaAfter: sa, At: at.Add(-time.Duration(20-i) * 24 * time.Hour)})
		r.Rules[id] = "classic"
	}
	return r
}
