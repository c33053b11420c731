package server

import (
	"fmt"

	"github.com/spf13/cobra"

	"hotels/internal/sanitize"
)

// newJoinCmd and newWatchCmd are reached only without a terminal: with one
// (`ssh -t`), the session goes straight into the room's screen instead.
func newJoinCmd(target string) *cobra.Command {
	return needsTerminal("join ROOM", "Take a seat in a room (ROOM: its id or invite code)", target)
}

func newWatchCmd(target string) *cobra.Command {
	return needsTerminal("watch ROOM", "Watch a room's game", target)
}

func needsTerminal(use, short, target string) *cobra.Command {
	return &cobra.Command{
		Use:   use,
		Short: short + "; needs ssh -t",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			// The room as typed, quoted: what a client sends is never
			// echoed raw to a terminal (issue 27, N8).
			return fmt.Errorf("%s needs a terminal: run `ssh -t %s %s %q`", cmd.Name(), target, cmd.Name(), sanitize.Line(args[0]))
		},
	}
}
