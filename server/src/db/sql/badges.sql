-- Badges earned as sets are saved (docs/decisions/0231-badges-earned-on-the-server.md), by a
-- trigger so every write path that inserts sets (the API's save batch, a script, a test's insert)
-- earns them. Each badge is one row of member_badges, keyed by member, badge and subject, and every
-- insert is ON CONFLICT DO NOTHING: concurrent saves earn a badge once. Nothing here runs on a
-- delete or an update, so a deleted set never takes a badge away.
--
-- Editing rules as in leaderboard.sql: every function is named badge_*; server/src/db/sql-sources.ts
-- drops them all (and their triggers) before this file runs, so it must be safe to run again.
--
-- Cost (the save path is benchmarked, docs/benchmarks.md): one INSERT per statement; each badge is
-- first looked up in member_badges (one index probe) and its check is skipped once earned.

-- Whether a set is hidden by a moderator (server/src/routes/workouts/not-hidden.ts).
CREATE FUNCTION badge_visible(p_workout integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT NOT EXISTS (SELECT 1 FROM hidden_workouts h WHERE h.workout_id = p_workout)
$$;

CREATE FUNCTION badge_has(p_user integer, p_badge text, p_subject text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM member_badges m
    WHERE m.user_id = p_user AND m.badge = p_badge AND m.subject = p_subject)
$$;

-- A new best: the set beats every earlier set of the member in its challenge (there must be one).
-- The scan of the member's sets, for a member the all-time board does not hold (a private one).
CREATE FUNCTION badge_is_new_best(p_id integer, p_user integer, p_challenge text, p_rank integer)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM workouts w WHERE w.user_id = p_user AND w.challenge = p_challenge
      AND w.id < p_id AND badge_visible(w.id))
    AND NOT EXISTS (SELECT 1 FROM workouts w WHERE w.user_id = p_user AND w.challenge = p_challenge
      AND w.id < p_id AND w.rank_value >= p_rank AND badge_visible(w.id))
$$;

