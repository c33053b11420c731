package server

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"hotels/internal/rooms"
	"hotels/internal/sanitize"
	"hotels/internal/store"
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
	Watchers []string      `json:"watchers"`       // nil for another server's room, whose watchers are its own
	Node     string        `json:"node,omitempty"` // the server running it, when there are several
}

// seatSummary is one seat in `admin rooms`.
type seatSummary struct {
	Name  string `json:"name,omitempty"`
	State string `json:"state"`
	Level string `json:"level,omitempty"`
	Host  bool   `json:"host,omitempty"` // in `rooms`
	// BotAccount marks a bot account's seat (issue 24), in `rooms` and
	// `admin rooms`.
	BotAccount bool `json:"bot_account,omitempty"`
}

// newAdminRoomsCmd lists every room, private ones included, with who sits
// and who watches, on every server sharing the database.
func newAdminRoomsCmd(list func(context.Context) ([]roomSummary, error), several bool) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "rooms",
		Short: "List every room: status, seats and watchers",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, cancel := adminContext(cmd)
			defer cancel()
			list, err := list(ctx)
			if err != nil {
				return errors.New("the other servers' rooms could not be read; try again later")
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
			node := func(string) string { return "" }
			if several {
				node = func(n string) string { return "\t" + n }
			}
			fmt.Fprintf(w, "ROOM\tSTATUS\tGAME\tNAME\tSEATS\tWATCHERS%s\n", node("SERVER"))
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
					s.Name = botMark(s.Name, s.BotAccount)
					seats = append(seats, seatText(s))
				}
				watchers := "-"
				if r.Watchers != nil {
					watchers = strconv.Itoa(len(r.Watchers))
				}
				fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s%s\n", id, r.Status, game, r.Name, strings.Join(seats, ", "), watchers, node(r.Node))
			}
			return w.Flush()
		},
	}
	return cmd
}

// roomList is every room: this server's and those it follows, as their
// rooms have them; and, with several servers, the others' as the database
// has them (their room leases, seats and games), each with its server.
func (s *Server) roomList(ctx context.Context) ([]roomSummary, error) {
	var (
		list   []roomSummary
		leases []store.Lease
		here   string
	)
	if s.peers != nil {
		here = s.peers.node.ID()
		var err error
		if leases, err = s.store.Leases(ctx); err != nil {
			return nil, err
		}
	}
	runs := map[string]string{} // room → the server running it
	for _, l := range leases {
		runs[l.Room] = l.Node
	}
	listed := map[string]bool{}
	for _, r := range s.rooms.Rooms() {
		in, err := r.Inspect(ctx)
		if err != nil {
			continue // closed meanwhile
		}
		rs := roomSummary{
			ID: in.Info.ID, Name: sanitize.Line(in.Info.Name), Status: in.Info.Status,
			Private: in.Info.Private, Code: in.Code, GameID: int64(in.Game),
			Watchers: detail(in).Watchers, Node: here,
		}
		if runs[rs.ID] != "" {
			rs.Node = runs[rs.ID]
		}
		for _, st := range in.Seats {
			rs.Seats = append(rs.Seats, seatSummary{Name: st.Name, State: string(st.State), Level: st.Level, BotAccount: st.SeatInfo.Account})
		}
		list, listed[rs.ID] = append(list, rs), true
	}
	for _, l := range leases {
		if listed[l.Room] {
			continue
		}
		found, err := s.store.FindRoom(ctx, l.Room)
		if errors.Is(err, store.ErrNotFound) {
			continue // closed meanwhile
		}
		if err != nil {
			return nil, err
		}
		list = append(list, storedRoom(l, found))
	}
	return list, nil
}

// storedRoom is another server's room as the database has it: who sits,
// not who is connected or watching, which only that server knows.
func storedRoom(l store.Lease, found store.OpenRoom) roomSummary {
	rs := roomSummary{ID: l.Room, Node: l.Node}
	var seats []store.Seat
	if w := found.Waiting; w != nil {
		rs.Status, rs.Name, rs.Code, rs.Private = rooms.Waiting, w.Title, w.Code, w.Code != ""
		seats = make([]store.Seat, w.Seats)
		for i := range seats {
			seats[i].Index = -1 // empty until one of Taken fills it
		}
		for _, st := range w.Taken {
			if st.Index >= 0 && st.Index < len(seats) {
				seats[st.Index] = st
			}
		}
	} else {
		g := found.Game
		rs.Status, rs.Name, rs.Code, rs.Private = rooms.Playing, g.Room.Title, g.Room.Code, g.Room.Code != ""
		if g.Status == store.StatusWaiting {
			rs.Status = rooms.Waiting
		}
		rs.GameID, seats = int64(g.ID), g.Seats
	}
	rs.Name = sanitize.Line(rs.Name)
	for _, st := range seats {
		switch {
		case st.Index < 0:
			rs.Seats = append(rs.Seats, seatSummary{State: string(rooms.SeatEmpty)})
		case st.Account == 0:
			rs.Seats = append(rs.Seats, seatSummary{Name: st.Name, State: string(rooms.SeatBot), Level: st.Bot})
		default:
			rs.Seats = append(rs.Seats, seatSummary{Name: st.Name, State: "seated", BotAccount: st.BotAccount})
		}
	}
	return rs
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
