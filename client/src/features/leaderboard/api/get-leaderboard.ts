import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeaderboardPeriod } from '@common/leaderboard';
import type { LeaderboardEntry } from '@common/schemas/leaderboard';
import { api } from '@/lib/api-client';
import {
  leaderboardPath,
  NO_FILTERS,
  type BoardKind,
  type LeaderboardFilters,
} from './leaderboard-path';

export {
  LEADERBOARD_PAGE,
  NO_FILTERS,
  type BoardKind,
  type LeaderboardFilters,
} from './leaderboard-path';
import { queryKeys } from '@/lib/query-keys';

export const isFiltered = (f: LeaderboardFilters) => f.ageGroup !== 'all' || f.gender !== 'all';

export function getLeaderboard(
  period: LeaderboardPeriod,
  tz: string,
  filters: LeaderboardFilters,
  kind: BoardKind = 'all',
  signal?: AbortSignal,
): Promise<LeaderboardEntry[]> {
  return api<LeaderboardEntry[]>(leaderboardPath(period, tz, filters, kind), { signal });
}

// ['leaderboard', period, tz, filters]: saving or deleting a workout invalidates ['leaderboard'].
export const leaderboardQueryOptions = (
  period: LeaderboardPeriod,
  tz: string,
  filters: LeaderboardFilters = NO_FILTERS,
  kind: BoardKind = 'all',
) =>
  queryOptions({
    queryKey: queryKeys.board(period, tz, { ageGroup: filters.ageGroup, gender: filters.gender, kind }),
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
