-- Leaderboard: every function and trigger behind the boards, in one file.
-- Design: docs/decisions/0014-leaderboard-period-summaries.md (the summaries; superseded in part
-- by 0036, 0066 and 0076, which say what the code does now); how this file is applied:
-- docs/decisions/0057-leaderboard-sql-source.md.
--
-- Tables (leaderboard_periods, leaderboard_bests, leaderboard_counts) are defined in
-- server/src/db/tables/leaderboard.ts and created by the migrations; this file holds only code. At start, after
-- the migrations, server/src/db/sql-sources.ts runs this whole file in one transaction when its
-- SHA-256 differs from the one recorded in sql_sources (an unchanged file costs one query).
--
-- Editing rules:
-- - Every function here is named lb_*; server/src/db/sql-sources.ts drops them all before the file
--   runs (their triggers go with them), so the file may change a signature, rename or remove a
--   function: what is not here is not there. Section 0 drops what had other names.
-- - Keep it idempotent and free of data changes that are not safe to repeat; a change to a table
--   belongs in a migration (npm run db:generate).
-- - The order of the board is defined once, in section 1; the board index in tables/leaderboard.ts
--   (leaderboard_bests_board_idx) lists the same columns in the same order.
--
-- Every board is one challenge's (docs/decisions/0098-challenge-catalogue.md): a period is a
-- challenge's calendar period, so bests and counts, which hang off periods, are per challenge too,
-- and every read names its challenge. A set's score is reps, whole seconds held, or a finish time
-- (with `capped` for a run that reached the cap); boards order and count by its rank value
-- (workouts.rank_value: more is better for every challenge; common/challenge-scores.ts rankValue,
-- docs/decisions/0215-storing-and-ranking-the-new-scores.md).
--
-- Sections: 0 clean slate, 1 the order rule, 2 choosing bests, 3 keeping bests in step with
-- workouts and users, 4 rank counts, 5 periods, 6 board reads, 7 repair, 8 change notices, 9 verified boards,
-- 10 moderation, 11 boards over a set of members.


-- 0. Clean slate ------------------------------------------------------------------------------------

-- Named before this file gathered the code (migration 0006).
DROP FUNCTION IF EXISTS fitbench_notify_board() CASCADE;
DROP TYPE IF EXISTS lb_rank_key CASCADE;


-- 1. The order rule --------------------------------------------------------------------------------
-- A better set sorts first: a higher rank value, then the one the server received first (received_at,
-- set by the server: the createdAt a client claims cannot buy a better place), then the lower id
-- (a stable last resort). Ties on the rank value share a rank (1, 2, 2, 4): see lb_board and lb_me.
-- docs/decisions/0036-ties-by-received-time.md
-- Everything that picks or compares sets uses lb_rank_key; the board index walks the same columns.

CREATE TYPE lb_rank_key AS (neg_rank integer, received_at timestamptz, workout_id integer);

CREATE FUNCTION lb_rank_key(p_rank integer, p_received_at timestamptz, p_workout_id integer)
RETURNS lb_rank_key LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ROW(-p_rank, p_received_at, p_workout_id)::lb_rank_key
$$;


-- 2. Choosing bests ---------------------------------------------------------------------------------

