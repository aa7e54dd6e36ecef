// Leaderboard periods, filters and shapes shared by the API and the client (docs/product.md#leaderboard-periods to #own-standing).
// The zod-free constants live in ../leaderboard.ts (what the client's boards import) and are re-exported here.
import { z } from 'zod';
import { CHALLENGES, DEFAULT_CHALLENGE } from '../challenges';
import { pageLimit } from './page';
import { scoreTierSchema } from '../tiers';
import { plainText } from './text';
import {
  AGE_GROUP_IDS,
  isValidTimeZone,
  LEADERBOARD_LIMIT_DEFAULT,
  LEADERBOARD_LIMIT_MAX,
  LEADERBOARD_PERIODS,
  LEADERBOARD_SCOPES,
} from '../leaderboard';

export {
  AGE_GROUP_IDS,
  AGE_GROUPS,
  ageGroupOf,
  GENDER_FILTERS,
  isValidTimeZone,
  LEADERBOARD_LIMIT_DEFAULT,
  LEADERBOARD_LIMIT_MAX,
  LEADERBOARD_PERIODS,
  LEADERBOARD_SCOPES,
  matchesLeaderboardFilters,
  PERIOD_LABELS,
} from '../leaderboard';
export type {
  AgeGroupId,
  GenderFilterId,
  LeaderboardPeriod,
  LeaderboardScope,
} from '../leaderboard';

/** Path segment: `all-time` is the same period as `all_time` (docs/product.md#leaderboard-periods). */
export const leaderboardPeriodSchema = plainText('The period')
  .transform((s) => (s === 'all-time' ? 'all_time' : s))
  .pipe(
    z.enum(LEADERBOARD_PERIODS, {
      error: 'Unknown leaderboard period. Use today, week, month or all_time.',
    }),
  )
  .meta({ enum: [...LEADERBOARD_PERIODS, 'all-time'] });

/**
 * How the API description gives a `?challenge=`: one of the catalogue's ids; only the open ones
 * (the operator's choice, GET /api/challenges) are answered, the rest get 400 "not open yet".
 */
export const challengeParamMeta = {
  enum: CHALLENGES.map((c) => c.id),
  description:
    'A challenge of the catalogue; only the open ones (GET /api/challenges) are answered, the others get 400.',
};

/**
 * `tz`: an IANA zone name the server's Intl knows. The pattern says its form; the list itself
 * changes with the time zone database, so the description says the rest.
 */
export const timeZoneParamSchema = plainText('The time zone')
  .refine(isValidTimeZone, 'Unknown time zone. Send an IANA name such as Europe/Paris.')
  .meta({
    pattern: '^[A-Za-z][A-Za-z0-9_+-]*(?:/[A-Za-z0-9_+-]+)*$',
    maxLength: 64,
    description:
      'An IANA time zone name the server knows (its Intl time zone data), such as Europe/Paris. None means UTC.',
  });

const verifiedParamSchema = z
  .enum(['true', 'false'], { error: 'verified must be true or false' })
  .default('false')
  .transform((v) => v === 'true');

export const leaderboardQuerySchema = z.object({
  /** The challenge whose board this is (a catalogue id); the push-up challenge when absent. */
  challenge: plainText('challenge')
    .min(1, 'challenge must not be empty')
    .max(64, 'Unknown challenge')
    .meta(challengeParamMeta)
    .default(DEFAULT_CHALLENGE),
  /** The viewer's IANA zone; periods are calendar periods there. No tz means UTC. */
  tz: timeZoneParamSchema.optional(),
  ageGroup: z
    .enum([...AGE_GROUP_IDS, 'all'], {
      error: `ageGroup must be one of ${[...AGE_GROUP_IDS, 'all'].join(', ')}`,
    })
    .default('all'),
  gender: z
    .enum(['male', 'female', 'all'], { error: 'gender must be male, female or all' })
    .default('all'),
  limit: pageLimit(LEADERBOARD_LIMIT_MAX, LEADERBOARD_LIMIT_DEFAULT),
  /** true: the board of verified workouts only (each member's best verified set, ranked among those). */
  verified: verifiedParamSchema,
  /** Whose board: everyone's, or the signed-in member's and the people they follow (docs/product.md#following). */
  scope: z
    .enum(LEADERBOARD_SCOPES, { error: `scope must be one of ${LEADERBOARD_SCOPES.join(', ')}` })
    .default('everyone'),
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;
export type LeaderboardQueryInput = z.input<typeof leaderboardQuerySchema>;

export const leaderboardMeQuerySchema = leaderboardQuerySchema.pick({
  challenge: true,
  tz: true,
  verified: true,
  scope: true,
});

/** One row: the user's best set in the period. Never an email (docs/product.md#what-responses-contain). */
export const leaderboardEntrySchema = z.object({
  /** The id of the workout that is the user's best in the period. */
  id: z.number().int(),
  username: z.string(),
  /** Overall rank in the period by score (a finish time: faster first, any finish above any capped run); ties share a rank (1, 2, 2, 4), filters do not change it. */
  rank: z.number().int(),
  /** Reps, or whole seconds held (the challenge's scoring says which). */
  score: z.number().int(),
  createdAt: z.string(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  profilePicture: z.string().nullable(),
  /** The set shown was counted by camera (docs/product.md#verified-workouts). */
  verified: z.boolean(),
  /** How far the set's score is proven (common/tiers.ts). */
  tier: scoreTierSchema,
  /** true: the set has a proof clip anyone may watch (its member's clips are public); absent otherwise. */
  hasClip: z.literal(true).optional(),
  /** true: a "for time" run that reached the cap (`score` is its reps); absent otherwise. */
  capped: z.literal(true).optional(),
  /**
   * true: a Verified board's entry in its top three that no moderator has reviewed yet (it shows
   * "Awaiting review"); absent otherwise.
   */
  awaitingReview: z.literal(true).optional(),
  /** The score under its first name, on the push-up board only (last: optional keys go last on the wire). */
  pushups: z.number().int().optional(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardSchema = z.array(leaderboardEntrySchema);

/** The signed-in user's standing in a period, or null when they have no workout in it. */
export const leaderboardMeSchema = z
  .object({
    rank: z.number().int(),
    score: z.number().int(),
    /** true: the best is a capped "for time" run; absent otherwise. */
    capped: z.literal(true).optional(),
    pushups: z.number().int().optional(),
    id: z.number().int(),
    createdAt: z.string(),
  })
  .nullable();
export type LeaderboardMe = z.infer<typeof leaderboardMeSchema>;
