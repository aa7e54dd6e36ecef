-- Recomputes every registered period's summaries from workouts (docs/decisions/0201). For bulk
-- loads: disable the lb_workouts_insert trigger, load, enable it, then SELECT lb_rebuild();
-- also a repair tool should the summaries ever be doubted. Writers wait while it runs.
CREATE FUNCTION lb_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE workouts IN SHARE MODE;
  TRUNCATE leaderboard_bests, leaderboard_counts;
  -- The insert trigger on leaderboard_bests fills leaderboard_counts.
  INSERT INTO leaderboard_bests (user_id, period_id, workout_id, pushups, created_at, age, gender)
  SELECT DISTINCT ON (w.user_id, p.id) w.user_id, p.id, w.id, w.pushups, w.created_at, u.age, u.gender
  FROM workouts w
  JOIN users u ON u.id = w.user_id
  JOIN leaderboard_periods p ON w.created_at >= p.starts_at AND w.created_at < p.ends_at
  ORDER BY w.user_id, p.id, w.pushups DESC, w.created_at, w.id;
END $$;
