package server

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"hotels/internal/sanitize"
)

// maxBroadcast bounds a broadcast: it has one line of the screen.
const maxBroadcast = 200

// broadcast is `admin broadcast --json`.
type broadcast struct {
	Sessions int `json:"sessions"` // how many screens show it
}

// newAdminBroadcastCmd shows a message to every interactive session, on
// the bottom line of its screen for a while, on every server sharing the
// database.
func newAdminBroadcastCmd(open *sessions, others *peers) *cobra.Command {
	return &cobra.Command{
		Use:         "broadcast MESSAGE",
		Short:       "Show a message to everyone connected",
		Args:        cobra.MinimumNArgs(1),
		Annotations: map[string]string{auditAnnotation: "yes"},
		RunE: func(cmd *cobra.Command, args []string) error {
			msg, err := sanitize.Message(strings.Join(args, " "), maxBroadcast)
			switch {
			case errors.Is(err, sanitize.ErrBlank):
				return errors.New("say something: a broadcast needs a character that shows")
			case err != nil:
				return fmt.Errorf("a broadcast is at most %d characters wide", maxBroadcast)
			}
			ctx, cancel := adminContext(cmd)
			defer cancel()
			n := open.broadcast(msg) + others.broadcast(ctx, msg)
			return report(cmd, broadcast{Sessions: n}, fmt.Sprintf("sent to %d sessions", n))
		},
	}
}
