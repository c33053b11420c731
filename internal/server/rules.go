package server

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"hotels/internal/engine"
	"hotels/internal/tui/screens"
)

// gameRules is one game's rules as `rules GAME --json` prints them.
type gameRules struct {
	Game  string `json:"game"`
	Title string `json:"title"`
	Text  string `json:"text,omitempty"`
}

// newRulesCmd prints a game's short rules for a newcomer, as the rules page
// of its rooms shows them (without a room's options), or lists the games.
func newRulesCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "rules [GAME]",
		Short: "Print a game's rules for a newcomer; without GAME, list the games",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			if len(args) == 0 {
				return listGames(out, wantJSON(cmd))
			}
			g, ok := hostedGame(args[0])
			if !ok {
				return fmt.Errorf("there is no game %q: choose %s", args[0], strings.Join(hostedNames(), ", "))
			}
			r, _ := screens.Rules(g.Name)
			if wantJSON(cmd) {
				return writeJSON(out, gameRules{Game: g.Name, Title: g.Title, Text: r.Text})
			}
			_, err := fmt.Fprintf(out, "%s\n\n%s\n", strings.ToUpper(g.Title), r.Text)
			return err
		},
	}
}

// hostedGame returns the game with rules named name, in any case.
func hostedGame(name string) (engine.Kind, bool) {
	for _, k := range screens.Hosted() {
		if strings.EqualFold(k.Name, name) {
			return k, true
		}
	}
	return engine.Kind{}, false
}

// hostedNames lists the names of the games with rules.
func hostedNames() []string {
	var out []string
	for _, k := range screens.Hosted() {
		out = append(out, k.Name)
	}
	return out
}

// listGames lists the games whose rules can be printed.
func listGames(w io.Writer, asJSON bool) error {
	var list []gameRules
	for _, k := range screens.Hosted() {
		list = append(list, gameRules{Game: k.Name, Title: k.Title})
	}
	if asJSON {
		return writeJSON(w, list)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, g := range list {
		fmt.Fprintf(tw, "%s\t%s\n", g.Game, g.Title)
	}
	fmt.Fprintln(tw, "\nRun `rules GAME` for a game's rules.")
	return tw.Flush()
}
