-- Notifications off the save path (docs/decisions/0271-notifications-off-the-save-path.md): a save
-- writes one job row in its own transaction, and the fan-out job (nfo_fan_out, run by
-- server/src/routes/notifications/fan-out.ts on every instance) makes the notifications later, in
-- batches, exactly once: a job row is taken with FOR UPDATE SKIP LOCKED and deleted in the
-- statement that makes its notifications, and each notification's key is unique per recipient.
-- Applied as server/src/db/sql-sources.ts says, after notifications.sql (whose ntf_* functions it
-- calls): every function here is named nfo_*, and all are dropped, with their triggers, first.


-- 1. The job row, written by the save -----------------------------------------------------------------
-- Triggers on workouts fire in name order: nfo_workouts_* run after lb_workouts_* and before
-- st_workouts_* (standing.sql), so standing_bests still holds the saver's best before these sets:
-- it is kept in the row (earlier_best), one row per member and challenge of the statement.
CREATE FUNCTION nfo_queue_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_jobs (workout_ids, earlier_best)
  SELECT array_agg(n.id ORDER BY n.id), b.rank_value
  FROM new_rows n
  LEFT JOIN standing_bests b ON b.user_id = n.user_id AND b.challenge = n.challenge AND NOT b.verified
  GROUP BY n.user_id, n.challenge, b.rank_value;
  RETURN NULL;
END $$;

CREATE TRIGGER nfo_workouts_insert AFTER INSERT ON workouts
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION nfo_queue_inserted();

-- 2. "X beat your best in <challenge>" ---------------------------------------------------------------
-- For each job of new sets: the saver's followers whose all-time best in the challenge the job's
-- best set passes and the saver's best before the job (earlier_best) did not. The saver must be
-- public and not suspended (now, when it is told); a suspended follower gets nothing; a set a
-- moderator hid meanwhile tells nobody. The key names the saver, the challenge and the best passed
-- (beat:<saver>:<challenge>:<rank value>): once per best, however many sets, jobs or instances
-- pass it. Rows go in follower order, so concurrent jobs wait on each other's keys in one order.
CREATE FUNCTION nfo_beats(p_jobs bigint[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO notifications (recipient_id, kind, actor_id, workout_id, challenge, key)
  SELECT DISTINCT ON (f.follower_id, k.key)
    f.follower_id, 'beat-your-best', n.user_id, n.id, n.challenge, k.key
  FROM notification_jobs j
  CROSS JOIN LATERAL (
    SELECT w.id, w.user_id, w.challenge, w.rank_value FROM workouts w
    WHERE w.id = ANY (j.workout_ids)
      AND NOT EXISTS (SELECT 1 FROM hidden_workouts h WHERE h.workout_id = w.id)
    ORDER BY w.rank_value DESC, w.id LIMIT 1
  ) n
  JOIN users a ON a.id = n.user_id AND NOT a.is_private AND a.suspended_at IS NULL
  JOIN follows f ON f.followee_id = n.user_id
  JOIN users r ON r.id = f.follower_id AND r.suspended_at IS NULL
  JOIN standing_bests rb ON rb.user_id = f.follower_id AND rb.challenge = n.challenge AND NOT rb.verified
  CROSS JOIN LATERAL (SELECT 'beat:' || n.user_id || ':' || n.challenge || ':' || rb.rank_value AS key) k
  WHERE j.id = ANY (p_jobs)
    AND rb.rank_value < n.rank_value AND (j.earlier_best IS NULL OR j.earlier_best <= rb.rank_value)
  ORDER BY f.follower_id, k.key, n.id
  ON CONFLICT DO NOTHING
$$;


-- 3. The job ----------------------------------------------------------------------------------------
-- Takes waiting jobs (oldest first; those another instance holds are skipped): up to p_limit, and
-- only as many as reach p_reach followers together (always at least one), makes their
-- beat-your-best notifications, checks the top 10 of the boards their sets are on (a save leaves
-- that to this job: top10.sql's t10_later; each board once for the whole batch) and deletes them,
-- all in the caller's one statement, so a job is done once or, when the statement fails, stays for
-- the next run. Returns how many jobs it took (0: none waiting). p_reach keeps one statement to
-- about one popular member's fan-out: on PGlite every save waits for the statement under way, and
-- 200 jobs of 1,000 followers each were one statement of 14 s (docs/decisions/0315-fan-out-batches-by-reach.md).
CREATE FUNCTION nfo_fan_out(p_limit integer, p_reach integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  jobs bigint[] := '{}';
  reached bigint := 0;
  job record;
BEGIN
  -- Row by row, so that a job's followers are counted only while the batch may still grow (and at
  -- most p_reach of them): a long queue is not counted whole on every statement.
  FOR job IN
    SELECT nj.id, nj.workout_ids FROM notification_jobs nj ORDER BY nj.id LIMIT p_limit
    FOR UPDATE SKIP LOCKED
  LOOP
    EXIT WHEN reached >= p_reach;
    jobs := jobs || job.id;
    reached := reached + (SELECT count(*) FROM (
      SELECT 1 FROM follows f
      WHERE f.followee_id = (SELECT w.user_id FROM workouts w WHERE w.id = job.workout_ids[1])
      LIMIT p_reach) r);
  END LOOP;
  IF cardinality(jobs) = 0 THEN
    RETURN 0;
  END IF;
  PERFORM nfo_beats(jobs);
  PERFORM t10_check_sets(ARRAY(
    SELECT DISTINCT w FROM notification_jobs j, unnest(j.workout_ids) w WHERE j.id = ANY (jobs)));
  DELETE FROM notification_jobs j WHERE j.id = ANY (jobs);
  RETURN cardinality(jobs);
END $$;
