package server

import (
	"context"
	"strings"

	"github.com/spf13/cobra"

	"hotels/internal/rooms"
)

// newAdminRoomCmd shows one room whole: its seats, what its game hides (in
// Acquire every rack, cash and shares, the bag and its next tiles; in
// Holiday AG every hand and the stock's next cards; Hotel Tycoon hides
// nothing) and the record so far. It shows what players may not see, so
// it is audited.
func newAdminRoomCmd(rs Rooms) *cobra.Command {
	cmd := &cobra.Command{
		Use:         "room ROOM",
		Short:       "Show a room with every hidden detail: hands, what is drawn next (where the game hides them), record (audited)",
		Args:        cobra.ExactArgs(1),
		Annotations: map[string]string{auditAnnotation: "yes"},
		RunE: onRoom(rs, func(ctx context.Context, cmd *cobra.Command, r *rooms.Room, args []string) error {
			d, err := inspect(ctx, r)
			if err != nil {
				return err
			}
			if wantJSON(cmd) {
				return writeJSON(cmd.OutOrStdout(), d)
			}
			var b strings.Builder
			writeDetail(&b, d, true)
			_, err = cmd.OutOrStdout().Write([]byte(b.String()))
			return err
		}),
	}
	return cmd
}
