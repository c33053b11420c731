-- Each seat's place and score in a finished game, as the game decided them
-- (place 1 for the winners, and seats the rules cannot tell apart share a
-- place; the score in the game's unit), so that rankings, profiles and
-- history never derive them again from the result line: Holiday AG counts
-- points and Hotel Tycoon ranks by the order players went out. NULL until
-- the game is finished, and for games finished before this.
ALTER TABLE seats ADD COLUMN place INTEGER CHECK (place >= 1);
ALTER TABLE seats ADD COLUMN score INTEGER;
