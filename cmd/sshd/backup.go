package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"hotels/internal/store"
)

// newBackupCmd copies a SQLite database, live or not, into a new file.
func newBackupCmd() *cobra.Command {
	var data string
	cmd := &cobra.Command{
		Use:   "backup [--data hotels.db] FILE",
		Short: "Copy the SQLite database, while the server runs, into a new file",
		Long: `Copy the SQLite database into FILE, which must not exist, while the server
runs and players play: the copy holds every action committed before it
began (SQLite's VACUUM INTO), and is readable by its owner alone. Restore it
by putting it in the database's place while the server is stopped
(docs/operations.md). A PostgreSQL database is backed up with pg_dump.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := store.BackupFile(cmd.Context(), data, args[0]); err != nil {
				return err
			}
			info, err := os.Stat(args[0])
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "backed up %s to %s (%d bytes)\n", data, args[0], info.Size())
			return nil
		},
	}
	cmd.Flags().StringVar(&data, "data", envOr("HOTELS_DATA", "hotels.db"), "the SQLite database file (env HOTELS_DATA)")
	return cmd
}

// envOr is the environment variable name's value, or def if it is unset.
func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}
