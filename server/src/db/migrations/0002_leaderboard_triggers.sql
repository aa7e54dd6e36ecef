-- Leaderboard summaries kept in step with workouts and users by triggers, so every write path
-- (the API, a script, a cascade from a deleted user) keeps them right. See
-- docs/decisions/0201-leaderboard-period-summaries.md.
--
-- leaderboard_periods: calendar periods someone asked for, registered on first use by
--   lb_period(); all time is the period (-infinity, infinity), registered here.
-- leaderboard_bests: per (user, period) the user's best workout in it: most push-ups, then the
--   earliest, then the lowest id; age and gender copied from users for the filters.

-- The user's best workout in [p_start, p_end), or no row.
CREATE FUNCTION lb_best_in(p_user integer, p_start timestamptz, p_end timestamptz)
RETURNS TABLE (id integer, pushups integer, created_at timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT w.id, w.pushups, w.created_at FROM workouts w
  WHERE w.user_id = p_user AND w.created_at >= p_start AND w.created_at < p_end
  ORDER BY w.pushups DESC, w.created_at, w.id
  LIMIT 1
$$;
--> statement-breakpoint
CREATE FUNCTION lb_on_workouts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One set-based upsert per statement: bulk inserts cost one pass, not one per row.
  INSERT INTO leaderboard_bests AS b (user_id, period_id, workout_id, pushups, created_at, age, gender)
  SELECT DISTINCT ON (p.id, n.user_id) n.user_id, p.id, n.id, n.pushups, n.created_at, u.age, u.gender
  FROM new_rows n
  JOIN leaderboard_periods p ON n.created_at >= p.starts_at AND n.created_at < p.ends_at
  JOIN users u ON u.id = n.user_id
  ORDER BY p.id, n.user_id, n.pushups DESC, n.created_at, n.id
  ON CONFLICT (user_id, period_id) DO UPDATE
    SET workout_id = excluded.workout_id, pushups = excluded.pushups, created_at = excluded.created_at
    WHERE excluded.pushups > b.pushups
       OR (excluded.pushups = b.pushups
           AND (excluded.created_at, excluded.workout_id) < (b.created_at, b.workout_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lb_workouts_insert AFTER INSERT ON workouts
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lb_on_workouts_insert();
--> statement-breakpoint
CREATE FUNCTION lb_on_workouts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A best whose workout went is replaced by the user's next best in that period, or dropped.
  WITH gone AS (
    SELECT b.user_id, b.period_id, nb.id, nb.pushups, nb.created_at
    FROM leaderboard_bests b
    JOIN old_rows o ON o.user_id = b.user_id AND o.id = b.workout_id
    JOIN leaderboard_periods p ON p.id = b.period_id
    LEFT JOIN LATERAL lb_best_in(b.user_id, p.starts_at, p.ends_at) nb ON true
  ), replaced AS (
    UPDATE leaderboard_bests b
    SET workout_id = g.id, pushups = g.pushups, created_at = g.created_at
    FROM gone g
    WHERE g.id IS NOT NULL AND b.user_id = g.user_id AND b.period_id = g.period_id
  )
  DELETE FROM leaderboard_bests b USING gone g
  WHERE g.id IS NULL AND b.user_id = g.user_id AND b.period_id = g.period_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lb_workouts_delete AFTER DELETE ON workouts
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lb_on_workouts_delete();
--> statement-breakpoint
-- Recomputes the given users' bests in every registered period (used after updates; the app
-- never moves a workout, but other code paths may).
CREATE FUNCTION lb_refresh_users(p_users integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM leaderboard_bests WHERE user_id = ANY (p_users);
  INSERT INTO leaderboard_bests (user_id, period_id, workout_id, pushups, created_at, age, gender)
  SELECT DISTINCT ON (w.user_id, p.id) w.user_id, p.id, w.id, w.pushups, w.created_at, u.age, u.gender
  FROM workouts w
  JOIN users u ON u.id = w.user_id
  JOIN leaderboard_periods p ON w.created_at >= p.starts_at AND w.created_at < p.ends_at
  WHERE w.user_id = ANY (p_users)
  ORDER BY w.user_id, p.id, w.pushups DESC, w.created_at, w.id;
END $$;
--> statement-breakpoint
CREATE FUNCTION lb_on_workouts_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected integer[];
BEGIN
  SELECT array_agg(DISTINCT x.user_id) INTO affected FROM (
    SELECT o.user_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.user_id, o.pushups, o.created_at) IS DISTINCT FROM (n.user_id, n.pushups, n.created_at)
    UNION ALL
    SELECT n.user_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.user_id, o.pushups, o.created_at) IS DISTINCT FROM (n.user_id, n.pushups, n.created_at)
  ) x;
  IF affected IS NOT NULL THEN
    PERFORM lb_refresh_users(affected);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lb_workouts_update AFTER UPDATE ON workouts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lb_on_workouts_update();
--> statement-breakpoint
CREATE FUNCTION lb_on_workouts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM leaderboard_bests;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lb_workouts_truncate AFTER TRUNCATE ON workouts
  FOR EACH STATEMENT EXECUTE FUNCTION lb_on_workouts_truncate();
--> statement-breakpoint
-- Age bands use the user's current age (decision 7): copy profile changes into the summaries.
CREATE FUNCTION lb_on_users_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE leaderboard_bests SET age = NEW.age, gender = NEW.gender WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lb_users_update AFTER UPDATE OF age, gender ON users
  FOR EACH ROW
  WHEN (OLD.age IS DISTINCT FROM NEW.age OR OLD.gender IS DISTINCT FROM NEW.gender)
  EXECUTE FUNCTION lb_on_users_update();
--> statement-breakpoint
-- The id of the period [p_start, p_end), registering and filling it on first use. Callers must
-- read the board in a later statement (a query does not see rows its own function call wrote).
CREATE FUNCTION lb_period(p_start timestamptz, p_end timestamptz) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  pid integer;
BEGIN
  SELECT id INTO pid FROM leaderboard_periods WHERE starts_at = p_start AND ends_at = p_end;
  IF FOUND THEN
    RETURN pid;
  END IF;
  -- Writers wait while the period is filled, so no workout falls between the snapshot read
  -- below and the insert trigger seeing the new period (held until this transaction ends).
  LOCK TABLE workouts IN SHARE MODE;
  INSERT INTO leaderboard_periods (starts_at, ends_at) VALUES (p_start, p_end)
    ON CONFLICT (starts_at, ends_at) DO NOTHING
    RETURNING id INTO pid;
  IF pid IS NULL THEN
    -- Another session registered it first.
    SELECT id INTO pid FROM leaderboard_periods WHERE starts_at = p_start AND ends_at = p_end;
    RETURN pid;
  END IF;
  INSERT INTO leaderboard_bests (user_id, period_id, workout_id, pushups, created_at, age, gender)
  SELECT DISTINCT ON (w.user_id) w.user_id, pid, w.id, w.pushups, w.created_at, u.age, u.gender
  FROM workouts w JOIN users u ON u.id = w.user_id
  WHERE w.created_at >= p_start AND w.created_at < p_end
  ORDER BY w.user_id, w.pushups DESC, w.created_at, w.id;
  -- Periods that ended over 8 days before this one began can get no new workout (decision 10
  -- allows 7 days back); drop them. Asking again later simply rebuilds one.
  DELETE FROM leaderboard_periods WHERE ends_at < p_start - interval '8 days';
  RETURN pid;
END $$;
--> statement-breakpoint
INSERT INTO leaderboard_periods (starts_at, ends_at) VALUES ('-infinity', 'infinity');
--> statement-breakpoint
INSERT INTO leaderboard_bests (user_id, period_id, workout_id, pushups, created_at, age, gender)
SELECT DISTINCT ON (w.user_id) w.user_id, p.id, w.id, w.pushups, w.created_at, u.age, u.gender
FROM workouts w JOIN users u ON u.id = w.user_id
CROSS JOIN leaderboard_periods p
WHERE p.starts_at = '-infinity' AND p.ends_at = 'infinity'
ORDER BY w.user_id, w.pushups DESC, w.created_at, w.id;
