-- placeholder, never committed: another branch's migration 12
SELECT 1;
