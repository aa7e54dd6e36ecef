import { z } from 'zod';
import { BADGE_KINDS } from './badges';
import { pageCursor, pageLimit } from './page';
import { plainText, visibleText } from './text';
import { CUSTOM_TIME_MAX_DAYS, NOTES_MAX } from '../constants';
import { say } from '../say';
import {
  canBeCapped,
  defaultEntry,
  fillWords,
  CHALLENGES,
  countsByCamera,
  DEFAULT_CHALLENGE,
  legacyScoreField,
  scoreRangeError,
  scoreRequiredError,
  type Challenge,
} from '../challenges';
import { challengeParamMeta, timeZoneParamSchema } from './leaderboard';
import { verificationSchema } from './verification';
import { scoreTierSchema } from '../tiers';
import { tierNoteSchema } from '../tier-notes';
import { PACE_MAX_BUCKETS, paceProblem } from '../run-payoff';

const DAY_MS = 86_400_000;
// A little slack for clocks that run ahead of the server's.
export const FUTURE_SLACK_MS = 2 * 60_000;
export const WORKOUT_PAGE_DEFAULT = 100;
export const WORKOUT_PAGE_MAX = 500;
// The headers and isNewPersonalBest live in ../workouts.ts, without zod, for the client.
export { IDEMPOTENCY_KEY_HEADER, isNewPersonalBest, NEXT_CURSOR_HEADER } from '../workouts';

// The default challenge's score under its legacy name, with its declared range and words
// (common/challenge-entries.ts: the specification's messages for push-ups).
const LEGACY = defaultEntry();
const legacyScoring = LEGACY.scoring!;
const legacyWords = (key: 'required' | 'notWhole' | 'tooLow' | 'tooHigh') =>
  fillWords(LEGACY.words!.rangeErrors![key], { min: legacyScoring.min, max: legacyScoring.max });
export const pushupsSchema = z
  .number({
    error: (iss) =>
      iss.input === undefined ? legacyWords('required') : `${legacyScoring.label} must be a number`,
  })
  .int(legacyWords('notWhole'))
  .min(legacyScoring.min, legacyWords('tooLow'))
  .max(legacyScoring.max, legacyWords('tooHigh'));

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
  // Said in the reader's language (common/say.ts): the form shows it, the server answers it.
  if (Number.isNaN(at.getTime())) return say('Invalid date and time');
  if (at.getTime() > now + FUTURE_SLACK_MS) return say('The workout time cannot be in the future');
  if (at.getTime() < now - CUSTOM_TIME_MAX_DAYS * DAY_MS)
    return say('The workout time cannot be more than {days} days ago', {
      days: CUSTOM_TIME_MAX_DAYS,
    });
  if (joinedAt && at.getTime() < joinedAt.getTime()) return say(BEFORE_JOINING);
  return null;
}

/** A challenge id as a request names it; whether the catalogue has it is checked with the catalogue. */
export const challengeParamSchema = plainText('challenge')
  .min(1, 'challenge must not be empty')
  .max(64, 'Unknown challenge')
  .meta(challengeParamMeta);

export const UNKNOWN_CHALLENGE = 'Unknown challenge';
export const CHALLENGE_NOT_OPEN = 'This challenge is not open yet.';
export const CAMERA_PUSHUPS_ONLY = 'Camera counting is for push-ups only';
/** `capped: true` on a challenge that is not scored "for time" with a cap. */
export const CAPPED_FOR_TIME_ONLY = 'capped is only for a challenge done for time with a cap';
/** The push-up score's first name, as requests may still send it (legacy.scoreField). */
const LEGACY_FIELD = 'pushups';
/** `pushups` sent for a challenge whose entry does not declare it as its score's first name. */
export const LEGACY_FIELD_ELSEWHERE = 'pushups is for the push-up challenge; send score';

const cappedSchema = z
  .boolean({ error: 'capped must be true or false' })
  .meta({
    description:
      'A run of a challenge done for time that reached the cap: `score` is then the reps done by then. Refused (400 under `capped`) for any other challenge; false means nothing.',
  })
  .optional();

/**
 * The `capped` field of a save or an edit, where some open challenge in `challenges` is done for
 * time with a cap; none otherwise (a save's strict body then refuses it as an unknown field), so
 * the API description says what the server takes and is as before for the other challenges.
 */
