import { sql } from 'drizzle-orm';
import { rowsOf as rows, type Db } from '../../db/client';

// Fills newly registered leaderboard periods in the background, a batch of users at a time, each
// batch its own short statement (lb_fill_period in server/src/db/sql/leaderboard.sql), so saves
// and reads are served between batches. Until a period is complete, its board is read straight
// from workouts. Design: docs/decisions/0066-periods-without-blocking.md.

/**
 * Users per batch at most. A step's time follows its size, but also whether its users' sets are
 * in memory: on PGlite a fixed batch of cold users held the one connection (and every save) many times
 * longer than a warm one (measured by npm run bench, see docs/benchmarks.md). So each step is sized from the last one's time
 * to take about STEP_MS, between MIN_BATCH and this (docs/decisions/0073-first-board-of-a-period.md).
 */
export const FILL_BATCH = 500;
const MIN_BATCH = 25;
const STEP_MS = 15;

/**
 * Each period's first step: the smallest. How many sets the first users hold in a period says
 * nothing about the last period's steps: after a busy hour, a new day's first users (the members
 * who saved) held thousands of sets, and a step carried over at 500 users held the one PGlite
 * connection, and every save behind it, for 90 ms.
 */
export function firstStepSize(max: number): number {
  return Math.min(MIN_BATCH, max);
}

/** The next step's size: scaled by how far the last one was from STEP_MS, within bounds. */
export function nextBatchSize(size: number, tookMs: number, max: number): number {
  const scaled = Math.round((size * STEP_MS) / Math.max(tookMs, 1));
  // Grows at most 2x a step: one fast step (pages in memory) says little about the next.
  return Math.max(Math.min(MIN_BATCH, max), Math.min(max, scaled, size * 2));
}

/**
 * Fills every period that is not complete; resolves when none is left, or once `stopped()` says
 * so (after the current batch).
 */
export async function fillPeriods(
  db: Db,
  batch = FILL_BATCH,
  stopped: () => boolean = () => false,
): Promise<void> {
  while (!stopped()) {
    const pending = await rows<{ id: number }>(
      db,
      sql`select id from leaderboard_periods where fill_cursor is not null order by id`,
    );
    if (pending.length === 0) return;
    for (const { id } of pending) {
      let size = firstStepSize(batch);
      while (!stopped()) {
        const t0 = performance.now();
        const [step] = await rows<{ done: boolean }>(
          db,
          sql`select lb_fill_period(${id}::int, ${size}::int) as done`,
        );
        if (step?.done) break;
        size = nextBatchSize(size, performance.now() - t0, batch);
        // Give queued saves and reads their turn (on PGlite they share one connection).
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    }
  }
}

/**
 * One app's background fill (./period-fill.plugin.ts makes one per app): at most one
 * run at a time; `batch` 0 turns it off (tests step it themselves).
 */
export class PeriodFill {
  private running: Promise<void> | undefined;
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly batch: number = FILL_BATCH,
  ) {}

  /** Starts filling in the background unless it is already running (or off, or stopping). */
  kick(): void {
    if (this.batch <= 0 || this.running || this.stopping) return;
    this.running = fillPeriods(this.db, this.batch, () => this.stopping)
      // A failed batch changed nothing; the next read that finds a period unfilled starts again.
      .catch(() => undefined)
      .finally(() => {
        this.running = undefined;
      });
  }

  /** Stops after the current batch (the app closing); the rest resumes at the next start. */
  stop(): Promise<void> {
    this.stopping = true;
    return this.running ?? Promise.resolve();
  }
}