-- Privacy (docs/decisions/0045-privacy-settings.md): a private member has no bests (on no board,
-- and not counted in others' ranks), nor has a suspended one (docs/decisions/0152-suspensions.md),
-- nor a workout a moderator hid (docs/decisions/0151-hidden-workouts.md); a member who hides age and gender has them copied as null,
-- so they appear only under All Ages / All and public entries carry null.
CREATE FUNCTION lb_shown_age(p_age integer, p_show boolean) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN p_show THEN p_age END $$;
CREATE FUNCTION lb_shown_gender(p_gender text, p_show boolean) RETURNS text
LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN p_show THEN p_gender END $$;

-- The members others may see on a board, with their age and gender as shown. Every read for a
-- board goes through this or lb_public_sets (the bests, the board of a period still being filled,
-- the verified boards), so the rule is written once. Plain SQL functions: the planner inlines
-- them, and conditions on their columns reach the tables' indexes.
CREATE FUNCTION lb_public_members()
RETURNS TABLE (id integer, username text, profile_picture text, age integer, gender text)
LANGUAGE sql STABLE AS $$
  SELECT u.id, u.username, u.profile_picture,
    lb_shown_age(u.age, u.show_age_gender), lb_shown_gender(u.gender, u.show_age_gender)
  FROM users u
  WHERE NOT u.is_private AND u.suspended_at IS NULL
$$;

-- Their sets.
CREATE FUNCTION lb_public_sets()
RETURNS TABLE (
  id integer, user_id integer, challenge text, score integer, capped boolean, rank_value integer,
  created_at timestamptz, received_at timestamptz,
  verified boolean, age integer, gender text, username text, profile_picture text
)
LANGUAGE sql STABLE AS $$
  SELECT w.id, w.user_id, w.challenge, w.score, w.capped, w.rank_value, w.created_at, w.received_at, w.verified,
    m.age, m.gender, m.username, m.profile_picture
  FROM workouts w JOIN lb_public_members() m ON m.id = w.user_id
  WHERE NOT EXISTS (SELECT 1 FROM hidden_workouts h WHERE h.workout_id = w.id)
$$;

-- Whether an entry with this age and gender is on a board filtered to ages [p_age_min, p_age_max]
-- and gender p_want (null = any): a filter narrows the rows a board shows, never the ranks.
CREATE FUNCTION lb_matches(p_age integer, p_gender text, p_age_min integer, p_age_max integer, p_want text)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce((p_age_min IS NULL OR p_age >= p_age_min) AND (p_age_max IS NULL OR p_age <= p_age_max)
    AND (p_want IS NULL OR p_gender = p_want), false)
$$;

-- Each public member's best workout in each registered period, as leaderboard_bests rows; p_users and
-- p_periods narrow it (null = all). Inlined into its callers by the planner (a plain SQL function).
CREATE FUNCTION lb_best_workouts(p_users integer[], p_periods integer[])
RETURNS TABLE (
  user_id integer, period_id integer, workout_id integer, score integer, capped boolean, rank_value integer,
  created_at timestamptz, received_at timestamptz, age integer, gender text,
  username text, profile_picture text, verified boolean
)
LANGUAGE sql STABLE AS $$
  SELECT DISTINCT ON (s.user_id, p.id) s.user_id, p.id, s.id, s.score, s.capped, s.rank_value, s.created_at,
    s.received_at, s.age, s.gender, s.username, s.profile_picture, s.verified
  FROM lb_public_sets() s
  JOIN leaderboard_periods p
    ON p.challenge = s.challenge AND s.created_at >= p.starts_at AND s.created_at < p.ends_at
  WHERE (p_users IS NULL OR s.user_id = ANY (p_users))
    AND (p_periods IS NULL OR p.id = ANY (p_periods))
  ORDER BY s.user_id, p.id, lb_rank_key(s.rank_value, s.received_at, s.id)
$$;

-- Recomputes the given users' bests in the given periods from workouts: rows whose user has no
-- workout left in the period go, the others are set. Summary rows are locked in (user, period) order on every path,
-- so concurrent saves and deletes of the same user's sets cannot deadlock on them; the recompute
-- is a later statement, so it sees what the writers it waited for committed.
CREATE FUNCTION lb_refresh(p_users integer[], p_periods integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM leaderboard_bests b
  WHERE b.user_id = ANY (p_users) AND b.period_id = ANY (p_periods)
  ORDER BY b.user_id, b.period_id
  FOR UPDATE;
  WITH fresh AS (
    SELECT * FROM lb_best_workouts(p_users, p_periods)
  ), set_rows AS (
    INSERT INTO leaderboard_bests AS b (user_id, period_id, workout_id, score, capped, rank_value, created_at, received_at, age, gender,
    username, profile_picture, verified)
    SELECT * FROM fresh
    ON CONFLICT (user_id, period_id) DO UPDATE
      SET workout_id = excluded.workout_id, score = excluded.score, capped = excluded.capped,
        rank_value = excluded.rank_value, created_at = excluded.created_at,
        received_at = excluded.received_at, username = excluded.username,
        profile_picture = excluded.profile_picture, verified = excluded.verified
      WHERE (b.workout_id, b.score, b.capped, b.rank_value, b.created_at, b.received_at, b.username, b.profile_picture, b.verified)
        IS DISTINCT FROM (excluded.workout_id, excluded.score, excluded.capped, excluded.rank_value, excluded.created_at, excluded.received_at,
          excluded.username, excluded.profile_picture, excluded.verified)
  )
  DELETE FROM leaderboard_bests b
  WHERE b.user_id = ANY (p_users) AND b.period_id = ANY (p_periods)
    AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.user_id = b.user_id AND f.period_id = b.period_id);
END $$;


-- 3. Keeping bests in step with workouts and users --------------------------------------------------
-- Triggers, so every write path (the API, a script, a cascade from a deleted user) keeps them right.

-- A new set replaces the user's best in every registered period it falls in when it beats it.
-- One set-based upsert per statement: a bulk insert costs one pass, not one per row. The fill of a
-- new period (section 5) merges with the same upsert, written out again: one function for both
-- (a PL/pgSQL lb_merge(sets, periods)) made each save's trigger slower on PGlite (a custom plan
-- each call; measured by npm run bench, see docs/benchmarks.md and docs/decisions/0073-first-board-of-a-period.md).
CREATE FUNCTION lb_on_workouts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO leaderboard_bests AS b (user_id, period_id, workout_id, score, capped, rank_value, created_at, received_at, age, gender,
    username, profile_picture, verified)
  SELECT DISTINCT ON (n.user_id, p.id) n.user_id, p.id, n.id, n.score, n.capped, n.rank_value, n.created_at, n.received_at,
    n.age, n.gender, n.username, n.profile_picture, n.verified
  -- The new sets by id (an index lookup each: a transition table has no statistics to plan a join by).
  FROM lb_public_sets() n
  JOIN leaderboard_periods p
    ON p.challenge = n.challenge AND n.created_at >= p.starts_at AND n.created_at < p.ends_at
  WHERE n.id = ANY (ARRAY(SELECT id FROM new_rows))
  ORDER BY n.user_id, p.id, lb_rank_key(n.rank_value, n.received_at, n.id)
  ON CONFLICT (user_id, period_id) DO UPDATE
    SET workout_id = excluded.workout_id, score = excluded.score, capped = excluded.capped,
        rank_value = excluded.rank_value, created_at = excluded.created_at,
      received_at = excluded.received_at, username = excluded.username,
      profile_picture = excluded.profile_picture, verified = excluded.verified
    WHERE lb_rank_key(excluded.rank_value, excluded.received_at, excluded.workout_id)
        < lb_rank_key(b.rank_value, b.received_at, b.workout_id);
  RETURN NULL;
END $$;

CREATE TRIGGER lb_workouts_insert AFTER INSERT ON workouts
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lb_on_workouts_insert();

-- A best whose workout went is replaced by the user's next best in that period, or dropped.
CREATE FUNCTION lb_on_workouts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected_users integer[];
  affected_periods integer[];
BEGIN
  -- Waits for a batch filling a new period with these users (lb_fill_period holds them FOR
  -- SHARE), so the lookup below sees the bests that batch wrote.
  PERFORM 1 FROM users WHERE id IN (SELECT user_id FROM old_rows) ORDER BY id FOR NO KEY UPDATE;
  SELECT array_agg(DISTINCT b.user_id), array_agg(DISTINCT b.period_id)
  INTO affected_users, affected_periods
  FROM leaderboard_bests b JOIN old_rows o ON o.user_id = b.user_id AND o.id = b.workout_id;
  IF affected_users IS NOT NULL THEN
    PERFORM lb_refresh(affected_users, affected_periods);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER lb_workouts_delete AFTER DELETE ON workouts
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lb_on_workouts_delete();

-- An edited set (PATCH /api/workouts/:id: its score, time or camera mark; docs/decisions/0203-editing-a-set.md),
-- or another code path's change: the users concerned get their bests recomputed in every period of
-- the challenges concerned, as a delete does, so a lowered best gives way to the next one. A notes
-- change touches no board.
CREATE FUNCTION lb_on_workouts_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected integer[];
  affected_periods integer[];
BEGIN
  SELECT array_agg(DISTINCT x.user_id) INTO affected FROM (
    SELECT o.user_id, n.user_id AS new_user FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.user_id, o.challenge, o.score, o.capped, o.rank_value, o.created_at, o.received_at, o.verified)
      IS DISTINCT FROM (n.user_id, n.challenge, n.score, n.capped, n.rank_value, n.created_at, n.received_at, n.verified)
  ) c CROSS JOIN LATERAL (VALUES (c.user_id), (c.new_user)) x(user_id);
  IF affected IS NULL THEN
    RETURN NULL;
  END IF;
  -- As lb_on_workouts_delete: waits for a batch filling a period with these users, so the
  -- recompute sees the bests that batch wrote.
  PERFORM 1 FROM users WHERE id = ANY (affected) ORDER BY id FOR NO KEY UPDATE;
  SELECT array_agg(p.id) INTO affected_periods FROM leaderboard_periods p
  WHERE p.challenge IN (SELECT challenge FROM old_rows UNION SELECT challenge FROM new_rows);
  IF affected_periods IS NOT NULL THEN
    PERFORM lb_refresh(affected, affected_periods);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER lb_workouts_update AFTER UPDATE ON workouts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lb_on_workouts_update();

CREATE FUNCTION lb_on_workouts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM leaderboard_bests;
  RETURN NULL;
END $$;

