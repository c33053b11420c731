// Package store keeps Hotels' durable state, in one SQLite file or in a
// PostgreSQL database (Open chooses by what it is given): accounts and
// their SSH keys (and keys waiting for their holder's confirmation,
// keyconfirm.go), games with their seats, and each game's action record; and
// for the admins, bans (bans.go) and the audit log of their commands
// (audit.go), which also keeps players' changes to their keys.
//
// The Store is concrete and its methods are grouped by table (accounts.go,
// games.go); callers that need only a few of them declare their own small
// interface. It is the one interface to both databases: every method and
// migration is written once, in SQL that both run, and a dialect (sqlite.go,
// postgres.go) holds all that differs: opening, placeholders, the spelling
// of the migrations' types, and a write lock that makes PostgreSQL's
// transactions run one at a time as SQLite's do. Two Go types behind an
// interface would have meant each query twice, or one type forwarding to
// the other; pgx's database/sql driver keeps one code path instead. Writes
// that need an id back use INSERT ... RETURNING on both. Multi-row writes run inside WithTx, and driver errors are turned
// into the sentinels ErrNotFound, ErrConflict and ErrCorrupt in one place
// (errors.go), so no caller ever matches on SQL text. Every driver error is
// also looked at for a damaged file (health.go): the first is logged, and
// from then on the store writes nothing, so that damage does not spread.
//
// The schema lives in numbered, embedded, forward-only migrations under
// migrations/, the same files for both databases: they are written for
// SQLite, and postgres.go spells SQLite's types for PostgreSQL by a few
// rules (INTEGER is BIGINT, REAL is DOUBLE PRECISION, an id INTEGER PRIMARY
// KEY numbered by the database) plus a short list of per-file fixes, one
// today. A migration that has shipped is never edited; the next number
// fixes it. Store tests run on SQLite, and on PostgreSQL too when
// HOTELS_TEST_POSTGRES is set (storetest).
//
// Appends to a game's journal go through AppendAction (and the Appender's
// group commit), whose statement inserts only if the game is still open and
// the sequence follows on: the one place a later lease's fencing token
// would be checked, when several servers share a PostgreSQL database.
//
// store imports nothing of ours: no TUI, server or engine package.
package store
