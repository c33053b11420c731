package profile

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"hotels/internal/engine"
	"hotels/internal/rating"
	"hotels/internal/saved"
)

// Source is what a profile is read from; *store.Store is one.
type Source interface {
	PlayerRatings(ctx context.Context, account saved.AccountID) ([]saved.Rating, error)
	RatingHistory(ctx context.Context, account saved.AccountID, game, rules string, limit int) ([]saved.RatingChange, error)
	RecentGames(ctx context.Context, account saved.AccountID, limit int) ([]saved.Game, error)
	Actions(ctx context.Context, id saved.GameID) ([]string, error)
}

// How much of a player's past Load reads. Tallies are counted over the
// finished games among the last Games, which bounds a profile to one query
// per game at most.
const (
	Games   = 50 // games read for the recent list and the tallies
	Recent  = 10 // games a profile lists
	Changes = 20 // rating changes read for each rule set
)

// Profile is one player's record.
type Profile struct {
	Name    string   `json:"name"`
	Bot     bool     `json:"bot"`     // a bot account (issue 24)
	Ratings []Rating `json:"ratings"` // by game, then rules
	Recent  []Game   `json:"recent_games"`
	// Favourites has one entry for each game's tally that the player has
	// finished a game of (the first tally's alone if none), in the order of
	// the tallies Load was given.
	Favourites []Favourites `json:"favourites"`
}

// Tally is what a game counts in a player's finished games, for their
// profile: Acquire's favourite chains are the chains they founded. Each
// game's tally comes from the registry (internal/profile/tallies).
type Tally struct {
	Game  string // the game's name ("acquire")
	Title string // "Favourite chains"
	What  string // what is counted, in words: "founded"
	None  string // what the profile says before anything is counted: "none founded yet"
	// Count returns what seat did in one game, an entry each time ("Tower"
	// twice for two Towers founded), from the game's action lines: the
	// player's own decisions, the autopilot's left out.
	Count func(seats []string, seat engine.Seat, lines []string) []string
}

// Favourites is one tally of a player's games, most counted first.
type Favourites struct {
	Game   string  `json:"game"`
	Title  string  `json:"title"`
	What   string  `json:"what"`
	Counts []Count `json:"counts"`
	none   string
}

// Count is how often one thing was counted.
type Count struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// String lists the counts, most first, with how often: "Tower 3, Luxor 1";
// or says that nothing was counted.
func (f Favourites) String() string {
	if len(f.Counts) == 0 {
		return f.none
	}
	parts := make([]string, len(f.Counts))
	for i, c := range f.Counts {
		parts[i] = fmt.Sprintf("%s %d", c.Name, c.Count)
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

// Where a recent game is, as Game.Status says: screens read it without the
// store.
const (
	Finished = saved.StatusFinished
	Aborted  = saved.StatusAborted
	Playing  = saved.StatusPlaying
)

// Change is one ranked game's effect on a rating.
type Change struct {
	Game   saved.GameID `json:"game_id"`
	At     time.Time    `json:"at"`
	Place  int          `json:"place"` // 1 for the winners
	Before int          `json:"before"`
	After  int          `json:"after"`
}

// Game is one of the player's recent games.
type Game struct {
	ID      saved.GameID `json:"id"`
	Game    string       `json:"game"`
	Rules   string       `json:"rules"`
	Ranked  bool         `json:"ranked"`
	Status  saved.Status `json:"status"`
	Started time.Time    `json:"started"`
	Players []string     `json:"players"` // in seat order
	// Place and Score (in the game's unit) are the player's in a finished
	// game, as the game decided and the store kept them; both are 0
	// otherwise, and for games finished before places were stored.
	Place int `json:"place,omitempty"`
	Score int `json:"score,omitempty"`
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
// better, with the games' tallies.
func Load(ctx context.Context, src Source, account saved.AccountID, name string, tallies []Tally) (Profile, error) {
	p := Profile{Name: name, Ratings: []Rating{}, Recent: []Game{}, Favourites: []Favourites{}}
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
	counted := make([]map[string]int, len(tallies))
	for i, g := range games {
		seat := seatOf(g, account)
		if i < Recent {
			p.Recent = append(p.Recent, recent(g, seat))
		}
		t := slices.IndexFunc(tallies, func(t Tally) bool { return t.Game == g.Game })
		if g.Status != saved.StatusFinished || seat < 0 || t < 0 {
			continue
		}
		lines, err := src.Actions(ctx, g.ID)
		if err != nil {
			return Profile{}, fmt.Errorf("profile of %s: %w", name, err)
		}
		names := make([]string, len(g.Seats))
		for i, st := range g.Seats {
			names[i] = st.Name
		}
		if counted[t] == nil {
			counted[t] = map[string]int{}
		}
		for _, c := range tallies[t].Count(names, engine.Seat(seat), own(lines)) {
			counted[t][c]++
		}
	}
	played := slices.ContainsFunc(counted, func(m map[string]int) bool { return m != nil })
	for i, t := range tallies {
		// Only the games the player has finished have a tally to show (a
		// profile lists no game never played); a newcomer sees the default
		// game's, empty.
		if counted[i] == nil && (played || i > 0) {
			continue
		}
		f := Favourites{Game: t.Game, Title: t.Title, What: t.What, Counts: []Count{}, none: t.None}
		for c, n := range counted[i] {
			f.Counts = append(f.Counts, Count{Name: c, Count: n})
		}
		slices.SortFunc(f.Counts, func(a, b Count) int {
			return cmp.Or(b.Count-a.Count, strings.Compare(a.Name, b.Name))
		})
		p.Favourites = append(p.Favourites, f)
	}
	return p, nil
}

// own drops the lines the autopilot chose while the player was away: they
// are not the player's choices.
func own(lines []string) []string {
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		if !strings.Contains(l, "# autopilot") {
			out = append(out, l)
		}
	}
	return out
}

// seatOf returns the index in g.Seats of account's seat, or -1.
func seatOf(g saved.Game, account saved.AccountID) int {
	for i, st := range g.Seats {
		if st.Account == account && account != 0 {
			return i
		}
	}
	return -1
}

// recent describes g for the player in seat (-1 if none).
func recent(g saved.Game, seat int) Game {
	out := Game{ID: g.ID, Game: g.Game, Rules: g.Rules, Ranked: g.Ranked, Status: g.Status, Started: g.CreatedAt,
		Players: make([]string, len(g.Seats))}
	for i, st := range g.Seats {
		out.Players[i] = st.Name
	}
	if g.Status != saved.StatusFinished || seat < 0 {
		return out
	}
	out.Place, out.Score = g.Seats[seat].Place, g.Seats[seat].Score
	return out
}
