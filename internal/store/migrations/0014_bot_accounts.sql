-- Bot accounts (issue 24): an account a program plays with, marked BOT
-- wherever its name shows and kept out of the people's ranked queue. An
-- account becomes one for good. Plain SQL, as the PostgreSQL store runs the
-- same migrations.
ALTER TABLE accounts ADD COLUMN bot INTEGER NOT NULL DEFAULT 0; -- 1: a bot account
