import { and, eq, sql } from 'drizzle-orm';
import { sqlState, type Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { workouts } from '../../db/schema';
import { wallClock } from '@common/zone-clock';
import { notHidden } from './not-hidden';

// The weekly goal's weeks (docs/decisions/0053-weekly-goal.md): Sunday-start weeks of the member's
// local calendar, their counts and the streak.

const DAY_MS = 86_400_000;
/** 1970-01-04 was a Sunday: week n covers the local dates 1970-01-04 + 7n .. + 7n + 6. */
const SUNDAY_EPOCH_DAY = 3;

/** The Sunday-start week number of the local calendar date at `instant` in `tz`. */
export function localWeekNumber(instant: Date, tz: string): number {
  const { year, month, day } = wallClock(instant.getTime(), tz);
  return Math.floor((Date.UTC(year, month - 1, day) / DAY_MS - SUNDAY_EPOCH_DAY) / 7);
}

/**
 * This week's count and the streak from per-week counts (any order). The current week adds one
 * when its goal is met and is skipped otherwise; the first earlier week below the goal ends it.
 */
export function weekStreakOf(
  counts: ReadonlyMap<number, number>,
  currentWeek: number,
  goal: number,
): { sessionsThisWeek: number; weekStreak: number } {
  const sessionsThisWeek = counts.get(currentWeek) ?? 0;
  let weekStreak = sessionsThisWeek >= goal ? 1 : 0;
  for (let w = currentWeek - 1; (counts.get(w) ?? 0) >= goal; w -= 1) weekStreak += 1;
  return { sessionsThisWeek, weekStreak };
}

// 22023 invalid_parameter_value: PostgreSQL's zone list lacks a name Intl knew.
const isUnknownZoneError = (err: unknown) => sqlState(err) === '22023';

/**
 * Sessions per local Sunday-start week in `tz`, for weeks up to the current one: a session is a
 * local calendar day with at least one set (four sets in ten minutes are one session); hidden sets
 * do not count.
 */
export async function weeklyCounts(
  db: Db,
  userId: number,
  tz: string,
  currentWeek: number,
): Promise<Map<number, number>> {
  const day = sql`(${workouts.createdAt} at time zone ${tz})::date`;
  const week = sql<number>`floor(((${day} - date '1970-01-04')) / 7.0)::int`;
  try {
    const rows = await db
      .select({
        week: week.mapWith(Number),
        sessions: sql<number>`count(distinct ${day})::int`.mapWith(Number),
      })
      .from(workouts)
      .where(and(eq(workouts.userId, userId), notHidden(workouts.id)))
      .groupBy(sql`1`);
    // A save a moment ahead of the server's clock may fall in next week: it is not counted yet.
    return new Map(rows.filter((r) => r.week <= currentWeek).map((r) => [r.week, r.sessions]));
  } catch (err) {
    if (isUnknownZoneError(err)) {
      const message = 'Unknown time zone. Send an IANA name such as Europe/Paris.';
      throw badRequest(message, { tz: [message] });
    }
    throw err;
  }
}
