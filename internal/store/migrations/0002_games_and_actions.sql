-- A game is its engine id, its rules key, its options and its chance data; the
-- actions replayed on top of those reproduce every position. Keys stored here
-- (game, rules) are stable ids that are never renamed once shipped.

CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    game        TEXT    NOT NULL,            -- engine id, e.g. 'acquire'
    rules       TEXT    NOT NULL,            -- rules key, e.g. 'modern'
    options     TEXT    NOT NULL DEFAULT '', -- engine options as a text line
    chance      TEXT    NOT NULL DEFAULT '', -- chance data (the bag) as a text line
    status      TEXT    NOT NULL DEFAULT 'waiting'
                CHECK (status IN ('waiting', 'playing', 'finished', 'aborted')),
    created_at  TEXT    NOT NULL,            -- RFC 3339, UTC
    finished_at TEXT,                        -- set when finished or aborted
    result      TEXT    NOT NULL DEFAULT ''  -- engine's result line once finished
);

-- Only unfinished games are looked up by status (to resume rooms on start).
CREATE INDEX games_unfinished ON games (status) WHERE status IN ('waiting', 'playing');

CREATE TABLE seats (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    account_id INTEGER REFERENCES accounts (id), -- NULL for a bot
    name       TEXT    NOT NULL,                 -- name shown at the table
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

CREATE INDEX seats_account_id ON seats (account_id) WHERE account_id IS NOT NULL;

CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL CHECK (seq >= 1), -- 1, 2, 3, ... with no gaps
    line    TEXT    NOT NULL,                  -- record line, e.g. 'alice buy Tower'
    at      TEXT    NOT NULL,                  -- RFC 3339, UTC
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
