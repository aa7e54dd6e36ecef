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


-- 3. "You dropped out of the top 10 of <board>": server/src/db/sql/top10.sql.

-- New sets: their savers' followers whose best they beat.
CREATE FUNCTION ntf_on_workouts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  SELECT array_agg(n.id) INTO ids FROM new_rows n;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM ntf_beats(ids);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER ntf_workouts_insert AFTER INSERT ON workouts
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ntf_on_workouts();

CREATE TRIGGER ntf_workouts_update AFTER UPDATE ON workouts
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ntf_on_workouts();
