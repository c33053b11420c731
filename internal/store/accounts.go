package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// Account is a player. Its name is unique regardless of case.
type Account struct {
	ID        AccountID
	Name      string
	CreatedAt time.Time
	// Bot marks a bot account (issue 24): a program plays it.
	Bot bool
}

// Key is an SSH public key in the form the store keeps it.
type Key struct {
	// Authorized is the key in authorized_keys form without a comment,
	// e.g. "ssh-ed25519 AAAA...".
	Authorized string
	// Fingerprint is the SHA256 fingerprint, e.g. "SHA256:abc...".
	Fingerprint string
}

// ParseKey reads an authorized_keys line ("ssh-ed25519 AAAA... comment"), so
// the same key always has the same stored text whatever comment it carried.
func ParseKey(authorizedKey string) (Key, error) {
	pk, _, _, _, err := gossh.ParseAuthorizedKey([]byte(authorizedKey))
	if err != nil {
		return Key{}, fmt.Errorf("store: parse key %.40q: %w", authorizedKey, err)
	}
	return Key{
		Authorized:  strings.TrimSpace(string(gossh.MarshalAuthorizedKey(pk))),
		Fingerprint: gossh.FingerprintSHA256(pk),
	}, nil
}

// AccountByKey returns the account that owns the key, given in authorized_keys
// form, or ErrNotFound if the key is new.
func (s *Store) AccountByKey(ctx context.Context, authorizedKey string) (Account, error) {
	k, err := ParseKey(authorizedKey)
	if err != nil {
		return Account{}, err
	}
	a, err := scanAccount(s.q.QueryRowContext(ctx, `
		SELECT a.id, a.name, a.created_at, a.bot
		FROM keys k JOIN accounts a ON a.id = k.account_id
		WHERE k.authorized_key = ?`, k.Authorized))
	if err != nil {
		return Account{}, fmt.Errorf("store: account for key %s: %w", k.Fingerprint, err)
	}
	return a, nil
}

// AccountByName returns the account with that name, compared without regard to
// case, or ErrNotFound.
func (s *Store) AccountByName(ctx context.Context, name string) (Account, error) {
	a, err := scanAccount(s.q.QueryRowContext(ctx,
		`SELECT id, name, created_at, bot FROM accounts WHERE name = ?`, name))
	if err != nil {
		return Account{}, fmt.Errorf("store: account named %q: %w", name, err)
	}
	return a, nil
}

// CreateAccount creates an account called name that logs in with key. It
// returns an error wrapping ErrConflict if the name is taken in any case, or
// if the key already belongs to an account. Name rules (length, alphabet) are
// the caller's; the store only refuses an empty name.
func (s *Store) CreateAccount(ctx context.Context, name, authorizedKey string) (Account, error) {
	if strings.TrimSpace(name) == "" {
		return Account{}, fmt.Errorf("store: create account: empty name")
	}
	k, err := ParseKey(authorizedKey)
	if err != nil {
		return Account{}, err
	}
	now := s.now().UTC()
	var a Account
	err = s.WithTx(ctx, func(tx *Tx) error {
		var id AccountID
		err := tx.q.InsertRowContext(ctx,
			`INSERT INTO accounts (name, created_at) VALUES (?, ?) RETURNING id`, name, timestamp(now)).Scan(&id)
		if err != nil {
			return fmt.Errorf("name: %w", mapError(err))
		}
		a = Account{ID: id, Name: name, CreatedAt: now}
		return tx.insertKey(ctx, a.ID, k, now)
	})
	if err != nil {
		return Account{}, fmt.Errorf("store: create account %q: %w", name, err)
	}
	return a, nil
}

// Keys returns the fingerprints of the keys account logs in with, oldest
// first.
func (s *Store) Keys(ctx context.Context, account AccountID) ([]Key, error) {
	rows, err := s.q.QueryContext(ctx,
		`SELECT authorized_key, fingerprint FROM keys WHERE account_id = ? ORDER BY added_at, fingerprint`, account)
	if err != nil {
		return nil, fmt.Errorf("store: keys of account %d: %w", account, mapError(err))
	}
	defer func() { _ = rows.Close() }()
	var keys []Key
	for rows.Next() {
		var k Key
		if err := rows.Scan(&k.Authorized, &k.Fingerprint); err != nil {
			return nil, fmt.Errorf("store: keys of account %d: %w", account, mapError(err))
		}
		keys = append(keys, k)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: keys of account %d: %w", account, mapError(err))
	}
	return keys, nil
}

func (s *Store) insertKey(ctx context.Context, account AccountID, k Key, now time.Time) error {
	_, err := s.q.ExecContext(ctx,
		`INSERT INTO keys (authorized_key, fingerprint, account_id, added_at) VALUES (?, ?, ?, ?)`,
		k.Authorized, k.Fingerprint, account, timestamp(now))
	if err != nil {
		return fmt.Errorf("key %s: %w", k.Fingerprint, mapError(err))
	}
	return nil
}

// row is what a query's row and rows have in common.
type row interface{ Scan(dest ...any) error }

func scanAccount(r row) (Account, error) {
	var (
		a       Account
		created string
		bot     int
	)
	if err := r.Scan(&a.ID, &a.Name, &created, &bot); err != nil {
		return Account{}, mapError(err)
	}
	a.Bot = bot != 0
	t, err := parseTime(created)
	if err != nil {
		return Account{}, err
	}
	a.CreatedAt = t
	return a, nil
}

// MakeBot turns account into a bot account, for good (issue 24).
func (s *Store) MakeBot(ctx context.Context, account AccountID) error {
	res, err := s.q.ExecContext(ctx, `UPDATE accounts SET bot = 1 WHERE id = ?`, account)
	if err != nil {
		return fmt.Errorf("store: make account %d a bot: %w", account, mapError(err))
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return fmt.Errorf("store: make account %d a bot: %w", account, ErrNotFound)
	}
	return nil
}