export function cappedField(challenges: readonly Challenge[]): { capped: typeof cappedSchema } {
  const any = challenges.some((c) => c.isActive && c.scoring && canBeCapped(c.scoring));
  return (any ? { capped: cappedSchema } : {}) as { capped: typeof cappedSchema };
}

/**
 * Finds an open challenge by id in `challenges` (the app's catalogue with its open state), or the
 * message of a 400: unknown, or not open yet.
 */
export function openChallengeOr(challenges: readonly Challenge[], id: string): Challenge | string {
  const c = challenges.find((x) => x.id === id);
  if (!c) return UNKNOWN_CHALLENGE;
  if (!c.isActive || !c.scoring) return CHALLENGE_NOT_OPEN;
  return c;
}

/**
 * The save-workout body, with the time window checked against `now` and the score against the
 * challenge's range in `challenges` (the server passes its catalogue with the operator's open set;
 * the browser uses the catalogue it was served). `pushups` is the push-up challenge's score under its
 * first name; it stays accepted. The output names the challenge and its score.
 */
export function makeCreateWorkoutSchema(
  now: () => number = Date.now,
  challenges: readonly Challenge[] = CHALLENGES,
) {
  // The open challenges, listed in the API description; any other id is refused with its reason.
  const open = challenges.filter((c) => c.isActive && c.scoring).map((c) => c.id);
  const known = new Set(challenges.map((c) => c.id));
  const challengeSchema = z.enum(open as [string, ...string[]], {
    error: (iss) =>
      typeof iss.input === 'string' && known.has(iss.input)
        ? CHALLENGE_NOT_OPEN
        : UNKNOWN_CHALLENGE,
  });
  // Strict: a key the API does not know is refused, as on every other body (a misspelt `note`
  // was dropped without a word).
  return z
    .strictObject({
      challenge: challengeSchema.optional(),
      // The range is the challenge's (checked below, with a message in its unit); the API
      // description gives the widest of the open challenges'.
      score: z
        .number({
          error: (iss) =>
            iss.input === undefined ? 'A score is required' : 'The score must be a number',
        })
        .int('The score must be a whole number')
        .meta({
          minimum: 1,
          maximum: Math.max(
            1,
            ...challenges.filter((c) => c.isActive).map((c) => c.scoring?.max ?? 1),
          ),
        })
        .optional(),
      pushups: pushupsSchema.optional(),
      ...cappedField(challenges),
      notes: notesSchema,
      createdAt: z.iso
        // abort: a malformed value gets one message, not also the time-window one.
        .datetime({
          offset: true,
          abort: true,
          error: 'createdAt must be an ISO date-time, e.g. 2026-03-01T12:00:00Z',
        })
        .superRefine((v, ctx) => {
          const err = workoutTimeError(new Date(v), now());
          if (err) ctx.addIssue({ code: 'custom', message: err });
        })
        // A window relative to the server's clock: JSON Schema cannot say it, the description does.
        .meta({
          description:
            `When the set was done: within the last ${CUSTOM_TIME_MAX_DAYS} days and not later than now ` +
            `(${FUTURE_SLACK_MS / 60_000} minutes of slack for a clock ahead), by the server's clock. None means now.`,
        })
        .optional(),
      /** A camera run's trace (push-ups only); the server counts it again before it marks the workout verified. */
      verification: verificationSchema.optional(),
      /**
       * The run's pace: reps per 15 s from the count's changes (common/run-payoff.ts paceBuckets),
       * adding up to no more than the score's reps; none for a hold or a typed set.
       */
      pace: z
        .array(
          z.number().int('pace values must be whole reps').min(0, 'pace values cannot be negative'),
        )
        .min(1, 'pace needs at least one value')
        .max(PACE_MAX_BUCKETS, `pace may hold at most ${PACE_MAX_BUCKETS} values`)
        .optional(),
    })
    .superRefine((v, ctx) => {
      const id = v.challenge ?? DEFAULT_CHALLENGE;
      const c = openChallengeOr(challenges, id);
      if (typeof c === 'string')
        return void ctx.addIssue({ code: 'custom', path: ['challenge'], message: c });
      // The challenge's own first name for its score, if it has one (the push-up entry's `pushups`).
      const legacy = legacyScoreField(c) === LEGACY_FIELD;
      if (v.pushups !== undefined && !legacy)
        ctx.addIssue({ code: 'custom', path: ['pushups'], message: LEGACY_FIELD_ELSEWHERE });
      if (v.capped && !canBeCapped(c.scoring!))
        return void ctx.addIssue({
          code: 'custom',
          path: ['capped'],
          message: CAPPED_FOR_TIME_ONLY,
        });
      if (v.pushups !== undefined && v.score !== undefined && v.pushups !== v.score)
        ctx.addIssue({
          code: 'custom',
          path: ['score'],
          message: 'score and pushups differ; send one of them',
        });
      if (v.score === undefined && v.pushups === undefined)
        return void ctx.addIssue({
          code: 'custom',
          path: [legacy ? LEGACY_FIELD : 'score'],
          message:
            c.words?.rangeErrors || c.scoring!.kind === 'for-time'
              ? scoreRequiredError({ scoring: c.scoring!, words: c.words })
              : `${c.scoring!.label} are required`,
        });
      // `pushups` checked its own range (the push-up challenge's) already.
      const err =
        v.score === undefined
          ? null
          : scoreRangeError(
              { id, scoring: c.scoring!, words: c.words },
              v.score,
              v.capped ?? false,
            );
      if (err) ctx.addIssue({ code: 'custom', path: ['score'], message: err });
      const reps = v.score ?? v.pushups;
      if (v.pace && reps !== undefined) {
        const problem = paceProblem(c.scoring!, v.pace, { score: reps, capped: v.capped ?? false });
        if (problem) ctx.addIssue({ code: 'custom', path: ['pace'], message: problem });
      }
      if (v.verification && !countsByCamera(c))
        ctx.addIssue({ code: 'custom', path: ['verification'], message: CAMERA_PUSHUPS_ONLY });
    })
    .transform(({ challenge, score, pushups, capped, ...rest }) => ({
      ...rest,
      challenge: challenge ?? DEFAULT_CHALLENGE,
      score: (score ?? pushups)!,
      // Only a capped run names it, so every other save's data is as before.
      ...(capped ? { capped: true as const } : {}),
    }));
}

