-- A bot's seat remembers its level, so that a restored game gets the same
-- opponent back. NULL for a player's seat.
ALTER TABLE seats ADD COLUMN bot TEXT;
