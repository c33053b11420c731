-- Placeholder: migration 0007 is the hard-rooms branch's 0007_rooms.sql
-- (rooms kept across restarts, issue 16 F4). This file only keeps the
-- numbers without a gap so that 0008 runs on the hard-app branch; when the
-- two branches meet, git reports a conflict here: keep hard-rooms' file.
SELECT 1;
