package main

import (
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"hotels/internal/server"
	"hotels/internal/store"
)

// newServeCmd runs the SSH server until SIGINT or SIGTERM, then shuts down
// gracefully.
func newServeCmd() *cobra.Command {
	var cfg server.Config
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Run the SSH server (the default)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := cfg.LoadEnv(cmd.Flags(), os.Getenv); err != nil {
				return err
			}
			level, err := cfg.Level()
			if err != nil {
				return err
			}
			logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
			slog.SetDefault(logger) // charm.land/ssh logs its own recovered panics through slog

			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			// After the first signal starts a graceful shutdown, restore the
			// default handling so a second one stops the process at once.
			go func() {
				<-ctx.Done()
				stop()
			}()

			st, err := store.Open(ctx, cfg.Data)
			if err != nil {
				return err
			}
			defer func() {
				if err := st.Close(); err != nil {
					logger.Error("close database", "err", err)
				}
			}()
			srv, err := server.New(cfg, server.Options{Store: st, Logger: logger})
			if err != nil {
				return err
			}
			if err := srv.ListenAndServe(ctx); err != nil {
				return fmt.Errorf("serve: %w", err)
			}
			return nil
		},
	}
	cfg.RegisterFlags(cmd.Flags())
	return cmd
}
