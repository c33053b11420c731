package server

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"hotels/internal/sanitize"
)

// maxBroadcast bounds a broadcast: it has one line of the screen.
const maxBroadcast = 200

// newAdminBroadcastCmd shows a message to every interactive session, on
// the bottom line of its screen for a while.
func newAdminBroadcastCmd(open *sessions) *cobra.Command {
	return &cobra.Command{
		Use:         "broadcast MESSAGE",
		Short:       "Show a message to everyone connected",
		Args:        cobra.MinimumNArgs(1),
		Annotations: map[string]string{auditAnnotation: "yes"},
		RunE: func(cmd *cobra.Command, args []string) error {
			msg := strings.TrimSpace(sanitize.Line(strings.Join(args, " ")))
			switch {
			case msg == "":
				return errors.New("say something")
			case utf8.RuneCountInString(msg) > maxBroadcast:
				return fmt.Errorf("a broadcast is at most %d characters", maxBroadcast)
			}
			n := open.broadcast(msg)
			_, err := fmt.Fprintf(cmd.OutOrStdout(), "sent to %d sessions\n", n)
			return err
		},
	}
}
