-- Ranked play. A game is ranked or not from its creation. Each player has one
-- rating per game and rule set, and every rated game keeps each player's
-- rating before and after it, so that ratings can be recomputed from history.

ALTER TABLE games ADD COLUMN ranked INTEGER NOT NULL DEFAULT 0;

CREATE TABLE ratings (
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game       TEXT    NOT NULL,
    rules      TEXT    NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0, -- first places, ties included
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (account_id, game, rules)
) WITHOUT ROWID;

CREATE INDEX ratings_board ON ratings (game, rules, mu - 3 * sigma DESC);

CREATE TABLE rating_changes (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    account_id   INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    place        INTEGER NOT NULL,
    mu_before    REAL    NOT NULL,
    sigma_before REAL    NOT NULL,
    mu_after     REAL    NOT NULL,
    sigma_after  REAL    NOT NULL,
    PRIMARY KEY (game_id, account_id)
) WITHOUT ROWID;

CREATE INDEX rating_changes_account ON rating_changes (account_id, game_id);
