-- placeholder, never committed: another branch's migration 11
SELECT 1;
