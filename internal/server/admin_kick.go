package server

import (
	"context"
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"hotels/internal/rooms"
)

// kickNotice is what a player removed by an admin is told.
const kickNotice = "An admin removed you from the table."

// kicked is `admin kick --json`.
type kicked struct {
	Room string `json:"room"`
	Seat int    `json:"seat"` // counted from 1
	Name string `json:"name"`
}

// newAdminKickCmd removes a player or bot from a seat: in a waiting room
// the seat empties; in a game the autopilot plays the player's seat.
func newAdminKickCmd(rs Rooms) *cobra.Command {
	return &cobra.Command{
		Use:         "kick ROOM SEAT|NAME",
		Short:       "Remove someone from a seat (SEAT counts from 1); in a game the autopilot takes over",
		Args:        cobra.ExactArgs(2),
		Annotations: map[string]string{auditAnnotation: "yes"},
		RunE: onRoom(rs, func(ctx context.Context, cmd *cobra.Command, r *rooms.Room, args []string) error {
			if n, nerr := strconv.Atoi(args[1]); nerr == nil {
				name, err := r.RemoveSeat(ctx, n-1, kickNotice)
				if err != nil {
					return fmt.Errorf("kick seat %d of room %s: %w", n, r.ID, err)
				}
				return report(cmd, kicked{Room: r.ID, Seat: n, Name: name},
					fmt.Sprintf("removed %s from seat %d of room %s", name, n, r.ID))
			}
			seat, err := r.RemoveName(ctx, args[1], kickNotice)
			if err != nil {
				return fmt.Errorf("kick %s from room %s: %w", args[1], r.ID, err)
			}
			return report(cmd, kicked{Room: r.ID, Seat: seat + 1, Name: args[1]},
				fmt.Sprintf("removed %s from seat %d of room %s", args[1], seat+1, r.ID))
		}),
	}
}
