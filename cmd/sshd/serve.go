package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"slices"
	"syscall"

	tea "charm.land/bubbletea/v2"
	"github.com/spf13/cobra"

	"hotels/internal/bot/bots"
	"hotels/internal/cluster"
	"hotels/internal/games"
	"hotels/internal/protocol"
	"hotels/internal/replica"
	"hotels/internal/rooms"
	"hotels/internal/server"
	"hotels/internal/store"
	"hotels/internal/tui"
	"hotels/internal/tui/history"
	"hotels/internal/tui/screens"
)

// newServeCmd runs the SSH server until SIGINT or SIGTERM, then shuts down
// gracefully.
func newServeCmd() *cobra.Command {
	var cfg server.Config
	var pprofAddr string
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Run the SSH server (the default)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := cfg.LoadEnv(cmd.Flags(), os.Getenv); err != nil {
				return err
			}
			logger, err := cfg.Logger(os.Stderr)
			if err != nil {
				return err
			}
			slog.SetDefault(logger) // charm.land/ssh logs its own recovered panics through slog

			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			// After the first signal starts a graceful shutdown, restore the
			// default handling so a second one stops the process at once.
			go func() {
				<-ctx.Done()
				stop()
			}()

			setCollector(os.Getenv)
			if pprofAddr != "" {
				if err := servePprof(pprofAddr, logger); err != nil {
					return err
				}
			}
			ln, err := net.Listen("tcp", cfg.Addr)
			if err != nil {
				return fmt.Errorf("listen on %s: %w", cfg.Addr, err)
			}
			return run(ctx, cfg, logger, ln)
		},
	}
	cfg.RegisterFlags(cmd.Flags())
	cmd.Flags().StringVar(&pprofAddr, "pprof", "",
		"serve Go's /debug/pprof/ on this loopback address, for capacity work (docs/capacity.md); off if empty")
	return cmd
}

// run serves Hotels on ln until ctx ends: it opens the database, reopens
// the games in play, serves, and on the way out closes the rooms before the
// store. It closes ln. The end-to-end tests call it as serve does.
func run(ctx context.Context, cfg server.Config, logger *slog.Logger, ln net.Listener) error {
	// The address really listened on (--addr :0 picks a port), which the
	// help texts show players.
	cfg.Addr = ln.Addr().String()
	defer func() { _ = ln.Close() }() // for the early returns; Serve closes it too
	st, err := store.Open(ctx, cfg.Data)
	if err != nil {
		return err
	}
	st.SetLogger(logger) // a damaged database file, logged once
	defer func() {
		if err := st.Close(); err != nil {
			logger.Error("close database", "err", err)
		}
	}()
	appender := store.NewAppender(st)
	defer appender.Close()
	// Issue 18: with PostgreSQL, one of several servers on the database.
	var node *cluster.Node
	if store.IsPostgres(cfg.Data) {
		if node, err = joinCluster(ctx, cfg, st, logger); err != nil {
			return err
		}
		// Last, after the server and the rooms: its sessions and seekers
		// leave with it.
		defer node.Close()
	}
	journal := store.Journal{Store: st, Appender: appender}
	rcfg := rooms.Config{
		Journal:   journal,
		Ratings:   st,
		Kinds:     screens.Hosted(),
		Grace:     cfg.Grace,
		BotDelay:  cfg.BotDelay,
		Bots:      gameBot,
		BotLevels: bots.Levels,
		Autopilot: "normal", // issue 5: the autopilot plays sound moves
		Log:       logger,
		// Issue 7: a player acts at most --action-rate times a second.
		ActionRate: cfg.ActionLimit(),
		// Issue 16: and anything else (sit, stand, bots, chat, votes...)
		// ten times at once, then --intent-rate times a minute.
		IntentRate: cfg.IntentLimit(),
		// Issue 27: a room or game looked for and not found is a guess:
		// ten at once, then one every six seconds, by account and by
		// address.
		MissRate: rooms.DefaultMissRate,
	}
	lobby := rooms.NewLobby(rcfg)
	// Rooms close before the store: games in play stay "playing" in the
	// database and are restored at the next start.
	defer lobby.Close("Hotels is restarting. Please reconnect in a minute.")
	var rep *replica.Replica
	if node != nil {
		// Each room run by the server holding its lease, followed by the
		// others (internal/replica).
		rep = replica.Start(lobby, journal, st, node)
	}
	n, err := lobby.Restore(ctx, st)
	if err != nil {
		return err
	}
	logger.Info("games restored", "rooms", n)
	// Games finished before places were stored get theirs once.
	if n, err = lobby.PlaceFinished(ctx, st); err != nil {
		return err
	}
	if n > 0 {
		logger.Info("finished games placed", "games", n)
	}
	bots := &protocol.Waiters{} // issue 24: bot accounts waiting, for `invite` and the bot chooser
	opts := server.Options{Store: st, Logger: logger, Lobby: session(lobby, st, bots),
		Rooms: lobby, Bots: bots} // issue 7: what `ssh host admin …` inspects and acts on
	if node != nil {
		// Sessions, bans, broadcasts, the lobby's list and the ranked
		// queue, across the servers.
		opts.Cluster = node
		replica.ShareLobby(lobby, node, st)
		replica.ShareQueue(lobby, node, st)
	}
	srv, err := server.New(cfg, opts)
	if err != nil {
		return err
	}
	if cfg.MetricsAddr != "" {
		// Issue 26: for Prometheus and the load balancer. It closes
		// after Serve, so that /healthz says "shutting down" meanwhile.
		stop, err := serveMetrics(cfg.MetricsAddr, slices.Concat(srv.Metrics(), lobby.Metrics(), rep.Metrics()), healthy(srv, node), logger)
		if err != nil {
			return err
		}
		defer stop()
	}
	if err := srv.Serve(ctx, ln); err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}

