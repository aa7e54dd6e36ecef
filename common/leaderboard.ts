// Leaderboard periods, filters and limits without zod, so the client's boards load no schema
// code (docs/decisions/0068-lighthouse-leaderboard-and-profile.md). The schemas in
// ./schemas/leaderboard.ts build on these and re-export them.
import { sayingFields, sayingRecord } from './say.ts';

// The periods are in ./constants.ts, so the client's first script reads them without this module.
import { LEADERBOARD_PERIODS, type LeaderboardPeriod } from './constants.ts';
export { LEADERBOARD_PERIODS, type LeaderboardPeriod };

/**
 * Whose board the API reads (`?scope=`): everyone's, or the signed-in member's and the people they
 * follow. A club's board has its own address.
 */
export const LEADERBOARD_SCOPES = ['everyone', 'following'] as const;
export type LeaderboardScope = (typeof LEADERBOARD_SCOPES)[number];

// Labels are said in the reader's language when read (common/say.ts).
export const PERIOD_LABELS: Record<LeaderboardPeriod, string> = sayingRecord({
  today: 'Today',
  week: 'This Week',
  month: 'This Month',
  all_time: 'All Time',
});

export const AGE_GROUPS = [
  sayingFields({ id: 'under-20', label: 'Under 20', min: 0, max: 19 } as const, ['label']),
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
  sayingFields({ id: 'male', label: 'Male' } as const, ['label']),
  sayingFields({ id: 'female', label: 'Female' } as const, ['label']),
] as const;
export type GenderFilterId = (typeof GENDER_FILTERS)[number]['id'];

export { LEADERBOARD_LIMIT_DEFAULT, LEADERBOARD_LIMIT_MAX } from './constants';

/** Whether the runtime knows an IANA time-zone name (works in Node and in browsers). */
export function isValidTimeZone(tz: string): boolean {
  if (tz.length === 0 || tz.length > 64) return false;
  const known = zoneChecks.get(tz);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    valid = true;
  } catch {
    valid = false;
  }
  if (zoneChecks.size >= MAX_ZONE_CHECKS) zoneChecks.clear();
  zoneChecks.set(tz, valid);
  return valid;
}

// Building a DateTimeFormat is slow and every board request names its zone, so that check alone
// cut the board's throughput (measured by npm run bench, see docs/benchmarks.md) (docs/decisions/0131-board-zone-check.md).
// Answers are kept per name; bounded, as the names come from requests.
const MAX_ZONE_CHECKS = 2_000;
const zoneChecks = new Map<string, boolean>();

/** Client-side filtering of rows already fetched (spec: filters are applied on the client). */
export function matchesLeaderboardFilters(
  entry: { age: number | null; gender: string | null },
  filters: { ageGroup?: AgeGroupId | 'all'; gender?: GenderFilterId | 'all' },
): boolean {
  if (filters.ageGroup && filters.ageGroup !== 'all' && ageGroupOf(entry.age) !== filters.ageGroup)
    return false;
  if (filters.gender && filters.gender !== 'all' && entry.gender !== filters.gender) return false;
  return true;
}
