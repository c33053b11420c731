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
// of the migrations' types, and the locks a PostgreSQL transaction takes
// where SQLite's one write lock serializes its transactions. PostgreSQL's
// run side by side (several nodes write at once): one that reads what its
// write depends on locks it (a key count locks the account's row, the
// ranked queue takes its seekers FOR UPDATE SKIP LOCKED, the migrations
// take an advisory lock of their own). Two Go types behind an
// interface would have meant each query twice, or one type forwarding to
// the other; pgx's database/sql driver keeps one code path instead. Writes
// that need an id back use INSERT ... RETURNING on both. Multi-row writes run inside WithTx, and driver errors are turned
// into the sentinels ErrNotFound, ErrConflict and ErrCorrupt in one place
// (errors.go), so no caller ever matches on SQL text. Every driver error is
// also looked at for a damaged file (health.go): the first is logged, and
// from then on the store writes nothing, so that damage does not spread.
//
// Backup copies a live SQLite database consistently (VACUUM INTO), and Copy
// copies every table of a SQLite database into an empty one, PostgreSQL's,
// counts checked (backup.go, copy.go: `sshd backup`, `sshd migrate`). Write
// transactions' times and the driver's errors that are not answers are
// counted for the operators (internal/metrics).
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
// Several servers (nodes) may share one PostgreSQL database (issue 18):
// nodes.go keeps each node's beat, by the database's clock, and its open
// sessions; seekers.go the one ranked queue of them all.
//
// Appends to a game's journal go through AppendAction (and the Appender's
// group commit), whose statement inserts only if the game is still open and
// the sequence follows on, and, when several servers (nodes) share a
// PostgreSQL database, only while the node holds the room's lease with the
// token it was given (leases.go, room_leases): the lease travels in the
// context (Fenced), and the fenced append holds the room's advisory lock
// shared, which a node taking the lease holds exclusive, so that the node
// sees every append made under the lease it replaces. Appends of different
// rooms never wait on each other. Leases
// lapse by the database's clock, never a node's. Nodes tell each other of
// changes with PostgreSQL's NOTIFY and LISTEN (notify.go).
//
// The values it keeps (ids, games, rooms, leases, ratings) and its
// sentinel errors are package saved's, which links no driver, under the
// aliases in saved.go: rooms and screens name them through saved, so that
// only the store and what opens it link pgx and SQLite. Besides saved,
// store imports only metrics of ours: no TUI, server or engine package.
package store
