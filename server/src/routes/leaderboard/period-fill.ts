import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

// Fills newly registered leaderboard periods in the background, a batch of users at a time, each
// batch its own short statement (lb_fill_period in server/src/db/sql/leaderboard.sql), so saves
// and reads are served between batches. Until a period is complete, its board is read straight
// from workouts. Design: docs/decisions/1257-periods-without-blocking.md.

/**
 * Users per batch: about 12 ms of work each on PGlite with 1M workouts (a week of 100k users fills
 * in 2.4 s). 200 users a batch took as long at worst (pages read from disk) and twice as long in
 * all (docs/decisions/1264-first-board-of-a-period.md).
 */
export const FILL_BATCH = 500;

const running = new WeakMap<Db, Promise<void>>();
const batchOf = new WeakMap<Db, number>();
const stopping = new WeakSet<Db>();

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Fills every period that is not complete; resolves when none is left. */
export async function fillPeriods(db: Db, batch = FILL_BATCH): Promise<void> {
  while (!stopping.has(db)) {
    const pending = await rows<{ id: number }>(
      db,
      sql`select id from leaderboard_periods where fill_cursor is not null order by id`,
    );
    if (pending.length === 0) return;
    for (const { id } of pending) {
      while (!stopping.has(db)) {
        const [step] = await rows<{ done: boolean }>(db, sql`select lb_fill_period(${id}::int, ${batch}::int) as done`);
        if (step?.done) break;
        // Give queued saves and reads their turn (on PGlite they share one connection).
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    }
  }
}

/** The batch size of the background fill for this database; 0 turns it off (tests step it). */
export function configurePeriodFill(db: Db, batch: number): void {
  batchOf.set(db, batch);
}

/** Starts filling in the background unless it is already running for this database. */
export function kickPeriodFill(db: Db): void {
  const batch = batchOf.get(db) ?? FILL_BATCH;
  if (batch <= 0 || running.has(db) || stopping.has(db)) return;
  const run = fillPeriods(db, batch)
    // A failed batch changed nothing; the next read that finds a period unfilled starts again.
    .catch(() => undefined)
    .finally(() => running.delete(db));
  running.set(db, run);
}

/** Stops the background fill after its current batch (the app closing); the rest resumes at the next start. */
export function stopPeriodFill(db: Db): Promise<void> {
  stopping.add(db);
  return running.get(db) ?? Promise.resolve();
}
