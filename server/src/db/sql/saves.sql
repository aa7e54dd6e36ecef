-- Saving workouts: the statement behind POST /api/workouts, as a function so that PostgreSQL and
-- PGlite plan it once per connection instead of once per save.
-- Design: docs/decisions/0069-save-throughput.md (several saves in one statement and commit) and
-- docs/decisions/0065-one-statement-save.md (what one save does). Applied by
-- server/src/db/sql-sources.ts, like leaderboard.sql; every function here is named save_*, and it
-- drops them all before the file runs.


-- 1. A batch of saves -------------------------------------------------------------------------------
-- p_saves: a JSON array of saves (n = its place in the batch, from 0), as the server sends them
-- (server/src/routes/workouts/save-batch.ts).
-- Each save carries its tier (common/tiers.ts; 'entered' when absent) and verified flag.
-- p_max and p_window_ms: the save limit (docs/decisions/0035-save-limit.md); saves with a null
-- limit_key are not counted.
-- One row per save, by n:
-- - 'replay': the member's row under this key (nothing counted, nothing inserted);
-- - 'limited': over the limit (counted, nothing inserted), with the window's count and end;
-- - 'created': the new row;
-- - 'deleted': the member deleted the workout saved under this key less than 24 hours before
--   this save was received (workout_key_tombstones, written by the delete in the same
--   transaction; docs/decisions/0086-idempotency-tombstones.md): nothing counted, nothing
--   inserted, request_hash is the deleted save's. The 24 hours are also KEY_TOMBSTONE_HOURS in
--   server/src/db/tables/workouts.ts (the purge). A snapshot sees either the workout or its tombstone,
--   never neither, so a retry racing the delete cannot insert it again.
-- replay and created carry previous_best (and previous_best_capped): the member's best in the set's
-- challenge by rank value (workouts.rank_value, docs/decisions/0215-storing-and-ranking-the-new-scores.md) over the sets
-- saved before it (docs/decisions/0054-after-a-save.md), this batch's earlier sets included, and
-- without the sets a moderator hid, which count in no best
-- (docs/decisions/0183-hidden-sets-count-for-nothing.md).
-- The save-limit rows are counted with one upsert per key for all of its saves here, in key order
-- (concurrent batches lock them in the same order); each save's count is its place in that
-- sequence, as if they had come one by one (a window that ends between two saves of a batch,
-- milliseconds apart, is judged at the first one's time). The insert runs in n order, so ids
-- follow n, and fires the statement triggers (leaderboard.sql) once for the batch. The caller never
-- puts one member's key twice in a batch; a concurrent statement that commits the same key first
-- fails this one whole on workouts_user_idem_idx, nothing counted.
CREATE FUNCTION save_batch(p_saves json, p_max integer, p_window_ms integer)
RETURNS TABLE (
  n integer, kind text, id integer, user_id integer, challenge text, score integer, notes text,
  created_at timestamptz, verified boolean, request_hash text,
  count integer, reset_at timestamptz, previous_best integer, capped boolean, previous_best_capped boolean,
  tier text, pace real[]
)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  win interval := p_window_ms * interval '1 millisecond';
BEGIN
  -- The top 10 checks of the boards these sets change wait for the fan-out job (top10.sql,
  -- notification-jobs.sql): one check per board for a batch of jobs, off the save's transaction.
  PERFORM set_config('fitbench.top10_later', 'on', true);
  RETURN QUERY
  WITH input AS (
    SELECT * FROM json_to_recordset(p_saves) AS i(
      n integer, user_id integer, challenge text, score integer, notes text, created_at timestamptz,
      received_at timestamptz, idem_key text, request_hash text, verified boolean, tier text, limit_key text,
      capped boolean, lower_is_better boolean, pace real[])
  ), prior AS (
    SELECT i.n, w.id, w.user_id, w.challenge, w.score, w.notes, w.created_at, w.verified, w.request_hash, w.capped, w.tier,
      w.pace
    FROM input i JOIN workouts w ON w.user_id = i.user_id AND w.idempotency_key = i.idem_key
  ), gone AS (
    SELECT i.n, g.request_hash
    FROM input i JOIN workout_key_tombstones g ON g.user_id = i.user_id AND g.idempotency_key = i.idem_key
    WHERE g.deleted_at > i.received_at - interval '24 hours'
      AND NOT EXISTS (SELECT FROM prior p WHERE p.n = i.n)
  ), counted AS (
    SELECT i.n, i.limit_key, i.received_at,
      row_number() OVER (PARTITION BY i.limit_key ORDER BY i.n) AS k,
      count(*) OVER (PARTITION BY i.limit_key) AS total
    FROM input i
    WHERE i.limit_key IS NOT NULL AND NOT EXISTS (SELECT FROM prior p WHERE p.n = i.n)
      AND NOT EXISTS (SELECT FROM gone g WHERE g.n = i.n)
  ), hit AS (
    -- excluded.reset_at - win is the first save's time: a window ended by then starts again.
    INSERT INTO rate_limits AS r (key, count, reset_at)
    SELECT c.limit_key, count(*)::int, min(c.received_at) + win
    FROM counted c GROUP BY c.limit_key ORDER BY c.limit_key
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN r.reset_at <= excluded.reset_at - win THEN excluded.count ELSE r.count + excluded.count END,
      reset_at = CASE WHEN r.reset_at <= excluded.reset_at - win THEN excluded.reset_at ELSE r.reset_at END
    RETURNING r.key, r.count, r.reset_at
  ), verdict AS (
    SELECT c.n, (h.count - c.total + c.k)::int AS count, h.reset_at
    FROM counted c JOIN hit h ON h.key = c.limit_key
  ), to_save AS (
    SELECT i.*, row_number() OVER (ORDER BY i.n) AS k
    FROM input i
    WHERE NOT EXISTS (SELECT FROM prior p WHERE p.n = i.n)
      AND NOT EXISTS (SELECT FROM gone g WHERE g.n = i.n)
      AND NOT EXISTS (SELECT FROM verdict v WHERE v.n = i.n AND v.count > p_max)
  ), saved AS (
    INSERT INTO workouts AS w (user_id, challenge, score, notes, created_at, received_at, idempotency_key, request_hash, verified,
      tier, capped, lower_is_better, pace)
    SELECT t.user_id, t.challenge, t.score, t.notes, t.created_at, t.received_at, t.idem_key, t.request_hash, t.verified,
      coalesce(t.tier, 'entered'), coalesce(t.capped, false), coalesce(t.lower_is_better, false), t.pace
    FROM to_save t ORDER BY t.n
    RETURNING w.id, w.user_id, w.challenge, w.score, w.notes, w.created_at, w.verified, w.request_hash, w.capped, w.rank_value, w.tier,
      w.pace
  ), saved_n AS (
    -- Ids are drawn in insertion order, which is n order.
    SELECT t.n, s.id, s.user_id, s.challenge, s.score, s.notes, s.created_at, s.verified, s.request_hash, s.capped, s.tier,
      s.pace
    FROM (SELECT s.*, row_number() OVER (ORDER BY s.id) AS k FROM saved s) s
    JOIN to_save t ON t.k = s.k
  )
  SELECT p.n, 'replay', p.id, p.user_id, p.challenge, p.score, p.notes, p.created_at, p.verified, p.request_hash,
    NULL::int, NULL::timestamptz, pb.score, p.capped, pb.capped, p.tier, p.pace
  FROM prior p
  LEFT JOIN LATERAL (
    SELECT w.score, w.capped FROM workouts w WHERE w.user_id = p.user_id AND w.challenge = p.challenge AND w.id < p.id
      AND NOT EXISTS (SELECT FROM hidden_workouts h WHERE h.workout_id = w.id)
    ORDER BY w.rank_value DESC LIMIT 1
  ) pb ON true
  UNION ALL
  SELECT s.n, 'created', s.id, s.user_id, s.challenge, s.score, s.notes, s.created_at, s.verified, s.request_hash,
    NULL, NULL, pb.score, s.capped, pb.capped, s.tier, s.pace
  FROM saved_n s
  LEFT JOIN LATERAL (
    SELECT x.score, x.capped FROM (
      SELECT w.score, w.capped, w.rank_value FROM workouts w WHERE w.user_id = s.user_id AND w.challenge = s.challenge
        AND NOT EXISTS (SELECT FROM hidden_workouts h WHERE h.workout_id = w.id)
      UNION ALL
      -- The statement does not see its own inserts: this batch's earlier sets are added.
      SELECT e.score, e.capped, e.rank_value FROM saved e
      WHERE e.user_id = s.user_id AND e.challenge = s.challenge AND e.id < s.id
    ) x ORDER BY x.rank_value DESC LIMIT 1
  ) pb ON true
  UNION ALL
  SELECT v.n, 'limited', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, v.count, v.reset_at, NULL, NULL, NULL, NULL, NULL
  FROM verdict v WHERE v.count > p_max
  UNION ALL
  SELECT g.n, 'deleted', NULL, NULL, NULL, NULL, NULL, NULL, NULL, g.request_hash, NULL, NULL, NULL, NULL, NULL, NULL, NULL
  FROM gone g;
  PERFORM set_config('fitbench.top10_later', '', true);
END $$;
