package server

import (
	"errors"
	"fmt"
	"net"
	"slices"
	"strings"

	"charm.land/ssh"
	"charm.land/wish/v2"
	"github.com/spf13/cobra"

	"hotels/internal/rooms"
)

// runCommands serves exec sessions (`ssh host help`): it runs a command tree
// built for this session on its stdin, stdout and stderr, exits non-zero on
// failure, and does not call next. Sessions without a command go on to the
// TUI if they have a terminal.
func (s *Server) runCommands(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		// Bound the command line before anything parses it: cobra and the
		// commands need nothing near this, and a huge one costs memory.
		if raw := sess.RawCommand(); len(raw) > maxExecBytes {
			wish.Fatalf(sess, "hotels: that command is longer than %d bytes.\r\n", maxExecBytes)
			return
		}
		args := sess.Command()
		if len(args) > maxExecArgs {
			wish.Fatalf(sess, "hotels: that command has more than %d words.\r\n", maxExecArgs)
			return
		}
		_, _, pty := sess.Pty()
		if pty && len(args) == 2 && (args[0] == "join" || args[0] == "watch") {
			next(sess) // the TUI starts in that room
			return
		}
		if len(args) == 0 {
			if _, _, ok := sess.Pty(); !ok {
				wish.Fatalf(sess, "hotels: the game needs a terminal: connect with `ssh -t %s`, or run `ssh %[1]s help` for commands.\n",
					s.sshTarget())
				return
			}
			next(sess)
			return
		}
		if args[0] == cobra.ShellCompRequestCmd || args[0] == cobra.ShellCompNoDescRequestCmd {
			// Cobra's hidden completion command lists every command,
			// the admin ones too, to anyone: shell completion has no
			// use over SSH, so it is not offered at all.
			fmt.Fprintf(sess.Stderr(), "hotels: unknown command %q\nRun `ssh %s help` to list the commands.\n", args[0], s.sshTarget())
			_ = sess.Exit(exitUsage)
			return
		}
		id, _ := identityFrom(sess.Context())
		root := s.commandTree(sess, id)
		args = reasonToEnd(args)
		root.SetArgs(args)
		root.SetIn(sess)
		root.SetOut(sess)
		root.SetErr(sess.Stderr())
		// Look-ups that find nothing count against the address too.
		err := root.ExecuteContext(rooms.WithAddress(sess.Context(), addrKey(sess.RemoteAddr())))
		if _, _, ferr := root.Find(args); ferr != nil {
			err = usageError{ferr} // cobra finds no such command
		}
		if err == nil && refused(root) {
			err = errPermissionDenied // help for admin commands, asked by someone else
		}
		if errors.Is(err, errPermissionDenied) {
			s.logFor(sess).Warn("admin command refused: not an admin", "command", sess.RawCommand())
		}
		status := statusOf(err)
		switch {
		case status == exitUsage:
			fmt.Fprintf(sess.Stderr(), "hotels: %v\nRun `ssh %s help` to list the commands.\n", err, s.sshTarget())
		case err != nil:
			fmt.Fprintf(sess.Stderr(), "hotels: %v\n", err)
		}
		_ = sess.Exit(status)
	}
}

// reasonToEnd makes the words after --reason (admin ban, admin close)
// one argument, up to the next flag: OpenSSH joins the words of a remote
// command with spaces, so `ssh host admin ban bob --reason "two words"`
// arrives as `… --reason two words`, and the quotes would otherwise have
// to be quoted again.
func reasonToEnd(args []string) []string {
	for i, a := range args {
		if a != "--reason" && !strings.HasPrefix(a, "--reason=") {
			continue
		}
		first := i + 1 // the reason's first word
		if a != "--reason" {
			first = i
		}
		end := first
		for end < len(args) && (end == first || !strings.HasPrefix(args[end], "--")) {
			end++
		}
		if end-first < 2 {
			return args
		}
		out := append(slices.Clone(args[:first]), strings.Join(args[first:end], " "))
		return append(out, args[end:]...)
	}
	return args
}

// commandTree builds the exec commands for one session. Each command has its
// own constructor and file; a command that needs an account checks id.Known,
// and the admin subtree is gated as a whole on its parent (see newAdminCmd).
func (s *Server) commandTree(sess ssh.Session, id identity) *cobra.Command {
	root := &cobra.Command{
		Use:   "hotels",
		Short: "Hotels: Sid Sackson's hotel-and-stock games, played over SSH",
		Long: fmt.Sprintf(`Hotels: Sid Sackson's hotel-and-stock games, played over SSH.

Connect without a command to play:   ssh -t %[1]s
Run a command and exit:              ssh %[1]s COMMAND

Every command takes --json: it then prints JSON to stdout instead of text.
Messages and errors go to stderr as text, --json or not. Exit status:
%[2]s`, s.sshTarget(), exitStatusText()),
		SilenceErrors:     true, // runCommands prints them, once
		SilenceUsage:      true,
		CompletionOptions: cobra.CompletionOptions{DisableDefaultCmd: true},
	}
	root.PersistentFlags().Bool(jsonFlag, false, "print JSON to stdout (errors stay text on stderr)")
	root.SetHelpCommand(newHelpCmd(root))
	root.AddCommand(newWhoamiCmd(id))
	root.AddCommand(newRoomsCmd(s.rooms, id))
	root.AddCommand(newGamesCmd(s.store, id, s.sshTarget()))
	root.AddCommand(newExportCmd(s.store, s.rooms, id))
	root.AddCommand(newKeysCmd(keysCmd{
		id: id, st: s.store, isAdmin: s.admins.has, target: s.sshTarget(), log: s.logFor(sess), open: s.live, sess: sess,
		audit: auditor{log: s.store, id: id, errLog: s.logFor(sess), prefix: "keys "},
	}))
	root.AddCommand(newLeaderboardCmd(s.store))
	root.AddCommand(newProfileCmd(s.store))
	root.AddCommand(newSettingsCmd(id, s.store))
	root.AddCommand(newRulesCmd())
	root.AddCommand(newJoinCmd(s.sshTarget()))
	root.AddCommand(newWatchCmd(s.sshTarget()))
	root.AddCommand(s.newPlayCmd(id), s.newNewCmd(id), s.newStartCmd(id), s.newInviteCmd(id),
		s.newAccountCmd(id), s.newBotCmd(id)) // issue 24: play.go
	root.AddCommand(s.newAdminCmd(sess, id))
	markUsage(root)
	return root
}

// sshTarget is what a player types after "ssh" to reach this server, as far
// as the server knows: the port, and a placeholder for the host name.
func (s *Server) sshTarget() string {
	if _, port, err := net.SplitHostPort(s.cfg.Addr); err == nil && port != "" && port != "22" {
		return "-p " + port + " HOST"
	}
	return "HOST"
}
