package main

import "github.com/spf13/cobra"

// newRootCmd builds the command tree. Serving is the default: the root runs
// serve's RunE with serve's flags, so `sshd --addr :3000` and
// `sshd serve --addr :3000` are the same.
func newRootCmd() *cobra.Command {
	serve := newServeCmd()
	root := &cobra.Command{
		Use:   "sshd",
		Short: "Hotels: Sid Sackson's hotel-and-stock games, played over SSH",
		Long: `Hotels: Sid Sackson's hotel-and-stock games, played over SSH.

Without a subcommand, sshd serves (same as "sshd serve"). Players connect with
"ssh -p 2222 HOST"; their SSH key is their account.

Every flag can also be set through the environment variable named in its help;
a flag given on the command line wins.`,
		Args:              cobra.NoArgs,
		RunE:              serve.RunE,
		SilenceUsage:      true,
		SilenceErrors:     true, // main prints the error once
		CompletionOptions: cobra.CompletionOptions{DisableDefaultCmd: true},
	}
	root.Flags().AddFlagSet(serve.Flags())
	root.AddCommand(serve)
	root.AddCommand(newReplayCmd())
	root.AddCommand(newBackupCmd())
	root.AddCommand(newMigrateCmd())
	return root
}
