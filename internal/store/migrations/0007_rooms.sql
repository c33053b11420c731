-- The room each game is played in, so that a restart reopens it as its
-- players knew it (issue 16, F4): the same id, which `join ROOM` links name;
-- the same invite code, which also keeps a private room private; its title
-- and host. Games stored before this migration have no row and reopen as
-- public rooms with a new id.
CREATE TABLE rooms (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    room    TEXT    NOT NULL,            -- the room's id
    code    TEXT    NOT NULL DEFAULT '', -- a private room's invite code; '' if public
    title   TEXT    NOT NULL,
    host    INTEGER REFERENCES accounts (id) -- NULL: no host
);

-- A player removed from a game's table (kicked by the host or an admin)
-- loses the seat for good: the autopilot plays it to the end, restarts
-- included.
ALTER TABLE seats ADD COLUMN removed INTEGER NOT NULL DEFAULT 0;
