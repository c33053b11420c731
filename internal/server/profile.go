package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"hotels/internal/games"
	"hotels/internal/profile"
	"hotels/internal/profile/tallies"
	"hotels/internal/sanitize"
	"hotels/internal/store"
)

// profiles is what the profile command needs from the store.
type profiles interface {
	AccountByName(ctx context.Context, name string) (store.Account, error)
	profile.Source
}

// newProfileCmd prints a player's profile: ratings, their recent changes,
// recent games and each game's tally, as the profile screen shows them.
func newProfileCmd(st profiles) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "profile NAME",
		Short: "Show a player's ratings, recent games and what each game tallies (favourite chains)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			a, err := st.AccountByName(cmd.Context(), args[0])
			switch {
			case errors.Is(err, store.ErrNotFound):
				return fmt.Errorf("there is no player named %q", args[0])
			case err != nil:
				return errors.New("the profile could not be read; try again later")
			}
			p, err := profile.Load(cmd.Context(), st, a.ID, a.Name, tallies.All)
			if err != nil {
				return errors.New("the profile could not be read; try again later")
			}
			p = cleanProfile(p)
			p.Bot = a.Bot
			if wantJSON(cmd) {
				return writeJSON(cmd.OutOrStdout(), p)
			}
			return writeProfile(cmd.OutOrStdout(), p)
		},
	}
	return cmd
}

// cleanProfile makes the names players chose safe to print.
func cleanProfile(p profile.Profile) profile.Profile {
	p.Name = sanitize.Line(p.Name)
	for i, g := range p.Recent {
		players := make([]string, len(g.Players))
		for j, n := range g.Players {
			players[j] = sanitize.Line(n)
		}
		p.Recent[i].Players = players
	}
	return p
}

// writeProfile writes p as text: a table per part.
func writeProfile(out io.Writer, p profile.Profile) error {
	w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintf(w, "%s\n\n", botMark(p.Name, p.Bot))
	if len(p.Ratings) == 0 {
		fmt.Fprintln(w, "No ranked game yet.")
	} else {
		fmt.Fprintln(w, "GAME\tRULES\tRATING\tGAMES\tWINS\tWIN RATE")
		for _, r := range p.Ratings {
			fmt.Fprintf(w, "%s\t%s\t%d\t%d\t%d\t%d%%\n", r.Game, r.Rules, r.Rating, r.Games, r.Wins, r.WinRate())
		}
	}
	for _, r := range p.Ratings {
		fmt.Fprintf(w, "\nRating history, %s (newest first)\n", kindName(r.Game, r.Rules))
		fmt.Fprintln(w, "DATE\tGAME\tPLACE\tBEFORE\tAFTER\tCHANGE")
		for i := len(r.History) - 1; i >= 0; i-- {
			c := r.History[i]
			fmt.Fprintf(w, "%s\t%d\t%d\t%d\t%d\t%+d\n", c.At.UTC().Format("2006-01-02"), c.Game, c.Place, c.Before, c.After, c.After-c.Before)
		}
	}
	fmt.Fprintln(w, "\nRecent games")
	if len(p.Recent) == 0 {
		fmt.Fprintln(w, "None yet.")
	} else {
		fmt.Fprintln(w, "STARTED (UTC)\tGAME\tKIND\tRANKED\tSTATUS\tPLACE\tPLAYERS")
		for _, g := range p.Recent {
			ranked, place := "no", "-"
			if g.Ranked {
				ranked = "yes"
			}
			if g.Place > 0 {
				place = fmt.Sprintf("%d of %d", g.Place, len(g.Players))
			}
			fmt.Fprintf(w, "%s\t%d\t%s\t%s\t%s\t%s\t%s\n", g.Started.UTC().Format("2006-01-02 15:04"), g.ID, kindName(g.Game, g.Rules), ranked,
				g.Status, place, strings.Join(g.Players, ", "))
		}
	}
	for _, f := range p.Favourites {
		fmt.Fprintf(w, "\n%s (%s, last %d games): %s\n", f.Title, f.What, profile.Games, f)
	}
	return w.Flush()
}

// kindName names a game and its rules as `games` does: "Acquire modern",
// "Holiday AG" (no rule sets).
func kindName(game, rules string) string {
	if k, ok := games.ByName(game); ok {
		game = k.Title
	}
	return strings.TrimSpace(game + " " + rules)
}
