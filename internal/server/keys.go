package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"charm.land/ssh"
	"github.com/spf13/cobra"

	"hotels/internal/sanitize"
	"hotels/internal/store"
)

// keyring is what the keys commands need from the store.
type keyring interface {
	Keys(ctx context.Context, account store.AccountID) ([]store.Key, error)
	PendingKeys(ctx context.Context, account store.AccountID) ([]store.PendingKey, error)
	RequestKey(ctx context.Context, account store.AccountID, authorizedKey string) (string, time.Time, error)
	ConfirmKey(ctx context.Context, authorizedKey, code string) (store.Account, error)
	RemoveKey(ctx context.Context, account store.AccountID, fingerprint string) error
}

// maxKeyText bounds the key a player pastes: an RSA-16384 key is under 3 KB.
const maxKeyText = 8 << 10

// keysCmd is what the keys commands share: the session, the store, who the
// admins are, and the audit log every change is written to.
type keysCmd struct {
	id      identity
	st      keyring
	isAdmin func(fingerprint string) bool
	audit   auditor
	target  string       // what follows "ssh" to reach this server
	log     *slog.Logger // for the store's failures
	open    *sessions    // to end those of a removed key
	sess    ssh.Session  // this one, which goes on
}

// newKeysCmd lists, adds and removes the keys an account signs in with, so
// that a player can play from another machine as the same player. A key
// joins an account only once its holder proves it: `keys add` gives a code
// that a session signed with the new key confirms. Otherwise anyone could
// tie a key published on a code host, an admin's included, to their own
// account, and its holder would sign in as them.
func newKeysCmd(k keysCmd) *cobra.Command {
	needName := func(*cobra.Command, []string) error {
		if !k.id.Known {
			return errors.New("this key has no name yet: connect with `ssh -t` to pick one first")
		}
		return nil
	}
	list := k.listCmd()
	cmd := &cobra.Command{
		Use:               "keys",
		Short:             "List, add and remove the SSH keys you can sign in with",
		Args:              cobra.NoArgs,
		PersistentPreRunE: needName,
		RunE:              list.RunE,
	}
	confirm := k.confirmCmd()
	confirm.PersistentPreRunE = func(*cobra.Command, []string) error { return nil } // the new key has no name
	cmd.AddCommand(list, k.addCmd(), confirm, k.removeCmd())
	return cmd
}

// keysList is `keys list --json`.
type keysList struct {
	Keys    []keyEntry `json:"keys"`
	Pending []keyEntry `json:"pending"` // added, waiting for their holders to confirm
}

type keyEntry struct {
	Fingerprint string     `json:"fingerprint"`
	Type        string     `json:"type"`
	ThisSession bool       `json:"this_session,omitempty"`
	Expires     *time.Time `json:"expires,omitempty"` // when a pending key's code stops working
}

func (k keysCmd) listCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the keys you sign in with, and those waiting for confirmation",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var pending []store.PendingKey
			keys, err := k.st.Keys(cmd.Context(), k.id.Account.ID)
			if err == nil {
				pending, err = k.st.PendingKeys(cmd.Context(), k.id.Account.ID)
			}
			if err != nil {
				logStoreError(k.log, "keys: list", err, "account", k.id.Account.ID)
				return errors.New("your keys could not be read; try again later")
			}
			l := keysList{Keys: []keyEntry{}, Pending: []keyEntry{}}
			for _, key := range keys {
				l.Keys = append(l.Keys, keyEntry{Fingerprint: key.Fingerprint, Type: keyType(key),
					ThisSession: key.Fingerprint == k.id.Key.Fingerprint})
			}
			for _, p := range pending {
				l.Pending = append(l.Pending, keyEntry{Fingerprint: p.Fingerprint, Type: keyType(p.Key), Expires: &p.Expires})
			}
			if wantJSON(cmd) {
				return writeJSON(cmd.OutOrStdout(), l)
			}
			var b strings.Builder
			for _, e := range l.Keys {
				fmt.Fprintf(&b, "%s\t%s", e.Fingerprint, e.Type)
				if e.ThisSession {
					b.WriteString("\t(this session)")
				}
				b.WriteString("\n")
			}
			for _, e := range l.Pending {
				fmt.Fprintf(&b, "%s\t%s\t(waiting for confirmation until %s)\n",
					e.Fingerprint, e.Type, e.Expires.UTC().Format("15:04 MST"))
			}
			_, err = fmt.Fprint(cmd.OutOrStdout(), b.String())
			return err
		},
	}
	return cmd
}

// keyAdded is `keys add --json`.
type keyAdded struct {
	Fingerprint string    `json:"fingerprint"`
	Code        string    `json:"code"`
	Expires     time.Time `json:"expires"`
}

