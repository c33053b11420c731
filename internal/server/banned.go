package server

import (
	"context"
	"errors"
	"fmt"
	"time"

	"hotels/internal/sanitize"
	"hotels/internal/store"
)

// banned reports whether a ban refuses the session of id, on its key or on
// its account, and the message to show if so. A ban on a key is refused at
// authentication already (see acceptKey); one on an account can only be
// checked here, once identify knows the account. A store that cannot answer
// refuses the session too, with err set: a ban must not lapse because the
// disk is slow.
func (s *Server) banned(ctx context.Context, id identity) (msg string, refuse bool, err error) {
	var account store.AccountID
	if id.Known {
		account = id.Account.ID
	}
	b, err := s.store.BanOn(ctx, id.Key.Fingerprint, account)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return "", false, nil
	case err != nil:
		return "hotels: the player database is not answering; please try again in a minute.", true,
			fmt.Errorf("check ban on key %s, account %d: %w", id.Key.Fingerprint, account, err)
	}
	return banMessage(b), true, nil
}

// banTime is how a ban's end is shown to players and admins.
const banTime = "Mon 2 Jan 2006 15:04 MST"

// banMessage tells a banned player what is banned, until when and why.
func banMessage(b store.Ban) string {
	what := "This SSH key is"
	if b.Account != 0 {
		what = "Your account is"
	}
	until := "until an admin lifts the ban"
	if !b.Until.IsZero() {
		until = "until " + b.Until.UTC().Format(banTime)
	}
	msg := fmt.Sprintf("hotels: %s banned from this server %s.", what, until)
	if b.Reason != "" {
		msg += "\r\nReason: " + sanitize.Line(b.Reason)
	}
	return msg
}

// untilText is a ban's end, "lifted" for a ban until lifted.
func untilText(t time.Time) string {
	if t.IsZero() {
		return "lifted"
	}
	return t.UTC().Format(banTime)
}
