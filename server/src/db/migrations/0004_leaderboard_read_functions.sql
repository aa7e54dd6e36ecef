-- Rank counts and the board reads (docs/decisions/0201).
--
-- leaderboard_counts: per period and push-up count, how many users have that best. Kept by
-- statement-level triggers on leaderboard_bests, so "my rank" = 1 + the users above me is a sum
-- over at most 300 rows instead of a count over every user in the period. Rows are changed in
-- (period, push-ups) order so concurrent saves cannot deadlock on them.

INSERT INTO leaderboard_counts (period_id, pushups, users)
SELECT period_id, pushups, count(*)::int FROM leaderboard_bests GROUP BY period_id, pushups;
--> statement-breakpoint
CREATE FUNCTION lb_on_bests_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO leaderboard_counts AS c (period_id, pushups, users)
  SELECT period_id, pushups, count(*)::int FROM new_rows
  GROUP BY period_id, pushups ORDER BY period_id, pushups
  ON CONFLICT (period_id, pushups) DO UPDATE SET users = c.users + excluded.users;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lb_bests_insert AFTER INSERT ON leaderboard_bests
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lb_on_bests_insert();
--> statement-breakpoint
CREATE FUNCTION lb_on_bests_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO leaderboard_counts AS c (period_id, pushups, users)
  SELECT period_id, pushups, sum(n)::int FROM (
    SELECT period_id, pushups, -1 AS n FROM old_rows
    UNION ALL
    SELECT period_id, pushups, 1 AS n FROM new_rows
  ) d
  GROUP BY period_id, pushups HAVING sum(n) <> 0 ORDER BY period_id, pushups
  ON CONFLICT (period_id, pushups) DO UPDATE SET users = c.users + excluded.users;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lb_bests_update AFTER UPDATE ON leaderboard_bests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lb_on_bests_update();
--> statement-breakpoint
CREATE FUNCTION lb_on_bests_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An UPDATE, not an upsert: when a whole period is dropped its counts are already gone.
  -- The rows are locked in order first (an UPDATE ... FROM has no defined order).
  PERFORM 1 FROM leaderboard_counts c
  JOIN (SELECT DISTINCT period_id, pushups FROM old_rows) d
    ON c.period_id = d.period_id AND c.pushups = d.pushups
  ORDER BY c.period_id, c.pushups
  FOR UPDATE OF c;
  UPDATE leaderboard_counts c SET users = c.users - d.n
  FROM (SELECT period_id, pushups, count(*)::int AS n FROM old_rows GROUP BY period_id, pushups) d
  WHERE c.period_id = d.period_id AND c.pushups = d.pushups;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lb_bests_delete AFTER DELETE ON leaderboard_bests
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lb_on_bests_delete();
--> statement-breakpoint
-- Board and "my rank" reads as functions: one round trip that registers the period when needed
-- and then reads it (a function sees its own earlier writes, a single query would not), and a
-- plan that does not depend on statistics: PGlite never runs autovacuum, and without ANALYZE the
-- planner would sort a whole period instead of walking the board index.
--
-- The first p_limit entries of the board whose age is in [p_age_min, p_age_max] and whose gender
-- is p_gender (null = any), with ranks over everyone in the period (decision 7).
CREATE FUNCTION lb_board(
  p_start timestamptz, p_end timestamptz, p_limit integer,
  p_age_min integer, p_age_max integer, p_gender text
)
RETURNS TABLE (
  workout_id integer, rank bigint, pushups integer, created_at timestamptz,
  username text, age integer, gender text, profile_picture text
)
LANGUAGE plpgsql ROWS 100 AS $$
#variable_conflict use_column
DECLARE
  pid integer := lb_period(p_start, p_end);
  r record;
  seen bigint := 0;
  shown integer := 0;
  cur_rank bigint := 0;
  prev integer;
  -- A declared cursor is planned for fast start (cursor_tuple_fraction), so this walks the
  -- board index in order even without statistics, and stops once p_limit rows passed the filters.
  board CURSOR (p integer) FOR
    SELECT b.workout_id, b.user_id, b.pushups, b.created_at, b.age, b.gender
    FROM leaderboard_bests b
    WHERE b.period_id = p
    ORDER BY b.pushups DESC NULLS LAST, b.created_at, b.workout_id;
BEGIN
  FOR r IN board(pid) LOOP
    seen := seen + 1;
    -- Ties share a rank (1, 2, 2, 4): a new push-up count takes the position it is seen at.
    IF r.pushups IS DISTINCT FROM prev THEN
      cur_rank := seen;
      prev := r.pushups;
    END IF;
    CONTINUE WHEN p_age_min IS NOT NULL AND (r.age IS NULL OR r.age < p_age_min);
    CONTINUE WHEN p_age_max IS NOT NULL AND (r.age IS NULL OR r.age > p_age_max);
    CONTINUE WHEN p_gender IS NOT NULL AND r.gender IS DISTINCT FROM p_gender;
    workout_id := r.workout_id;
    rank := cur_rank;
    pushups := r.pushups;
    created_at := r.created_at;
    age := r.age;
    gender := r.gender;
    SELECT u.username, u.profile_picture INTO username, profile_picture FROM users u WHERE u.id = r.user_id;
    RETURN NEXT;
    shown := shown + 1;
    EXIT WHEN shown >= p_limit;
  END LOOP;
END $$;
--> statement-breakpoint
-- The user's best in the period and overall rank (1 + users with more push-ups), or no row.
CREATE FUNCTION lb_me(p_start timestamptz, p_end timestamptz, p_user integer)
RETURNS TABLE (workout_id integer, rank bigint, pushups integer, created_at timestamptz)
LANGUAGE plpgsql ROWS 1 AS $$
#variable_conflict use_column
DECLARE
  pid integer := lb_period(p_start, p_end);
  mine record;
BEGIN
  SELECT b.workout_id, b.pushups, b.created_at INTO mine
  FROM leaderboard_bests b WHERE b.user_id = p_user AND b.period_id = pid;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  workout_id := mine.workout_id;
  pushups := mine.pushups;
  created_at := mine.created_at;
  SELECT 1 + coalesce(sum(c.users), 0) INTO rank
  FROM leaderboard_counts c WHERE c.period_id = pid AND c.pushups > mine.pushups;
  RETURN NEXT;
END $$;
--> statement-breakpoint
-- Summary rows are locked in (user, period) order on every path, so concurrent saves and deletes
-- of the same user's sets cannot deadlock on them.
CREATE OR REPLACE FUNCTION lb_on_workouts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO leaderboard_bests AS b (user_id, period_id, workout_id, pushups, created_at, age, gender)
  SELECT DISTINCT ON (n.user_id, p.id) n.user_id, p.id, n.id, n.pushups, n.created_at, u.age, u.gender
  FROM new_rows n
  JOIN leaderboard_periods p ON n.created_at >= p.starts_at AND n.created_at < p.ends_at
  JOIN users u ON u.id = n.user_id
  ORDER BY n.user_id, p.id, n.pushups DESC, n.created_at, n.id
  ON CONFLICT (user_id, period_id) DO UPDATE
    SET workout_id = excluded.workout_id, pushups = excluded.pushups, created_at = excluded.created_at
    WHERE excluded.pushups > b.pushups
       OR (excluded.pushups = b.pushups
           AND (excluded.created_at, excluded.workout_id) < (b.created_at, b.workout_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lb_on_workouts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM leaderboard_bests b
  JOIN old_rows o ON o.user_id = b.user_id AND o.id = b.workout_id
  ORDER BY b.user_id, b.period_id
  FOR UPDATE OF b;
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
