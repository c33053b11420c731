package server

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"
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

// auditWidth is how wide `admin audit` writes: a terminal's 80 columns.
const auditWidth = 80

// indent wraps text to auditWidth with prefix before each line.
func indent(text, prefix string) string {
	wrapped := ansi.Wrap(text, auditWidth-len(prefix), "")
	return prefix + strings.ReplaceAll(wrapped, "\n", "\n"+prefix)
}

// shortFingerprint is a key's fingerprint cut to what tells keys apart at
// a glance: "SHA256:abcdefgh…". --json has it whole.
func shortFingerprint(fp string) string {
	const keep = len("SHA256:") + 8
	if len(fp) <= keep {
		return fp
	}
	return fp[:keep] + "…"
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
			// An entry a few lines, none over auditWidth: a reason or a
			// fingerprint in one row of columns made it 250 wide.
			w := cmd.OutOrStdout()
			for i, e := range log {
				if i > 0 {
					fmt.Fprintln(w)
				}
				who := e.Fingerprint
				if e.Name != "" {
					who = sanitize.Line(e.Name) + " (" + shortFingerprint(e.Fingerprint) + ")"
				}
				fmt.Fprintf(w, "%s  %s\n", e.At.UTC().Format(time.DateTime), who)
				fmt.Fprintln(w, indent(sanitize.Line(e.Command+" "+e.Args), "  "))
				fmt.Fprintln(w, indent("→ "+sanitize.Line(e.Outcome), "  "))
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&limit, "limit", 50, "how many entries, newest first")
	return cmd
}
