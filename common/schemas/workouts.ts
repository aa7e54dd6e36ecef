import { z } from 'zod';
import { CUSTOM_TIME_MAX_DAYS, NOTES_MAX, PUSHUPS_MAX, PUSHUPS_MIN } from '../constants';

const DAY_MS = 86_400_000;
// A little slack for clocks that run ahead of the server's.
export const FUTURE_SLACK_MS = 2 * 60_000;

export const pushupsSchema = z
  .number({ error: 'Push-ups must be a number' })
  .int('Push-ups must be a whole number')
  .min(PUSHUPS_MIN, 'Please enter a number greater than zero')
  .max(PUSHUPS_MAX, `Push-ups must be at most ${PUSHUPS_MAX}`);

export const notesSchema = z
  .string()
  .trim()
  .max(NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters`)
  .transform((s) => (s === '' ? undefined : s))
  .optional();

/** Checks a workout time against decision 10 at `now`; returns an error sentence or null. */
export function workoutTimeError(at: Date, now = Date.now()): string | null {
  if (Number.isNaN(at.getTime())) return 'Invalid date and time';
  if (at.getTime() > now + FUTURE_SLACK_MS) return 'The workout time cannot be in the future';
  if (at.getTime() < now - CUSTOM_TIME_MAX_DAYS * DAY_MS)
    return `The workout time cannot be more than ${CUSTOM_TIME_MAX_DAYS} days ago`;
  return null;
}

export const createWorkoutSchema = z.object({
  pushups: pushupsSchema,
  notes: notesSchema,
  createdAt: z.iso
    .datetime({ offset: true, error: 'createdAt must be an ISO date-time' })
    .superRefine((v, ctx) => {
      const err = workoutTimeError(new Date(v));
      if (err) ctx.addIssue({ code: 'custom', message: err });
    })
    .optional(),
});
export type CreateWorkoutInput = z.input<typeof createWorkoutSchema>;

export const workoutSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  pushups: z.number().int(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type Workout = z.infer<typeof workoutSchema>;

export const workoutListSchema = z.array(workoutSchema);

export const workoutPageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(500, 'limit must be at most 500')
    .optional(),
  cursor: z.coerce
    .number({ error: 'cursor must be a number' })
    .int('cursor must be a whole number')
    .min(1, 'cursor must be positive')
    .optional(),
});

export const statsSchema = z.object({
  lastPushups: z.number().int(),
  bestPushups: z.number().int(),
  totalWorkouts: z.number().int(),
  totalPushups: z.number().int(),
});
export type Stats = z.infer<typeof statsSchema>;
