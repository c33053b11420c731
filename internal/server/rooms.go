package server

import (
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"

	"hotels/internal/rooms"
	"hotels/internal/sanitize"
)

// roomListing is one room in `rooms --json` (docs/commands.md).
type roomListing struct {
	ID       string        `json:"id"`
	Name     string        `json:"name"`
	Game     string        `json:"game"`  // the game's name: acquire, holiday, tycoon
	Title    string        `json:"title"` // as players read it: Acquire, Holiday AG, Hotel Tycoon
	Rules    string        `json:"rules"` // "" for a game with one rule set
	Options  []string      `json:"options"`
	Clock    string        `json:"clock"` // "" for none
	Ranked   bool          `json:"ranked"`
	Private  bool          `json:"private"`
	Status   rooms.Status  `json:"status"` // waiting, playing or over
	Seats    int           `json:"seats"`
	Taken    int           `json:"taken"`
	Free     int           `json:"free"`
	Watchers int           `json:"watchers"`
	Players  []seatSummary `json:"players"` // every seat, in order; an empty one has no name
	Winners  []string      `json:"winners"` // once over
	Ended    *time.Time    `json:"ended,omitempty"`
}

// listWidth is the width `rooms` fits its table to: a terminal's.
const listWidth = 80

// newRoomsCmd lists the rooms the asker may see: every public one and the
// private ones they sit in or host, waiting, playing, or ended in the
// last minute.
func newRoomsCmd(rs Rooms, id identity) *cobra.Command {
	return &cobra.Command{
		Use:   "rooms",
		Short: "List the open rooms and games in progress: game, rules, seats and who sits there",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			infos := rs.Listed(id.player())
			list := []roomListing{}
			for _, info := range infos {
				list = append(list, listing(info))
			}
			if wantJSON(cmd) {
				return writeJSON(cmd.OutOrStdout(), list)
			}
			if len(list) == 0 {
				cmd.PrintErrln("No room is open: connect with `ssh -t` to open one.")
				return nil
			}
			var b strings.Builder
			w := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
			fmt.Fprintln(w, "ROOM\tGAME\tSEATS\tWATCH\tSTATUS\tPLAYERS")
			for i, r := range list {
				fmt.Fprintf(w, "%s\t%s\t%d/%d\t%d\t%s\t%s\n", r.ID, gameText(infos[i]), r.Taken, r.Seats, r.Watchers, statusText(r), playersText(r.Players))
			}
			if err := w.Flush(); err != nil {
				return err
			}
			for _, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
				fmt.Fprintln(cmd.OutOrStdout(), ansi.Truncate(strings.TrimRight(line, " "), listWidth, "…"))
			}
			return nil
		},
	}
}

// listing is a room's lobby line as `rooms` prints it.
func listing(info rooms.Info) roomListing {
	r := roomListing{
		ID: info.ID, Name: sanitize.Line(info.Name), Game: info.Kind, Title: info.Game, Rules: info.Rules,
		Options: append([]string{}, info.Options...), Clock: info.Clock.Short(), Ranked: info.Ranked, Private: info.Private,
		Status: info.Status, Seats: info.Seats, Taken: info.Taken, Free: info.Seats - info.Taken, Watchers: info.Watchers,
		Players: []seatSummary{}, Winners: []string{},
	}
	for _, st := range info.Players {
		r.Players = append(r.Players, seatSummary{Name: sanitize.Line(st.Name), State: string(st.State), Level: st.Level, Host: st.Host, BotAccount: st.Account})
	}
	for _, n := range info.Winners {
		r.Winners = append(r.Winners, sanitize.Line(n))
	}
	if !info.Ended.IsZero() {
		ended := info.Ended.UTC()
		r.Ended = &ended
	}
	return r
}

// gameText is the game, its rules and options in short: "Acquire classic
// ranked hidden 60s/move private".
func gameText(info rooms.Info) string {
	parts := append([]string{info.Game, info.Rules}, info.ShortOptions()...)
	parts = append(parts, info.Clock.Short())
	if info.Private {
		parts = append(parts, "private")
	}
	return strings.Join(strings.Fields(strings.Join(parts, " ")), " ")
}

// statusText is waiting, playing, or who won a game that ended.
func statusText(r roomListing) string {
	if r.Status == rooms.Over && len(r.Winners) > 0 {
		return strings.Join(r.Winners, " & ") + " won"
	}
	return string(r.Status)
}

// playersText lists who sits at a table, people first, absent ones
// marked, then the bots in short, to fit a line: "ann, bob (away), 2 bots
// (easy, hard)". Empty seats are counted in SEATS; --json has every seat.
func playersText(seats []seatSummary) string {
	var out, levels []string
	for _, s := range seats {
		switch rooms.SeatState(s.State) {
		case rooms.SeatEmpty:
		case rooms.SeatBot:
			levels = append(levels, s.Level)
		case rooms.SeatReady:
			out = append(out, botMark(s.Name, s.BotAccount))
		default:
			s.Name = botMark(s.Name, s.BotAccount)
			out = append(out, seatText(s))
		}
	}
	switch slices.Sort(levels); len(levels) {
	case 0:
	case 1:
		out = append(out, "1 bot ("+levels[0]+")")
	default:
		out = append(out, fmt.Sprintf("%d bots (%s)", len(levels), strings.Join(slices.Compact(levels), ", ")))
	}
	return strings.Join(out, ", ")
}
