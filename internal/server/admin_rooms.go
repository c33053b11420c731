package server

import (
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"hotels/internal/rooms"
	"hotels/internal/sanitize"
)

// roomSummary is one room in `admin rooms`.
type roomSummary struct {
	ID       string        `json:"id"`
	Name     string        `json:"name"`
	Status   rooms.Status  `json:"status"`
	Private  bool          `json:"private,omitempty"`
	Code     string        `json:"code,omitempty"`
	GameID   int64         `json:"game_id,omitempty"`
	Seats    []seatSummary `json:"seats"`
	Watchers []string      `json:"watchers"`
}

// seatSummary is one seat in `admin rooms`.
type seatSummary struct {
	Name  string `json:"name,omitempty"`
	State string `json:"state"`
	Level string `json:"level,omitempty"`
	Host  bool   `json:"host,omitempty"` // in `rooms`
}

// newAdminRoomsCmd lists every room, private ones included, with who sits
// and who watches.
func newAdminRoomsCmd(rs Rooms) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "rooms",
		Short: "List every room: status, seats and watchers",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, cancel := adminContext(cmd)
			defer cancel()
			var list []roomSummary
			for _, r := range rs.Rooms() {
				in, err := r.Inspect(ctx)
				if err != nil {
					continue // closed meanwhile
				}
				rs := roomSummary{
					ID: in.Info.ID, Name: sanitize.Line(in.Info.Name), Status: in.Info.Status,
					Private: in.Info.Private, Code: in.Code, GameID: int64(in.Game),
					Watchers: detail(in).Watchers,
				}
				for _, st := range in.Seats {
					rs.Seats = append(rs.Seats, seatSummary{Name: st.Name, State: string(st.State), Level: st.Level})
				}
				list = append(list, rs)
			}
			order := map[rooms.Status]int{rooms.Playing: 0, rooms.Waiting: 1, rooms.Over: 2}
			slices.SortFunc(list, func(a, b roomSummary) int {
				if d := order[a.Status] - order[b.Status]; d != 0 {
					return d
				}
				return strings.Compare(a.ID, b.ID)
			})
			if wantJSON(cmd) {
				if list == nil {
					list = []roomSummary{}
				}
				return writeJSON(cmd.OutOrStdout(), list)
			}
			if len(list) == 0 {
				cmd.PrintErrln("No rooms are open.")
				return nil
			}
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
			fmt.Fprintln(w, "ROOM\tSTATUS\tGAME\tNAME\tSEATS\tWATCHERS")
			for _, r := range list {
				id := r.ID
				if r.Private {
					id += " (" + r.Code + ")"
				}
				game := "-"
				if r.GameID != 0 {
					game = fmt.Sprintf("#%d", r.GameID)
				}
				var seats []string
				for _, s := range r.Seats {
					seats = append(seats, seatText(s))
				}
				fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%d\n", id, r.Status, game, r.Name, strings.Join(seats, ", "), len(r.Watchers))
			}
			return w.Flush()
		},
	}
	return cmd
}

// seatText is a seat in a list: "ann (ready)", "bot1 (bot normal)", "(empty)".
func seatText(s seatSummary) string {
	state := s.State
	if s.Level != "" {
		state += " " + s.Level
	}
	if s.Name == "" {
		return "(" + state + ")"
	}
	return s.Name + " (" + state + ")"
}
