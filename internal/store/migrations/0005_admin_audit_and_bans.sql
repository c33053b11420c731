-- What admins did over SSH, and who may not connect.
--
-- admin_audit keeps one row per admin command that changes something or
-- shows hidden information. The row is written before the command acts, so
-- an action the audit could not record does not happen; outcome is
-- 'started' until the command ends, then 'ok' or the error in words.
CREATE TABLE admin_audit (
    id          INTEGER PRIMARY KEY,
    at          TEXT    NOT NULL, -- RFC 3339, UTC
    fingerprint TEXT    NOT NULL, -- the key the admin's session signed with
    name        TEXT    NOT NULL, -- the admin's account name; '' if none
    command     TEXT    NOT NULL, -- 'kick', 'ban', ...
    args        TEXT    NOT NULL, -- the arguments as typed
    outcome     TEXT    NOT NULL
);

CREATE INDEX admin_audit_at ON admin_audit (at);

-- A ban refuses one key (fingerprint) or one account with every key it has
-- (account_id), until expires_at or for good (NULL), unless lifted.
CREATE TABLE bans (
    id          INTEGER PRIMARY KEY,
    fingerprint TEXT,
    account_id  INTEGER REFERENCES accounts (id) ON DELETE CASCADE,
    target      TEXT    NOT NULL, -- what the admin named: a name or a fingerprint
    reason      TEXT    NOT NULL,
    created_at  TEXT    NOT NULL, -- RFC 3339, UTC
    created_by  TEXT    NOT NULL, -- the admin, as in admin_audit.name or fingerprint
    expires_at  TEXT,             -- RFC 3339, UTC; NULL: until lifted
    lifted_at   TEXT,
    lifted_by   TEXT,
    CHECK ((fingerprint IS NULL) <> (account_id IS NULL))
);

CREATE INDEX bans_fingerprint ON bans (fingerprint) WHERE lifted_at IS NULL;
CREATE INDEX bans_account_id ON bans (account_id) WHERE lifted_at IS NULL;
