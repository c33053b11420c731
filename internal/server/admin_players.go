package server

import (
	"fmt"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"hotels/internal/rooms"
	"hotels/internal/sanitize"
)

// playerEntry is one open session in `admin players`.
type playerEntry struct {
	Name        string    `json:"name,omitempty"` // "" for a key that has not picked a name
	Account     int64     `json:"account,omitempty"`
	Fingerprint string    `json:"fingerprint"`
	Admin       bool      `json:"admin,omitempty"`
	Remote      string    `json:"remote"`
	Since       time.Time `json:"since"`
	Terminal    bool      `json:"terminal"`
	Command     string    `json:"command,omitempty"`
	Room        string    `json:"room,omitempty"` // where the account has a seat
}

// newAdminPlayersCmd lists who is connected now, one line a session.
func newAdminPlayersCmd(open *sessions, rs Rooms) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "players",
		Short: "List the open sessions: who, from where, since when, doing what",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			list := []playerEntry{}
			for _, l := range open.list() {
				e := playerEntry{
					Fingerprint: l.who.Key.Fingerprint, Admin: l.who.Admin, Remote: l.remote,
					Since: l.started, Terminal: l.pty, Command: sanitize.Line(l.command),
				}
				if l.who.Known {
					e.Name, e.Account = l.who.Account.Name, int64(l.who.Account.ID)
					if r := rs.SeatOf(rooms.Player{ID: l.who.Account.ID, Name: l.who.Account.Name}); r != nil {
						e.Room = r.ID
					}
				}
				list = append(list, e)
			}
			if wantJSON(cmd) {
				return writeJSON(cmd.OutOrStdout(), list)
			}
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
			fmt.Fprintln(w, "NAME\tKEY\tFROM\tFOR\tDOING\tSEAT")
			for _, e := range list {
				name := e.Name
				if name == "" {
					name = "(no name)"
				}
				if e.Admin {
					name += " (admin)"
				}
				doing := "playing"
				switch {
				case e.Command != "" && e.Terminal:
					doing = "ssh -t " + e.Command
				case e.Command != "":
					doing = "ssh " + e.Command
				}
				room := "-"
				if e.Room != "" {
					room = e.Room
				}
				fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\n", name, e.Fingerprint, e.Remote,
					time.Since(e.Since).Round(time.Second), doing, room)
			}
			return w.Flush()
		},
	}
	return cmd
}
