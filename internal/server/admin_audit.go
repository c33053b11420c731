package server

import (
	"context"
	"errors"
	"fmt"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"hotels/internal/sanitize"
	"hotels/internal/store"
)

// auditReader is what `admin audit` needs of the store.
type auditReader interface {
	AuditLog(ctx context.Context, limit int) ([]store.AuditEntry, error)
}

// auditEntry is one entry in `admin audit --json`.
type auditEntry struct {
	ID          int64     `json:"id"`
	At          time.Time `json:"at"`
	Fingerprint string    `json:"fingerprint"`
	Name        string    `json:"name,omitempty"`
	Command     string    `json:"command"`
	Args        string    `json:"args"`
	Outcome     string    `json:"outcome"`
}

// newAdminAuditCmd lists the newest entries of the audit log.
func newAdminAuditCmd(st auditReader) *cobra.Command {
	var limit int
	cmd := &cobra.Command{
		Use:   "audit",
		Short: "List the newest audited admin commands: who ran what, when, and how it ended",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if limit < 1 || limit > 1000 {
				return fmt.Errorf("--limit %d: give 1 to 1000", limit)
			}
			ctx, cancel := adminContext(cmd)
			defer cancel()
			log, err := st.AuditLog(ctx, limit)
			if err != nil {
				return errors.New("the audit log could not be read; try again later")
			}
			if wantJSON(cmd) {
				list := []auditEntry{}
				for _, e := range log {
					list = append(list, auditEntry{ID: int64(e.ID), At: e.At, Fingerprint: e.Fingerprint, Name: e.Name,
						Command: e.Command, Args: e.Args, Outcome: e.Outcome})
				}
				return writeJSON(cmd.OutOrStdout(), list)
			}
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
			fmt.Fprintln(w, "WHEN\tWHO\tCOMMAND\tOUTCOME")
			for _, e := range log {
				who := e.Name
				if who == "" {
					who = e.Fingerprint
				}
				fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", e.At.UTC().Format(time.DateTime), who,
					sanitize.Line(e.Command+" "+e.Args), sanitize.Line(e.Outcome))
			}
			return w.Flush()
		},
	}
	cmd.Flags().IntVar(&limit, "limit", 50, "how many entries, newest first")
	return cmd
}