CREATE TRIGGER lb_workouts_truncate AFTER TRUNCATE ON workouts
  FOR EACH STATEMENT EXECUTE FUNCTION lb_on_workouts_truncate();

-- Age bands use the user's current age (docs/decisions/0014): copy profile changes (and the name
-- and picture a board shows) into the bests. Going private (or being suspended) takes the member's
-- bests off every board; going public (or the suspension lifted) puts them back.
CREATE FUNCTION lb_on_users_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.is_private OR NEW.suspended_at IS NOT NULL) AND NOT (OLD.is_private OR OLD.suspended_at IS NOT NULL) THEN
    DELETE FROM leaderboard_bests WHERE user_id = NEW.id;
  ELSIF (OLD.is_private OR OLD.suspended_at IS NOT NULL) AND NOT (NEW.is_private OR NEW.suspended_at IS NOT NULL) THEN
    PERFORM lb_refresh(ARRAY[NEW.id], ARRAY(SELECT id FROM leaderboard_periods));
  ELSE
    UPDATE leaderboard_bests
    SET age = lb_shown_age(NEW.age, NEW.show_age_gender), gender = lb_shown_gender(NEW.gender, NEW.show_age_gender),
      username = NEW.username, profile_picture = NEW.profile_picture
    WHERE user_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER lb_users_update
  AFTER UPDATE OF age, gender, show_age_gender, is_private, username, profile_picture, suspended_at ON users
  FOR EACH ROW
  WHEN ((OLD.age, OLD.gender, OLD.show_age_gender, OLD.is_private, OLD.username, OLD.profile_picture,
      OLD.suspended_at IS NULL)
    IS DISTINCT FROM (NEW.age, NEW.gender, NEW.show_age_gender, NEW.is_private, NEW.username, NEW.profile_picture,
      NEW.suspended_at IS NULL))
  EXECUTE FUNCTION lb_on_users_update();


-- 4. Rank counts ------------------------------------------------------------------------------------
-- leaderboard_counts: per period and rank value, how many users have that best, so "my rank"
-- (1 + the users above me) sums one row per distinct rank value above instead of counting every
-- user in the period. Rows are changed in (period, rank value) order so concurrent saves cannot
-- deadlock on them.

CREATE FUNCTION lb_on_bests_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO leaderboard_counts AS c (period_id, score, users)
  SELECT period_id, rank_value, count(*)::int FROM new_rows
  GROUP BY period_id, rank_value ORDER BY period_id, rank_value
  ON CONFLICT (period_id, score) DO UPDATE SET users = c.users + excluded.users;
  RETURN NULL;
END $$;

CREATE TRIGGER lb_bests_insert AFTER INSERT ON leaderboard_bests
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lb_on_bests_insert();

CREATE FUNCTION lb_on_bests_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO leaderboard_counts AS c (period_id, score, users)
  SELECT period_id, rank_value, sum(n)::int FROM (
    SELECT period_id, rank_value, -1 AS n FROM old_rows
    UNION ALL
    SELECT period_id, rank_value, 1 AS n FROM new_rows
  ) d
  GROUP BY period_id, rank_value HAVING sum(n) <> 0 ORDER BY period_id, rank_value
  ON CONFLICT (period_id, score) DO UPDATE SET users = c.users + excluded.users;
  RETURN NULL;
END $$;

CREATE TRIGGER lb_bests_update AFTER UPDATE ON leaderboard_bests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lb_on_bests_update();

CREATE FUNCTION lb_on_bests_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An UPDATE, not an upsert: when a whole period is dropped its counts are already gone.
  -- The rows are locked in order first (an UPDATE ... FROM has no defined order).
  PERFORM 1 FROM leaderboard_counts c
  JOIN (SELECT DISTINCT period_id, rank_value FROM old_rows) d
    ON c.period_id = d.period_id AND c.score = d.rank_value
  ORDER BY c.period_id, c.score
  FOR UPDATE OF c;
  UPDATE leaderboard_counts c SET users = c.users - d.n
  FROM (SELECT period_id, rank_value, count(*)::int AS n FROM old_rows GROUP BY period_id, rank_value) d
  WHERE c.period_id = d.period_id AND c.score = d.rank_value;
  RETURN NULL;
END $$;

CREATE TRIGGER lb_bests_delete AFTER DELETE ON leaderboard_bests
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lb_on_bests_delete();


-- 5. Periods ----------------------------------------------------------------------------------------
-- leaderboard_periods holds the calendar periods someone asked for; all time is the period
-- (-infinity, infinity), registered by migration 0002.

-- The id of the period [p_start, p_end), registering it on first use. Registering takes no lock
-- on workouts: the new period is filled afterwards in batches of users (lb_fill_period, run by
-- the server in the background), while saves go on and their insert trigger already keeps it.
-- Until its fill is complete, reads take its bests straight from workouts (lb_board, lb_me).
-- Design: docs/decisions/0066-periods-without-blocking.md.
CREATE FUNCTION lb_period(p_challenge text, p_start timestamptz, p_end timestamptz) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  pid integer;
BEGIN
  SELECT id INTO pid FROM leaderboard_periods
  WHERE challenge = p_challenge AND starts_at = p_start AND ends_at = p_end;
  IF FOUND THEN
    RETURN pid;
  END IF;
  INSERT INTO leaderboard_periods (challenge, starts_at, ends_at, fill_cursor) VALUES (p_challenge, p_start, p_end, 0)
    ON CONFLICT (challenge, starts_at, ends_at) DO NOTHING
    RETURNING id INTO pid;
  IF pid IS NULL THEN
    -- Another session registered it first.
    SELECT id INTO pid FROM leaderboard_periods
    WHERE challenge = p_challenge AND starts_at = p_start AND ends_at = p_end;
    RETURN pid;
  END IF;
  -- Periods that ended over 8 days before this one began can get no new workout (saves may be
  -- dated at most 7 days back); drop them. Asking again later simply rebuilds one.
  DELETE FROM leaderboard_periods WHERE ends_at < p_start - interval '8 days';
  RETURN pid;
END $$;

