package server

import (
	"errors"
	"fmt"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"hotels/internal/rooms"
	"hotels/internal/sanitize"
	"hotels/internal/store"
)

// playerEntry is one open session in `admin players`.
type playerEntry struct {
	Name        string    `json:"name,omitempty"` // "" for a key that has not picked a name
	Account     int64     `json:"account,omitempty"`
	Fingerprint string    `json:"fingerprint"`
	Admin       bool      `json:"admin,omitempty"`
	Bot         bool      `json:"bot,omitempty"` // a bot account (issue 24)
	Remote      string    `json:"remote"`
	Since       time.Time `json:"since"`
	Terminal    bool      `json:"terminal"`
	Command     string    `json:"command,omitempty"`
	Room        string    `json:"room,omitempty"` // where the account has a seat
	Node        string    `json:"node,omitempty"` // the server it is connected to, when there are several
}

// newAdminPlayersCmd lists who is connected now, one line a session, to
// any of the servers sharing the database.
func newAdminPlayersCmd(open *sessions, others *peers, rs Rooms) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "players",
		Short: "List the open sessions: who, from where, since when, doing what",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, cancel := adminContext(cmd)
			defer cancel()
			shared, err := others.sessions(ctx)
			if err != nil {
				return errors.New("the other servers' sessions could not be read; try again later")
			}
			list := []playerEntry{}
			for _, l := range open.list() {
				if others != nil {
					break // this node's are among the shared ones
				}
				id := l.identity()
				e := playerEntry{
					Fingerprint: id.Key.Fingerprint, Admin: id.Admin, Remote: l.remote,
					Since: l.started, Terminal: l.pty, Command: sanitize.Line(l.command),
				}
				if id.Known {
					e.Name, e.Account, e.Bot = id.Account.Name, int64(id.Account.ID), id.Account.Bot
				}
				list = append(list, e)
			}
			for _, ns := range shared {
				list = append(list, playerEntry{
					Name: ns.Name, Account: int64(ns.Account), Fingerprint: ns.Fingerprint, Admin: ns.Admin, Bot: ns.Bot,
					Remote: ns.Remote, Since: ns.Started, Terminal: ns.Terminal, Command: sanitize.Line(ns.Command),
					Node: ns.Node,
				})
			}
			for i, e := range list {
				if e.Account == 0 {
					continue
				}
				if r := rs.SeatOf(rooms.Player{ID: store.AccountID(e.Account), Name: e.Name}); r != nil {
					list[i].Room = r.ID
				}
			}
			if wantJSON(cmd) {
				return writeJSON(cmd.OutOrStdout(), list)
			}
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
			node := func(string) string { return "" }
			if others != nil {
				node = func(n string) string { return "\t" + n }
			}
			fmt.Fprintf(w, "NAME\tKEY\tFROM\tFOR\tDOING\tSEAT%s\n", node("SERVER"))
			for _, e := range list {
				name := botMark(e.Name, e.Bot)
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
				fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s%s\n", name, e.Fingerprint, e.Remote,
					time.Since(e.Since).Round(time.Second), doing, room, node(e.Node))
			}
			return w.Flush()
		},
	}
	return cmd
}
