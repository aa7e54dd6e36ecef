-- Issue 36's remaining gaps (docs/decisions/0267-badges-set-based-and-backfilled.md,
-- 0268-pace-stored-with-the-set.md).
-- The run's pace, reps per 15 s from the tap times (as
-- client/src/features/payoff/components/pace-chart.tsx computes it), kept with the set; null when
-- the set has none (typed, or saved before it was kept).
ALTER TABLE "workouts" ADD COLUMN "pace" real[];--> statement-breakpoint
ALTER TABLE "workouts" ADD CONSTRAINT "workouts_pace_length" CHECK (cardinality("workouts"."pace") between 1 and 240);--> statement-breakpoint
-- The set that earned a badge (null for a plan's badge), so a save can answer the badges it earned.
ALTER TABLE "member_badges" ADD COLUMN "workout_id" integer;--> statement-breakpoint
CREATE INDEX "member_badges_workout_idx" ON "member_badges" USING btree ("workout_id") WHERE "member_badges"."workout_id" is not null;--> statement-breakpoint
-- The backfill: what the sets saved before badges existed would have earned (the trigger's rules
-- in server/src/db/sql/badges.sql, over the sets a moderator has not hidden), dated when the
-- earning set was received. ON CONFLICT DO NOTHING: a badge already held is not earned twice.
WITH visible AS (
  SELECT w.id, w.user_id, w.challenge, w.rank_value, w.created_at, w.received_at, w.verified
  FROM workouts w WHERE NOT EXISTS (SELECT 1 FROM hidden_workouts h WHERE h.workout_id = w.id)
), first_set AS (
  SELECT DISTINCT ON (v.user_id, v.challenge) v.user_id, 'first-set' AS badge, v.challenge AS subject,
    v.challenge, v.received_at, v.id
  FROM visible v ORDER BY v.user_id, v.challenge, v.id
), first_verified AS (
  SELECT DISTINCT ON (v.user_id) v.user_id, 'first-verified' AS badge, '' AS subject, v.challenge,
    v.received_at, v.id
  FROM visible v WHERE v.verified ORDER BY v.user_id, v.id
), before AS (
  SELECT v.*, max(v.rank_value) OVER (PARTITION BY v.user_id, v.challenge ORDER BY v.id
    ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS earlier_best
  FROM visible v
), new_best AS (
  -- The first set that beats every earlier one (there must be one; a tie does not beat).
  SELECT DISTINCT ON (b.user_id, b.challenge) b.user_id, 'new-best' AS badge, b.challenge AS subject,
    b.challenge, b.received_at, b.id
  FROM before b WHERE b.rank_value > b.earlier_best ORDER BY b.user_id, b.challenge, b.id
), top_ten AS (
  -- The boards of the past are not kept: a member whose best is in today's top 10 of a challenge's
  -- all-time board earned it with that set.
  SELECT b.user_id, 'top-ten' AS badge, p.challenge AS subject, p.challenge, w.received_at, w.id
  FROM leaderboard_periods p
  JOIN leaderboard_bests b ON b.period_id = p.id
  JOIN workouts w ON w.id = b.workout_id
  WHERE p.starts_at = '-infinity' AND p.ends_at = 'infinity'
    AND (SELECT count(*) FROM leaderboard_bests o WHERE o.period_id = p.id AND o.rank_value > b.rank_value) < 10
), zoned AS (
  -- A zone this server does not know counts as UTC, as in the trigger.
  SELECT u.id AS user_id, u.weekly_goal AS goal, coalesce(z.name, 'UTC') AS tz
  FROM users u LEFT JOIN pg_timezone_names z ON z.name = u.time_zone
), days AS (
  -- Each local day with a set, reached when its first set was received.
  SELECT v.user_id, (v.created_at AT TIME ZONE zn.tz)::date AS day, min(v.received_at) AS reached_at
  FROM visible v JOIN zoned zn ON zn.user_id = v.user_id
  GROUP BY v.user_id, (v.created_at AT TIME ZONE zn.tz)::date
), ranked_days AS (
  SELECT d.user_id, floor((d.day - date '1970-01-04') / 7.0)::int AS week, d.reached_at,
    row_number() OVER (PARTITION BY d.user_id, floor((d.day - date '1970-01-04') / 7.0)::int
      ORDER BY d.reached_at) AS k
  FROM days d
), met AS (
  -- A Sunday-start week meeting the goal, met when its goal-th day was reached.
  SELECT r.user_id, r.week, max(r.reached_at) FILTER (WHERE r.k = zn.goal) AS met_at
  FROM ranked_days r JOIN zoned zn ON zn.user_id = r.user_id
  GROUP BY r.user_id, r.week, zn.goal HAVING count(*) >= zn.goal
), runs AS (
  SELECT m.user_id, m.week, m.met_at,
    m.week - row_number() OVER (PARTITION BY m.user_id ORDER BY m.week) AS run
  FROM met m
), fours AS (
  -- Each fourth week of a run, and when its four weeks were all met.
  SELECT x.user_id, x.at FROM (
    SELECT r.user_id,
      count(*) OVER w AS n,
      max(r.met_at) OVER w AS at
    FROM runs r
    WINDOW w AS (PARTITION BY r.user_id, r.run ORDER BY r.week ROWS BETWEEN 3 PRECEDING AND CURRENT ROW)
  ) x WHERE x.n = 4
), streak AS (
  SELECT DISTINCT ON (f.user_id) f.user_id, 'week-streak-4' AS badge, '' AS subject, NULL::text AS challenge,
    f.at AS received_at, NULL::integer AS id
  FROM fours f ORDER BY f.user_id, f.at
)
INSERT INTO member_badges (user_id, badge, subject, challenge, earned_at, workout_id)
SELECT e.user_id, e.badge, e.subject, e.challenge, e.received_at, e.id FROM (
  SELECT * FROM first_set UNION ALL SELECT * FROM first_verified UNION ALL SELECT * FROM new_best
  UNION ALL SELECT * FROM top_ten UNION ALL SELECT * FROM streak
) e
ON CONFLICT DO NOTHING;