-- Whether the period's bests are complete (filled, or registered before fills were batched).
CREATE FUNCTION lb_period_ready(p_period integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT fill_cursor IS NULL FROM leaderboard_periods WHERE id = p_period
$$;

-- Whether some period waits for its fill. VOLATILE: called in the same statement as a board read
-- that may have just registered a period, it must see that (a stable call would not).
CREATE FUNCTION lb_fill_pending() RETURNS boolean
LANGUAGE sql VOLATILE AS $$
  SELECT EXISTS (SELECT 1 FROM leaderboard_periods WHERE fill_cursor IS NOT NULL)
$$;

-- One row when the challenge's period [p_start, p_end) is registered (complete: its fill is done), none when
-- it is not. A set-returning SQL function, so a statement that reads it is planned with it (a
-- scalar SQL function with a query inside is planned again on every call, a cost on every board read;
-- measured by npm run bench, see docs/benchmarks.md).
-- STABLE: it sees the snapshot of the statement, as an lb_board_filled beside it does.
CREATE FUNCTION lb_period_complete(p_challenge text, p_start timestamptz, p_end timestamptz)
RETURNS TABLE (complete boolean)
LANGUAGE sql STABLE AS $$
  SELECT p.fill_cursor IS NULL FROM leaderboard_periods p
  WHERE p.challenge = p_challenge AND p.starts_at = p_start AND p.ends_at = p_end
$$;

-- Whether the period [p_start, p_end) is registered and still being filled. VOLATILE, for the
-- same reason as lb_fill_pending.
CREATE FUNCTION lb_filling(p_challenge text, p_start timestamptz, p_end timestamptz) RETURNS boolean
LANGUAGE sql VOLATILE AS $$
  SELECT coalesce((SELECT NOT c.complete FROM lb_period_complete(p_challenge, p_start, p_end) c), false)
$$;

-- One step of filling a period registered by lb_period, in its own short transaction; true once
-- the period is complete. The first step records the newest transaction id, and the batches wait
-- until every transaction up to it has ended: a save whose trigger ran before the period was
-- registered had not put its set in. Then each step merges the bests of the next p_batch users
-- (by id) through the same "better set wins" upsert as the insert trigger, so a save racing a
-- batch is never lost. The batch's users are held FOR SHARE while it runs, so a delete of their
-- sets or a privacy change waits for it and then corrects its rows; a best whose set is gone or
-- whose owner is private once the batch wrote is recomputed as well (lb_refresh).
CREATE FUNCTION lb_fill_period(p_period integer, p_batch integer) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  cur integer;
  wait_xid bigint;
  batch integer[];
  stale integer[];
BEGIN
  -- NO KEY UPDATE: steps of one period take turns, while a save's set for it (whose foreign key
  -- check takes KEY SHARE on this row) goes on; FOR UPDATE made the two wait for each other.
  SELECT fill_cursor, fill_wait_xid INTO cur, wait_xid
  FROM leaderboard_periods WHERE id = p_period FOR NO KEY UPDATE;
  IF NOT FOUND OR cur IS NULL THEN
    RETURN true;
  END IF;
  IF wait_xid IS NULL THEN
    UPDATE leaderboard_periods SET fill_wait_xid = pg_snapshot_xmax(pg_current_snapshot())::text::bigint
    WHERE id = p_period;
    RETURN false;
  END IF;
  IF pg_snapshot_xmin(pg_current_snapshot())::text::bigint < wait_xid THEN
    RETURN false;
  END IF;
  SELECT array_agg(u.id ORDER BY u.id) INTO batch
  FROM (SELECT id FROM users WHERE id > cur ORDER BY id LIMIT p_batch) u;
  IF batch IS NULL THEN
    UPDATE leaderboard_periods SET fill_cursor = NULL, fill_wait_xid = NULL WHERE id = p_period;
    RETURN true;
  END IF;
  -- Deletes of these users' sets (lb_on_workouts_delete) and privacy changes wait for this batch
  -- and then see its rows; those already running are waited for here, and read below.
  PERFORM 1 FROM users WHERE id = ANY (batch) ORDER BY id FOR SHARE;
  INSERT INTO leaderboard_bests AS b (user_id, period_id, workout_id, score, capped, rank_value, created_at, received_at, age, gender,
    username, profile_picture, verified)
  SELECT * FROM lb_best_workouts(batch, ARRAY[p_period])
  ON CONFLICT (user_id, period_id) DO UPDATE
    SET workout_id = excluded.workout_id, score = excluded.score, capped = excluded.capped,
        rank_value = excluded.rank_value, created_at = excluded.created_at,
      received_at = excluded.received_at, username = excluded.username,
      profile_picture = excluded.profile_picture, verified = excluded.verified
    WHERE lb_rank_key(excluded.rank_value, excluded.received_at, excluded.workout_id)
        < lb_rank_key(b.rank_value, b.received_at, b.workout_id);
  -- One lookup by key per user (LIMIT keeps it a lookup): on a period still being filled the
  -- planner's figures are stale, and it walked all the period's bests so far instead, a step
  -- costing more the further the fill had gone.
  SELECT array_agg(b.user_id) INTO stale
  FROM unnest(batch) AS x(user_id)
  CROSS JOIN LATERAL (SELECT b.user_id, b.workout_id FROM leaderboard_bests b
                      WHERE b.user_id = x.user_id AND b.period_id = p_period LIMIT 1) b
  WHERE NOT EXISTS (SELECT 1 FROM lb_public_sets() s WHERE s.id = b.workout_id);
  IF stale IS NOT NULL THEN
    PERFORM lb_refresh(stale, ARRAY[p_period]);
  END IF;
  UPDATE leaderboard_periods SET fill_cursor = batch[array_length(batch, 1)] WHERE id = p_period;
  RETURN false;
END $$;


-- 6. Board reads ------------------------------------------------------------------------------------
-- Functions: one round trip that registers the period when needed and then reads it (a function
-- sees its own earlier writes, a single query would not). Ranks: 1 + the members with a higher rank value
-- in the period (ties share a rank: 1, 2, 2, 4), counted over everyone, whatever the filters.

-- The first p_take sets of [p_start, p_end) in board order, private members' too, read from an
-- index alone (workouts_rank_idx for a long period; workouts_created_idx and a sort for a short
-- one, as the planner finds cheaper). prefix_rows: how many it held (fewer than p_take: the whole
-- period).
CREATE FUNCTION lb_prefix(p_challenge text, p_start timestamptz, p_end timestamptz, p_take integer)
RETURNS TABLE (
  id integer, user_id integer, rank_value integer, created_at timestamptz, received_at timestamptz,
  prefix_rows bigint
)
LANGUAGE sql STABLE AS $$
  SELECT w.id, w.user_id, w.rank_value, w.created_at, w.received_at, count(*) OVER ()
  FROM (
    SELECT w.id, w.user_id, w.rank_value, w.created_at, w.received_at FROM workouts w
    WHERE w.challenge = p_challenge AND w.created_at >= p_start AND w.created_at < p_end
    ORDER BY w.rank_value DESC NULLS LAST, w.received_at, w.id
    LIMIT p_take
  ) w
$$;

