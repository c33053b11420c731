package server

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// helpList is `help --json`: the commands this session may run, and the
// exit statuses.
type helpList struct {
	Commands []helpEntry  `json:"commands"`
	Exit     []exitStatus `json:"exit_status"`
}

// helpEntry is one command in `help --json`.
type helpEntry struct {
	Command string `json:"command"` // as typed: "keys add"
	Usage   string `json:"usage"`   // with its arguments: "keys add 'ssh-ed25519 AAAA...'"
	Short   string `json:"short"`
}

// newHelpCmd is `help [COMMAND]`: cobra's help as text, and with --json
// the commands the session may run (not the admin ones, to others) and the
// exit statuses.
func newHelpCmd(root *cobra.Command) *cobra.Command {
	return &cobra.Command{
		Use:   "help [COMMAND]",
		Short: "Help about any command, and the exit statuses",
		RunE: func(cmd *cobra.Command, args []string) error {
			target, rest, err := root.Find(args)
			if err != nil || len(rest) > 0 {
				return usageError{fmt.Errorf("there is no command %q", strings.Join(args, " "))}
			}
			if !wantJSON(cmd) {
				return target.Help()
			}
			list := commandList(root, target)
			if target != root && len(list.Commands) == 0 {
				return target.Help() // someone else's admin help: refused there
			}
			return writeJSON(cmd.OutOrStdout(), list)
		},
	}
}

// commandList lists the commands under target (root: all) that the
// session may run: admin ones only to admins.
func commandList(root, target *cobra.Command) helpList {
	list := helpList{Commands: []helpEntry{}, Exit: exitStatuses}
	walk(target, func(c *cobra.Command) {
		if c == root || c.Hidden || (c.HasParent() && c.Parent().Hidden) || !c.Runnable() {
			return
		}
		path := strings.TrimPrefix(c.CommandPath(), root.Name()+" ")
		usage := strings.TrimPrefix(c.UseLine(), root.Name()+" ")
		list.Commands = append(list.Commands, helpEntry{Command: path, Usage: strings.TrimSuffix(usage, " [flags]"), Short: c.Short})
	})
	return list
}

// showGroup is the RunE of a command that groups others (admin): its help,
// or with --json the list of its commands.
func showGroup(cmd *cobra.Command, _ []string) error {
	if wantJSON(cmd) {
		return writeJSON(cmd.OutOrStdout(), commandList(cmd.Root(), cmd))
	}
	return cmd.Help()
}

// exitStatusText lists the exit statuses for `help`.
func exitStatusText() string {
	var b strings.Builder
	for _, e := range exitStatuses {
		fmt.Fprintf(&b, "  %d  %s\n", e.Status, e.Meaning)
	}
	return strings.TrimRight(b.String(), "\n")
}
