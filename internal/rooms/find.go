package rooms

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"hotels/internal/rate"
)

// Issue 27, N2: a private room is reached by its invite code, or by its id
// by its members only (the host and the seated players, those invited to a
// rematch among them); to anyone else its id names no room. Every failed
// look-up, of a room or of anything else a player names by number or code
// (a game to export), counts against the player's account and address
// both, so that guessing is slow whichever changes.

// DefaultMissRate is how many failed look-ups the server lets an account
// and an address make: ten at once, then one every six seconds. A player
// who mistypes a code a few times never meets it; a client guessing
// invite codes (31^10 of them) would need millions of years at that pace.
var DefaultMissRate = rate.Limit{Every: 6 * time.Second, Burst: 10}

// ErrTooManyMisses is the answer to a look-up from an account or address
// that has missed too often lately.
var ErrTooManyMisses = errors.New("too many look-ups of rooms or games that do not exist: wait a minute and try again")

type addressKey struct{}

// WithAddress returns ctx carrying addr, where a player's requests come from
// (as the server's per-address limits key it): Find and Guess count the
// player's failed look-ups against it as well as against the account.
func WithAddress(ctx context.Context, addr string) context.Context {
	return context.WithValue(ctx, addressKey{}, addr)
}

// missKeys are the keys a look-up's failures count against: p's account
// and the address in ctx, each that is known.
func missKeys(ctx context.Context, p Player) []string {
	var keys []string
	if p.ID != 0 {
		keys = append(keys, "account "+strconv.FormatInt(int64(p.ID), 10))
	}
	if a, _ := ctx.Value(addressKey{}).(string); a != "" {
		keys = append(keys, "address "+a)
	}
	return keys
}

// Guess runs look, a look-up p makes that finds nothing unless p names
// something that exists, and counts it against p's account and address if
// it reports found false. It returns ErrTooManyMisses without running look
// while either has missed too often (Config.MissRate).
func (l *Lobby) Guess(ctx context.Context, p Player, look func() (found bool)) error {
	keys := missKeys(ctx, p)
	for _, k := range keys {
		if !l.misses.Ready(k) {
			return ErrTooManyMisses
		}
	}
	if !look() {
		for _, k := range keys {
			l.misses.Allow(k)
		}
	}
	return nil
}

// Find returns the room p names by its invite code, or by its id if it is
// public or p is one of its members; any other name is ErrNoRoom, a
// private room's id included, so that the answer tells a stranger nothing.
// Failures count as Guess says.
func (l *Lobby) Find(ctx context.Context, p Player, idOrCode string) (*Room, error) {
	var r *Room
	err := ErrNoRoom
	if gerr := l.Guess(ctx, p, func() bool {
		r, err = l.Local(idOrCode)
		if errors.Is(err, ErrNoRoom) {
			r, err = l.cluster.Follow(&p, strings.ToLower(strings.TrimSpace(idOrCode)))
		}
		if err == nil && !r.reachableBy(p, idOrCode) {
			r, err = nil, ErrNoRoom
		}
		// A failure to look (the database) is no guess.
		return err == nil || !errors.Is(err, ErrNoRoom)
	}); gerr != nil {
		return nil, gerr
	}
	if errors.Is(err, ErrNoRoom) {
		return nil, ErrNoRoom
	}
	return r, err
}

// reachableBy reports whether p may reach r by name: by its invite code,
// or by its id if r is public or p is a member.
func (r *Room) reachableBy(p Player, name string) bool {
	name = strings.ToLower(strings.TrimSpace(name))
	if r.code != "" && name == r.code {
		return true
	}
	return r.listedTo(p)
}