// joinCluster makes this server a node of those sharing its PostgreSQL
// database, named by --node or else by the host's name and the port.
func joinCluster(ctx context.Context, cfg server.Config, st *store.Store, logger *slog.Logger) (*cluster.Node, error) {
	id := cfg.Node
	if id == "" {
		host, err := os.Hostname()
		if err != nil {
			return nil, fmt.Errorf("name this server with --node: the host has no name: %w", err)
		}
		_, port, _ := net.SplitHostPort(cfg.Addr)
		id = host + ":" + port
	}
	node, err := cluster.Start(ctx, st, cluster.Config{ID: id, Addr: cfg.Addr, Log: logger})
	if err != nil {
		return nil, err
	}
	logger.Info("joined the servers sharing the database", "node", id)
	return node, nil
}

// gameBot makes a bot of a registered game at a level, seeded from
// crypto/rand.
func gameBot(game, level string) (rooms.Bot, error) {
	g, ok := games.ByName(game)
	if !ok {
		return nil, fmt.Errorf("no game %q", game)
	}
	return bots.New(g.Name, level, nil)
}

// session builds each signed-in player's screens: the lobby, or the room
// asked for on the command line (`ssh -t host join ROOM`), or the room
// where the player has a seat (on any of the servers sharing a PostgreSQL
// database), so that a reconnect goes back to the game.
func session(l *rooms.Lobby, games *store.Store, bots *protocol.Waiters) server.Lobby {
	// One for every session, made an interface once: each session's
	// screens keep it three times, and a value made an interface there was
	// a copy on the heap each time, three objects a session for every
	// collection to mark (docs/capacity.md).
	var s interface {
		history.Archive
		tui.Ratings
		tui.Bell
	} = newStored(games, l)
	return func(ctx context.Context, p server.Player) tea.Model {
		player := rooms.Player{ID: p.Account.ID, Name: p.Account.Name, Bot: p.Account.Bot}
		var at tui.Entry
		if len(p.Command) == 2 {
			at = tui.Entry{Room: p.Command[1], Watch: p.Command[0] == "watch"}
		} else if r := l.Rejoin(player); r != nil {
			at = tui.Entry{Room: r.ID}
		}
		return tui.New(ctx, l, player, at, tui.WithGames(s), tui.WithRatings(s), tui.WithBell(s), tui.WithBotAccounts(bots))
	}
}
