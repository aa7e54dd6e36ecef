-- Rank counts (docs/decisions/0014): leaderboard_counts filled from the summaries.
-- The functions and triggers this migration first defined now live in server/src/db/sql/leaderboard.sql,
-- applied after the migrations (server/src/db/sql-sources.ts); docs/decisions/0057-leaderboard-sql-source.md.
INSERT INTO leaderboard_counts (period_id, pushups, users)
SELECT period_id, pushups, count(*)::int FROM leaderboard_bests GROUP BY period_id, pushups;
