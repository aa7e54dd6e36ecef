import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
// Relative imports: drizzle-kit loads this file without the @common alias.
import type { Prescription } from '../../../../common/plans';
import { createdAt } from './columns';
import { memberId } from './members';
import { workouts } from './workouts';

// ---- Plans (docs/decisions/0228-a-plans-calendar.md) ----------------------------------------

/** A member's local date, as 'YYYY-MM-DD'. */
const planDate = (name: string) => date(name, { mode: 'string' });

/**
 * A member's six-week plan for a challenge, placed by a test set. One open (active or paused) plan
 * per challenge; `days` the three weekdays chosen (0 = Sunday); dates are the member's local dates.
 */
export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    userId: memberId(),
    challenge: text('challenge').notNull(),
    status: text('status').notNull().default('active'),
    days: integer('days').array().notNull(),
    placedBy: integer('placed_by').notNull(),
    placedByWorkoutId: integer('placed_by_workout_id').references(() => workouts.id, {
      onDelete: 'set null',
    }),
    startOn: planDate('start_on').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('plans_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('plans_one_open_idx')
      .on(t.userId, t.challenge)
      .where(sql`${t.status} in ('active', 'paused')`),
    check('plans_status', sql`${t.status} in ('active', 'paused', 'finished', 'stopped')`),
    check(
      'plans_days',
      sql`cardinality(${t.days}) = 3 and 0 <= all(${t.days}) and 6 >= all(${t.days})`,
    ),
    check('plans_placed_by', sql`${t.placedBy} >= 1`),
  ],
);

/**
 * A plan's sessions: training sessions (their prescription, and what was done) and re-tests (a
 * saved test set, linked by `workout_id`, and its score). Not workouts: never on a board.
 */
export const planSessions = pgTable(
  'plan_sessions',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    week: integer('week').notNull(),
    slot: integer('slot').notNull(),
    kind: text('kind').notNull(),
    dueOn: planDate('due_on').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    prescription: jsonb('prescription').$type<Prescription>(),
    done: jsonb('done').$type<number[]>(),
    /**
     * The Idempotency-Key the session was recorded with, if any: the same key again is answered as
     * the first time (a resend from the device's outbox), another is a conflict (migration 0044;
     * docs/decisions/0312-plan-sessions-in-the-outbox.md).
     */
    idempotencyKey: text('idempotency_key'),
    workoutId: integer('workout_id').references(() => workouts.id, { onDelete: 'set null' }),
    score: integer('score'),
  },
  (t) => [
    uniqueIndex('plan_sessions_plan_slot_idx').on(t.planId, t.week, t.slot),
    index('plan_sessions_undone_idx')
      .on(t.planId, t.dueOn)
      .where(sql`${t.doneAt} is null`),
    uniqueIndex('plan_sessions_workout_idx')
      .on(t.workoutId)
      .where(sql`${t.workoutId} is not null`),
    check('plan_sessions_kind', sql`${t.kind} in ('session', 'retest')`),
    check('plan_sessions_week', sql`${t.week} between 1 and 6 and ${t.slot} between 1 and 3`),
  ],
);