export const createWorkoutSchema = makeCreateWorkoutSchema();
export type CreateWorkoutInput = z.input<typeof createWorkoutSchema>;
export type CreateWorkoutData = z.output<typeof createWorkoutSchema>;

export const idempotencyKeySchema = z
  .uuid({ error: 'The Idempotency-Key header must be a UUID' })
  .transform((s) => s.toLowerCase());

/** A workout a moderator hid from every board and public page: only its owner (and moderators) see it. */
export const hiddenMarkSchema = z.object({ reason: z.string(), at: z.string() });

export const workoutSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  /** The catalogue id of the challenge (common/challenges.ts). */
  challenge: z.string(),
  /** Reps, or whole seconds held: the challenge's scoring says which. */
  score: z.number().int(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  /** Counted by camera: the server's rep counter over the run's trace gave the score (push-ups only). */
  verified: z.boolean(),
  /** How far the score is proven (common/tiers.ts): entered, camera-counted, recounted or reviewed. */
  tier: scoreTierSchema,
  /**
   * The member's own sets only: where the proof stands, in words (in review, recounting, why a
   * recount failed or a moderator refused the clip); absent when there is nothing to say.
   */
  tierNote: tierNoteSchema.optional(),
  /** Set when a moderator hid it (docs/decisions/0150-moderation.md): "Hidden by a moderator: reason". */
  hidden: hiddenMarkSchema.nullable(),
  /**
   * true: a verified set with a proof clip the reader may watch (GET /api/workouts/{id}/clip);
   * absent otherwise. In a public profile, only when the member's clips are public.
   */
  hasClip: z.literal(true).optional(),
  /**
   * When its owner last changed the set (PATCH /api/workouts/{id}); absent: never edited
   * (docs/decisions/0203-editing-a-set.md).
   */
  updatedAt: z.string().optional(),
  /** true: a "for time" run that reached the cap (`score` is then its reps); absent otherwise. */
  capped: z.literal(true).optional(),
  /** The run's pace, reps per 15 s (docs/decisions/0268-pace-stored-with-the-set.md); absent: none kept. */
  pace: z.array(z.number()).optional(),
  /** The score under its first name, on push-up sets only (last: optional keys go last on the wire). */
  pushups: z.number().int().optional(),
});
export type Workout = z.infer<typeof workoutSchema>;