-- The ranked bests among such a prefix: a member's first set in board order is their best, and
-- everyone with a higher rank value comes before them, so each rank in a prefix is final, however short
-- it is. The public members' sets of a prefix are a prefix of the public sets, so private
-- members are dropped after the walk (lb_public_members), and hidden sets with them (one lookup
-- each in the small hidden_workouts).
CREATE FUNCTION lb_prefix_bests(p_challenge text, p_start timestamptz, p_end timestamptz, p_take integer)
RETURNS TABLE (
  workout_id integer, rank_value integer, received_at timestamptz, age integer, gender text,
  rank bigint, prefix_rows bigint
)
LANGUAGE sql STABLE AS $$
  WITH best AS (
    SELECT DISTINCT ON (p.user_id) p.id, p.rank_value, p.received_at, m.age, m.gender, p.prefix_rows
    FROM lb_prefix(p_challenge, p_start, p_end, p_take) p
    -- One lookup per set (LIMIT keeps it a lookup): hundreds of rows, where a hash join would
    -- read every member.
    CROSS JOIN LATERAL (SELECT m.age, m.gender FROM lb_public_members() m WHERE m.id = p.user_id LIMIT 1) m
    WHERE NOT EXISTS (SELECT 1 FROM hidden_workouts h WHERE h.workout_id = p.id)
    ORDER BY p.user_id, lb_rank_key(p.rank_value, p.received_at, p.id)
  )
  SELECT b.id, b.rank_value, b.received_at, b.age, b.gender, rank() OVER (ORDER BY b.rank_value DESC),
    b.prefix_rows
  FROM best b
$$;

