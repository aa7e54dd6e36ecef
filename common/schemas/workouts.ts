import { z } from 'zod';
import { plainText, visibleText } from './text';
import { CUSTOM_TIME_MAX_DAYS, NOTES_MAX, PUSHUPS_MAX, PUSHUPS_MIN } from '../constants';
import { isValidTimeZone } from './leaderboard';
import { verificationSchema } from './verification';

const DAY_MS = 86_400_000;
// A little slack for clocks that run ahead of the server's.
export const FUTURE_SLACK_MS = 2 * 60_000;
export const WORKOUT_PAGE_DEFAULT = 100;
export const WORKOUT_PAGE_MAX = 500;
// The headers and isNewPersonalBest live in ../workouts.ts, without zod, for the client.
export { IDEMPOTENCY_KEY_HEADER, isNewPersonalBest, NEXT_CURSOR_HEADER } from '../workouts';

export const pushupsSchema = z
  .number({
    error: (iss) => (iss.input === undefined ? 'Push-ups are required' : 'Push-ups must be a number'),
  })
  .int('Push-ups must be a whole number')
  .min(PUSHUPS_MIN, 'Please enter a number greater than zero')
  .max(PUSHUPS_MAX, `Push-ups must be at most ${PUSHUPS_MAX}`);

export const notesSchema = visibleText('Notes', { multiline: true, max: NOTES_MAX })
  .transform((s) => (s === '' ? undefined : s))
  .optional();

export const BEFORE_JOINING = 'The workout time cannot be before you joined FitBench';

/**
 * Checks a workout time against docs/product.md#custom-time at `now`, and against when its owner
 * joined when that is given (a workout dated before its owner existed would win ties it never
 * played); returns an error sentence or null. The server and the Log workout form both ask it.
 */
export function workoutTimeError(at: Date, now = Date.now(), joinedAt?: Date): string | null {
  if (Number.isNaN(at.getTime())) return 'Invalid date and time';
  if (at.getTime() > now + FUTURE_SLACK_MS) return 'The workout time cannot be in the future';
  if (at.getTime() < now - CUSTOM_TIME_MAX_DAYS * DAY_MS)
    return `The workout time cannot be more than ${CUSTOM_TIME_MAX_DAYS} days ago`;
  if (joinedAt && at.getTime() < joinedAt.getTime()) return BEFORE_JOINING;
  return null;
}

/**
 * The save-workout body, with the time window checked against `now`. The server passes its own
 * clock (tests fix it); the browser uses the default.
 */
export function makeCreateWorkoutSchema(now: () => number = Date.now) {
  return z.object({
    pushups: pushupsSchema,
    notes: notesSchema,
    createdAt: z.iso
      // abort: a malformed value gets one message, not also the time-window one.
      .datetime({ offset: true, abort: true, error: 'createdAt must be an ISO date-time, e.g. 2026-03-01T12:00:00Z' })
      .superRefine((v, ctx) => {
        const err = workoutTimeError(new Date(v), now());
        if (err) ctx.addIssue({ code: 'custom', message: err });
      })
      .optional(),
    /** A camera run's trace; the server counts it again before it marks the workout verified. */
    verification: verificationSchema.optional(),
  });
}

export const createWorkoutSchema = makeCreateWorkoutSchema();
export type CreateWorkoutInput = z.input<typeof createWorkoutSchema>;
export type CreateWorkoutData = z.output<typeof createWorkoutSchema>;

export const idempotencyKeySchema = z
  .uuid({ error: 'The Idempotency-Key header must be a UUID' })
  .transform((s) => s.toLowerCase());

export const workoutSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  pushups: z.number().int(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  /** Counted by camera: the server's rep counter over the run's trace gave `pushups`. */
  verified: z.boolean(),
});
export type Workout = z.infer<typeof workoutSchema>;

/** The answer to a save: when a trace was sent and did not prove the count, why not. */
export const createdWorkoutSchema = workoutSchema.extend({ verificationNote: z.string().optional() });
export type CreatedWorkout = z.infer<typeof createdWorkoutSchema>;

export const workoutListSchema = z.array(workoutSchema);

/** POST /api/workouts answers with the created workout and the member's best before it (null: first ever). */
export const savedWorkoutSchema = createdWorkoutSchema.extend({
  previousBest: z.number().int().nullable(),
});
export type SavedWorkout = z.infer<typeof savedWorkoutSchema>;

/** A workout as others see it: notes are personal and never leave in a public response. */
export const publicWorkoutSchema = workoutSchema.omit({ notes: true });
export type PublicWorkout = z.infer<typeof publicWorkoutSchema>;

// `cursor` is opaque: pass back the X-Next-Cursor header of the previous page unchanged.
export const workoutPageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(WORKOUT_PAGE_MAX, `limit must be at most ${WORKOUT_PAGE_MAX}`)
    .default(WORKOUT_PAGE_DEFAULT),
  cursor: plainText('cursor')
    .min(1, 'cursor must not be empty')
    .max(200, 'cursor is not valid')
    .optional(),
});
export type WorkoutPageQuery = z.input<typeof workoutPageQuerySchema>;

export const statsSchema = z.object({
  lastPushups: z.number().int(),
  bestPushups: z.number().int(),
  totalWorkouts: z.number().int(),
  totalPushups: z.number().int(),
  /** Best verified workout (0 when none was counted by camera). */
  verifiedBest: z.number().int(),
});
export type Stats = z.infer<typeof statsSchema>;

/** GET /api/stats: the week is the member's calendar week in `tz` (an IANA name; none means UTC). */
export const myStatsQuerySchema = z.object({
  tz: z
    .string()
    .refine(isValidTimeZone, 'Unknown time zone. Send an IANA name such as Europe/Paris.')
    .optional(),
});

/** The signed-in member's own stats: the public four plus the weekly goal's progress. */
export const myStatsSchema = statsSchema.extend({
  /** Sessions a week the member aims for (1-7). */
  weeklyGoal: z.number().int(),
  /** Workouts saved this week (Sunday 00:00 to Sunday 00:00 in `tz`). */
  sessionsThisWeek: z.number().int(),
  /** Consecutive weeks, up to this one, in which the goal was met; this week counts once met. */
  weekStreak: z.number().int(),
});
export type MyStats = z.infer<typeof myStatsSchema>;
