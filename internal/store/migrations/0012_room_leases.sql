-- Issue 18: several servers (nodes) on one PostgreSQL database. Each room
-- is run by one node at a time, the holder of its lease: a node renews its
-- leases every second or so, and a lease whose expiry has passed, by the
-- database's clock and never a node's, may be taken by another node, which
-- gets the next token. An action is journaled only while its room's lease
-- is held with that token (store.AppendAction), so a node that was cut off
-- cannot write once another has taken its rooms. A released lease is
-- deleted; one left to lapse is a room whose node died. One server on
-- SQLite keeps no leases.
CREATE TABLE room_leases (
    room    TEXT    PRIMARY KEY,   -- the room's id
    node    TEXT    NOT NULL,      -- the node that holds it
    token   INTEGER NOT NULL,      -- 1, then one more at each change of holder
    expires REAL    NOT NULL       -- the database's clock, seconds since 1970
) WITHOUT ROWID;

CREATE INDEX room_leases_node ON room_leases (node);
