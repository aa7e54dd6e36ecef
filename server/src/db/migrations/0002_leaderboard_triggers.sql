-- Leaderboard summaries (docs/decisions/0014-leaderboard-period-summaries.md): all time is the period
-- (-infinity, infinity), registered and filled here.
-- The functions and triggers this migration first defined now live in server/src/db/sql/leaderboard.sql,
-- applied after the migrations (server/src/db/sql-sources.ts); docs/decisions/0057-leaderboard-sql-source.md.
INSERT INTO leaderboard_periods (starts_at, ends_at) VALUES ('-infinity', 'infinity');
--> statement-breakpoint
INSERT INTO leaderboard_bests (user_id, period_id, workout_id, pushups, created_at, age, gender)
SELECT DISTINCT ON (w.user_id) w.user_id, p.id, w.id, w.pushups, w.created_at, u.age, u.gender
FROM workouts w JOIN users u ON u.id = w.user_id
CROSS JOIN leaderboard_periods p
WHERE p.starts_at = '-infinity' AND p.ends_at = 'infinity'
ORDER BY w.user_id, w.pushups DESC, w.created_at, w.id;
