-- A game's turn clock, so that a restored game keeps it: '' for none,
-- 'move=60s' for a limit on each decision, 'game=10m0s+5s' for a game clock
-- with an increment.
ALTER TABLE games ADD COLUMN clock TEXT NOT NULL DEFAULT '';
