-- Each player's settings (issue 17): whether the terminal's bell rings when
-- their turn comes or a game they wait for starts. An account with no row
-- has the defaults, so that only a change is stored. Plain SQL, as the
-- PostgreSQL store runs the same migrations.
CREATE TABLE account_settings (
    account_id INTEGER PRIMARY KEY REFERENCES accounts (id),
    bell       INTEGER NOT NULL -- 1: ring the bell, 0: do not
);
