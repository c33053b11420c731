// Package store keeps Hotels' durable state in one SQLite file: accounts and
// their SSH keys (and keys waiting for their holder's confirmation,
// keyconfirm.go), games with their seats, and each game's action record; and
// for the admins, bans (bans.go) and the audit log of their commands
// (audit.go), which also keeps players' changes to their keys.
//
// The Store is concrete and its methods are grouped by table (accounts.go,
// games.go); callers that need only a few of them declare their own small
// interface. Multi-row writes run inside WithTx, and driver errors are turned
// into the sentinels ErrNotFound, ErrConflict and ErrCorrupt in one place
// (errors.go), so no caller ever matches on SQL text. Every driver error is
// also looked at for a damaged file (health.go): the first is logged, and
// from then on the store writes nothing, so that damage does not spread.
//
// The schema lives in numbered, embedded, forward-only migrations under
// migrations/. A migration that has shipped is never edited; the next number
// fixes it.
//
// store imports nothing of ours: no TUI, server or engine package.
package store
