import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * PGlite runs no autovacuum: statistics go stale and updated rows leave dead tuples behind.
 * In PGlite mode the app does the housekeeping itself: VACUUM of the small tables that are
 * updated on every request or save, and ANALYZE (a sample, so cheap) of the big ones. A big
 * VACUUM would block the event loop (PGlite runs in this thread), so it is not done here.
 */
export async function housekeeping(db: Db) {
  await db.execute(sql`vacuum (analyze) sessions, rate_limits, leaderboard_bests, leaderboard_counts, leaderboard_periods`);
  await db.execute(sql`analyze workouts, users`);
}

export function scheduleHousekeeping(db: Db, everyMs: number, onError: (err: unknown) => void) {
  const timer = setInterval(() => housekeeping(db).catch(onError), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