/** The answer to a save: when a trace was sent and did not prove the count, why not. */
export const createdWorkoutSchema = workoutSchema.extend({
  verificationNote: z.string().optional(),
});
export type CreatedWorkout = z.infer<typeof createdWorkoutSchema>;

export const workoutListSchema = z.array(workoutSchema);

/** A badge a save earned: its kind, its challenge (none for a badge of none), when. */
export const newBadgeSchema = z.object({
  kind: z.enum(BADGE_KINDS),
  challenge: z.string().optional(),
  earnedAt: z.string(),
});
export type NewBadge = z.infer<typeof newBadgeSchema>;

/** POST /api/workouts answers with the created workout and the member's best before it (null: first ever). */
export const savedWorkoutSchema = createdWorkoutSchema.extend({
  /** The score of the member's best before it, by rank (a "for time" best is the fastest finish). */
  previousBest: z.number().int().nullable(),
  /** true: that previous best was a capped run; absent otherwise. */
  previousBestCapped: z.literal(true).optional(),
  /** The badges this set earned (docs/decisions/0267-badges-set-based-and-backfilled.md). */
  newBadges: z.array(newBadgeSchema).optional(),
});
export type SavedWorkout = z.infer<typeof savedWorkoutSchema>;

/** A workout as others see it: notes are personal and never leave in a public response. */
export const publicWorkoutSchema = workoutSchema.omit({
  notes: true,
  tierNote: true,
  hidden: true,
  updatedAt: true,
});
export type PublicWorkout = z.infer<typeof publicWorkoutSchema>;

export const workoutPageQuerySchema = z.object({
  /** Only this challenge's sets; none: every challenge's. */
  challenge: challengeParamSchema.optional(),
  limit: pageLimit(WORKOUT_PAGE_MAX, WORKOUT_PAGE_DEFAULT),
  cursor: pageCursor(),
});
export type WorkoutPageQuery = z.input<typeof workoutPageQuerySchema>;

/** A challenge's stats; the push-up challenge's also under their first names (lastPushups, ...). */
export const statsSchema = z.object({
  challenge: z.string(),
  /** The score of the latest set, the best, and their sum (reps, or seconds held); 0 without sets. */
  lastScore: z.number().int(),
  bestScore: z.number().int(),
  totalScore: z.number().int(),
  totalWorkouts: z.number().int(),
  /** Best verified workout (0 when none was counted by camera). */
  verifiedBest: z.number().int(),
  /** The best's tier (common/tiers.ts); absent without sets. */
  bestTier: scoreTierSchema.optional(),
  /** true: the best (by rank: any finish above any capped run) is a capped run; absent otherwise. */
  bestCapped: z.literal(true).optional(),
  /** true: the latest set is a capped run; absent otherwise. */
  lastCapped: z.literal(true).optional(),
  lastPushups: z.number().int().optional(),
  bestPushups: z.number().int().optional(),
  totalPushups: z.number().int().optional(),
});

/** ?challenge= of the stats, boards and lists: one challenge, the push-up challenge when absent. */
export const challengeQuerySchema = z.object({
  challenge: challengeParamSchema.default(DEFAULT_CHALLENGE),
});
export type Stats = z.infer<typeof statsSchema>;

/** GET /api/stats: the week is the member's calendar week in `tz` (an IANA name; none means UTC). */
export const myStatsQuerySchema = challengeQuerySchema.extend({
  tz: timeZoneParamSchema.optional(),
});

/** The signed-in member's own stats: the public four plus the weekly goal's progress. */
export const myStatsSchema = statsSchema.extend({
  /** Sessions a week the member aims for (1-7). */
  weeklyGoal: z.number().int(),
  /** Workouts of every challenge saved this week (Sunday 00:00 to Sunday 00:00 in `tz`). */
  sessionsThisWeek: z.number().int(),
  /** Consecutive weeks, up to this one, in which the goal was met; this week counts once met. */
  weekStreak: z.number().int(),
});
export type MyStats = z.infer<typeof myStatsSchema>;
