package server

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"hotels/internal/store"
)

// backupTimeout bounds `admin backup`: a copy of a large file takes a
// while, and the admin may leave meanwhile (which stops it).
const backupTimeout = 10 * time.Minute

// backupMade is `admin backup --json`.
type backupMade struct {
	File  string `json:"file"`  // on the server's disk
	Bytes int64  `json:"bytes"` // its size
}

// newAdminBackupCmd copies the live SQLite database into the folder the
// server was given (--backup-dir), under a name made of the time. The
// admin chooses no path: an admin key must not let its holder write
// wherever the server may.
func newAdminBackupCmd(st *store.Store, dir string) *cobra.Command {
	return &cobra.Command{
		Use:   "backup",
		Short: "Copy the database into the server's backup folder",
		Long: `Copy the SQLite database, while games are played, into the folder the
server was started with (--backup-dir), as hotels-TIME.db. The copy holds
every action committed before it began; restore it by putting it in the
database's place while the server is stopped (docs/operations.md).`,
		Args:        cobra.NoArgs,
		Annotations: map[string]string{auditAnnotation: "yes"},
		RunE: func(cmd *cobra.Command, _ []string) error {
			if dir == "" {
				return errors.New("backups are off: the server was started without --backup-dir")
			}
			if err := os.MkdirAll(dir, 0o700); err != nil {
				return fmt.Errorf("cannot make the backup folder: %w", err)
			}
			file := filepath.Join(dir, "hotels-"+time.Now().UTC().Format("20060102T150405Z")+".db")
			ctx, cancel := context.WithTimeout(cmd.Context(), backupTimeout)
			defer cancel()
			if err := st.Backup(ctx, file); err != nil {
				if errors.Is(err, store.ErrBackupPostgres) {
					return errors.New("the database is PostgreSQL: back it up with pg_dump (docs/operations.md)")
				}
				return fmt.Errorf("backup failed: %w", err)
			}
			info, err := os.Stat(file)
			if err != nil {
				return fmt.Errorf("backup failed: %w", err)
			}
			return report(cmd, backupMade{File: file, Bytes: info.Size()},
				fmt.Sprintf("backed up to %s (%d bytes)", file, info.Size()))
		},
	}
}
