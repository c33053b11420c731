-- Rooms still waiting for players, so that a restart reopens them too
-- (issue 16, F4): an invite code shared with friends must still lead to
-- the room. A waiting room has no game yet: it keeps what the game will be
-- dealt with and who sits where. When its game starts, the row leaves this
-- table in the transaction that stores the game and its room (rooms), and
-- it is deleted when the room closes before.
CREATE TABLE waiting_rooms (
    room    TEXT    PRIMARY KEY,          -- the room's id
    code    TEXT    NOT NULL DEFAULT '',  -- a private room's invite code; '' if public
    title   TEXT    NOT NULL,
    host    INTEGER REFERENCES accounts (id), -- NULL: no host
    game    TEXT    NOT NULL,             -- engine id, e.g. 'acquire'
    rules   TEXT    NOT NULL,
    options TEXT    NOT NULL DEFAULT '',
    clock   TEXT    NOT NULL DEFAULT '',
    ranked  INTEGER NOT NULL DEFAULT 0,
    seats   INTEGER NOT NULL CHECK (seats >= 1) -- how many seats the table has
) WITHOUT ROWID;

-- The taken seats of a waiting room; a seat with no row is free.
CREATE TABLE waiting_seats (
    room       TEXT    NOT NULL REFERENCES waiting_rooms (room) ON DELETE CASCADE,
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    account_id INTEGER REFERENCES accounts (id), -- NULL for a bot
    name       TEXT    NOT NULL,
    bot        TEXT,                             -- a bot's level; NULL for a player
    PRIMARY KEY (room, seat)
) WITHOUT ROWID;
