-- "You dropped out of the top 10 of <board>": every board a member is on, checked when it changes.
-- Design: docs/decisions/0254-dropped-out-of-the-top-10.md, 0274-top-10-of-every-board.md.
-- Applied as server/src/db/sql-sources.ts says: every function here is named t10_*, and all are
-- dropped, with their triggers, before the file runs.
--
-- A board is a leaderboard period (registered by a viewer's read, docs/decisions/0066) and a
-- filter: '' for the unfiltered board, else the member's own age band, gender, both, and each of
-- these (and the unfiltered one) Verified only, written 'age:30-39', 'gender:female',
-- 'age:30-39,gender:female,verified', 'verified'. A board changes only when a best on it changes:
-- - the boards of all sets are kept in leaderboard_bests by leaderboard.sql's triggers (a save, an
--   edit, a deletion, a hidden set, a suspension or privacy change, an age change): the statement
--   triggers on leaderboard_bests below check the boards of the rows they changed;
-- - the Verified boards are read from workouts (lb_board_verified): the triggers on workouts,
--   hidden_workouts and users below check them when a verified set, or its member, changes (a
--   recount or a review makes a set verified by updating it).
-- Nothing polls: a statement that changes no board's top 10 reads each touched board's first 10
-- and the top 10 last seen (notification_board_tops), and writes nothing.


-- 1. Boards and their filters -------------------------------------------------------------------------

