package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// BanID identifies a ban.
type BanID int64

// Ban refuses one key, or one account with every key it has, until Until
// (zero: until lifted).
type Ban struct {
	ID          BanID
	Fingerprint string    // the banned key; "" for an account ban
	Account     AccountID // the banned account; 0 for a key ban
	Target      string    // what the admin named: a name or a fingerprint
	Reason      string
	CreatedAt   time.Time
	By          string    // the admin who banned
	Until       time.Time // zero: until lifted
	LiftedAt    time.Time // zero while not lifted
	LiftedBy    string
}

// ActiveAt reports whether the ban refuses connections at t.
func (b Ban) ActiveAt(t time.Time) bool {
	return b.LiftedAt.IsZero() && (b.Until.IsZero() || t.Before(b.Until))
}

// NewBan is what Ban needs: exactly one of Fingerprint and Account.
type NewBan struct {
	Fingerprint string
	Account     AccountID
	Target      string
	Reason      string
	By          string
	Until       time.Time // zero: until lifted
}

// Unban says which bans to lift: those on exactly one key or one account.
type Unban struct {
	Fingerprint string
	Account     AccountID
	By          string
}

// Ban stores a ban and returns it. An account that does not exist is
// ErrNotFound.
func (s *Store) Ban(ctx context.Context, nb NewBan) (Ban, error) {
	if (nb.Fingerprint == "") == (nb.Account == 0) {
		return Ban{}, errors.New("store: ban: give a key fingerprint or an account, not both")
	}
	b := Ban{
		Fingerprint: nb.Fingerprint, Account: nb.Account, Target: nb.Target,
		Reason: nb.Reason, By: nb.By, CreatedAt: s.now().UTC(), Until: nb.Until,
	}
	err := s.q.InsertRowContext(ctx, `
		INSERT INTO bans (fingerprint, account_id, target, reason, created_at, created_by, expires_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		nullString(b.Fingerprint), nullAccount(b.Account), b.Target, b.Reason,
		timestamp(b.CreatedAt), b.By, nullTime(b.Until)).Scan(&b.ID)
	if err != nil {
		return Ban{}, fmt.Errorf("store: ban %s: %w", nb.Target, mapError(err))
	}
	return b, nil
}

// BanOn returns the ban in force now on the key with fingerprint or on
// account (0: check the key alone), or ErrNotFound. When several apply it
// returns the one that lasts longest.
func (s *Store) BanOn(ctx context.Context, fingerprint string, account AccountID) (Ban, error) {
	bans, err := s.listBans(ctx, `WHERE lifted_at IS NULL AND (fingerprint = ? OR account_id = ?)`,
		fingerprint, nullAccount(account))
	if err != nil {
		return Ban{}, fmt.Errorf("store: ban on key %s or account %d: %w", fingerprint, account, err)
	}
	now := s.now()
	var best Ban
	for _, b := range bans {
		if !b.ActiveAt(now) {
			continue
		}
		if best.ID == 0 || b.Until.IsZero() || (!best.Until.IsZero() && b.Until.After(best.Until)) {
			best = b
		}
	}
	if best.ID == 0 {
		return Ban{}, fmt.Errorf("store: ban on key %s or account %d: %w", fingerprint, account, ErrNotFound)
	}
	return best, nil
}

// Bans returns the bans in force now, newest first.
func (s *Store) Bans(ctx context.Context) ([]Ban, error) {
	bans, err := s.listBans(ctx, `WHERE lifted_at IS NULL`)
	if err != nil {
		return nil, fmt.Errorf("store: bans: %w", err)
	}
	now := s.now()
	bans = slices.DeleteFunc(bans, func(b Ban) bool { return !b.ActiveAt(now) })
	slices.Reverse(bans)
	return bans, nil
}

// LiftBans lifts every ban in force on exactly u's key or account and
// returns how many it lifted; none is ErrNotFound.
func (s *Store) LiftBans(ctx context.Context, u Unban) (int, error) {
	if (u.Fingerprint == "") == (u.Account == 0) {
		return 0, errors.New("store: lift bans: give a key fingerprint or an account, not both")
	}
	what := u.Fingerprint
	if u.Account != 0 {
		what = fmt.Sprintf("account %d", u.Account)
	}
	n := 0
	err := s.WithTx(ctx, func(tx *Tx) error {
		bans, err := tx.listBans(ctx, `WHERE lifted_at IS NULL AND (fingerprint = ? OR account_id = ?)`,
			nullString(u.Fingerprint), nullAccount(u.Account))
		if err != nil {
			return err
		}
		now := tx.now()
		for _, b := range bans {
			if !b.ActiveAt(now) {
				continue
			}
			res, err := tx.q.ExecContext(ctx, `UPDATE bans SET lifted_at = ?, lifted_by = ? WHERE id = ? AND lifted_at IS NULL`,
				timestamp(now), u.By, b.ID)
			if err != nil {
				return mapError(err)
			}
			lifted, err := res.RowsAffected() // not by another admin meanwhile
			if err != nil {
				return mapError(err)
			}
			n += int(lifted)
		}
		if n == 0 {
			return ErrNotFound
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("store: lift bans on %s: %w", what, err)
	}
	return n, nil
}

const banColumns = `id, fingerprint, account_id, target, reason, created_at, created_by, expires_at, lifted_at, lifted_by`

// listBans returns the bans matching where, oldest first.
func (s *Store) listBans(ctx context.Context, where string, args ...any) ([]Ban, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT `+banColumns+` FROM bans `+where+` ORDER BY id`, args...)
	if err != nil {
		return nil, mapError(err)
	}
	defer func() { _ = rows.Close() }()
	var out []Ban
	for rows.Next() {
		b, err := scanBan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	if err := rows.Err(); err != nil {
		return nil, mapError(err)
	}
	return out, nil
}

func scanBan(r row) (Ban, error) {
	var (
		b                         Ban
		fp, until, lifted, liftBy sql.NullString
		account                   sql.NullInt64
		created                   string
	)
	if err := r.Scan(&b.ID, &fp, &account, &b.Target, &b.Reason, &created, &b.By, &until, &lifted, &liftBy); err != nil {
		return Ban{}, mapError(err)
	}
	b.Fingerprint, b.Account, b.LiftedBy = fp.String, AccountID(account.Int64), liftBy.String
	var err error
	if b.CreatedAt, err = parseTime(created); err != nil {
		return Ban{}, err
	}
	for _, t := range []struct {
		text sql.NullString
		to   *time.Time
	}{{until, &b.Until}, {lifted, &b.LiftedAt}} {
		if t.text.Valid && strings.TrimSpace(t.text.String) != "" {
			if *t.to, err = parseTime(t.text.String); err != nil {
				return Ban{}, err
			}
		}
	}
	return b, nil
}

func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func nullAccount(id AccountID) any {
	if id == 0 {
		return nil
	}
	return int64(id)
}

func nullTime(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return timestamp(t)
}
