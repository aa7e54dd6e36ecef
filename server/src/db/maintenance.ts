import { lt, or, sql } from 'drizzle-orm';
import { SESSION_IDLE_DAYS } from '@common/constants';
import type { Db } from './client';
import { KEY_TOMBSTONE_HOURS, rateLimits, sessions, workoutKeyTombstones } from './schema';

const DAY = 86_400_000;

/**
 * Deletes what has expired: sessions past their absolute or idle limit, rate-limit windows
 * that are over (nothing else ever deletes the rows of addresses and usernames that never come
 * back), and deleted workouts' keys older than KEY_TOMBSTONE_HOURS. Runs on PGlite and
 * PostgreSQL alike. Returns how many rows went.
 */
export async function sweepExpired(db: Db, now: Date) {
  const deadSessions = await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, now),
        lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_DAYS * DAY)),
      ),
    )
    .returning({ id: sessions.id });
  const deadLimits = await db
    .delete(rateLimits)
    .where(sql`${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz`)
    .returning({ key: rateLimits.key });
  // A deleted workout's key only needs remembering while a retry can still come (saves.sql).
  const oldKeys = await db
    .delete(workoutKeyTombstones)
    .where(
      lt(workoutKeyTombstones.deletedAt, new Date(now.getTime() - KEY_TOMBSTONE_HOURS * 3_600_000)),
    )
    .returning({ userId: workoutKeyTombstones.userId });
  return {
    sessions: deadSessions.length,
    rateLimits: deadLimits.length,
    keyTombstones: oldKeys.length,
  };
}

/**
 * PGlite runs no autovacuum: statistics go stale and updated rows leave dead tuples behind.
 * In PGlite mode the app does the housekeeping itself: VACUUM of the small tables that are
 * updated on every request or save, and of avatars (a replaced picture leaves its bytes behind
 * until then), and ANALYZE (a sample, so cheap) of the big ones. A big VACUUM would block the
 * event loop (PGlite runs in this thread), so it is not done here.
 */
export async function housekeeping(db: Db) {
  await db.execute(
    sql`vacuum (analyze) sessions, rate_limits, workout_key_tombstones, avatars, leaderboard_bests, leaderboard_counts, leaderboard_periods`,
  );
  await db.execute(sql`analyze workouts, users`);
}

/**
 * Every `everyMs`: sweep expired rows, then (on PGlite, where nothing else vacuums) housekeeping.
 * Returns a stop function.
 */
export function scheduleHousekeeping(
  db: Db,
  everyMs: number,
  onError: (err: unknown) => void,
  options: { vacuum: boolean; now?: () => Date } = { vacuum: true },
) {
  const now = options.now ?? (() => new Date());
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepExpired(db, now())
      .then(() => (options.vacuum ? housekeeping(db) : undefined))
      .catch(onError)
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
