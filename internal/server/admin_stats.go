package server

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/spf13/cobra"

	"hotels/internal/rooms"
	"hotels/internal/store"
)

// serverStats is the server at one moment, for `admin stats`. With
// several servers on one database, sessions, players and rooms are all
// the servers'; the rest is this one's.
type serverStats struct {
	Uptime      string               `json:"uptime"`
	Node        string               `json:"node,omitempty"`  // this server, when there are several
	Nodes       int                  `json:"nodes,omitempty"` // how many servers have sessions
	Connections int                  `json:"connections"`
	Sessions    int                  `json:"sessions"`
	Interactive int                  `json:"interactive"`
	Players     int                  `json:"players"` // distinct accounts connected
	Rooms       map[rooms.Status]int `json:"rooms"`
	Games       map[store.Status]int `json:"games"` // in the store, by status
	Goroutines  int                  `json:"goroutines"`
	HeapBytes   uint64               `json:"heap_bytes"`
	SysBytes    uint64               `json:"sys_bytes"` // memory obtained from the OS
	GCRuns      uint32               `json:"gc_runs"`
}

// stats gathers serverStats.
func (s *Server) stats(ctx context.Context) (serverStats, error) {
	st := serverStats{
		Uptime:     time.Since(s.started).Round(time.Second).String(),
		Rooms:      map[rooms.Status]int{},
		Goroutines: runtime.NumGoroutine(),
	}
	if c := s.conns.Load(); c != nil {
		st.Connections = c.Open()
	}
	players := map[store.AccountID]bool{}
	if s.peers == nil {
		st.Sessions, st.Interactive = s.live.count()
		for _, l := range s.live.list() {
			if id := l.accountOf(); id != 0 {
				players[id] = true
			}
		}
	} else {
		st.Node = s.peers.node.ID()
		shared, err := s.peers.sessions(ctx)
		if err != nil {
			return st, err
		}
		nodes := map[string]bool{}
		for _, ns := range shared {
			nodes[ns.Node] = true
			st.Sessions++
			if ns.Terminal {
				st.Interactive++
			}
			if ns.Account != 0 {
				players[ns.Account] = true
			}
		}
		st.Nodes = len(nodes)
	}
	st.Players = len(players)
	list, err := s.roomList(ctx)
	if err != nil {
		return st, err
	}
	for _, r := range list {
		st.Rooms[r.Status]++
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	st.HeapBytes, st.SysBytes, st.GCRuns = m.HeapAlloc, m.Sys, m.NumGC
	games, err := s.store.GameCounts(ctx)
	if err != nil {
		return st, err
	}
	st.Games = games
	return st, nil
}

// newAdminStatsCmd shows sessions, rooms, games, goroutines, memory and
// uptime.
func newAdminStatsCmd(stats func(context.Context) (serverStats, error)) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "stats",
		Short: "Show sessions, rooms, stored games, goroutines, memory and uptime",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, cancel := adminContext(cmd)
			defer cancel()
			st, err := stats(ctx)
			if err != nil {
				cmd.PrintErrln("The stored games or the other servers' sessions or rooms could not be counted.")
			}
			if wantJSON(cmd) {
				return writeJSON(cmd.OutOrStdout(), st)
			}
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "uptime       %s\n", st.Uptime)
			if st.Node != "" {
				fmt.Fprintf(w, "server       %s, one of %d with sessions\n", st.Node, st.Nodes)
			}
			fmt.Fprintf(w, "connections  %d\n", st.Connections)
			fmt.Fprintf(w, "sessions     %d (%d interactive), %d players\n", st.Sessions, st.Interactive, st.Players)
			fmt.Fprintf(w, "rooms        %d waiting, %d playing, %d over\n",
				st.Rooms[rooms.Waiting], st.Rooms[rooms.Playing], st.Rooms[rooms.Over])
			if st.Games != nil {
				fmt.Fprintf(w, "games        %d waiting, %d playing, %d finished, %d aborted (stored)\n",
					st.Games[store.StatusWaiting], st.Games[store.StatusPlaying], st.Games[store.StatusFinished], st.Games[store.StatusAborted])
			}
			fmt.Fprintf(w, "goroutines   %d\n", st.Goroutines)
			_, err = fmt.Fprintf(w, "memory       %.1f MiB heap, %.1f MiB from the OS, %d GCs\n",
				float64(st.HeapBytes)/(1<<20), float64(st.SysBytes)/(1<<20), st.GCRuns)
			return err
		},
	}
	return cmd
}
