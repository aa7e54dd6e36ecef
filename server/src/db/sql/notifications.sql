-- Notifications: the ones the database makes itself as sets are saved, and the change notice every
-- instance's stream listens to. Design: docs/decisions/0253-notifications.md (what is made, once),
-- 0254-dropped-out-of-the-top-10.md, 0255-the-notification-stream.md. Applied as
-- server/src/db/sql-sources.ts says: every function here is named ntf_*, and all are dropped, with
-- their triggers, before the file runs.
--
-- Triggers on workouts fire in name order: lb_workouts_* (leaderboard.sql) have already moved the
-- boards' bests when ntf_workouts_* run, and st_workouts_* (standing.sql) have not yet moved the
-- saver's all-time best in standing_bests, so it still holds the best this set is compared with.


-- 1. The change notice ------------------------------------------------------------------------------
-- At commit, the recipients whose notifications changed (made, or read), as comma-separated ids in
-- chunks under NOTIFY's 8000-byte payload (server/src/routes/notifications/stream.ts).
CREATE FUNCTION ntf_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fitbench_ntf', string_agg(x.r::text, ','))
  FROM (SELECT d.r, (row_number() OVER (ORDER BY d.r) - 1) / 500 AS g
        FROM (SELECT DISTINCT recipient_id AS r FROM changed) d) x
  GROUP BY x.g;
  RETURN NULL;
END $$;

CREATE TRIGGER ntf_notifications_insert AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION ntf_announce();

CREATE TRIGGER ntf_notifications_update AFTER UPDATE ON notifications
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION ntf_announce();


-- 2. "X beat your best in <challenge>" ---------------------------------------------------------------
-- Fan-out on write, in the save's own statement: one insert for all the saver's followers whose
-- all-time best in the challenge the new set passes and the saver's best before it did not
-- (docs/decisions/0256-fan-out-on-write.md). The saver must be public and not suspended; a
-- suspended follower gets nothing. The key names the saver, the challenge and the best passed
-- (beat:<saver>:<challenge>:<rank value>): once per best, however many sets (or concurrent saves,
-- on any instance) pass it; rows go in follower order, so concurrent saves wait on each other's
-- keys in one order.
CREATE FUNCTION ntf_beats(p_new_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO notifications (recipient_id, kind, actor_id, workout_id, challenge, key)
  SELECT f.follower_id, 'beat-your-best', n.user_id, n.id, n.challenge, 'beat:' || n.user_id || ':' || n.challenge || ':' || rb.rank_value
  FROM (
    SELECT DISTINCT ON (w.user_id, w.challenge) w.id, w.user_id, w.challenge, w.rank_value
    FROM workouts w WHERE w.id = ANY (p_new_ids)
    ORDER BY w.user_id, w.challenge, w.rank_value DESC, w.id
  ) n
  JOIN users a ON a.id = n.user_id AND NOT a.is_private AND a.suspended_at IS NULL
  JOIN follows f ON f.followee_id = n.user_id
  JOIN users r ON r.id = f.follower_id AND r.suspended_at IS NULL
  JOIN standing_bests rb ON rb.user_id = f.follower_id AND rb.challenge = n.challenge AND NOT rb.verified
  LEFT JOIN standing_bests ab ON ab.user_id = n.user_id AND ab.challenge = n.challenge AND NOT ab.verified
  WHERE rb.rank_value < n.rank_value AND (ab.rank_value IS NULL OR ab.rank_value <= rb.rank_value)
  ORDER BY f.follower_id
  ON CONFLICT DO NOTHING
$$;


-- 3. "You dropped out of the top 10 of <board>" ------------------------------------------------------
-- A board is a leaderboard period; what it is called comes from its length (common/leaderboard.ts).
CREATE FUNCTION ntf_board_kind(p_start timestamptz, p_end timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_start = '-infinity' OR p_end = 'infinity' THEN 'all_time'
    WHEN p_end - p_start <= interval '26 hours' THEN 'today'
    WHEN p_end - p_start <= interval '8 days' THEN 'week' ELSE 'month' END
$$;

-- The board's first 10 members, in board order (lb_rank_key's columns, leaderboard_bests_board_idx).
CREATE FUNCTION ntf_top10(p_period integer) RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT ARRAY(SELECT b.user_id FROM leaderboard_bests b WHERE b.period_id = p_period
               ORDER BY b.rank_value DESC, b.received_at, b.workout_id LIMIT 10)
$$;

-- Called when sets are saved or changed in these periods (complete ones only: one still being
-- filled has not all its bests yet, and its first top 10 is taken once it is complete). Each
-- board's top 10 is compared with the one last seen (notification_board_tops): equal, the usual
-- case, costs one index walk and a key lookup, and takes no lock. Different: the row is locked
-- (concurrent saves to one board take turns here, in period order), both are read again, and the
-- members who were in it and are still on the board, below, are told. p_workout (the newest set
-- of the statement) names the event in the key, so a member is told once per board and event
-- even where several periods (time zones) of that board changed together.
CREATE FUNCTION ntf_boards_changed(p_periods integer[], p_workout integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  p record;
  top integer[];
  seen integer[];
BEGIN
  FOR p IN SELECT lp.id, lp.challenge, ntf_board_kind(lp.starts_at, lp.ends_at) AS board
    FROM leaderboard_periods lp WHERE lp.id = ANY (p_periods) AND lp.fill_cursor IS NULL ORDER BY lp.id
  LOOP
    top := ntf_top10(p.id);
    SELECT t.user_ids INTO seen FROM notification_board_tops t WHERE t.period_id = p.id;
    IF NOT FOUND THEN
      INSERT INTO notification_board_tops (period_id, user_ids) VALUES (p.id, top) ON CONFLICT DO NOTHING;
      CONTINUE;
    END IF;
    IF seen = top THEN
      CONTINUE;
    END IF;
    SELECT t.user_ids INTO seen FROM notification_board_tops t WHERE t.period_id = p.id FOR UPDATE;
    top := ntf_top10(p.id);
    IF seen = top THEN
      CONTINUE;
    END IF;
    INSERT INTO notifications (recipient_id, kind, challenge, board, key)
    SELECT d.u, 'dropped-top-10', p.challenge, p.board,
      'top10:' || p.challenge || ':' || p.board || ':' || p_workout
    FROM unnest(seen) AS d(u)
    WHERE NOT (d.u = ANY (top))
      AND EXISTS (SELECT 1 FROM leaderboard_bests b WHERE b.period_id = p.id AND b.user_id = d.u)
    ON CONFLICT DO NOTHING;
    UPDATE notification_board_tops SET user_ids = top WHERE period_id = p.id;
  END LOOP;
END $$;

-- The periods sets fall in.
CREATE FUNCTION ntf_on_workouts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  periods integer[];
BEGIN
  SELECT array_agg(n.id) INTO ids FROM new_rows n;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM ntf_beats(ids);
  END IF;
  SELECT array_agg(DISTINCT lp.id) INTO periods
  FROM new_rows n JOIN leaderboard_periods lp
    ON lp.challenge = n.challenge AND n.created_at >= lp.starts_at AND n.created_at < lp.ends_at;
  IF periods IS NOT NULL THEN
    PERFORM ntf_boards_changed(periods, (SELECT max(i) FROM unnest(ids) i));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER ntf_workouts_insert AFTER INSERT ON workouts
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ntf_on_workouts();

CREATE TRIGGER ntf_workouts_update AFTER UPDATE ON workouts
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ntf_on_workouts();
