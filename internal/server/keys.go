package server

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"hotels/internal/store"
)

// keyring is what the keys command needs from the store.
type keyring interface {
	Keys(ctx context.Context, account store.AccountID) ([]store.Key, error)
	AddKey(ctx context.Context, account store.AccountID, authorizedKey string) error
}

// maxKeyText bounds the key a player pastes: an RSA-16384 key is under 3 KB.
const maxKeyText = 8 << 10

// newKeysCmd lists the keys of the session's account, and adds one, so that
// a player can sign in from another machine as the same player.
func newKeysCmd(id identity, st keyring) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "keys",
		Short: "List the SSH keys you can sign in with",
		Args:  cobra.NoArgs,
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			if !id.Known {
				return errors.New("this key has no name yet: connect with `ssh -t` to pick one first")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			keys, err := st.Keys(cmd.Context(), id.Account.ID)
			if err != nil {
				return errors.New("your keys could not be read; try again later")
			}
			for _, k := range keys {
				mark := ""
				if k.Fingerprint == id.Key.Fingerprint {
					mark = "\t(this session)"
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%s%s\n", k.Fingerprint, mark)
			}
			return nil
		},
	}
	cmd.AddCommand(&cobra.Command{
		Use:   "add 'ssh-ed25519 AAAA...'",
		Short: "Let another SSH public key sign in as you",
		Long: `Let another SSH public key sign in as you. Give the public key in
authorized_keys form, for example:

  ssh HOST keys add "$(cat ~/.ssh/other_key.pub)"`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			text := strings.Join(args, " ")
			if len(text) > maxKeyText {
				return fmt.Errorf("that is not a public key: it is longer than %d bytes", maxKeyText)
			}
			k, err := store.ParseKey(text)
			if err != nil {
				return errors.New(`that is not an SSH public key: give it as in authorized_keys, like "ssh-ed25519 AAAA..."`)
			}
			err = st.AddKey(cmd.Context(), id.Account.ID, k.Authorized)
			switch {
			case errors.Is(err, store.ErrConflict):
				return fmt.Errorf("the key %s already signs in to an account", k.Fingerprint)
			case err != nil:
				return errors.New("the key could not be saved; try again later")
			}
			fmt.Fprintf(cmd.OutOrStdout(), "added %s: it now signs in as %s\n", k.Fingerprint, id.Account.Name)
			return nil
		},
	})
	return cmd
}
