import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { CATALOGUE, DEFAULT_CHALLENGE, findEntry, type CatalogueEntry } from '@common/challenges';
import type { MyStats, Stats } from '@common/schemas/workouts';
import type { ScoreTier } from '@common/tiers';
import type { Db } from '../../db/client';
import { workouts } from '../../db/schema';
import { statsExtras } from '../../lib/score-answers';
import { notHidden } from './not-hidden';
import { localWeekNumber, weeklyCounts, weekStreakOf } from './weekly-goal';

/**
 * A challenge's figures in one statement, so they always describe the same set of workouts. The
 * best is the best by rank value (a finish time: the fastest; any finish above any capped run),
 * marked `bestCapped` when it is a capped run, and the latest `lastCapped` likewise. The total is
 * reps, seconds held, or for a challenge done for time the reps done (a finish counts them all).
 * Legacy names where the entry keeps them (../../lib/score-answers.ts). The same figures for the
 * member (GET /api/stats) and for everyone (a public profile): sets a moderator hid count in neither.
 */
export async function getStats(
  db: Db,
  userId: number,
  challenge: string = DEFAULT_CHALLENGE,
  entries: readonly CatalogueEntry[] = CATALOGUE,
): Promise<Stats> {
  let query = statsQueries.get(db);
  if (!query) statsQueries.set(db, (query = prepareStats(db)));
  const scoring = findEntry(challenge, entries)?.scoring;
  const finishReps = scoring?.kind === 'for-time' ? scoring.totalReps : 0;
  const rows = await query.execute({ userId, challenge, finishReps });
  const row = rows[0];
  const last = row?.last ?? 0;
  const best = row?.best ?? 0;
  const stats: Stats = {
    challenge,
    lastScore: Math.abs(last),
    bestScore: Math.abs(best),
    totalScore: row?.totalScore ?? 0,
    totalWorkouts: row?.totalWorkouts ?? 0,
    verifiedBest: row?.verifiedBest ?? 0,
  };
  // The best's tier (common/tiers.ts), shown beside it; absent without sets.
  if (row?.bestTier) stats.bestTier = row.bestTier;
  if (best < 0) stats.bestCapped = true;
  if (last < 0) stats.lastCapped = true;
  return Object.assign(stats, statsExtras(challenge, stats));
}

// Built once per database as a prepared query (stats are part of every public profile).
const statsQueries = new WeakMap<Db, ReturnType<typeof prepareStats>>();
function prepareStats(db: Db) {
  const userId = sql.placeholder('userId');
  const challenge = sql.placeholder('challenge');
  const finishReps = sql.placeholder('finishReps');
  const latest = alias(workouts, 'latest');
  const best = alias(workouts, 'best');
  type Sets = Record<'userId' | 'challenge' | 'id' | 'score' | 'capped', AnyPgColumn>;
  const mine = (t: Sets) => and(eq(t.userId, userId), eq(t.challenge, challenge), notHidden(t.id));
  // A set's score with its cap mark as the sign (a score is at least 1): one column per subquery.
  const signed = (t: Sets) =>
    sql<number>`case when ${t.capped} then -${t.score} else ${t.score} end`;
  const lastSet = db
    .select({ v: signed(latest) })
    .from(latest)
    .where(mine(latest))
    .orderBy(desc(latest.createdAt), desc(latest.id))
    .limit(1);
  const bestOf = (v: SQL | AnyPgColumn) =>
    db
      .select({ v })
      .from(best)
      .where(mine(best))
      .orderBy(desc(best.rankValue), best.receivedAt, best.id)
      .limit(1);
  const bestSet = bestOf(signed(best));
  const bestTier = bestOf(best.tier);
  // Explicit casts and mapWith(Number): node-postgres returns bigint sums as strings.
  return db
    .select({
      last: sql<number>`coalesce((${lastSet}), 0)::int`.mapWith(Number),
      best: sql<number>`coalesce((${bestSet}), 0)::int`.mapWith(Number),
      bestTier: sql<ScoreTier | null>`(${bestTier})`,
      totalWorkouts: sql<number>`count(*)::bigint`.mapWith(Number),
      totalScore:
        sql<number>`coalesce(sum(case when ${workouts.lowerIsBetter} then ${finishReps}::int else ${workouts.score} end), 0)::bigint`.mapWith(
          Number,
        ),
      verifiedBest:
        sql<number>`coalesce(max(${workouts.score}) filter (where ${workouts.verified}), 0)::int`.mapWith(
          Number,
        ),
    })
    .from(workouts)
    .where(mine(workouts))
    .prepare('fitbench_stats');
}

/**
 * GET /api/stats: the challenge's figures and the weekly goal's progress in the member's week (the
 * goal counts sessions of every challenge).
 */
export async function getMyStats(
  db: Db,
  user: { id: number; weeklyGoal: number },
  now: Date,
  tz: string,
  challenge: string = DEFAULT_CHALLENGE,
  entries: readonly CatalogueEntry[] = CATALOGUE,
): Promise<MyStats> {
  const currentWeek = localWeekNumber(now, tz);
  const [stats, counts] = await Promise.all([
    getStats(db, user.id, challenge, entries),
    weeklyCounts(db, user.id, tz, currentWeek),
  ]);
  return {
    ...stats,
    weeklyGoal: user.weeklyGoal,
    ...weekStreakOf(counts, currentWeek, user.weeklyGoal),
  };
}
