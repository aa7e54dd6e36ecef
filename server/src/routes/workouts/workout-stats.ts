import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DEFAULT_CHALLENGE } from '@common/challenges';
import type { MyStats, Stats } from '@common/schemas/workouts';
import type { Db } from '../../db/client';
import { workouts } from '../../db/schema';
import { notHidden } from './not-hidden';
import { localWeekNumber, weeklyCounts, weekStreakOf } from './weekly-goal';

/**
 * A challenge's figures in one statement, so they always describe the same set of workouts. The
 * push-up challenge's also under their first names. The same figures for the member (GET
 * /api/stats) and for everyone (a public profile): sets a moderator hid count in neither.
 */
export async function getStats(
  db: Db,
  userId: number,
  challenge: string = DEFAULT_CHALLENGE,
): Promise<Stats> {
  let query = statsQueries.get(db);
  if (!query) statsQueries.set(db, (query = prepareStats(db)));
  const rows = await query.execute({ userId, challenge });
  const row = rows[0];
  const stats: Stats = {
    challenge,
    lastScore: row?.lastScore ?? 0,
    bestScore: row?.bestScore ?? 0,
    totalScore: row?.totalScore ?? 0,
    totalWorkouts: row?.totalWorkouts ?? 0,
    verifiedBest: row?.verifiedBest ?? 0,
  };
  if (challenge === DEFAULT_CHALLENGE)
    Object.assign(stats, {
      lastPushups: stats.lastScore,
      bestPushups: stats.bestScore,
      totalPushups: stats.totalScore,
    });
  return stats;
}

// Built once per database as a prepared query (stats are part of every public profile).
const statsQueries = new WeakMap<Db, ReturnType<typeof prepareStats>>();
function prepareStats(db: Db) {
  const userId = sql.placeholder('userId');
  const challenge = sql.placeholder('challenge');
  const latest = alias(workouts, 'latest');
  const lastScore = db
    .select({ score: latest.score })
    .from(latest)
    .where(and(eq(latest.userId, userId), eq(latest.challenge, challenge), notHidden(latest.id)))
    .orderBy(desc(latest.createdAt), desc(latest.id))
    .limit(1);
  // Explicit casts and mapWith(Number): node-postgres returns bigint sums as strings.
  return db
    .select({
      lastScore: sql<number>`coalesce((${lastScore}), 0)::int`.mapWith(Number),
      bestScore: sql<number>`coalesce(max(${workouts.score}), 0)::int`.mapWith(Number),
      totalWorkouts: sql<number>`count(*)::bigint`.mapWith(Number),
      totalScore: sql<number>`coalesce(sum(${workouts.score}), 0)::bigint`.mapWith(Number),
      verifiedBest:
        sql<number>`coalesce(max(${workouts.score}) filter (where ${workouts.verified}), 0)::int`.mapWith(
          Number,
        ),
    })
    .from(workouts)
    .where(and(eq(workouts.userId, userId), eq(workouts.challenge, challenge), notHidden(workouts.id)))
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
): Promise<MyStats> {
  const currentWeek = localWeekNumber(now, tz);
  const [stats, counts] = await Promise.all([
    getStats(db, user.id, challenge),
    weeklyCounts(db, user.id, tz, currentWeek),
  ]);
  return {
    ...stats,
    weeklyGoal: user.weeklyGoal,
    ...weekStreakOf(counts, currentWeek, user.weeklyGoal),
  };
}
