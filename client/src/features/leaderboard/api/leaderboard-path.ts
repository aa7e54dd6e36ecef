import { LEADERBOARD_LIMIT_DEFAULT } from '@common/constants';
import type { LeaderboardPeriod } from '@common/leaderboard';
import type { LeaderboardQuery } from '@common/schemas/leaderboard';

export type LeaderboardFilters = Pick<LeaderboardQuery, 'ageGroup' | 'gender'>;

export const NO_FILTERS: LeaderboardFilters = { ageGroup: 'all', gender: 'all' };

/** One page of a board; rows past this many come back only when a filter asks the server. */
export const LEADERBOARD_PAGE = LEADERBOARD_LIMIT_DEFAULT;

/** Which board: everyone's best set, or each member's best set counted by camera. */
export type BoardKind = 'all' | 'verified';

/**
 * GET /api/leaderboard/:period with its query. Apart from get-leaderboard.ts (and without TanStack
 * Query) so the app's first script can ask for a board while the board's code still loads.
 */
export function leaderboardPath(
  period: LeaderboardPeriod,
  tz: string,
  filters: LeaderboardFilters = NO_FILTERS,
  kind: BoardKind = 'all',
) {
  const params = new URLSearchParams({ tz, limit: String(LEADERBOARD_PAGE) });
  if (kind === 'verified') params.set('verified', 'true');
  if (filters.ageGroup !== 'all') params.set('ageGroup', filters.ageGroup);
  if (filters.gender !== 'all') params.set('gender', filters.gender);
  return `/api/leaderboard/${period}?${params}`;
}
