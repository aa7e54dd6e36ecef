import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

// The fan-out job (docs/decisions/0271-notifications-off-the-save-path.md): a save writes a job
// row; every instance runs this on a short timer, and the database (nfo_fan_out in
// server/src/db/sql/notification-jobs.sql) makes each job's notifications once, whichever
// instance takes it.

/** Jobs taken per statement at most: one statement's notifications and board checks serve them all. */
export const FAN_OUT_BATCH = 500;

/**
 * Followers a statement's jobs may reach together (a job with more is taken alone): other queries
 * get the database between two statements, and on PGlite a save waits for the one under way
 * (docs/decisions/0315-fan-out-batches-by-reach.md).
 */
export const FAN_OUT_REACH = 1_000;

/**
 * Makes the notifications of every waiting job this instance can take; resolves with how many.
 * `stopping`: asked between two statements, so that a server closing ends after the one under way.
 * `yieldDatabase`: on PGlite, whose one connection the saves wait for, pause between statements.
 */
export async function fanOut(
  db: Db,
  {
    batch = FAN_OUT_BATCH,
    reach = FAN_OUT_REACH,
    stopping = (): boolean => false,
    yieldDatabase = false,
  }: { batch?: number; reach?: number; stopping?: () => boolean; yieldDatabase?: boolean } = {},
): Promise<number> {
  let done = 0;
  for (;;) {
    const began = performance.now();
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql`select nfo_fan_out(${batch}::int, ${reach}::int) as n`,
    );
    const n = Number(row?.n ?? 0);
    done += n;
    // A batch cut short by its reach is not the last: ask again until none is waiting. On PGlite,
    // after giving the database back for as long as the statement held it: the saves queued
    // meanwhile go first, and the job takes at most about half of the one connection.
    if (n === 0 || stopping()) return done;
    if (!yieldDatabase) continue;
    await new Promise((r) => setTimeout(r, performance.now() - began));
    if (stopping()) return done;
  }
}
