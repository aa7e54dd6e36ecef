import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

// Fixed-window counters in the database, so every app instance sees the same counts.
// Hand-written because @fastify/rate-limit counts every request, while docs/product.md#rate-limits counts
// failed logins only, and its stores are memory or Redis.

export interface WindowState {
  count: number;
  resetAt: Date;
}

export async function peek(db: Db, key: string, now: Date): Promise<WindowState | null> {
  const rows = await db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  const row = rows[0];
  if (!row || row.resetAt <= now) return null;
  return { count: row.count, resetAt: row.resetAt };
}

/** Counts one event in the key's window and returns the window after counting it. */
export async function hit(db: Db, key: string, windowMs: number, now: Date): Promise<WindowState> {
  const resetAt = new Date(now.getTime() + windowMs);
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${now} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now} then ${resetAt} else ${rateLimits.resetAt} end`,
      },
    })
    .returning();
  const row = rows[0]!;
  return { count: row.count, resetAt: row.resetAt };
}

export async function clear(db: Db, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export async function sweep(db: Db, now: Date) {
  await db.delete(rateLimits).where(sql`${rateLimits.resetAt} <= ${now}`);
}

export function retryAfterSeconds(state: WindowState, now: Date): number {
  return Math.max(1, Math.ceil((state.resetAt.getTime() - now.getTime()) / 1000));
}

/** Gives back one event counted by hit() or reserve() (the attempt turned out fine). */
export async function refund(db: Db, key: string) {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

export interface DelayPolicy {
  /** Events allowed with no delay. */
  free: number;
  /** The delay after the first event beyond `free`; it doubles with each further event. */
  baseMs: number;
  maxMs: number;
  /** The count starts over after this long with no event. */
  windowMs: number;
}

/** The wait required after the `count`th event before the next one. */
export function delayAfter(count: number, p: DelayPolicy): number {
  if (count < p.free) return 0;
  return Math.min(p.baseMs * 2 ** (count - p.free), p.maxMs);
}

/**
 * Counts one event unless the growing delay since the previous one has not passed, in one
 * statement (no check-then-act race). Returns null when counted, or the seconds left to wait.
 * The row's resetAt is the last counted event plus the window (a sliding window).
 */
export async function reserveWithDelay(
  db: Db,
  key: string,
  p: DelayPolicy,
  now: Date,
): Promise<number | null> {
  const at = now.toISOString();
  const resetAt = new Date(now.getTime() + p.windowMs).toISOString();
  const lastEvent = sql`(${rateLimits.resetAt} - ${p.windowMs} * interval '1 millisecond')`;
  const delay = sql`(case when ${rateLimits.count} < ${p.free} then 0
    else least(${p.baseMs}::float8 * power(2, ${rateLimits.count} - ${p.free}), ${p.maxMs}::float8) end)`;
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: new Date(resetAt) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${at}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`${resetAt}::timestamptz`,
      },
      setWhere: sql`${rateLimits.resetAt} <= ${at}::timestamptz
        or ${at}::timestamptz >= ${lastEvent} + ${delay} * interval '1 millisecond'`,
    })
    .returning({ count: rateLimits.count });
  if (rows.length > 0) return null;
  const state = await peek(db, key, now);
  if (!state) return 1;
  const last = state.resetAt.getTime() - p.windowMs;
  return Math.max(1, Math.ceil((last + delayAfter(state.count, p) - now.getTime()) / 1000));
}
