package server

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"hotels/internal/store"
)

// settingsStore is what the settings command needs from the store.
type settingsStore interface {
	Settings(ctx context.Context, account store.AccountID) (store.Settings, error)
	SetBell(ctx context.Context, account store.AccountID, on bool) error
}

// settingsJSON is `settings --json`.
type settingsJSON struct {
	Bell bool `json:"bell"`
}

// newSettingsCmd shows the player's settings, or changes one: `settings
// bell off`.
func newSettingsCmd(id identity, st settingsStore) *cobra.Command {
	return &cobra.Command{
		Use:   "settings [bell on|off]",
		Short: "Show your settings, or turn the bell on or off",
		Long: `Show your settings, or change one:

  bell on|off   ring the terminal's bell when your turn comes and when a
                game you wait for starts (on until you turn it off)`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 0 && len(args) != 2 {
				return errors.New("say `settings`, `settings bell on` or `settings bell off`")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if !id.Known {
				return errors.New("this key has no name yet: connect with `ssh -t` to pick one first")
			}
			ctx := cmd.Context()
			if len(args) == 2 {
				switch {
				case args[0] != "bell":
					return fmt.Errorf("there is no setting %q: the one setting is bell", args[0])
				case args[1] != "on" && args[1] != "off":
					return fmt.Errorf("the bell is on or off, not %q", args[1])
				}
				if err := st.SetBell(ctx, id.Account.ID, args[1] == "on"); err != nil {
					return errors.New("the setting could not be saved; try again later")
				}
			}
			set, err := st.Settings(ctx, id.Account.ID)
			if err != nil {
				return errors.New("your settings could not be read; try again later")
			}
			return report(cmd, settingsJSON{Bell: set.Bell}, "bell\t"+onOff(set.Bell))
		},
	}
}

func onOff(on bool) string {
	if on {
		return "on"
	}
	return "off"
}
