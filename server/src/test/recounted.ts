import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';

// For tests that need a set on the Verified boards without running a recount of a real clip
// (those are server/src/routes/recounts/recounts.test.ts): the outcome of a recount that matched,
// written as the recount writes it (server/src/routes/recounts/recount-jobs.ts).
export async function markRecounted(db: Db, ...ids: number[]): Promise<void> {
  for (const id of ids)
    await db.execute(sql`update workouts set tier = 'recounted', verified = true
      where id = ${id} and tier = 'camera-counted'`);
}

/** A set's tier and verified flag as stored. */
export async function tierOf(db: Db, id: number): Promise<{ tier: string; verified: boolean }> {
  const rows = await rowsOf<{ tier: string; verified: boolean }>(
    db,
    sql`select tier, verified from workouts where id = ${id}`,
  );
  return rows[0]!;
}
