package server

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"hotels/internal/games"
	"hotels/internal/sanitize"
	"hotels/internal/store"
)

// archive is what the games command needs from the store.
type archive interface {
	AccountByName(ctx context.Context, name string) (store.Account, error)
	FinishedGames(ctx context.Context, account store.AccountID, limit int) ([]store.Game, error)
}

// Bounds of `games --limit`.
const (
	defaultGames = 10
	maxGames     = 50
)

// gameListing is one game in `games --json` (docs/commands.md).
type gameListing struct {
	ID      int64        `json:"id"`
	Game    string       `json:"game"`  // acquire, holiday, tycoon
	Title   string       `json:"title"` // Acquire, Holiday AG, Hotel Tycoon
	Rules   string       `json:"rules"`
	Options []string     `json:"options"`
	Ranked  bool         `json:"ranked"`
	Status  store.Status `json:"status"` // finished or aborted
	Why     string       `json:"why,omitempty"`
	Started time.Time    `json:"started"`
	Ended   time.Time    `json:"ended"`
	Players []gamePlayer `json:"players"`        // in seat order
	Export  string       `json:"export"`         // the command that prints its record
	Room    string       `json:"room,omitempty"` // the room it was played in
}

// gamePlayer is one seat of a listed game.
type gamePlayer struct {
	Name  string `json:"name"`
	Bot   string `json:"bot,omitempty"` // a bot's level
	Place int    `json:"place"`         // 1 for the winners; 0 in an aborted game
	Score int    `json:"score"`         // in the game's unit
	// BotAccount marks a bot account's seat (issue 24), as in `rooms`.
	BotAccount bool `json:"bot_account,omitempty"`
}

// newGamesCmd lists a player's recent games that ended, the asker's by
// default, with how to get each one's record.
func newGamesCmd(st archive, id identity, target string) *cobra.Command {
	var limit int
	cmd := &cobra.Command{
		Use:   "games [NAME]",
		Short: "List your recent games, or another player's: results, and how to export each for a replay",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if limit < 1 || limit > maxGames {
				return fmt.Errorf("--limit must be 1 to %d, not %d", maxGames, limit)
			}
			account, name := id.Account.ID, id.Account.Name
			switch {
			case len(args) == 1:
				a, err := st.AccountByName(cmd.Context(), args[0])
				switch {
				case errors.Is(err, store.ErrNotFound):
					return fmt.Errorf("there is no player named %q", sanitize.Line(args[0]))
				case err != nil:
					return errors.New("the games could not be read; try again later")
				}
				account, name = a.ID, a.Name
			case !id.Known:
				return errors.New("this key has no name yet, so no games: connect with `ssh -t` to pick one, or name a player")
			}
			rows, err := st.FinishedGames(cmd.Context(), account, limit)
			if err != nil {
				return errors.New("the games could not be read; try again later")
			}
			list := []gameListing{}
			for _, g := range rows {
				list = append(list, gameOf(g, target))
			}
			if wantJSON(cmd) {
				return writeJSON(cmd.OutOrStdout(), list)
			}
			if len(list) == 0 {
				cmd.PrintErrf("%s has no finished game yet.\n", sanitize.Line(name))
				return nil
			}
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
			fmt.Fprintln(w, "GAME\tENDED (UTC)\tKIND\tRANKED\tRESULT")
			for _, g := range list {
				ranked := "no"
				if g.Ranked {
					ranked = "yes"
				}
				fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\n", g.ID, g.Ended.UTC().Format("2006-01-02 15:04"),
					strings.TrimSpace(g.Title+" "+g.Rules), ranked, resultText(g))
			}
			if err := w.Flush(); err != nil {
				return err
			}
			cmd.PrintErrf("A game's record, to replay or keep: ssh %s export GAME\n", target)
			return nil
		},
	}
	cmd.Flags().IntVar(&limit, "limit", defaultGames, fmt.Sprintf("how many games to list, at most %d", maxGames))
	return cmd
}

// gameOf is a stored game as `games` lists it.
func gameOf(g store.Game, target string) gameListing {
	out := gameListing{
		ID: int64(g.ID), Game: g.Game, Title: g.Game, Rules: g.Rules, Options: strings.Fields(g.Options),
		Ranked: g.Ranked, Status: g.Status, Started: g.CreatedAt.UTC(), Ended: g.FinishedAt.UTC(),
		Export: fmt.Sprintf("ssh %s export %d", target, g.ID), Room: g.Room.ID, Players: []gamePlayer{},
	}
	if k, ok := games.ByName(g.Game); ok {
		out.Title = k.Title
	}
	if g.Status == store.StatusAborted {
		out.Why = sanitize.Line(strings.TrimPrefix(g.Result, "aborted: "))
	}
	for _, s := range g.Seats {
		out.Players = append(out.Players, gamePlayer{Name: sanitize.Line(s.Name), Bot: s.Bot, BotAccount: s.BotAccount, Place: s.Place, Score: s.Score})
	}
	return out
}

// resultText is a game's result in short: "1 ann 6200, 2 bob 5100", or
// why it was aborted.
func resultText(g gameListing) string {
	if g.Status == store.StatusAborted {
		return "aborted: " + g.Why
	}
	ps := slices.Clone(g.Players)
	slices.SortStableFunc(ps, func(a, b gamePlayer) int { return a.Place - b.Place })
	var parts []string
	for _, p := range ps {
		name := botMark(p.Name, p.BotAccount)
		if p.Bot != "" {
			name += " (bot)"
		}
		parts = append(parts, fmt.Sprintf("%d %s %d", p.Place, name, p.Score))
	}
	return strings.Join(parts, ", ")
}
