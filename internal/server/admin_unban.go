package server

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"hotels/internal/store"
)

// unbanned is `admin unban --json`.
type unbanned struct {
	Target string `json:"target"`
	Lifted int    `json:"lifted"` // bans lifted
}

// newAdminUnbanCmd lifts the bans on a key or an account.
func newAdminUnbanCmd(st banStore, id identity) *cobra.Command {
	return &cobra.Command{
		Use:         "unban KEY|NAME",
		Short:       "Lift the bans on a player (NAME) or one key (SHA256:… or ssh-ed25519 AAAA…)",
		Args:        cobra.MinimumNArgs(1),
		Annotations: map[string]string{auditAnnotation: "yes"},
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, cancel := adminContext(cmd)
			defer cancel()
			t, err := resolveTarget(ctx, st, args)
			if err != nil {
				return err
			}
			n, err := st.LiftBans(ctx, store.Unban{Fingerprint: t.fingerprint, Account: t.account, By: adminName(id)})
			switch {
			case errors.Is(err, store.ErrNotFound):
				return fmt.Errorf("%s is not banned", t.name)
			case err != nil:
				return errors.New("the ban could not be lifted; try again later")
			}
			return report(cmd, unbanned{Target: t.name, Lifted: n}, fmt.Sprintf("lifted %d ban(s) on %s", n, t.name))
		},
	}
}
