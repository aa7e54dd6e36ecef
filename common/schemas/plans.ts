// Plans (docs/decisions/0227-what-a-plan-asks-for.md, 0228-a-plans-calendar.md): the requests and
// answers of /api/plans, shared with the client.
import { z } from 'zod';
import { PLAN_WEEKS, SESSIONS_PER_WEEK } from '../plans';

export const PLAN_STATUSES = ['active', 'paused', 'finished', 'stopped'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
export const PLAN_SESSION_KINDS = ['session', 'retest'] as const;
export const PLAN_ACTIONS = ['pause', 'resume', 'restart', 'stop'] as const;
export type PlanAction = (typeof PLAN_ACTIONS)[number];
export const PLAN_DAYS = 3;
/** The most a done set may say, in any unit (a plank's range in seconds). */
const DONE_MAX = 36_000;

const INT4_MAX = 2_147_483_647;
const dbId = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .min(1, `${what} must be positive`)
    .max(INT4_MAX, `${what} is too large`);

/** Three different weekdays, 0 = Sunday .. 6 = Saturday, kept in order. */
export const planDaysSchema = z
  .array(
    z.number().int('A day must be a whole number').min(0, 'Not a weekday').max(6, 'Not a weekday'),
    {
      error: 'Choose the days of your sessions',
    },
  )
  .length(PLAN_DAYS, `Choose ${PLAN_DAYS} days`)
  .meta({ uniqueItems: true })
  .refine((days) => new Set(days).size === days.length, 'Choose three different days')
  .transform((days) => [...days].sort((a, b) => a - b));

/**
 * Placed by the test set `workoutId` (one of the member's sets of a challenge that allows a plan),
 * or by the member's latest set of `challenge`.
 */
export const startPlanSchema = z.union([
  z.object({ workoutId: dbId('The workout id'), days: planDaysSchema }),
  z.object({ challenge: z.string().min(1).max(64), days: planDaysSchema }),
]);
export type StartPlanInput = z.input<typeof startPlanSchema>;

/** New days for a plan (PUT /api/plans/{id}/days): the sessions not done move onto them from today. */
export const planDaysChangeSchema = z.strictObject({ days: planDaysSchema });
export type PlanDaysChange = z.input<typeof planDaysChangeSchema>;

export const sessionDoneSchema = z.object({
  /** What was done, set by set (reps, seconds or rounds as the prescription says). */
  done: z
    .array(
      z
        .number()
        .int('A set must be a whole number')
        .min(0, 'A set cannot be negative')
        .max(DONE_MAX, 'Too many'),
      {
        error: 'Say what you did',
      },
    )
    .min(1, 'Say what you did')
    .max(20, 'Too many sets'),
});
export type SessionDoneInput = z.infer<typeof sessionDoneSchema>;

export const linkRetestSchema = z.object({ workoutId: dbId('The workout id') });
export type LinkRetestInput = z.infer<typeof linkRetestSchema>;

export const prescriptionSchema = z.object({
  unit: z.enum(['reps', 'seconds', 'rounds']),
  sets: z.array(z.number().int()),
  restSeconds: z.number().int(),
  lastAtLeast: z.boolean(),
});

export const planSessionSchema = z.object({
  id: z.number().int(),
  week: z.number().int().min(1).max(PLAN_WEEKS),
  slot: z.number().int().min(1).max(SESSIONS_PER_WEEK),
  kind: z.enum(PLAN_SESSION_KINDS),
  /** The member's local date it is due on (YYYY-MM-DD). */
  dueOn: z.string(),
  doneAt: z.string().nullable(),
  /** Null for a re-test: the challenge's own test. */
  prescription: prescriptionSchema.nullable(),
  done: z.array(z.number().int()).nullable(),
  /** A re-test's saved set and its score. */
  workoutId: z.number().int().nullable(),
  score: z.number().int().nullable(),
});
export type PlanSession = z.infer<typeof planSessionSchema>;

export const planSummarySchema = z.object({
  id: z.number().int(),
  challenge: z.string(),
  status: z.enum(PLAN_STATUSES),
  days: z.array(z.number().int()),
  /** The score of the test that placed it. */
  placedBy: z.number().int(),
  startOn: z.string(),
  createdAt: z.string(),
  sessionsDone: z.number().int(),
  sessionsTotal: z.number().int(),
  /** The next undone session's date, if any. */
  nextDueOn: z.string().nullable(),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;

export const planSchema = planSummarySchema.extend({
  /** The member's local date now, which the calendar is read against. */
  today: z.string(),
  sessions: z.array(planSessionSchema),
});
export type Plan = z.infer<typeof planSchema>;

export const planListSchema = z.array(planSummarySchema);

/** Today's session: the first undone session due by today of the member's active plans. */
export const todaySessionSchema = z.object({
  today: z.string(),
  plan: planSummarySchema.nullable(),
  session: planSessionSchema.nullable(),
});
export type TodaySession = z.infer<typeof todaySessionSchema>;

export const planActionSchema = z.object({ action: z.enum(PLAN_ACTIONS) });
