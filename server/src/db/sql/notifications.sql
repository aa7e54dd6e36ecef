-- Notifications: the ones the database makes itself as sets are saved, and the change notice every
-- instance's stream listens to. Design: docs/decisions/0253-notifications.md (what is made, once),
-- 0254-dropped-out-of-the-top-10.md, 0255-the-notification-stream.md. Applied as
-- server/src/db/sql-sources.ts says: every function here is named ntf_*, and all are dropped, with
-- their triggers, before the file runs.
--
-- Saves do not call these: they write a job row, and the fan-out job (notification-jobs.sql,
-- docs/decisions/0271-notifications-off-the-save-path.md) calls ntf_boards_changed later.


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


-- 2. "You dropped out of the top 10 of <board>" ------------------------------------------------------
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

-- Called by the fan-out job (notification-jobs.sql) for the periods of sets saved or changed
-- (complete ones only: one still being filled has not all its bests yet, and its first top 10 is
-- taken once it is complete). Each
-- board's top 10 is compared with the one last seen (notification_board_tops): equal, the usual
-- case, costs one index walk and a key lookup, and takes no lock. Different: the row is locked
-- (concurrent jobs on one board take turns here, in period order), both are read again, and the
-- members who were in it and are still on the board, below, are told. p_workout (the newest set
-- of the job's batch) names the event in the key, so a member is told once per board and event
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
