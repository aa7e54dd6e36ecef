-- Where you stand: the functions and triggers that keep standing_bests and standing_counts
-- (server/src/db/schema.ts, migration 0027) current as sets are saved, edited, deleted or hidden
-- and as members change age or gender or are suspended, so every write path keeps them right and
-- a read sums a few count rows instead of scanning the challenge's sets.
-- Design: docs/decisions/0221-where-you-stand.md. Applied as server/src/db/sql-sources.ts says
-- (docs/decisions/0057-leaderboard-sql-source.md): every function here is named st_*, and all are
-- dropped, with their triggers, before the file runs.
--
-- Who counts: every member (private ones too: counted, never shown), except suspended members;
-- every set except those a moderator hid. A member has up to two bests per challenge: among all
-- their sets (verified = false) and among their verified ones (verified = true). Bests compare by
-- workouts.rank_value (more is better for every challenge).


-- 1. Bands ----------------------------------------------------------------------------------------
-- The age band of common/leaderboard.ts AGE_GROUPS ('' when the age is unknown), and the gender a
-- member is counted under ('' unless male or female). server/src/routes/standing/standing.test.ts
-- checks st_band against ageGroupOf at every boundary.

CREATE FUNCTION st_band(p_age integer) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_age IS NULL THEN '' WHEN p_age < 20 THEN 'under-20' WHEN p_age < 30 THEN '20-29'
    WHEN p_age < 40 THEN '30-39' WHEN p_age < 50 THEN '40-49' WHEN p_age < 60 THEN '50-59' ELSE '60-plus' END
$$;

