package server

import (
	"context"
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"github.com/spf13/cobra"
)

// newAdminWatchCmd watches a room on the players' own room screen, with
// what its game hides (in Acquire every rack, cash and shares and the bag's
// next tiles) in a panel. It needs a terminal (`ssh -t`). It shows what
// players may not see, so it is audited. fps is the most frames a second.
func newAdminWatchCmd(sess ssh.Session, rs Rooms, target string, fps int) *cobra.Command {
	return &cobra.Command{
		Use:         "watch ROOM",
		Short:       "Watch a room with what its game hides shown; needs ssh -t",
		Args:        cobra.ExactArgs(1),
		Annotations: map[string]string{auditAnnotation: "yes"},
		RunE: func(cmd *cobra.Command, args []string) error {
			if _, _, ok := sess.Pty(); !ok {
				return fmt.Errorf("admin watch needs a terminal: run `ssh -t %s admin watch %s`", target, args[0])
			}
			r, err := findRoom(rs, args[0])
			if err != nil {
				return err
			}
			ctx, cancel := context.WithCancel(cmd.Context())
			defer cancel()
			// The admins' broadcasts reach it as they reach players.
			box := &inbox{}
			if l := liveFrom(sess.Context()); l != nil && l.box != nil {
				box = l.box
			}
			// The players' limits on input apply (input.go): an admin's
			// key floods as well as anyone's.
			p := tea.NewProgram(newWatchModel(ctx, r), append(programOptions(sess, fps), tea.WithContext(ctx))...)
			if err := runOn(sess, p, box); err != nil && !errors.Is(err, tea.ErrProgramKilled) && ctx.Err() == nil {
				return fmt.Errorf("watch room %s: %w", r.ID, err)
			}
			return nil
		},
	}
}
