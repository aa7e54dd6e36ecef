-- The functions and triggers this migration first defined now live in server/src/db/sql/leaderboard.sql,
-- applied after the migrations (server/src/db/sql-sources.ts); docs/decisions/0057-leaderboard-sql-source.md.
SELECT 1;