-- The board of a complete period (registered and filled), or no rows: its bests in board order
-- (leaderboard_bests_board_idx) up to p_limit, read from that table alone (the bests carry what
-- an entry shows). Ranks: unfiltered, the page starts at the top, so they are counted on the page
-- itself; filtered, from the per-count tallies, summed once down from the top to the page's
-- lowest count (a sum per entry cost more than the rest of the read). A plain SQL function: the
-- planner inlines it into the server's board read, which PostgreSQL then plans once per
-- connection (docs/decisions/0076-board-rows-read-alone.md). n: the entry's place.
CREATE FUNCTION lb_board_filled(
  p_challenge text, p_start timestamptz, p_end timestamptz, p_limit integer,
  p_age_min integer, p_age_max integer, p_gender text
)
RETURNS TABLE (
  workout_id integer, rank bigint, score integer, created_at timestamptz,
  username text, age integer, gender text, profile_picture text, verified boolean, n bigint, capped boolean
)
LANGUAGE sql STABLE AS $$
  WITH period AS (
    SELECT p.id FROM leaderboard_periods p
    WHERE p.challenge = p_challenge AND p.starts_at = p_start AND p.ends_at = p_end AND p.fill_cursor IS NULL
  ), top AS (
    SELECT b.workout_id, b.score, b.capped, b.rank_value, b.created_at, b.received_at, b.username, b.age, b.gender,
      b.profile_picture, b.verified
    FROM leaderboard_bests b
    WHERE b.period_id = (SELECT id FROM period) AND lb_matches(b.age, b.gender, p_age_min, p_age_max, p_gender)
    ORDER BY b.rank_value DESC NULLS LAST, b.received_at, b.workout_id
    -- A sub-select, not the value: a prepared read then costs the same planned for any limit, so
    -- PostgreSQL keeps one plan instead of planning each call for the limit it was given
    -- (measured by npm run bench, see docs/benchmarks.md).
    LIMIT (SELECT p_limit)
  ), ranks AS (
    SELECT c.score AS rank_value,
      1 + coalesce(sum(c.users) OVER (ORDER BY c.score DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)::bigint AS rank
    FROM leaderboard_counts c
    WHERE (p_age_min IS NOT NULL OR p_age_max IS NOT NULL OR p_gender IS NOT NULL)
      AND c.period_id = (SELECT id FROM period) AND c.score >= (SELECT min(t.rank_value) FROM top t)
  )
  SELECT t.workout_id,
    CASE WHEN p_age_min IS NOT NULL OR p_age_max IS NOT NULL OR p_gender IS NOT NULL THEN r.rank
      ELSE rank() OVER (ORDER BY t.rank_value DESC) END,
    t.score, t.created_at, t.username, t.age, t.gender, t.profile_picture, t.verified,
    row_number() OVER (ORDER BY t.rank_value DESC, t.received_at, t.workout_id), t.capped
  FROM top t
  LEFT JOIN ranks r ON r.rank_value = t.rank_value
  ORDER BY t.rank_value DESC, t.received_at, t.workout_id
$$;

-- A board entry as the API sends it: a compact JSON object with these keys in this order (the
-- server joins entries without decoding them; createdAt as Date.prototype.toISOString writes it).
-- p_capped: a capped run's entry carries "capped":true (absent otherwise). p_legacy: the
-- challenge's entry declares a legacy name for its score (legacy.scoreField in
-- common/challenge-entries.ts), p_score_field that name, under which the entry also carries its
-- score, last (as the response serializer writes optional keys). The server passes both from the
-- catalogue (server/src/lib/score-answers.ts); the name's default is the push-up entry's, for a
-- caller that passes only the flag.
-- The set's tier (workouts.tier, common/tiers.ts) is read by the set's key. p_verified_board: the
-- entry is on a global Verified board, whose top three (rank <= 3) carry "awaitingReview":true
-- until a moderator reviews the set (docs/decisions/0244-tiers-shown-and-reviewed.md).
-- to_json escapes every control character, so an entry never holds a raw line break.
CREATE FUNCTION lb_entry_json(
  p_id integer, p_username text, p_rank bigint, p_score integer, p_created_at timestamptz,
  p_age integer, p_gender text, p_picture text, p_verified boolean, p_legacy boolean,
  p_capped boolean DEFAULT false, p_score_field text DEFAULT 'pushups',
  p_verified_board boolean DEFAULT false
) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '{"id":' || p_id || ',"username":' || to_json(p_username) || ',"rank":' || p_rank
    || ',"score":' || p_score
    || ',"createdAt":"' || to_char(p_created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","age":' || coalesce(p_age::text, 'null') || ',"gender":' || coalesce(to_json(p_gender)::text, 'null')
    || ',"profilePicture":' || coalesce(to_json(p_picture)::text, 'null') || ',"verified":' || p_verified
    || ',"tier":"' || t.tier || '"'
    -- A proof clip anyone may watch (docs/decisions/0158-proof-clips-on-the-device.md): a camera
    -- set's, from camera-counted on (common/tiers.ts), once its member made clips public.
    || CASE WHEN t.tier <> 'entered' AND EXISTS (
         SELECT 1 FROM workout_clips c JOIN users u ON u.id = c.user_id WHERE c.workout_id = p_id AND u.clips_public
       ) THEN ',"hasClip":true' ELSE '' END
    || CASE WHEN p_capped THEN ',"capped":true' ELSE '' END
    || CASE WHEN p_verified_board AND p_rank <= 3 AND t.tier = 'recounted' THEN ',"awaitingReview":true' ELSE '' END
    || CASE WHEN p_legacy AND p_score_field IS NOT NULL THEN ',' || to_json(p_score_field) || ':' || p_score ELSE '' END || '}'
  FROM (SELECT coalesce((SELECT w.tier FROM workouts w WHERE w.id = p_id), 'entered') AS tier) t
$$;

-- The first p_limit entries of the board whose age is in [p_age_min, p_age_max] and whose gender
-- is p_gender (null = any), registering the period on first use. A complete period's board is
-- lb_board_filled's; the server reads that one directly and comes here for any other.
CREATE FUNCTION lb_board(
  p_challenge text, p_start timestamptz, p_end timestamptz, p_limit integer,
  p_age_min integer, p_age_max integer, p_gender text
)
RETURNS TABLE (
  workout_id integer, rank bigint, score integer, created_at timestamptz,
  username text, age integer, gender text, profile_picture text, verified boolean, capped boolean
)
LANGUAGE plpgsql ROWS 100 AS $$
#variable_conflict use_column
DECLARE
  pid integer := lb_period(p_challenge, p_start, p_end);
  -- A quarter more than asked for: a member with two sets among the best takes two places.
  take integer := p_limit + p_limit / 4 + 20;
  held bigint;
  matching bigint;
  ids integer[];
  ranks bigint[];
BEGIN
  IF lb_period_ready(pid) THEN
    RETURN QUERY
    SELECT f.workout_id, f.rank, f.score, f.created_at, f.username, f.age, f.gender, f.profile_picture, f.verified,
      f.capped
    FROM lb_board_filled(p_challenge, p_start, p_end, p_limit, p_age_min, p_age_max, p_gender) f;
    RETURN;
  END IF;
  -- A period still being filled (section 5): read from its best sets, a prefix long enough to
  -- hold p_limit entries that pass the filters (or the whole period), grown when it is not: a new
  -- month reads some hundreds of index entries, not the period's every set; then the entries'
  -- own rows. docs/decisions/0073-first-board-of-a-period.md
  LOOP
    SELECT max(x.prefix_rows), count(*) FILTER (WHERE x.shown),
      array_agg(x.workout_id ORDER BY x.rank_value DESC, x.received_at, x.workout_id) FILTER (WHERE x.shown),
      array_agg(x.rank ORDER BY x.rank_value DESC, x.received_at, x.workout_id) FILTER (WHERE x.shown)
    INTO held, matching, ids, ranks
    FROM (SELECT b.*, lb_matches(b.age, b.gender, p_age_min, p_age_max, p_gender) AS shown
          FROM lb_prefix_bests(p_challenge, p_start, p_end, take) b) x;
    IF held IS NULL THEN
      -- No public set in it (or none at all): how long was it?
      SELECT count(*) INTO held FROM lb_prefix(p_challenge, p_start, p_end, take);
    END IF;
    EXIT WHEN held < take OR matching >= p_limit;
    -- Long enough for the share of entries the filters kept so far, with a margin; 2-16x
    -- (worked out in bigint: a filter nobody matches must not overflow it).
    take := least(2147483647, take::bigint * 16,
      greatest(take::bigint * 2, ceil(take * 1.25 * (p_limit + 10) / greatest(matching, 1))::bigint))::integer;
  END LOOP;
  RETURN QUERY
  SELECT s.id, x.rank, s.score, s.created_at, s.username, s.age, s.gender, s.profile_picture, s.verified,
    s.capped
  FROM unnest(ids[1:p_limit], ranks[1:p_limit]) WITH ORDINALITY x(id, rank, n)
  -- A set deleted or a member gone private since the walk is left out.
  JOIN lb_public_sets() s ON s.id = x.id
  ORDER BY x.n;
END $$;

-- The user's best in the period and overall rank (1 + users with a higher rank value), or no row.
CREATE FUNCTION lb_me(p_challenge text, p_start timestamptz, p_end timestamptz, p_user integer)
RETURNS TABLE (workout_id integer, rank bigint, score integer, created_at timestamptz, capped boolean)
LANGUAGE plpgsql ROWS 1 AS $$
#variable_conflict use_column
DECLARE
  pid integer := lb_period(p_challenge, p_start, p_end);
  mine record;
  ready boolean := lb_period_ready(pid);
BEGIN
  IF ready THEN
    SELECT b.workout_id, b.score, b.created_at, b.capped, b.rank_value INTO mine
    FROM leaderboard_bests b WHERE b.user_id = p_user AND b.period_id = pid;
  ELSE
    -- Still being filled: from workouts, as lb_board reads it meanwhile.
    SELECT b.workout_id, b.score, b.created_at, b.capped, b.rank_value INTO mine
    FROM lb_best_workouts(ARRAY[p_user], ARRAY[pid]) b;
  END IF;
  IF NOT FOUND THEN
    -- A private member has no bests: their best is read from their workouts, and their rank is
    -- where they would stand among the public members (who alone are counted).
    SELECT w.id AS workout_id, w.score, w.created_at, w.capped, w.rank_value INTO mine
    FROM workouts w JOIN users u ON u.id = w.user_id
    WHERE w.user_id = p_user AND u.is_private AND w.challenge = p_challenge
      AND w.created_at >= p_start AND w.created_at < p_end
      AND NOT EXISTS (SELECT 1 FROM hidden_workouts h WHERE h.workout_id = w.id)
    ORDER BY lb_rank_key(w.rank_value, w.received_at, w.id)
    LIMIT 1;
    IF NOT FOUND THEN
      RETURN;
    END IF;
  END IF;
  workout_id := mine.workout_id;
  score := mine.score;
  created_at := mine.created_at;
  capped := mine.capped;
  IF ready THEN
    SELECT 1 + coalesce(sum(c.users), 0) INTO rank
    FROM leaderboard_counts c WHERE c.period_id = pid AND c.score > mine.rank_value;
  ELSE
    -- Still being filled: the public members with a set above mine in the period, read from the
    -- covering indexes (workouts_created_idx or workouts_rank_idx), not every member's best.
    SELECT 1 + count(*) INTO rank
    FROM (SELECT DISTINCT w.user_id FROM workouts w
          WHERE w.challenge = p_challenge AND w.created_at >= p_start AND w.created_at < p_end
            AND w.rank_value > mine.rank_value
            AND NOT EXISTS (SELECT 1 FROM hidden_workouts h WHERE h.workout_id = w.id)) d
    JOIN lb_public_members() m ON m.id = d.user_id;
  END IF;
  RETURN NEXT;
END $$;


-- 7. Repair -----------------------------------------------------------------------------------------

-- Recomputes every registered period's summaries from workouts. For bulk loads: disable the
-- lb_workouts_insert trigger, load, enable it, then SELECT lb_rebuild(); also a repair tool should
-- the summaries ever be doubted. Writers wait while it runs.
CREATE FUNCTION lb_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE workouts IN SHARE MODE;
  TRUNCATE leaderboard_bests, leaderboard_counts;
  -- The insert trigger on leaderboard_bests fills leaderboard_counts.
  INSERT INTO leaderboard_bests (user_id, period_id, workout_id, score, capped, rank_value, created_at, received_at, age, gender,
    username, profile_picture, verified)
  SELECT * FROM lb_best_workouts(NULL, NULL);
  -- Every period is complete now, including those a batched fill had not finished.
  UPDATE leaderboard_periods SET fill_cursor = NULL, fill_wait_xid = NULL WHERE fill_cursor IS NOT NULL;
END $$;


-- 8. Change notices ---------------------------------------------------------------------------------
-- Tells every app instance that leaderboard data changed (their board caches drop entries; see
-- server/src/routes/leaderboard/board-cache.ts). NOTIFY is delivered at commit, once per transaction and
-- channel/payload. The payload is the challenge whose boards changed, so a burpee save leaves the
-- push-up boards' cache alone; '' means every board (a member's name, picture or privacy changed).

