-- A key waiting to join an account until its holder proves they hold it.
--
-- `keys add KEY` writes a row with a one-time code; connecting with KEY and
-- running `keys confirm CODE` within ten minutes moves the key into keys and
-- deletes the row. Only the code's SHA-256 is kept, so a copy of the
-- database gives no codes away.
CREATE TABLE key_confirmations (
    code_hash      TEXT    PRIMARY KEY, -- hex SHA-256 of the code
    account_id     INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    authorized_key TEXT    NOT NULL,    -- as in keys.authorized_key
    fingerprint    TEXT    NOT NULL,
    created_at     TEXT    NOT NULL,    -- RFC 3339, UTC
    expires_at     TEXT    NOT NULL     -- RFC 3339, UTC
);

CREATE INDEX key_confirmations_account_id ON key_confirmations (account_id);
