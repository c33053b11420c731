package main

import (
	"errors"

	"github.com/spf13/cobra"

	"hotels/internal/replay"
)

// errBadRecords makes replay exit 1 once every file is reported.
var errBadRecords = errors.New("some records did not replay")

// newReplayCmd replays game records (records.md): the final money and the
// winners of each good one, FILE:LINE: reason for a bad one.
func newReplayCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "replay [--json] FILE...",
		Short: "Replay hotels-record files and check them",
		Long: `Replay each hotels-record file through the rules engine.

For a good record it prints the final money per seat and the winners; for a
bad one FILE:LINE: and why the line is wrong, with what was legal. It exits 1
if any record is bad. With --json it prints one JSON object per file.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, files []string) error {
			bad := false
			for _, f := range files {
				res := replay.File(f)
				if asJSON {
					res.PrintJSON(cmd.OutOrStdout())
				} else {
					res.Print(cmd.OutOrStdout())
				}
				bad = bad || !res.OK
			}
			if bad {
				return errBadRecords
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object per file")
	return cmd
}
