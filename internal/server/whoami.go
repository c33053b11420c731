package server

import (
	"fmt"

	"github.com/spf13/cobra"

	"hotels/internal/sanitize"
)

// whoami is `whoami --json`.
type whoami struct {
	Name string `json:"name,omitempty"` // none for a key that has not picked one
	Key  string `json:"key"`            // the SHA256 fingerprint of the session's key
}

// newWhoamiCmd reports which account the session's key belongs to.
func newWhoamiCmd(id identity) *cobra.Command {
	return &cobra.Command{
		Use:   "whoami",
		Short: "Show the name and key fingerprint you are signed in with",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			w := whoami{Key: id.Key.Fingerprint}
			text := fmt.Sprintf("key\t%s", w.Key)
			if id.Known {
				w.Name = sanitize.Line(id.Account.Name)
				text = fmt.Sprintf("name\t%s\n%s", w.Name, text)
			} else {
				cmd.PrintErrln("This key has no name yet; connect with `ssh -t` to pick one.")
			}
			return report(cmd, w, text)
		},
	}
}
