import { index, integer, pgTable, text, timestamp, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
// Relative imports: drizzle-kit loads this file without the @common alias.
import { RECOUNT_OUTCOMES, RECOUNT_STATES } from '../../../../common/tiers';
import { oneOf } from './columns';
import { workouts } from './workouts';

/**
 * The server's recount of a set's proof clip (docs/decisions/0239-score-tiers.md): a job in the
 * database, so that it survives a restart and exactly one instance runs it. A running job whose
 * lock is older than the recount's time limit is taken again.
 */
export const clipRecounts = pgTable(
  'clip_recounts',
  {
    workoutId: integer('workout_id')
      .primaryKey()
      .references(() => workouts.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    queuedAt: timestamp('queued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    runAfter: timestamp('run_after', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true, mode: 'date' }),
    lockedBy: text('locked_by'),
    // What the server counted from the clip, how the recount ended, and why, in a member's words.
    serverCount: integer('server_count'),
    outcome: text('outcome'),
    reason: text('reason'),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('clip_recounts_waiting_idx')
      .on(t.runAfter)
      .where(sql`${t.state} <> 'done'`),
    check('clip_recounts_state', sql`${t.state} in (${oneOf(RECOUNT_STATES)})`),
    check(
      'clip_recounts_outcome',
      sql`${t.outcome} is null or ${t.outcome} in (${oneOf(RECOUNT_OUTCOMES)})`,
    ),
  ],
);