CREATE FUNCTION lb_notify_board() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fitbench_board', '');
  RETURN NULL;
END $$;

CREATE FUNCTION lb_notify_new_sets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fitbench_board', c.challenge) FROM (SELECT DISTINCT challenge FROM new_rows) c;
  RETURN NULL;
END $$;

CREATE FUNCTION lb_notify_old_sets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fitbench_board', c.challenge) FROM (SELECT DISTINCT challenge FROM old_rows) c;
  RETURN NULL;
END $$;

-- A club's row (its visibility, or a moderator's removal) is kept with its board's lookup in the
-- board cache (server/src/routes/clubs/clubs.service.ts visibleClubForBoard); its members' changes
-- notify from migration 0021.
CREATE TRIGGER lb_clubs_notify AFTER UPDATE OR DELETE ON clubs
  FOR EACH STATEMENT EXECUTE FUNCTION lb_notify_board();

CREATE TRIGGER lb_workouts_notify_insert AFTER INSERT ON workouts
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lb_notify_new_sets();

CREATE TRIGGER lb_workouts_notify_delete AFTER DELETE ON workouts
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lb_notify_old_sets();

-- A set that moves between challenges (no app path does) is told under both.
CREATE TRIGGER lb_workouts_notify_update_old AFTER UPDATE ON workouts
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lb_notify_old_sets();

CREATE TRIGGER lb_workouts_notify_update_new AFTER UPDATE ON workouts
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lb_notify_new_sets();

CREATE TRIGGER lb_workouts_notify_truncate AFTER TRUNCATE ON workouts
  FOR EACH STATEMENT EXECUTE FUNCTION lb_notify_board();

CREATE TRIGGER lb_users_notify_board AFTER UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION lb_notify_board();

-- A board entry says whether its set has a proof clip (lb_entry_json): a clip kept or deleted
-- changes the boards' answers.
CREATE TRIGGER lb_clips_notify_board AFTER INSERT OR UPDATE OR DELETE ON workout_clips
  FOR EACH STATEMENT EXECUTE FUNCTION lb_notify_board();


-- 9. Verified boards --------------------------------------------------------------------------------
-- ?verified=true: each member's best verified workout in the period, ranked among verified
-- workouts only (ties share a rank; filters narrow the rows, not the ranks), and /me on that board.
-- Read from workouts directly through the partial index workouts_verified_created_idx: verified
-- sets are a small share of all sets. Design: docs/decisions/0052-verified-boards.md.

CREATE FUNCTION lb_board_verified(
  p_challenge text, p_start timestamptz, p_end timestamptz, p_limit integer,
  p_age_min integer, p_age_max integer, p_gender text
)
RETURNS TABLE (
  workout_id integer, rank bigint, score integer, created_at timestamptz,
  username text, age integer, gender text, profile_picture text, verified boolean, capped boolean
)
LANGUAGE sql STABLE AS $$
  WITH best AS (
    SELECT DISTINCT ON (s.user_id) s.user_id, s.id, s.score, s.capped, s.rank_value, s.created_at, s.received_at,
      s.age, s.gender, s.username, s.profile_picture
    FROM lb_public_sets() s
    WHERE s.verified AND s.challenge = p_challenge AND s.created_at >= p_start AND s.created_at < p_end
    ORDER BY s.user_id, lb_rank_key(s.rank_value, s.received_at, s.id)
  ), ranked AS (
    SELECT b.*, rank() OVER (ORDER BY b.rank_value DESC) AS rank
    FROM best b
  )
  SELECT r.id, r.rank, r.score, r.created_at, r.username, r.age, r.gender, r.profile_picture, true, r.capped
  FROM ranked r
  WHERE lb_matches(r.age, r.gender, p_age_min, p_age_max, p_gender)
  ORDER BY lb_rank_key(r.rank_value, r.received_at, r.id)
  LIMIT p_limit
$$;

CREATE FUNCTION lb_me_verified(p_challenge text, p_start timestamptz, p_end timestamptz, p_user integer)
RETURNS TABLE (workout_id integer, rank bigint, score integer, created_at timestamptz, capped boolean)
LANGUAGE sql STABLE AS $$
  WITH mine AS (
    SELECT w.id, w.score, w.capped, w.rank_value, w.created_at FROM workouts w
    WHERE w.user_id = p_user AND w.verified AND w.challenge = p_challenge
      AND w.created_at >= p_start AND w.created_at < p_end
      AND NOT EXISTS (SELECT 1 FROM hidden_workouts h WHERE h.workout_id = w.id)
    ORDER BY lb_rank_key(w.rank_value, w.received_at, w.id)
    LIMIT 1
  )
  SELECT m.id,
    1 + (SELECT count(DISTINCT s.user_id) FROM lb_public_sets() s
         WHERE s.verified AND s.user_id <> p_user AND s.challenge = p_challenge
           AND s.created_at >= p_start AND s.created_at < p_end
           AND s.rank_value > m.rank_value),
    m.score, m.created_at, m.capped
  FROM mine m
$$;


-- 10. Moderation ------------------------------------------------------------------------------------
-- A workout a moderator hides (a row in hidden_workouts) leaves every board as a deleted one does:
-- its owner's bests in that challenge's periods are recomputed without it (lb_refresh, the path of
-- lb_on_workouts_delete), and every instance's board cache hears of the challenge. Showing it again
-- recomputes them the same way. Suspensions are lb_on_users_update's (section 3).
-- docs/decisions/0151-hidden-workouts.md

CREATE FUNCTION lb_on_hidden_workouts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected_users integer[];
  affected_periods integer[];
BEGIN
  SELECT array_agg(DISTINCT c.user_id) INTO affected_users FROM changed c;
  IF affected_users IS NULL THEN
    RETURN NULL;
  END IF;
  -- As lb_on_workouts_delete: waits for a batch filling a period with these users.
  PERFORM 1 FROM users WHERE id = ANY (affected_users) ORDER BY id FOR NO KEY UPDATE;
  SELECT array_agg(p.id) INTO affected_periods FROM leaderboard_periods p
  WHERE p.challenge IN (SELECT w.challenge FROM workouts w JOIN changed c ON c.workout_id = w.id);
  IF affected_periods IS NOT NULL THEN
    PERFORM lb_refresh(affected_users, affected_periods);
  END IF;
  PERFORM pg_notify('fitbench_board', x.challenge)
  FROM (SELECT DISTINCT w.challenge FROM workouts w JOIN changed c ON c.workout_id = w.id) x;
  RETURN NULL;
