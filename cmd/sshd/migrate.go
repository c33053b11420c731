package main

import (
	"fmt"
	"os"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"hotels/internal/store"
)

// newMigrateCmd moves a server's data from its SQLite file into an empty
// PostgreSQL database.
func newMigrateCmd() *cobra.Command {
	var from, to string
	cmd := &cobra.Command{
		Use:   "migrate --from hotels.db --to postgres://...",
		Short: "Copy every table of a SQLite database into an empty PostgreSQL database",
		Long: `Copy every table of the SQLite database --from into the empty database --to
(a postgres:// URL; its tables are made first, as the server makes them),
rows with their ids, then count every table on both sides and fail if any
count differs. Stop the server first: the copy is of the file as it is.
docs/operations.md says how to move a server.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if from == "" || to == "" {
				return fmt.Errorf("migrate: give both --from FILE and --to postgres://...")
			}
			if _, err := os.Stat(from); err != nil {
				return fmt.Errorf("migrate: %w", err)
			}
			ctx := cmd.Context()
			src, err := store.Open(ctx, from)
			if err != nil {
				return err
			}
			defer func() { _ = src.Close() }()
			dst, err := store.Open(ctx, to)
			if err != nil {
				return err
			}
			defer func() { _ = dst.Close() }()
			counts, err := store.Copy(ctx, src, dst)
			if err != nil {
				return err
			}
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 0, 2, ' ', tabwriter.AlignRight)
			var total int64
			for _, c := range counts {
				fmt.Fprintf(w, "%s\t%d\t\n", c.Table, c.Rows)
				total += c.Rows
			}
			_ = w.Flush()
			fmt.Fprintf(cmd.OutOrStdout(), "copied %d rows of %d tables; every table's count matches\n", total, len(counts))
			return nil
		},
	}
	cmd.Flags().StringVar(&from, "from", "", "the SQLite database file to copy")
	cmd.Flags().StringVar(&to, "to", "", "the PostgreSQL database to copy into, as a postgres:// URL; it must hold no rows")
	return cmd
}
