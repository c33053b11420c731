-- Several server processes (nodes) on one PostgreSQL database behave as one
-- server (issue 18). On SQLite there is one node and these tables stay
-- empty.
--
-- nodes: each node while it lives. A node beats every few seconds (beat is
-- the database's clock in milliseconds since 1970, so that the nodes'
-- clocks need not agree); a node whose beat lapses is deleted by any other,
-- and with it its sessions and its seekers. lobby is the node's share of
-- the lobby, as JSON: its public rooms and its players online.
CREATE TABLE nodes (
    id      TEXT    PRIMARY KEY,
    addr    TEXT    NOT NULL,          -- where it listens, for operators
    started INTEGER NOT NULL,          -- ms since 1970, the database's clock
    beat    INTEGER NOT NULL,          -- ms since 1970, the database's clock
    lobby   TEXT    NOT NULL DEFAULT ''
) WITHOUT ROWID;

-- Every open SSH session of every node: the per-key session cap counts
-- them across nodes, and admins list them.
CREATE TABLE node_sessions (
    node        TEXT    NOT NULL REFERENCES nodes (id) ON DELETE CASCADE,
    session     INTEGER NOT NULL,      -- the node's own number for it
    fingerprint TEXT    NOT NULL,      -- the key it signed with
    account_id  INTEGER,               -- NULL: a key with no account yet
    name        TEXT    NOT NULL,      -- the account's name; '' if none
    admin       INTEGER NOT NULL DEFAULT 0,
    remote      TEXT    NOT NULL,
    started     TEXT    NOT NULL,      -- RFC 3339, UTC
    terminal    INTEGER NOT NULL DEFAULT 0,
    command     TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (node, session)
) WITHOUT ROWID;

CREATE INDEX node_sessions_fingerprint ON node_sessions (fingerprint);

-- The ranked queue, one for all nodes: a player looking for a game, on the
-- node the player is connected to. Whichever node matches takes the rows
-- of a table that forms, opens its room and sets room on the rows of the
-- players of other nodes, whose nodes then seat them there.
CREATE TABLE seekers (
    account_id INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    node       TEXT    NOT NULL REFERENCES nodes (id) ON DELETE CASCADE,
    name       TEXT    NOT NULL,
    game       TEXT    NOT NULL,
    rules      TEXT    NOT NULL,
    min_seats  INTEGER NOT NULL,
    max_seats  INTEGER NOT NULL,
    rating     REAL    NOT NULL,
    since      TEXT    NOT NULL,       -- RFC 3339, UTC
    room       TEXT    NOT NULL DEFAULT '' -- the room of the table formed; '' while waiting
);

CREATE INDEX seekers_node ON seekers (node);