CREATE FUNCTION st_gender(p_gender text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_gender IN ('male', 'female') THEN p_gender ELSE '' END
$$;


-- 2. Recomputing bests ----------------------------------------------------------------------------
-- The given members' bests in the given challenges, from their sets: rows whose member has no
-- counted set left go. Rows are locked in key order first (as lb_refresh does), so concurrent
-- deletes and saves of one member cannot deadlock, and the recompute, a later statement, sees what
-- the writers it waited for committed. A save's upsert that waits on these locks then compares
-- with the recomputed best.
CREATE FUNCTION st_refresh(p_users integer[], p_challenges text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM standing_bests b
  WHERE b.user_id = ANY (p_users) AND b.challenge = ANY (p_challenges)
  ORDER BY b.user_id, b.challenge, b.verified
  FOR UPDATE;
  WITH fresh AS (
    SELECT DISTINCT ON (w.user_id, w.challenge, v.verified)
      w.user_id, w.challenge, v.verified, w.rank_value, w.score, w.capped, st_band(u.age) AS band, st_gender(u.gender) AS gender
    FROM workouts w
    JOIN users u ON u.id = w.user_id AND u.suspended_at IS NULL
    CROSS JOIN (VALUES (false), (true)) v(verified)
    WHERE w.user_id = ANY (p_users) AND w.challenge = ANY (p_challenges)
      AND (w.verified OR NOT v.verified)
      AND NOT EXISTS (SELECT 1 FROM hidden_workouts h WHERE h.workout_id = w.id)
    ORDER BY w.user_id, w.challenge, v.verified, w.rank_value DESC
  ), set_rows AS (
    INSERT INTO standing_bests AS b (user_id, challenge, verified, rank_value, score, capped, band, gender)
    SELECT * FROM fresh
    ON CONFLICT (user_id, challenge, verified) DO UPDATE
      SET rank_value = excluded.rank_value, score = excluded.score, capped = excluded.capped,
        band = excluded.band, gender = excluded.gender
      WHERE (b.rank_value, b.score, b.capped, b.band, b.gender)
        IS DISTINCT FROM (excluded.rank_value, excluded.score, excluded.capped, excluded.band, excluded.gender)
  )
  DELETE FROM standing_bests b
  WHERE b.user_id = ANY (p_users) AND b.challenge = ANY (p_challenges)
    AND NOT EXISTS (
      SELECT 1 FROM fresh f WHERE f.user_id = b.user_id AND f.challenge = b.challenge AND f.verified = b.verified
    );
END $$;


-- 3. Keeping bests in step with workouts, hidden sets and members ---------------------------------

-- The save path: one upsert per statement (a batch of saves costs one pass). A set that beats the
-- member's best replaces it; a verified set also competes for the verified best.
CREATE FUNCTION st_on_workouts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO standing_bests AS b (user_id, challenge, verified, rank_value, score, capped, band, gender)
  SELECT DISTINCT ON (n.user_id, n.challenge, v.verified)
    n.user_id, n.challenge, v.verified, n.rank_value, n.score, n.capped, st_band(u.age), st_gender(u.gender)
  FROM new_rows n
  JOIN users u ON u.id = n.user_id AND u.suspended_at IS NULL
  CROSS JOIN (VALUES (false), (true)) v(verified)
  WHERE n.verified OR NOT v.verified
  ORDER BY n.user_id, n.challenge, v.verified, n.rank_value DESC
  ON CONFLICT (user_id, challenge, verified) DO UPDATE
    SET rank_value = excluded.rank_value, score = excluded.score, capped = excluded.capped
    WHERE excluded.rank_value > b.rank_value;
  RETURN NULL;
END $$;

CREATE TRIGGER st_workouts_insert AFTER INSERT ON workouts
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION st_on_workouts_insert();

-- A deleted set that was (or tied) a member's best: that member's bests in its challenge are recomputed.
CREATE FUNCTION st_on_workouts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected_users integer[];
  affected_challenges text[];
BEGIN
  SELECT array_agg(DISTINCT o.user_id), array_agg(DISTINCT o.challenge)
  INTO affected_users, affected_challenges
  FROM old_rows o
  JOIN standing_bests b ON b.user_id = o.user_id AND b.challenge = o.challenge AND b.rank_value <= o.rank_value;
  IF affected_users IS NOT NULL THEN
    PERFORM st_refresh(affected_users, affected_challenges);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER st_workouts_delete AFTER DELETE ON workouts
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION st_on_workouts_delete();

-- An edited set (its score or its verified mark, or another path's change of what counts): the
-- members and challenges concerned are recomputed, so a lowered best gives way to the next one.
CREATE FUNCTION st_on_workouts_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected_users integer[];
  affected_challenges text[];
BEGIN
  SELECT array_agg(DISTINCT x.user_id), array_agg(DISTINCT x.challenge)
  INTO affected_users, affected_challenges
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  CROSS JOIN LATERAL (VALUES (o.user_id, o.challenge), (n.user_id, n.challenge)) x(user_id, challenge)
  WHERE (o.user_id, o.challenge, o.rank_value, o.score, o.capped, o.verified)
    IS DISTINCT FROM (n.user_id, n.challenge, n.rank_value, n.score, n.capped, n.verified);
  IF affected_users IS NOT NULL THEN
    PERFORM st_refresh(affected_users, affected_challenges);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER st_workouts_update AFTER UPDATE ON workouts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION st_on_workouts_update();

CREATE FUNCTION st_on_workouts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM standing_bests;
  DELETE FROM standing_counts;
  RETURN NULL;
END $$;

CREATE TRIGGER st_workouts_truncate AFTER TRUNCATE ON workouts
  FOR EACH STATEMENT EXECUTE FUNCTION st_on_workouts_truncate();

-- A set a moderator hides stops counting; shown again, it counts again.
CREATE FUNCTION st_on_hidden_workouts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected_users integer[];
  affected_challenges text[];
BEGIN
  SELECT array_agg(DISTINCT w.user_id), array_agg(DISTINCT w.challenge)
  INTO affected_users, affected_challenges
  FROM changed c JOIN workouts w ON w.id = c.workout_id;
  IF affected_users IS NOT NULL THEN
    PERFORM st_refresh(affected_users, affected_challenges);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER st_hidden_workouts_insert AFTER INSERT ON hidden_workouts
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION st_on_hidden_workouts();

CREATE TRIGGER st_hidden_workouts_delete AFTER DELETE ON hidden_workouts
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION st_on_hidden_workouts();

-- A member's band or gender moves their bests between groups; a suspension takes them out of
-- every count, and lifting it puts them back.
CREATE FUNCTION st_on_users_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.suspended_at IS NOT NULL AND OLD.suspended_at IS NULL THEN
    DELETE FROM standing_bests WHERE user_id = NEW.id;
  ELSIF NEW.suspended_at IS NULL AND OLD.suspended_at IS NOT NULL THEN
    PERFORM st_refresh(ARRAY[NEW.id], ARRAY(SELECT DISTINCT w.challenge FROM workouts w WHERE w.user_id = NEW.id));
  ELSE
    UPDATE standing_bests SET band = st_band(NEW.age), gender = st_gender(NEW.gender) WHERE user_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER st_users_update AFTER UPDATE OF age, gender, suspended_at ON users
  FOR EACH ROW
  WHEN ((st_band(OLD.age), st_gender(OLD.gender), OLD.suspended_at IS NULL)
    IS DISTINCT FROM (st_band(NEW.age), st_gender(NEW.gender), NEW.suspended_at IS NULL))
  EXECUTE FUNCTION st_on_users_update();


-- 4. Counts ---------------------------------------------------------------------------------------
-- standing_counts: per challenge, kind, band, gender and rank value, how many members have that
-- best; every change of standing_bests moves it by +1/-1 in one upsert, rows changed in key order
-- so concurrent saves cannot deadlock. A row may reach 0 and stay (reads sum, a 0 adds nothing).

CREATE FUNCTION st_on_bests_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO standing_counts AS c (challenge, verified, band, gender, rank_value, members)
  SELECT challenge, verified, band, gender, rank_value, count(*)::int FROM new_rows
  GROUP BY challenge, verified, band, gender, rank_value
  ORDER BY challenge, verified, band, gender, rank_value
  ON CONFLICT (challenge, verified, band, gender, rank_value) DO UPDATE SET members = c.members + excluded.members;
  RETURN NULL;
END $$;

CREATE TRIGGER st_bests_insert AFTER INSERT ON standing_bests
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION st_on_bests_insert();

CREATE FUNCTION st_on_bests_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO standing_counts AS c (challenge, verified, band, gender, rank_value, members)
  SELECT challenge, verified, band, gender, rank_value, sum(n)::int FROM (
    SELECT challenge, verified, band, gender, rank_value, -1 AS n FROM old_rows
    UNION ALL
    SELECT challenge, verified, band, gender, rank_value, 1 AS n FROM new_rows
  ) d
  GROUP BY challenge, verified, band, gender, rank_value HAVING sum(n) <> 0
  ORDER BY challenge, verified, band, gender, rank_value
  ON CONFLICT (challenge, verified, band, gender, rank_value) DO UPDATE SET members = c.members + excluded.members;
  RETURN NULL;
END $$;

CREATE TRIGGER st_bests_update AFTER UPDATE ON standing_bests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION st_on_bests_update();

CREATE FUNCTION st_on_bests_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An UPDATE in key order (the rows exist: each best was counted when it came).
  PERFORM 1 FROM standing_counts c
  JOIN (SELECT DISTINCT challenge, verified, band, gender, rank_value FROM old_rows) d
    USING (challenge, verified, band, gender, rank_value)
  ORDER BY c.challenge, c.verified, c.band, c.gender, c.rank_value
  FOR UPDATE OF c;
  UPDATE standing_counts c SET members = c.members - d.n
  FROM (
    SELECT challenge, verified, band, gender, rank_value, count(*)::int AS n FROM old_rows
    GROUP BY challenge, verified, band, gender, rank_value
  ) d
  WHERE (c.challenge, c.verified, c.band, c.gender, c.rank_value) = (d.challenge, d.verified, d.band, d.gender, d.rank_value);
  RETURN NULL;
END $$;

CREATE TRIGGER st_bests_delete AFTER DELETE ON standing_bests
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION st_on_bests_delete();