-- What a board is called comes from its period's length (common/leaderboard.ts).
CREATE FUNCTION t10_board_kind(p_start timestamptz, p_end timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_start = '-infinity' OR p_end = 'infinity' THEN 'all_time'
    WHEN p_end - p_start <= interval '26 hours' THEN 'today'
    WHEN p_end - p_start <= interval '8 days' THEN 'week' ELSE 'month' END
$$;

-- The age bands of common/leaderboard.ts (AGE_GROUPS; server/src/routes/notifications/top10-boards.test.ts
-- keeps the two equal): the band of an age (standing.sql's st_band, applied before this file; null
-- for no age), and a band's bounds.
CREATE FUNCTION t10_band(p_age integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT nullif(st_band(p_age), '')
$$;

CREATE FUNCTION t10_band_min(p_band text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_band WHEN 'under-20' THEN 0 WHEN '20-29' THEN 20 WHEN '30-39' THEN 30
    WHEN '40-49' THEN 40 WHEN '50-59' THEN 50 WHEN '60-plus' THEN 60 END
$$;

CREATE FUNCTION t10_band_max(p_band text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_band WHEN 'under-20' THEN 19 WHEN '20-29' THEN 29 WHEN '30-39' THEN 39
    WHEN '40-49' THEN 49 WHEN '50-59' THEN 59 END
$$;

-- The filters of the boards an entry with this (shown) age and gender is on: the unfiltered one,
-- its band, its gender (the boards offer male and female), and both; p_verified: those of the
-- Verified boards.
CREATE FUNCTION t10_filters(p_age integer, p_gender text, p_verified boolean)
RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT concat_ws(',', 'age:' || a.band, 'gender:' || g.gender,
    CASE WHEN p_verified THEN 'verified' END)
  FROM (VALUES (NULL::text), (t10_band(p_age))) a(band),
    (VALUES (NULL::text), (CASE WHEN p_gender IN ('male', 'female') THEN p_gender END)) g(gender)
$$;

-- A filter's parts.
CREATE FUNCTION t10_filter_band(p_filter text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT substring(p_filter FROM 'age:([^,]+)')
$$;
CREATE FUNCTION t10_filter_gender(p_filter text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT substring(p_filter FROM 'gender:([^,]+)')
$$;


-- 2. A board's top 10, and who is on it ----------------------------------------------------------------

-- Each public member's best verified set in the period (lb_board_verified's rows), filtered.
CREATE FUNCTION t10_verified_bests(p_period integer, p_filter text)
RETURNS TABLE (user_id integer, rank_value integer, received_at timestamptz, workout_id integer)
LANGUAGE sql STABLE AS $$
  SELECT x.user_id, x.rank_value, x.received_at, x.id FROM (
    SELECT DISTINCT ON (s.user_id) s.user_id, s.id, s.rank_value, s.received_at, s.age, s.gender
    FROM leaderboard_periods lp
    JOIN lb_public_sets() s ON s.verified AND s.challenge = lp.challenge
      AND s.created_at >= lp.starts_at AND s.created_at < lp.ends_at
    WHERE lp.id = p_period
    ORDER BY s.user_id, lb_rank_key(s.rank_value, s.received_at, s.id)
  ) x
  WHERE lb_matches(x.age, x.gender, t10_band_min(t10_filter_band(p_filter)),
    t10_band_max(t10_filter_band(p_filter)), t10_filter_gender(p_filter))
$$;

-- The board's first 10 members, in board order (lb_rank_key's columns; the unfiltered and
-- filtered boards walk leaderboard_bests_board_idx).
CREATE FUNCTION t10_top(p_period integer, p_filter text) RETURNS integer[]
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF p_filter LIKE '%verified' THEN
    RETURN ARRAY(SELECT v.user_id FROM t10_verified_bests(p_period, p_filter) v
                 ORDER BY v.rank_value DESC, v.received_at, v.workout_id LIMIT 10);
  END IF;
  RETURN ARRAY(SELECT b.user_id FROM leaderboard_bests b
               WHERE b.period_id = p_period
                 AND lb_matches(b.age, b.gender, t10_band_min(t10_filter_band(p_filter)),
                   t10_band_max(t10_filter_band(p_filter)), t10_filter_gender(p_filter))
               ORDER BY b.rank_value DESC, b.received_at, b.workout_id LIMIT 10);
END $$;

-- Whether the member is on the board at all (one who left it, by going private, suspended, a
-- deleted or hidden set, or another age band, is not told they dropped out of it).
CREATE FUNCTION t10_on_board(p_period integer, p_filter text, p_user integer) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF p_filter LIKE '%verified' THEN
    RETURN EXISTS (SELECT 1 FROM t10_verified_bests(p_period, p_filter) v WHERE v.user_id = p_user);
  END IF;
  RETURN EXISTS (SELECT 1 FROM leaderboard_bests b
                 WHERE b.period_id = p_period AND b.user_id = p_user
                   AND lb_matches(b.age, b.gender, t10_band_min(t10_filter_band(p_filter)),
                     t10_band_max(t10_filter_band(p_filter)), t10_filter_gender(p_filter)));
END $$;


-- 3. Comparing, and telling -------------------------------------------------------------------------------

-- Checks these boards (p_periods[i] with p_filters[i]; complete periods only, but for a Verified
-- board, which is read from workouts). Equal to the top 10 last seen, the usual case: no lock,
-- nothing written. Different: the row is locked (boards in (period, filter) order, so concurrent
-- changes take turns without deadlocks), both are read again, and the members who were in it,
-- are not now and are still on the board are told. The first check of a board only records its
-- top 10. The key names the board and the transaction: a member is told once per board and
-- change, even where several periods (time zones) of that board changed together, and a second
-- change in another transaction tells only whom it pushed out itself.
CREATE FUNCTION t10_check(p_periods integer[], p_filters text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  p record;
  top integer[];
  seen integer[];
BEGIN
  FOR p IN
    SELECT DISTINCT lp.id, x.f AS filter, lp.challenge, t10_board_kind(lp.starts_at, lp.ends_at) AS board
    FROM unnest(p_periods, p_filters) AS x(pid, f)
    JOIN leaderboard_periods lp ON lp.id = x.pid AND (lp.fill_cursor IS NULL OR x.f LIKE '%verified')
    ORDER BY lp.id, x.f
  LOOP
    top := t10_top(p.id, p.filter);
    SELECT t.user_ids INTO seen FROM notification_board_tops t WHERE t.period_id = p.id AND t.filter = p.filter;
    IF NOT FOUND THEN
      INSERT INTO notification_board_tops (period_id, filter, user_ids) VALUES (p.id, p.filter, top)
        ON CONFLICT DO NOTHING;
      CONTINUE;
    END IF;
    IF seen = top THEN
      CONTINUE;
    END IF;
    SELECT t.user_ids INTO seen FROM notification_board_tops t
    WHERE t.period_id = p.id AND t.filter = p.filter FOR UPDATE;
    top := t10_top(p.id, p.filter);
    IF seen = top THEN
      CONTINUE;
    END IF;
    INSERT INTO notifications (recipient_id, kind, challenge, board, board_filter, key)
    SELECT d.u, 'dropped-top-10', p.challenge, p.board, nullif(p.filter, ''),
      concat_ws(':', 'top10', p.challenge, p.board, nullif(p.filter, ''), 'x' || pg_current_xact_id()::text)
    FROM unnest(seen) AS d(u)
    WHERE NOT (d.u = ANY (top)) AND t10_on_board(p.id, p.filter, d.u)
    ORDER BY d.u
    ON CONFLICT DO NOTHING;
    UPDATE notification_board_tops SET user_ids = top WHERE period_id = p.id AND filter = p.filter;
  END LOOP;
END $$;


-- 4. When boards change -------------------------------------------------------------------------------

-- A save (saves.sql's save_batch) leaves its boards to the fan-out job, which checks them for a
-- batch of saves at once, after they commit (notification-jobs.sql's nfo_top10): a save's
-- transaction writes its job row and checks nothing here. Every other change (an edit, a deletion,
-- hiding, a recount or review, a member's privacy, suspension, age or gender) is rare and is
-- checked in its own statement, below.
CREATE FUNCTION t10_later() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('fitbench.top10_later', true), '') = 'on'
$$;

-- The boards these sets changed, for the fan-out job: those where a set is now its member's best
-- (its leaderboard_bests rows, found through the member's key; a set that beat nothing changed no
-- board), with that row's filters; and for a verified set, the Verified boards of the periods it is
-- in, with its member's filters as shown now. A set deleted or outdone meanwhile was checked by
-- the statement that did it.
CREATE FUNCTION t10_check_sets(p_sets integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  periods integer[];
  filters text[];
BEGIN
  SELECT array_agg(x.id), array_agg(x.f) INTO periods, filters FROM (
    SELECT DISTINCT b.period_id AS id, f.f
    FROM workouts w
    JOIN leaderboard_bests b ON b.user_id = w.user_id AND b.workout_id = w.id
    CROSS JOIN LATERAL t10_filters(b.age, b.gender, false) f(f)
    WHERE w.id = ANY (p_sets)
    UNION
    SELECT v.period_id, v.filter
    FROM (
      SELECT array_agg(w.user_id) AS u, array_agg(w.challenge) AS c, array_agg(w.created_at) AS t
      FROM workouts w WHERE w.id = ANY (p_sets) AND w.verified
    ) s
    CROSS JOIN LATERAL t10_verified_boards(s.u, s.c, s.t) v
  ) x;
  IF periods IS NOT NULL THEN
    PERFORM t10_check(periods, filters);
  END IF;
END $$;


-- The bests that changed (added, moved, gone; a name or picture change moves nothing): the boards
-- they were and are on.
CREATE FUNCTION t10_on_bests() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  periods integer[];
  filters text[];
BEGIN
  IF t10_later() THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(c.period_id), array_agg(f.f) INTO periods, filters
    FROM (SELECT DISTINCT n.period_id, n.age, n.gender FROM new_rows n) c
    CROSS JOIN LATERAL t10_filters(c.age, c.gender, false) f(f);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(c.period_id), array_agg(f.f) INTO periods, filters
    FROM (SELECT DISTINCT o.period_id, o.age, o.gender FROM old_rows o) c
    CROSS JOIN LATERAL t10_filters(c.age, c.gender, false) f(f);
  ELSE
    SELECT array_agg(c.period_id), array_agg(f.f) INTO periods, filters
    FROM (
      SELECT DISTINCT x.period_id, x.age, x.gender
      FROM old_rows o JOIN new_rows n ON n.user_id = o.user_id AND n.period_id = o.period_id
      CROSS JOIN LATERAL (VALUES (o.period_id, o.age, o.gender), (n.period_id, n.age, n.gender)) x(period_id, age, gender)
      WHERE (o.rank_value, o.received_at, o.workout_id, o.age, o.gender)
        IS DISTINCT FROM (n.rank_value, n.received_at, n.workout_id, n.age, n.gender)
    ) c
    CROSS JOIN LATERAL t10_filters(c.age, c.gender, false) f(f);
  END IF;
  IF periods IS NOT NULL THEN
    PERFORM t10_check(periods, filters);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER t10_bests_insert AFTER INSERT ON leaderboard_bests
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION t10_on_bests();

CREATE TRIGGER t10_bests_update AFTER UPDATE ON leaderboard_bests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION t10_on_bests();

CREATE TRIGGER t10_bests_delete AFTER DELETE ON leaderboard_bests
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION t10_on_bests();

-- The Verified boards these verified sets (a member, a challenge, a time) were or are on, as their
-- member shows their age and gender now (a deleted member's: the unfiltered one).
CREATE FUNCTION t10_verified_boards(p_users integer[], p_challenges text[], p_times timestamptz[])
RETURNS TABLE (period_id integer, filter text) LANGUAGE sql STABLE AS $$
  SELECT DISTINCT lp.id, f.f
  FROM unnest(p_users, p_challenges, p_times) AS s(u, c, t)
  JOIN leaderboard_periods lp ON lp.challenge = s.c AND s.t >= lp.starts_at AND s.t < lp.ends_at
  LEFT JOIN users m ON m.id = s.u
  CROSS JOIN LATERAL t10_filters(lb_shown_age(m.age, m.show_age_gender),
    lb_shown_gender(m.gender, m.show_age_gender), true) f(f)
$$;

CREATE FUNCTION t10_check_verified(p_users integer[], p_challenges text[], p_times timestamptz[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  periods integer[];
  filters text[];
BEGIN
  SELECT array_agg(b.period_id), array_agg(b.filter) INTO periods, filters
  FROM t10_verified_boards(p_users, p_challenges, p_times) b;
  IF periods IS NOT NULL THEN
    PERFORM t10_check(periods, filters);
  END IF;
END $$;

-- Verified sets saved, deleted, or changed (a recount or review making one verified, an edit).
CREATE FUNCTION t10_on_sets() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  u integer[];
  c text[];
  t timestamptz[];
BEGIN
  IF t10_later() THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.user_id), array_agg(n.challenge), array_agg(n.created_at) INTO u, c, t
    FROM new_rows n WHERE n.verified;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o.user_id), array_agg(o.challenge), array_agg(o.created_at) INTO u, c, t
    FROM old_rows o WHERE o.verified;
  ELSE
    SELECT array_agg(x.user_id), array_agg(x.challenge), array_agg(x.created_at) INTO u, c, t
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.user_id, o.challenge, o.created_at), (n.user_id, n.challenge, n.created_at))
      x(user_id, challenge, created_at)
    WHERE (o.verified OR n.verified)
      AND (o.user_id, o.challenge, o.rank_value, o.created_at, o.received_at, o.verified)
        IS DISTINCT FROM (n.user_id, n.challenge, n.rank_value, n.created_at, n.received_at, n.verified);
  END IF;
  IF u IS NOT NULL THEN
    PERFORM t10_check_verified(u, c, t);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER t10_workouts_insert AFTER INSERT ON workouts
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION t10_on_sets();

CREATE TRIGGER t10_workouts_update AFTER UPDATE ON workouts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION t10_on_sets();

CREATE TRIGGER t10_workouts_delete AFTER DELETE ON workouts
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION t10_on_sets();

-- A verified set a moderator hid or showed again.
CREATE FUNCTION t10_on_hidden() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  u integer[];
  c text[];
  t timestamptz[];
BEGIN
  SELECT array_agg(w.user_id), array_agg(w.challenge), array_agg(w.created_at) INTO u, c, t
  FROM changed h JOIN workouts w ON w.id = h.workout_id WHERE w.verified;
  IF u IS NOT NULL THEN
    PERFORM t10_check_verified(u, c, t);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER t10_hidden_insert AFTER INSERT ON hidden_workouts
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION t10_on_hidden();

CREATE TRIGGER t10_hidden_delete AFTER DELETE ON hidden_workouts
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION t10_on_hidden();

-- A member suspended or let back, gone private or public, or showing another age or gender: the
-- Verified boards of their verified sets (the others follow leaderboard_bests, above). Their
-- boards before the change are checked as well as after, so each board's last seen top 10 stays
-- true.
CREATE FUNCTION t10_on_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  periods integer[];
  filters text[];
BEGIN
  SELECT array_agg(b.id), array_agg(b.f) INTO periods, filters FROM (
    SELECT DISTINCT lp.id, f.f
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    JOIN workouts w ON w.user_id = n.id AND w.verified
    JOIN leaderboard_periods lp
      ON lp.challenge = w.challenge AND w.created_at >= lp.starts_at AND w.created_at < lp.ends_at
    CROSS JOIN LATERAL (VALUES (lb_shown_age(o.age, o.show_age_gender), lb_shown_gender(o.gender, o.show_age_gender)),
      (lb_shown_age(n.age, n.show_age_gender), lb_shown_gender(n.gender, n.show_age_gender))) x(age, gender)
    CROSS JOIN LATERAL t10_filters(x.age, x.gender, true) f(f)
    WHERE (o.is_private, o.suspended_at IS NULL, o.age, o.gender, o.show_age_gender)
      IS DISTINCT FROM (n.is_private, n.suspended_at IS NULL, n.age, n.gender, n.show_age_gender)
  ) b;
  IF periods IS NOT NULL THEN
    PERFORM t10_check(periods, filters);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER t10_users_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION t10_on_users();