func (k keysCmd) addCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "add 'ssh-ed25519 AAAA...'",
		Short: "Let another SSH public key sign in as you, once its holder confirms",
		Long: fmt.Sprintf(`Let another SSH public key sign in as you. Give the public key in
authorized_keys form, for example:

  ssh %[1]s keys add "$(cat ~/.ssh/other_key.pub)"

This prints a one-time code. Within %[2]s, connect with the new key and
confirm it; until then it signs in as no one:

  ssh -i ~/.ssh/other_key %[1]s keys confirm CODE`, k.target, minutes(store.KeyCodeTTL)),
		Args: cobra.MinimumNArgs(1),
		RunE: k.audit.wrap(func(cmd *cobra.Command, args []string) error {
			text := strings.Join(args, " ")
			if len(text) > maxKeyText {
				return fmt.Errorf("that is not a public key: it is longer than %d bytes", maxKeyText)
			}
			key, err := store.ParseKey(text)
			if err != nil {
				return errors.New(`that is not an SSH public key: give it as in authorized_keys, like "ssh-ed25519 AAAA..."`)
			}
			// Whether the key signs in to another account, or is an
			// admin's, is not the asker's to learn (issue 27, N10): it is
			// asked for as any key, and refused when its holder confirms.
			code, expires, err := k.st.RequestKey(cmd.Context(), k.id.Account.ID, key.Authorized)
			switch {
			case errors.Is(err, store.ErrConflict): // one of the asker's own
				return fmt.Errorf("the key %s already signs in as you", key.Fingerprint)
			case errors.Is(err, store.ErrTooMany):
				return fmt.Errorf("%d keys already wait for confirmation: confirm them or let them expire (%s) first",
					store.MaxPendingKeys, minutes(store.KeyCodeTTL))
			case err != nil:
				logStoreError(k.log, "keys: add", err, "account", k.id.Account.ID, "key", key.Fingerprint)
				return errors.New("the key could not be saved; try again later")
			}
			if wantJSON(cmd) {
				return writeJSON(cmd.OutOrStdout(), keyAdded{Fingerprint: key.Fingerprint, Code: code, Expires: expires})
			}
			_, err = fmt.Fprintf(cmd.OutOrStdout(), `%s signs in as no one yet. To prove it is yours, connect with
that key within %s and confirm it with this one-time code:

  ssh -i PRIVATE_KEY_FILE %s keys confirm %s
`, key.Fingerprint, minutes(store.KeyCodeTTL), k.target, code)
			return err
		}),
	}
	return cmd
}

// keyConfirmed is `keys confirm --json`: the session's key, and the
// account it now signs in to.
type keyConfirmed struct {
	Fingerprint string `json:"fingerprint"`
	Name        string `json:"name"`
}

// keyRemoved is `keys remove --json`.
type keyRemoved struct {
	Fingerprint string `json:"fingerprint"`
	Ended       int    `json:"sessions_ended"` // the key's open sessions, ended
}

func (k keysCmd) confirmCmd() *cobra.Command {
	audit := k.audit
	audit.args = func([]string) string { return "(code withheld)" } // a code that failed still works
	return &cobra.Command{
		Use:   "confirm CODE",
		Short: "Confirm, connected with a new key, the code `keys add` gave for it",
		Args:  cobra.ExactArgs(1),
		RunE: audit.wrap(func(cmd *cobra.Command, args []string) error {
			if k.isAdmin(k.id.Key.Fingerprint) {
				return errors.New("this key is an admin's key: it cannot join a player's account")
			}
			a, err := k.st.ConfirmKey(cmd.Context(), k.id.Key.Authorized, args[0])
			switch {
			case errors.Is(err, store.ErrNotFound):
				return fmt.Errorf("that code is unknown, used or expired: a code works once, within %s; run `keys add` again",
					minutes(store.KeyCodeTTL))
			case errors.Is(err, store.ErrWrongKey):
				return fmt.Errorf("that code is for another key, not %s: connect with the key you added (ssh -i PRIVATE_KEY_FILE)",
					k.id.Key.Fingerprint)
			case errors.Is(err, store.ErrConflict):
				return fmt.Errorf("the key %s already signs in to an account: it can join another only once removed from it",
					k.id.Key.Fingerprint)
			case err != nil:
				logStoreError(k.log, "keys: confirm", err, "key", k.id.Key.Fingerprint)
				return errors.New("the key could not be saved; try again later")
			}
			return report(cmd, keyConfirmed{Fingerprint: k.id.Key.Fingerprint, Name: sanitize.Line(a.Name)},
				fmt.Sprintf("confirmed %s: it now signs in as %s", k.id.Key.Fingerprint, sanitize.Line(a.Name)))
		}),
	}
}

func (k keysCmd) removeCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "remove FINGERPRINT",
		Short: "Stop a key from signing in as you (never your last one)",
		Args:  cobra.ExactArgs(1),
		RunE: k.audit.wrap(func(cmd *cobra.Command, args []string) error {
			fp := args[0]
			if !strings.HasPrefix(fp, "SHA256:") {
				fp = "SHA256:" + fp
			}
			err := k.st.RemoveKey(cmd.Context(), k.id.Account.ID, fp)
			switch {
			case errors.Is(err, store.ErrNotFound): // fp is as typed: quoted
				return fmt.Errorf("%q is not one of your keys: `keys list` shows them", sanitize.Line(fp))
			case errors.Is(err, store.ErrLastKey):
				return fmt.Errorf("%s is your only key, so it stays: without it no one could sign in as %s; add another first",
					fp, k.id.Account.Name)
			case err != nil:
				logStoreError(k.log, "keys: remove", err, "account", k.id.Account.ID, "key", fp)
				return errors.New("the key could not be removed; try again later")
			}
			// Whoever holds the key may be why it goes: its open sessions
			// go with it.
			ended := k.open.end(func(l *live) bool { return l.who.Key.Fingerprint == fp && l.sess != k.sess },
				"This key was removed from its account.")
			return report(cmd, keyRemoved{Fingerprint: fp, Ended: ended},
				fmt.Sprintf("removed %s: it no longer signs in as %s; %d open sessions of it ended", fp, sanitize.Line(k.id.Account.Name), ended))
		}),
	}
}

// keyType is a key's algorithm, the first word of its authorized_keys form.
func keyType(k store.Key) string {
	t, _, _ := strings.Cut(k.Authorized, " ")
	return t
}

// minutes says a duration the way players read it: "10 minutes".
func minutes(d time.Duration) string {
	return fmt.Sprintf("%d minutes", int(d.Minutes()))
}
