import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

// Fills newly registered leaderboard periods in the background, a batch of users at a time, each
// batch its own short statement (lb_fill_period in server/src/db/sql/leaderboard.sql), so saves
// and reads are served between batches. Until a period is complete, its board is read straight
// from workouts. Design: docs/decisions/0066-periods-without-blocking.md.

/**
 * Users per batch at most. A step's time follows its size, but also whether its users' sets are
 * in memory: on PGlite with 1M workouts, 500 users took 12 ms warm and 60-240 ms cold, holding
 * the one connection (and every save) that long. So each step is sized from the last one's time
 * to take about STEP_MS, between MIN_BATCH and this (docs/decisions/0073-first-board-of-a-period.md).
 */
export const FILL_BATCH = 500;
const MIN_BATCH = 25;
const STEP_MS = 15;

/** The next step's size: scaled by how far the last one was from STEP_MS, within bounds. */
export function nextBatchSize(size: number, tookMs: number, max: number): number {
  const scaled = Math.round((size * STEP_MS) / Math.max(tookMs, 1));
  // Grows at most 2x a step: one fast step (pages in memory) says little about the next.
  return Math.max(Math.min(MIN_BATCH, max), Math.min(max, scaled, size * 2));
}

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
    // Starts small: the first users' pages are the least likely to be in memory.
    let size = Math.min(batch, 100);
    for (const { id } of pending) {
      while (!stopping.has(db)) {
        const t0 = performance.now();
        const [step] = await rows<{ done: boolean }>(db, sql`select lb_fill_period(${id}::int, ${size}::int) as done`);
        if (step?.done) break;
        size = nextBatchSize(size, performance.now() - t0, batch);
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
