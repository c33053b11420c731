-- placeholder, never committed: another branch's migration 13
SELECT 1;
