package server

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"hotels/internal/sanitize"
	"hotels/internal/store"
)

// banStore is what the ban commands need of the store.
type banStore interface {
	AccountByName(ctx context.Context, name string) (store.Account, error)
	Ban(ctx context.Context, b store.NewBan) (store.Ban, error)
	LiftBans(ctx context.Context, u store.Unban) (int, error)
	Bans(ctx context.Context) ([]store.Ban, error)
}

// maxReason bounds a ban's or a close's reason, which players are shown, in
// cells (sanitize.Width).
const maxReason = 200

// checkReason cleans a ban's or a close's reason for players' eyes. None at
// all is fine, but one given must have a character that shows and fit in
// maxReason cells.
func checkReason(reason string) (string, error) {
	if strings.TrimSpace(reason) == "" {
		return "", nil
	}
	r, err := sanitize.Message(reason, maxReason)
	switch {
	case errors.Is(err, sanitize.ErrBlank):
		return "", errors.New("--reason has no character that shows: give one players can read, or none")
	case err != nil:
		return "", fmt.Errorf("--reason is wider than %d characters", maxReason)
	}
	return r, nil
}

// banned is `admin ban --json`.
type banned struct {
	Target string     `json:"target"`
	Until  *time.Time `json:"until,omitempty"` // none: until lifted
	Ended  int        `json:"sessions_ended"`
}

// newAdminBanCmd bans a key or an account. A banned key is refused at
// authentication; a banned account, every key of it, once the session
// knows whose it is. Open sessions of the banned key or account end now.
func newAdminBanCmd(st banStore, open *sessions, others *peers, id identity) *cobra.Command {
	var (
		dur    time.Duration
		reason string
	)
	cmd := &cobra.Command{
		Use:   "ban KEY|NAME",
		Short: "Ban a player (NAME: every key of the account) or one key (SHA256:… or ssh-ed25519 AAAA…)",
		Long: `Ban a player by name (every key of the account), or one key by its
SHA256 fingerprint or in authorized_keys form. The player sees the reason and
the end of the ban, and so may anyone who offers that public key: write the
reason for the player's eyes. Open sessions of the banned key or account end,
on every server sharing the database.

The reason is the rest of the line up to the next flag, quoted or not
(OpenSSH joins a command's words), so it comes after the name or key:
admin ban bob --reason spamming the chat --for 24h`,
		Args:        cobra.MinimumNArgs(1),
		Annotations: map[string]string{auditAnnotation: "yes"},
		RunE: func(cmd *cobra.Command, args []string) error {
			if dur < 0 {
				return fmt.Errorf("--for %v: a ban cannot end before it starts", dur)
			}
			why, err := checkReason(reason)
			if err != nil {
				return err
			}
			ctx, cancel := adminContext(cmd)
			defer cancel()
			t, err := resolveTarget(ctx, st, args)
			if err != nil {
				return err
			}
			if t.fingerprint == id.Key.Fingerprint || (id.Known && t.account == id.Account.ID) {
				return errors.New("you cannot ban yourself")
			}
			nb := store.NewBan{Fingerprint: t.fingerprint, Account: t.account, Target: t.name, Reason: why, By: adminName(id)}
			if dur > 0 {
				nb.Until = time.Now().Add(dur)
			}
			b, err := st.Ban(ctx, nb)
			if err != nil {
				return fmt.Errorf("the ban could not be saved; try again later")
			}
			ended := open.end(func(l *live) bool {
				if t.account != 0 {
					return l.accountOf() == t.account
				}
				return l.who.Key.Fingerprint == t.fingerprint
			}, banMessage(b))
			ended += others.ban(ctx, t)
			res := banned{Target: t.name, Ended: ended}
			if !b.Until.IsZero() {
				res.Until = &b.Until
			}
			return report(cmd, res, fmt.Sprintf("banned %s until %s; %d open sessions ended", t.name, untilText(b.Until), ended))
		},
	}
	cmd.Flags().DurationVar(&dur, "for", 0, "how long, e.g. 24h or 168h; until lifted if not given")
	cmd.Flags().StringVar(&reason, "reason", "", "why, shown to the banned player: the rest of the line up to the next flag")
	return cmd
}

// banTarget is what an admin named in ban or unban: a key or an account.
type banTarget struct {
	fingerprint string
	account     store.AccountID
	name        string // as lists show it: the account's name or the fingerprint
}

// accountFinder is what resolveTarget needs of the store.
type accountFinder interface {
	AccountByName(ctx context.Context, name string) (store.Account, error)
}

// resolveTarget reads args as a SHA256 fingerprint, a key in
// authorized_keys form, or an account's name.
func resolveTarget(ctx context.Context, st accountFinder, args []string) (banTarget, error) {
	text := strings.TrimSpace(strings.Join(args, " "))
	switch {
	case len(text) > maxKeyText:
		return banTarget{}, fmt.Errorf("that is longer than %d bytes: give a name, a key or a SHA256 fingerprint", maxKeyText)
	case strings.HasPrefix(text, "SHA256:") && !strings.ContainsAny(text, " \t"):
		return banTarget{fingerprint: text, name: text}, nil
	case strings.ContainsAny(text, " \t"):
		k, err := store.ParseKey(text)
		if err != nil {
			return banTarget{}, errors.New(`that is not a name, an SSH public key ("ssh-ed25519 AAAA...") or a SHA256 fingerprint`)
		}
		return banTarget{fingerprint: k.Fingerprint, name: k.Fingerprint}, nil
	}
	acct, err := st.AccountByName(ctx, text)
	if errors.Is(err, store.ErrNotFound) {
		return banTarget{}, fmt.Errorf("there is no player called %q", sanitize.Line(text))
	}
	if err != nil {
		return banTarget{}, errors.New("the player database is not answering; try again later")
	}
	return banTarget{account: acct.ID, name: acct.Name}, nil
}

// adminName is how an admin is named in bans: the account's name, else the
// key's fingerprint.
func adminName(id identity) string {
	if id.Known {
		return id.Account.Name
	}
	return id.Key.Fingerprint
}
