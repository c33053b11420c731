package server

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"hotels/internal/rooms"
)

// closed is `admin close --json`.
type closed struct {
	Room string `json:"room"`
}

// newAdminCloseCmd ends a room: a game in play is saved as aborted with the
// reason, and everyone in the room is told it.
func newAdminCloseCmd(rs Rooms) *cobra.Command {
	var reason string
	cmd := &cobra.Command{
		Use:         "close ROOM",
		Short:       "Close a room, aborting its game; everyone in it is told the reason",
		Args:        cobra.ExactArgs(1),
		Annotations: map[string]string{auditAnnotation: "yes"},
		RunE: onRoom(rs, func(ctx context.Context, cmd *cobra.Command, r *rooms.Room, args []string) error {
			why, err := checkReason(reason)
			if err != nil {
				return err
			}
			if err := r.Close(ctx, why); err != nil {
				return fmt.Errorf("close room %s: %w", r.ID, err)
			}
			return report(cmd, closed{Room: r.ID}, "closed room "+r.ID)
		}),
	}
	cmd.Flags().StringVar(&reason, "reason", "", "why, shown to everyone in the room and stored with an aborted game: the rest of the line up to the next flag")
	return cmd
}
