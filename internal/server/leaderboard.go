package server

import (
	"context"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"hotels/internal/games"
	"hotels/internal/profile"
	"hotels/internal/rating"
	"hotels/internal/sanitize"
	"hotels/internal/store"
)

// ladder is what the leaderboard command needs from the store.
type ladder interface {
	LeaderboardOf(ctx context.Context, game, rules string, limit int, who store.Who) ([]store.Rating, error)
}

// Bounds of `leaderboard --limit`.
const (
	defaultBoard = 20
	maxBoard     = 100
)

// leaderboard is `leaderboard --json`.
type leaderboard struct {
	Game    string       `json:"game"`
	Rules   string       `json:"rules"`
	Players []boardEntry `json:"players"` // best first
}

// boardEntry is one player on the leaderboard.
type boardEntry struct {
	Rank    int    `json:"rank"`
	Name    string `json:"name"`
	Rating  int    `json:"rating"` // as players see it
	Games   int    `json:"games"`
	Wins    int    `json:"wins"`
	WinRate int    `json:"win_rate"` // percent
	Bot     bool   `json:"bot"`      // a bot account (issue 24)
}

// whoFlag is `leaderboard --players`.
var whoFlag = map[string]store.Who{"all": store.Everyone, "people": store.People, "bots": store.Bots}

// newLeaderboardCmd prints the best rated players of one game (and rule
// set, where the game has several).
func newLeaderboardCmd(st ladder) *cobra.Command {
	var (
		game  string
		rules string
		limit int
		who   string
	)
	cmd := &cobra.Command{
		Use:   "leaderboard",
		Short: "Show the best rated players of ranked games",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			kind, ok := games.ByName(game)
			if !ok {
				return fmt.Errorf("there is no game %q: choose %s", game, strings.Join(games.Names(), ", "))
			}
			rules, err := kind.RuleSet(rules)
			if err != nil {
				return err
			}
			if limit < 1 || limit > maxBoard {
				return fmt.Errorf("--limit must be 1 to %d, not %d", maxBoard, limit)
			}
			players, ok := whoFlag[who]
			if !ok {
				return fmt.Errorf("--players is all, people or bots, not %q", who)
			}
			rows, err := st.LeaderboardOf(cmd.Context(), kind.Name, rules, limit, players)
			if err != nil {
				return fmt.Errorf("the leaderboard could not be read; try again later")
			}
			board := leaderboard{Game: kind.Name, Rules: rules, Players: []boardEntry{}}
			for i, r := range rows {
				board.Players = append(board.Players, boardEntry{
					Rank: i + 1, Name: sanitize.Line(r.Name), Rating: rating.Rating{Mu: r.Mu, Sigma: r.Sigma}.Display(),
					Games: r.Games, Wins: r.Wins, WinRate: profile.Rating{Games: r.Games, Wins: r.Wins}.WinRate(), Bot: r.Bot,
				})
			}
			if wantJSON(cmd) {
				return writeJSON(cmd.OutOrStdout(), board)
			}
			if len(board.Players) == 0 {
				cmd.PrintErrf("No ranked %s game has been played yet.\n", strings.TrimSpace(kind.Title+" "+rules))
				return nil
			}
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
			fmt.Fprintln(w, "RANK\tNAME\tRATING\tGAMES\tWINS\tWIN RATE")
			for _, e := range board.Players {
				fmt.Fprintf(w, "%d\t%s\t%d\t%d\t%d\t%d%%\n", e.Rank, botMark(e.Name, e.Bot), e.Rating, e.Games, e.Wins, e.WinRate)
			}
			return w.Flush()
		},
	}
	cmd.Flags().StringVar(&game, "game", games.All[0].Name, "the game: "+strings.Join(games.Names(), ", "))
	cmd.Flags().StringVar(&rules, "rules", "", "the game's rule set, if it has several (its default if empty)")
	cmd.Flags().StringVar(&who, "players", "all", "list all, people or bots (bot accounts) alone")
	cmd.Flags().IntVar(&limit, "limit", defaultBoard, fmt.Sprintf("how many players to list, at most %d", maxBoard))
	return cmd
}

// botMark marks a bot account's name as every list shows it: "robo BOT".
func botMark(name string, bot bool) string {
	if bot {
		return name + " BOT"
	}
	return name
}
