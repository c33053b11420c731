package server

import (
	"fmt"

	"github.com/spf13/cobra"

	"hotels/internal/sanitize"
)

// newWhoamiCmd reports which account the session's key belongs to.
func newWhoamiCmd(id identity) *cobra.Command {
	return &cobra.Command{
		Use:   "whoami",
		Short: "Show the name and key fingerprint you are signed in with",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !id.Known {
				cmd.PrintErrln("This key has no name yet; connect with `ssh -t` to pick one.")
				_, err := fmt.Fprintf(cmd.OutOrStdout(), "key\t%s\n", id.Key.Fingerprint)
				return err
			}
			_, err := fmt.Fprintf(cmd.OutOrStdout(), "name\t%s\nkey\t%s\n",
				sanitize.Line(id.Account.Name), id.Key.Fingerprint)
			return err
		},
	}
}
