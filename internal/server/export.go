package server

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"hotels/internal/sanitize"
	"hotels/internal/store"
)

// records is what the export command needs from the store.
type records interface {
	Game(ctx context.Context, id store.GameID) (store.Game, error)
	Actions(ctx context.Context, id store.GameID) ([]string, error)
}

// exported is `export --json`: the record, and what it is of.
type exported struct {
	ID     int64        `json:"id"`
	Game   string       `json:"game"`
	Rules  string       `json:"rules"`
	Status store.Status `json:"status"` // finished or aborted
	Record string       `json:"record"` // the record's text, as export prints it without --json
}

// newExportCmd prints a finished game's record (records.md), which
// `sshd replay` accepts. A game in progress is refused: its record holds the
// bag and every rack.
func newExportCmd(st records, rs Rooms, id identity) *cobra.Command {
	return &cobra.Command{
		Use:   "export GAME",
		Short: "Print a finished game's record (hotels-record 1); --json wraps it with the game's id, rules and status",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			n, err := strconv.ParseInt(strings.TrimPrefix(args[0], "#"), 10, 64)
			if err != nil || n <= 0 {
				return fmt.Errorf("%q is not a game number", args[0])
			}
			game := store.GameID(n)
			var g store.Game
			// A number that names no game is a guess (issue 27, N2).
			if gerr := rs.Guess(cmd.Context(), id.player(), func() bool {
				g, err = st.Game(cmd.Context(), game)
				return !errors.Is(err, store.ErrNotFound)
			}); gerr != nil {
				return gerr
			}
			if errors.Is(err, store.ErrNotFound) {
				return fmt.Errorf("there is no game %d", game)
			}
			if err != nil {
				return fmt.Errorf("game %d could not be read; try again later", game)
			}
			if !g.Status.Done() {
				return fmt.Errorf("game %d is still being played; its record can be exported when it ends", game)
			}
			lines, err := st.Actions(cmd.Context(), game)
			if err != nil {
				return fmt.Errorf("game %d could not be read; try again later", game)
			}
			var b strings.Builder
			b.WriteString(g.Chance)
			b.WriteString("\n")
			for _, l := range lines {
				b.WriteString(l + "\n")
			}
			if g.Status == store.StatusFinished && g.Result != "" {
				b.WriteString("result " + g.Result + "\n")
			} else {
				fmt.Fprintf(&b, "# %s\n", sanitize.Line(g.Result))
			}
			if wantJSON(cmd) {
				return writeJSON(cmd.OutOrStdout(), exported{ID: int64(game), Game: g.Game, Rules: g.Rules, Status: g.Status, Record: b.String()})
			}
			_, err = fmt.Fprint(cmd.OutOrStdout(), b.String())
			return err
		},
	}
}
