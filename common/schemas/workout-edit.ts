import { z } from 'zod';
import { CUSTOM_TIME_MAX_DAYS, NOTES_MAX } from '../constants';
import { visibleText } from './text';
import { CHALLENGES, type Challenge } from '../challenges';
import { cappedField, pushupsSchema, workoutTimeError } from './workouts';

/**
 * The body of PATCH /api/workouts/{id}: the fields to change, each as it should now be (absent:
 * unchanged). The score's range is the set's challenge's, and a score or a time must fit the
 * rules of a new save; the server checks both against the stored set
 * (docs/decisions/0203-editing-a-set.md). `pushups` is a push-up set's score under its first name.
 * `notes`: null or an empty text clears them.
 */
export function makeEditWorkoutSchema(
  now: () => number = Date.now,
  challenges: readonly Challenge[] = CHALLENGES,
) {
  return z
    .object({
      score: z
        .number({ error: 'The score must be a number' })
        .int('The score must be a whole number')
        // The range is the set's challenge's, checked with the stored set, in its unit.
        .meta({ minimum: 1 })
        .optional(),
      pushups: pushupsSchema.optional(),
      // A "for time" set's cap mark, where such a challenge is open.
      ...cappedField(challenges),
      notes: visibleText('Notes', { multiline: true, max: NOTES_MAX })
        .transform((s) => (s === '' ? null : s))
        .nullable()
        .optional(),
      createdAt: z.iso
        .datetime({
          offset: true,
          abort: true,
          error: 'createdAt must be an ISO date-time, e.g. 2026-03-01T12:00:00Z',
        })
        .superRefine((v, ctx) => {
          const err = workoutTimeError(new Date(v), now());
          if (err) ctx.addIssue({ code: 'custom', message: err });
        })
        .optional(),
    })
    .superRefine((v, ctx) => {
      if (v.pushups !== undefined && v.score !== undefined && v.pushups !== v.score)
        ctx.addIssue({
          code: 'custom',
          path: ['score'],
          message: 'score and pushups differ; send one of them',
        });
      if (
        v.score === undefined &&
        v.pushups === undefined &&
        v.capped === undefined &&
        v.notes === undefined &&
        v.createdAt === undefined
      )
        ctx.addIssue({
          code: 'custom',
          path: [],
          message: 'Send at least one of score, notes and createdAt to change',
        });
    });
}

export const editWorkoutSchema = makeEditWorkoutSchema();
export type EditWorkoutInput = z.input<typeof editWorkoutSchema>;
export type EditWorkoutData = z.output<typeof editWorkoutSchema>;

/** Why a set whose score changes loses its camera mark, said before the member confirms. */
export const CAMERA_MARK_LOST =
  'This set was counted by the camera. Saving another count makes it a plain set: it loses the Counted by the camera mark and its proof clip.';
export const HIDDEN_SET_LOCKED =
  'A moderator hid this set, so it cannot be edited. You can still delete it.';
export const OLD_SET_SCORE_LOCKED = `This set is more than ${CUSTOM_TIME_MAX_DAYS} days old: its score and time can no longer change, but its notes can.`;
