-- Accounts are players; a key is how a player proves who they are. The first
-- key a person connects with creates their account, and more keys can be added
-- later. Names are unique regardless of case, so "Alice" cannot impersonate
-- "alice" in a game list.

CREATE TABLE accounts (
    id         INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL UNIQUE COLLATE NOCASE,
    created_at TEXT    NOT NULL -- RFC 3339, UTC
);

CREATE TABLE keys (
    -- The key in authorized_keys form without a comment: "ssh-ed25519 AAAA...".
    authorized_key TEXT    NOT NULL PRIMARY KEY,
    -- SHA256 fingerprint as ssh-keygen -l prints it, for logs and key lists.
    fingerprint    TEXT    NOT NULL UNIQUE,
    account_id     INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    added_at       TEXT    NOT NULL -- RFC 3339, UTC
);

CREATE INDEX keys_account_id ON keys (account_id);