END $$;

CREATE TRIGGER lb_hidden_workouts_insert AFTER INSERT ON hidden_workouts
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION lb_on_hidden_workouts();

CREATE TRIGGER lb_hidden_workouts_delete AFTER DELETE ON hidden_workouts
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION lb_on_hidden_workouts();

-- 11. Boards over a set of members ------------------------------------------------------------------
-- A board that ranks a given set of members only (the member and the people they follow; a club's
-- members), computed from the same per-challenge bests as the global board: a join on the set,
-- no second copy of scores. The caller decides who is in the set, privacy included: every id
-- given has their best on it (a private member's read from their workouts, as lb_me reads it),
-- so a caller that must leave private members out leaves them out of the array. Ranks: 1 + the
-- set's members with a higher best in the period (ties share a rank: 1, 2, 2, 4), whatever the
-- filters, which narrow the rows only, as on the global board. Verified only: each member's best
-- verified set, ranked among those (as section 9). Design: docs/decisions/0160-member-set-boards.md.

-- Each member of p_members with a set in the period: their best one (p_verified: their best
-- verified one), with what an entry shows. A complete period's public bests come from
-- leaderboard_bests (one lookup by key per member); anything else from workouts, one index range
-- per member (workouts_user_challenge_created_idx). Registers the period on first use, as a
-- board read does.
CREATE FUNCTION lb_set_bests(
  p_challenge text, p_start timestamptz, p_end timestamptz, p_verified boolean, p_members integer[]
)
RETURNS TABLE (
  user_id integer, workout_id integer, score integer, created_at timestamptz, received_at timestamptz,
  username text, age integer, gender text, profile_picture text, verified boolean,
  capped boolean, rank_value integer
)
LANGUAGE plpgsql ROWS 200 AS $$
#variable_conflict use_column
DECLARE
  -- true: every member's best is read from workouts; false: the private members' only.
  from_sets boolean := true;
  pid integer;
BEGIN
  IF NOT p_verified THEN
    pid := lb_period(p_challenge, p_start, p_end);
    IF lb_period_ready(pid) THEN
      from_sets := false;
      RETURN QUERY
      SELECT b.user_id, b.workout_id, b.score, b.created_at, b.received_at, b.username, b.age, b.gender,
        b.profile_picture, b.verified, b.capped, b.rank_value
      FROM leaderboard_bests b
      WHERE b.period_id = pid AND b.user_id = ANY (p_members);
    END IF;
  END IF;
  RETURN QUERY
  SELECT u.id, w.id, w.score, w.created_at, w.received_at, u.username,
    lb_shown_age(u.age, u.show_age_gender), lb_shown_gender(u.gender, u.show_age_gender),
    u.profile_picture, w.verified, w.capped, w.rank_value
  FROM users u
  CROSS JOIN LATERAL (
    SELECT w.id, w.score, w.created_at, w.received_at, w.verified, w.capped, w.rank_value FROM workouts w
    WHERE w.user_id = u.id AND w.challenge = p_challenge AND w.created_at >= p_start
      AND w.created_at < p_end AND (w.verified OR NOT p_verified)
      -- A set a moderator hid is on no board (section 10).
      AND NOT EXISTS (SELECT 1 FROM hidden_workouts h WHERE h.workout_id = w.id)
    ORDER BY lb_rank_key(w.rank_value, w.received_at, w.id)
    LIMIT 1
  ) w
  -- A suspended member is on no board, whoever's set names them (docs/decisions/0152-suspensions.md);
  -- leaderboard_bests holds none (section 3), the workouts path checks here.
  WHERE u.id = ANY (p_members) AND (from_sets OR u.is_private) AND u.suspended_at IS NULL;
END $$;

-- The first p_limit entries of the set's board whose age is in [p_age_min, p_age_max] and whose
-- gender is p_gender (null = any), in board order; n: the entry's place.
CREATE FUNCTION lb_set_board(
  p_challenge text, p_start timestamptz, p_end timestamptz, p_limit integer,
  p_age_min integer, p_age_max integer, p_gender text, p_verified boolean, p_members integer[]
)
RETURNS TABLE (
  workout_id integer, rank bigint, score integer, created_at timestamptz,
  username text, age integer, gender text, profile_picture text, verified boolean, n bigint, capped boolean
)
LANGUAGE sql AS $$
  WITH ranked AS (
    SELECT s.*, rank() OVER (ORDER BY s.rank_value DESC) AS rank
    FROM lb_set_bests(p_challenge, p_start, p_end, p_verified, p_members) s
  )
  SELECT r.workout_id, r.rank, r.score, r.created_at, r.username, r.age, r.gender, r.profile_picture,
    r.verified, row_number() OVER (ORDER BY lb_rank_key(r.rank_value, r.received_at, r.workout_id)), r.capped
  FROM ranked r
  WHERE lb_matches(r.age, r.gender, p_age_min, p_age_max, p_gender)
  ORDER BY lb_rank_key(r.rank_value, r.received_at, r.workout_id)
  LIMIT p_limit
$$;

-- p_user's best in the period and their rank on the set's board (1 + the set's other members with
-- a higher best), or no row. p_user need not be in the set (a private member on their own
-- following board): the rank is then where they would stand in it, as lb_me does for the global one.
CREATE FUNCTION lb_set_me(
  p_challenge text, p_start timestamptz, p_end timestamptz, p_verified boolean, p_members integer[],
  p_user integer
)
RETURNS TABLE (workout_id integer, rank bigint, score integer, created_at timestamptz, capped boolean)
LANGUAGE sql AS $$
  SELECT m.workout_id,
    1 + (SELECT count(*) FROM lb_set_bests(p_challenge, p_start, p_end, p_verified, p_members) s
         WHERE s.user_id <> p_user AND s.rank_value > m.rank_value),
    m.score, m.created_at, m.capped
  FROM lb_set_bests(p_challenge, p_start, p_end, p_verified, ARRAY[p_user]) m
$$;

-- A follow or unfollow changes no board's scores, but the follower counts that cached public
-- profiles show (server/src/routes/users/users.service.ts): the 'follows' payload drops those on
-- every instance and leaves the boards' cache alone (FOLLOWS_SCOPE, server/src/routes/leaderboard/board-cache.ts).
-- Following boards are not cached (docs/decisions/0161-following.md).
CREATE FUNCTION lb_notify_follows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fitbench_board', 'follows');
  RETURN NULL;
END $$;

CREATE TRIGGER lb_follows_notify AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON follows
  FOR EACH STATEMENT EXECUTE FUNCTION lb_notify_follows();
