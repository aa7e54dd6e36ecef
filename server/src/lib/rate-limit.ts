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
