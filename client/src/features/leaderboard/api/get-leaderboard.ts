import { queryOptions, useQuery } from '@tanstack/react-query';
import { LEADERBOARD_LIMIT_DEFAULT, type LeaderboardPeriod } from '@common/leaderboard';
import type { LeaderboardEntry, LeaderboardQuery } from '@common/schemas/leaderboard';
import { api } from '@/lib/api-client';

export type LeaderboardFilters = Pick<LeaderboardQuery, 'ageGroup' | 'gender'>;

export const NO_FILTERS: LeaderboardFilters = { ageGroup: 'all', gender: 'all' };

/** One page of a board; rows past this many come back only when a filter asks the server. */
export const LEADERBOARD_PAGE = LEADERBOARD_LIMIT_DEFAULT;

export const isFiltered = (f: LeaderboardFilters) => f.ageGroup !== 'all' || f.gender !== 'all';

/** Which board: everyone's best set, or each member's best set counted by camera. */
export type BoardKind = 'all' | 'verified';

export function getLeaderboard(
  period: LeaderboardPeriod,
  tz: string,
  filters: LeaderboardFilters,
  kind: BoardKind = 'all',
  signal?: AbortSignal,
): Promise<LeaderboardEntry[]> {
  const params = new URLSearchParams({ tz, limit: String(LEADERBOARD_PAGE) });
  if (kind === 'verified') params.set('verified', 'true');
  if (filters.ageGroup !== 'all') params.set('ageGroup', filters.ageGroup);
  if (filters.gender !== 'all') params.set('gender', filters.gender);
  return api<LeaderboardEntry[]>(`/api/leaderboard/${period}?${params}`, { signal });
}

// ['leaderboard', period, tz, filters]: saving or deleting a workout invalidates ['leaderboard'].
export const leaderboardQueryOptions = (
  period: LeaderboardPeriod,
  tz: string,
  filters: LeaderboardFilters = NO_FILTERS,
  kind: BoardKind = 'all',
) =>
  queryOptions({
    queryKey: [
      'leaderboard',
      period,
      tz,
      { ageGroup: filters.ageGroup, gender: filters.gender, kind },
    ] as const,
    queryFn: ({ signal }) => getLeaderboard(period, tz, filters, kind, signal),
  });

export function useLeaderboard(
  period: LeaderboardPeriod,
  tz: string,
  filters: LeaderboardFilters = NO_FILTERS,
  { enabled = true, kind = 'all' }: { enabled?: boolean; kind?: BoardKind } = {},
) {
  return useQuery({ ...leaderboardQueryOptions(period, tz, filters, kind), enabled });
}
