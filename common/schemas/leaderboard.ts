import { z } from 'zod';
import { plainText } from './text';

// Leaderboard periods, filters and shapes shared by the API and the client (docs/product.md#leaderboard-periods to #own-standing).

export const LEADERBOARD_PERIODS = ['today', 'week', 'month', 'all_time'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

export const PERIOD_LABELS: Record<LeaderboardPeriod, string> = {
  today: 'Today',
  week: 'This Week',
  month: 'This Month',
  all_time: 'All Time',
};

/** Path segment: `all-time` is the same period as `all_time` (docs/product.md#leaderboard-periods). */
export const leaderboardPeriodSchema = plainText('The period')
  .transform((s) => (s === 'all-time' ? 'all_time' : s))
  .pipe(
    z.enum(LEADERBOARD_PERIODS, {
      error: 'Unknown leaderboard period. Use today, week, month or all_time.',
    }),
  );

export const AGE_GROUPS = [
  { id: 'under-20', label: 'Under 20', min: 0, max: 19 },
  { id: '20-29', label: '20-29', min: 20, max: 29 },
  { id: '30-39', label: '30-39', min: 30, max: 39 },
  { id: '40-49', label: '40-49', min: 40, max: 49 },
  { id: '50-59', label: '50-59', min: 50, max: 59 },
  { id: '60-plus', label: '60+', min: 60, max: Number.POSITIVE_INFINITY },
] as const;
export type AgeGroupId = (typeof AGE_GROUPS)[number]['id'];
export const AGE_GROUP_IDS = AGE_GROUPS.map((g) => g.id) as [AgeGroupId, ...AgeGroupId[]];

/** The band of a user's current age (docs/product.md#leaderboard-filters); null when the age is unknown. */
export function ageGroupOf(age: number | null | undefined): AgeGroupId | null {
  if (age === null || age === undefined || !Number.isFinite(age)) return null;
  return AGE_GROUPS.find((g) => age >= g.min && age <= g.max)?.id ?? null;
}

export const GENDER_FILTERS = [
  { id: 'male', label: 'Male' },
  { id: 'female', label: 'Female' },
] as const;
export type GenderFilterId = (typeof GENDER_FILTERS)[number]['id'];

export const LEADERBOARD_LIMIT_DEFAULT = 100;
export const LEADERBOARD_LIMIT_MAX = 500;

/** Whether the runtime knows an IANA time-zone name (works in Node and in browsers). */
export function isValidTimeZone(tz: string): boolean {
  if (tz.length === 0 || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const verifiedParamSchema = z
  .enum(['true', 'false'], { error: 'verified must be true or false' })
  .default('false')
  .transform((v) => v === 'true');

export const leaderboardQuerySchema = z.object({
  /** The viewer's IANA zone; periods are calendar periods there. No tz means UTC. */
  tz: plainText('tz')
    .refine(isValidTimeZone, 'Unknown time zone. Send an IANA name such as Europe/Paris.')
    .optional(),
  ageGroup: z
    .enum([...AGE_GROUP_IDS, 'all'], {
      error: `ageGroup must be one of ${[...AGE_GROUP_IDS, 'all'].join(', ')}`,
    })
    .default('all'),
  gender: z
    .enum(['male', 'female', 'all'], { error: 'gender must be male, female or all' })
    .default('all'),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LEADERBOARD_LIMIT_MAX, `limit must be at most ${LEADERBOARD_LIMIT_MAX}`)
    .default(LEADERBOARD_LIMIT_DEFAULT),
  /** true: the board of verified workouts only (each member's best verified set, ranked among those). */
  verified: verifiedParamSchema,
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;
export type LeaderboardQueryInput = z.input<typeof leaderboardQuerySchema>;

export const leaderboardMeQuerySchema = leaderboardQuerySchema.pick({ tz: true, verified: true });

/** One row: the user's best set in the period. Never an email (docs/product.md#what-responses-contain). */
export const leaderboardEntrySchema = z.object({
  /** The id of the workout that is the user's best in the period. */
  id: z.number().int(),
  username: z.string(),
  /** Overall rank in the period by push-ups; ties share a rank (1, 2, 2, 4), filters do not change it. */
  rank: z.number().int(),
  pushups: z.number().int(),
  createdAt: z.string(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  profilePicture: z.string().nullable(),
  /** The set shown was counted by camera (docs/product.md#verified-workouts). */
  verified: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardSchema = z.array(leaderboardEntrySchema);

/** The signed-in user's standing in a period, or null when they have no workout in it. */
export const leaderboardMeSchema = z
  .object({
    rank: z.number().int(),
    pushups: z.number().int(),
    id: z.number().int(),
    createdAt: z.string(),
  })
  .nullable();
export type LeaderboardMe = z.infer<typeof leaderboardMeSchema>;

/** Client-side filtering of rows already fetched (spec: filters are applied on the client). */
export function matchesLeaderboardFilters(
  entry: Pick<LeaderboardEntry, 'age' | 'gender'>,
  filters: { ageGroup?: AgeGroupId | 'all'; gender?: GenderFilterId | 'all' },
): boolean {
  if (filters.ageGroup && filters.ageGroup !== 'all' && ageGroupOf(entry.age) !== filters.ageGroup)
    return false;
  if (filters.gender && filters.gender !== 'all' && entry.gender !== filters.gender) return false;
  return true;
}
