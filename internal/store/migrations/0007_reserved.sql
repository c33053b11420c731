-- Reserved: number 7 belongs to a migration on another branch. This file
-- only keeps the numbers without a gap until that branch is merged, and is
-- deleted then in favour of it.
SELECT 1;
