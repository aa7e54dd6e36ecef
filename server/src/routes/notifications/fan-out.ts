import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

// The fan-out job (docs/decisions/0271-notifications-off-the-save-path.md): a save writes a job
// row; every instance runs this on a short timer, and the database (nfo_fan_out in
// server/src/db/sql/notification-jobs.sql) makes each job's notifications once, whichever
// instance takes it.

/** Jobs taken per statement: one statement's notifications and board checks serve them all. */
export const FAN_OUT_BATCH = 500;

/** Makes the notifications of every waiting job this instance can take; resolves with how many. */
export async function fanOut(db: Db, batch = FAN_OUT_BATCH): Promise<number> {
  let done = 0;
  for (;;) {
    const [row] = await rowsOf<{ n: number }>(db, sql`select nfo_fan_out(${batch}::int) as n`);
    const n = Number(row?.n ?? 0);
    done += n;
    if (n < batch) return done;
  }
}