-- Top 10 of the challenge's all-time board of everyone: the set is the member's best there
-- (p_best_workout, read from leaderboard_bests, which the board's trigger has already updated: see
-- the trigger's name below) and fewer than ten members have a better rank value (ties share a
-- place, as on the board). At most ten rows of the board's index are read.
CREATE FUNCTION badge_is_top_ten(p_period integer, p_rank integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT (SELECT count(*) FROM (SELECT 1 FROM leaderboard_bests o
    WHERE o.period_id = p_period AND o.rank_value > p_rank LIMIT 10) better) < 10
$$;

-- Four weeks in a row meeting the weekly goal (docs/decisions/0053-weekly-goal.md: Sunday-start
-- weeks of the member's zone, a session is a local day with a set, the goal as it is today), in
-- any run of weeks around the set's week (a set may be dated up to a week back). Only the day's
-- first set can change a week's count, so the count runs only then.
CREATE FUNCTION badge_has_earlier(p_id integer, p_user integer, p_challenge text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM workouts w WHERE w.user_id = p_user AND w.challenge = p_challenge
    AND w.id < p_id AND badge_visible(w.id))
$$;

CREATE FUNCTION badge_week_streak(p_id integer, p_user integer, p_at timestamptz)
RETURNS boolean LANGUAGE plpgsql STABLE AS $$
DECLARE
  tz text;
  goal integer;
  d date;
  wk integer;
  run integer := 0;
  best integer := 0;
  met integer[];
BEGIN
  SELECT coalesce(u.time_zone, 'UTC'), u.weekly_goal INTO tz, goal FROM users u WHERE u.id = p_user;
  IF tz = 'UTC' THEN
    d := (p_at AT TIME ZONE 'UTC')::date;
  ELSE
    -- (A block with EXCEPTION is a subtransaction: only for a member with a zone.)
    BEGIN
      d := (p_at AT TIME ZONE tz)::date;
    EXCEPTION WHEN invalid_parameter_value THEN
      -- A zone the runtime's Intl knew and this server does not: UTC, as for a member without one.
      tz := 'UTC';
      d := (p_at AT TIME ZONE tz)::date;
    END;
  END IF;
  IF EXISTS (SELECT 1 FROM workouts w WHERE w.user_id = p_user AND w.id < p_id
      AND w.created_at >= (d::timestamp AT TIME ZONE tz)
      AND w.created_at < ((d + 1)::timestamp AT TIME ZONE tz) AND badge_visible(w.id)) THEN
    RETURN false;
  END IF;
  wk := floor((d - date '1970-01-04') / 7.0)::int;
  SELECT array_agg(x.week ORDER BY x.week) INTO met FROM (
    SELECT floor((s.day - date '1970-01-04') / 7.0)::int AS week
    FROM (SELECT DISTINCT (w.created_at AT TIME ZONE tz)::date AS day FROM workouts w
      WHERE w.user_id = p_user
        AND w.created_at >= ((date '1970-01-04' + 7 * (wk - 3))::timestamp AT TIME ZONE tz)
        AND w.created_at < ((date '1970-01-04' + 7 * (wk + 4))::timestamp AT TIME ZONE tz)
        AND badge_visible(w.id)) s
    GROUP BY 1 HAVING count(*) >= goal) x;
  FOR i IN wk - 3 .. wk + 3 LOOP
    IF met IS NOT NULL AND i = ANY (met) THEN
      run := run + 1;
      best := greatest(best, run);
    ELSE
      run := 0;
    END IF;
  END LOOP;
  RETURN best >= 4;
END $$;

-- Set-based (docs/decisions/0267-badges-set-based-and-backfilled.md): one INSERT for the statement,
-- whatever its number of rows. Each candidate row is a (member, badge, subject) a new set may earn,
-- its check behind a CASE so that it runs only when the member does not hold the badge yet (the
-- planner orders a WHERE's conditions as it likes; a CASE keeps this order). The checks read
-- workouts, which already holds all of the statement's rows, so each set is judged as the loop
-- that came before judged it (against the sets of smaller id); DISTINCT ON keeps the badge's
-- earliest set when several of the statement's sets earn it.
CREATE FUNCTION badge_on_workouts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_badges (user_id, badge, subject, challenge, earned_at, workout_id)
  SELECT DISTINCT ON (e.user_id, e.badge, e.subject)
    e.user_id, e.badge, e.subject, e.challenge, e.received_at, e.id
  FROM (
    SELECT n.id, n.user_id, 'first-set' AS badge, n.challenge AS subject, n.challenge, n.received_at
    FROM new_rows n
    WHERE NOT badge_has(n.user_id, 'first-set', n.challenge)
    UNION ALL
    SELECT n.id, n.user_id, 'first-verified', '', n.challenge, n.received_at
    FROM new_rows n
    WHERE n.verified AND NOT badge_has(n.user_id, 'first-verified', '')
    UNION ALL
    -- The new best and the top 10 read the member's best on the challenge's all-time board by key
    -- (the board's trigger ran first: see the trigger's name below), when the board holds them.
    SELECT b.id, b.user_id, b.badge, b.challenge, b.challenge, b.received_at
    FROM (
      SELECT n.id, n.user_id, n.challenge, n.rank_value, n.received_at, k.badge, p.id AS period,
        lb.workout_id AS best_id, lb.rank_value AS best_rank
      FROM new_rows n
      CROSS JOIN (VALUES ('new-best'), ('top-ten')) k(badge)
      LEFT JOIN leaderboard_periods p
        ON p.challenge = n.challenge AND p.starts_at = '-infinity' AND p.ends_at = 'infinity'
      LEFT JOIN leaderboard_bests lb ON lb.period_id = p.id AND lb.user_id = n.user_id
    ) b
    WHERE CASE
      WHEN badge_has(b.user_id, b.badge, b.challenge) THEN false
      -- The board's trigger made this set the best only if it beat the one before.
      WHEN b.badge = 'new-best' THEN CASE WHEN b.best_id IS NOT NULL
        THEN b.best_id = b.id AND badge_has_earlier(b.id, b.user_id, b.challenge)
        ELSE badge_is_new_best(b.id, b.user_id, b.challenge, b.rank_value) END
      ELSE b.best_id = b.id AND badge_is_top_ten(b.period, b.best_rank)
    END
    UNION ALL
    SELECT n.id, n.user_id, 'week-streak-4', '', NULL, n.received_at
    FROM new_rows n
    WHERE CASE WHEN badge_has(n.user_id, 'week-streak-4', '') THEN false
      ELSE badge_week_streak(n.id, n.user_id, n.created_at) END
  ) e
  ORDER BY e.user_id, e.badge, e.subject, e.id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- Named to sort after lb_workouts_insert (triggers of one event fire in name order), so the
-- top-ten check reads the bests this statement wrote.
CREATE TRIGGER workouts_badges_insert AFTER INSERT ON workouts
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION badge_on_workouts_insert();

-- A set becomes verified after its save (the server's recount of its proof clip, or a moderator's
-- review: common/tiers.ts): its first-verified badge is earned then, dated when it happened.
CREATE FUNCTION badge_on_workouts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_badges (user_id, badge, subject, challenge, earned_at, workout_id)
  SELECT DISTINCT ON (n.user_id) n.user_id, 'first-verified', '', n.challenge, now(), n.id
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.verified AND NOT o.verified
  ORDER BY n.user_id, n.id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER workouts_badges_update AFTER UPDATE ON workouts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION badge_on_workouts_update();
