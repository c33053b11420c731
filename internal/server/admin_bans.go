package server

import (
	"errors"
	"fmt"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"hotels/internal/sanitize"
)

// banEntry is one ban in `admin bans`.
type banEntry struct {
	ID      int64      `json:"id"`
	Kind    string     `json:"kind"` // "key" or "account"
	Target  string     `json:"target"`
	Reason  string     `json:"reason"`
	By      string     `json:"by"`
	Since   time.Time  `json:"since"`
	Until   *time.Time `json:"until,omitempty"` // absent: until lifted
	Account int64      `json:"account,omitempty"`
}

// newAdminBansCmd lists the bans in force.
func newAdminBansCmd(st banStore) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "bans",
		Short: "List the bans in force",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, cancel := adminContext(cmd)
			defer cancel()
			bans, err := st.Bans(ctx)
			if err != nil {
				return errors.New("the bans could not be read; try again later")
			}
			list := []banEntry{}
			for _, b := range bans {
				e := banEntry{ID: int64(b.ID), Kind: "key", Target: b.Target, Reason: sanitize.Line(b.Reason), By: b.By,
					Since: b.CreatedAt, Account: int64(b.Account)}
				if b.Account != 0 {
					e.Kind = "account"
				}
				if !b.Until.IsZero() {
					until := b.Until
					e.Until = &until
				}
				list = append(list, e)
			}
			if wantJSON(cmd) {
				return writeJSON(cmd.OutOrStdout(), list)
			}
			if len(list) == 0 {
				cmd.PrintErrln("No bans are in force.")
				return nil
			}
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
			fmt.Fprintln(w, "KIND\tTARGET\tUNTIL\tBY\tREASON")
			for _, e := range list {
				until := untilText(time.Time{})
				if e.Until != nil {
					until = untilText(*e.Until)
				}
				fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", e.Kind, e.Target, until, e.By, e.Reason)
			}
			return w.Flush()
		},
	}
	return cmd
}
