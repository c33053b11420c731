package profile

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"hotels/internal/rating"
	"hotels/internal/store"
)

// Source is what a profile is read from; *store.Store is one.
type Source interface {
	PlayerRatings(ctx context.Context, account store.AccountID) ([]store.Rating, error)
	RatingHistory(ctx context.Context, account store.AccountID, game, rules string, limit int) ([]store.RatingChange, error)
	RecentGames(ctx context.Context, account store.AccountID, limit int) ([]store.Game, error)
	Actions(ctx context.Context, id store.GameID) ([]string, error)
}

var _ Source = (*store.Store)(nil)

// How much of a player's past Load reads. Chains are counted over the
// finished games among the last Games, which bounds a profile to one query
// per game at most.
const (
	Games   = 50 // games read for the recent list and the favourite chains
	Recent  = 10 // games a profile lists
	Changes = 20 // rating changes read for each rule set
)

// Profile is one player's record.
type Profile struct {
	Name    string   `json:"name"`
	Ratings []Rating `json:"ratings"` // by game, then rules
	Recent  []Game   `json:"recent_games"`
	Chains  []Chain  `json:"favourite_chains"` // most founded first
}

// Favourites lists the chains p founded, most founded first, with how often:
// "Tower 3, Luxor 1"; or says that none were.
func (p Profile) Favourites() string {
	if len(p.Chains) == 0 {
		return "none founded yet"
	}
	parts := make([]string, len(p.Chains))
	for i, c := range p.Chains {
		parts[i] = fmt.Sprintf("%s %d", c.Name, c.Founded)
	}
	return strings.Join(parts, ", ")
}

// Ordinal writes a place: 1st, 2nd, 3rd, 4th, and so on up to six seats.
func Ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return strconv.Itoa(n) + "th"
}

// Rating is the player's rating in one game and rule set, as players see
// it (rating.Rating.Display), with its latest changes.
type Rating struct {
	Game    string   `json:"game"`
	Rules   string   `json:"rules"`
	Rating  int      `json:"rating"`
	Games   int      `json:"games"`
	Wins    int      `json:"wins"`
	History []Change `json:"history"` // oldest first, at most Changes
}

// Change is one ranked game's effect on a rating.
type Change struct {
	Game   store.GameID `json:"game_id"`
	At     time.Time    `json:"at"`
	Place  int          `json:"place"` // 1 for the winners
	Before int          `json:"before"`
	After  int          `json:"after"`
}

// Game is one of the player's recent games.
type Game struct {
	ID      store.GameID `json:"id"`
	Game    string       `json:"game"`
	Rules   string       `json:"rules"`
	Ranked  bool         `json:"ranked"`
	Status  store.Status `json:"status"`
	Started time.Time    `json:"started"`
	Players []string     `json:"players"` // in seat order
	// Place and Score (in the game's unit) are the player's in a finished
	// game, as the game decided and the store kept them; both are 0
	// otherwise, and for games finished before places were stored.
	Place int `json:"place,omitempty"`
	Score int `json:"score,omitempty"`
}

// Chain is how often the player founded one chain.
type Chain struct {
	Name    string `json:"chain"`
	Founded int    `json:"founded"`
}

// WinRate is the share of games won, in percent, rounded; 0 before the
// first game.
func (r Rating) WinRate() int {
	if r.Games == 0 {
		return 0
	}
	return (200*r.Wins + r.Games) / (2 * r.Games)
}

// Load reads the profile of account, called name unless the store knows
// better.
func Load(ctx context.Context, src Source, account store.AccountID, name string) (Profile, error) {
	p := Profile{Name: name, Ratings: []Rating{}, Recent: []Game{}, Chains: []Chain{}}
	ratings, err := src.PlayerRatings(ctx, account)
	if err != nil {
		return Profile{}, fmt.Errorf("profile of %s: %w", name, err)
	}
	for _, r := range ratings {
		p.Name = r.Name
		x := Rating{Game: r.Game, Rules: r.Rules, Rating: rating.Rating{Mu: r.Mu, Sigma: r.Sigma}.Display(),
			Games: r.Games, Wins: r.Wins, History: []Change{}}
		changes, err := src.RatingHistory(ctx, account, r.Game, r.Rules, Changes)
		if err != nil {
			return Profile{}, fmt.Errorf("profile of %s: %w", name, err)
		}
		for _, c := range changes {
			x.History = append(x.History, Change{Game: c.Game, At: c.At, Place: c.Place,
				Before: rating.Rating{Mu: c.MuBefore, Sigma: c.SigmaBefore}.Display(),
				After:  rating.Rating{Mu: c.MuAfter, Sigma: c.SigmaAfter}.Display()})
		}
		p.Ratings = append(p.Ratings, x)
	}
	games, err := src.RecentGames(ctx, account, Games)
	if err != nil {
		return Profile{}, fmt.Errorf("profile of %s: %w", name, err)
	}
	founded := map[string]int{}
	for i, g := range games {
		seat := seatOf(g, account)
		if i < Recent {
			p.Recent = append(p.Recent, recent(g, seat))
		}
		if g.Status != store.StatusFinished || seat < 0 {
			continue
		}
		lines, err := src.Actions(ctx, g.ID)
		if err != nil {
			return Profile{}, fmt.Errorf("profile of %s: %w", name, err)
		}
		for _, c := range Founded(lines, g.Seats[seat].Name) {
			founded[c]++
		}
	}
	for c, n := range founded {
		p.Chains = append(p.Chains, Chain{Name: c, Founded: n})
	}
	slices.SortFunc(p.Chains, func(a, b Chain) int {
		return cmp.Or(b.Founded-a.Founded, strings.Compare(a.Name, b.Name))
	})
	return p, nil
}

// seatOf returns the index in g.Seats of account's seat, or -1.
func seatOf(g store.Game, account store.AccountID) int {
	for i, st := range g.Seats {
		if st.Account == account && account != 0 {
			return i
		}
	}
	return -1
}

// recent describes g for the player in seat (-1 if none).
func recent(g store.Game, seat int) Game {
	out := Game{ID: g.ID, Game: g.Game, Rules: g.Rules, Ranked: g.Ranked, Status: g.Status, Started: g.CreatedAt,
		Players: make([]string, len(g.Seats))}
	for i, st := range g.Seats {
		out.Players[i] = st.Name
	}
	if g.Status != store.StatusFinished || seat < 0 {
		return out
	}
	out.Place, out.Score = g.Seats[seat].Place, g.Seats[seat].Score
	return out
}

// Founded returns the chains that name founded in a game's record lines
// ("carol found Tower"), in order. A chain the autopilot founded while the
// player was away is not the player's choice and is left out.
func Founded(lines []string, name string) []string {
	var out []string
	prefix := name + " found "
	for _, l := range lines {
		if strings.Contains(l, "# autopilot") {
			continue
		}
		l, _, _ = strings.Cut(l, "#")
		if rest, ok := strings.CutPrefix(strings.TrimSpace(l), prefix); ok && strings.TrimSpace(rest) != "" {
			out = append(out, strings.TrimSpace(rest))
		}
	}
	return out
}
