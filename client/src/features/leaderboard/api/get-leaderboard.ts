import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_CHALLENGE, type ChallengeId } from '@common/challenges';
import type { LeaderboardPeriod } from '@common/leaderboard';
import type { LeaderboardEntry } from '@common/schemas/leaderboard';
import { api } from '@/lib/api-client';
import {
  EVERYONE,
  leaderboardPath,
  NO_FILTERS,
  scopeKey,
  type BoardKind,
  type BoardScope,
  type LeaderboardFilters,
} from './leaderboard-path';

export {
  EVERYONE,
  LEADERBOARD_PAGE,
  NO_FILTERS,
  type BoardKind,
  type BoardScope,
  type LeaderboardFilters,
} from './leaderboard-path';
import { queryKeys } from '@/lib/query-keys';

export const isFiltered = (f: LeaderboardFilters) => f.ageGroup !== 'all' || f.gender !== 'all';

export function getLeaderboard(
  period: LeaderboardPeriod,
  tz: string,
  filters: LeaderboardFilters,
  kind: BoardKind = 'all',
  challenge: ChallengeId = DEFAULT_CHALLENGE,
  scope: BoardScope = EVERYONE,
  signal?: AbortSignal,
): Promise<LeaderboardEntry[]> {
  return api<LeaderboardEntry[]>(leaderboardPath(period, tz, filters, kind, challenge, scope), {
    signal,
  });
}

// ['leaderboard', challenge, period, tz, filters]: saving or deleting a workout invalidates ['leaderboard'].
export const leaderboardQueryOptions = (
  period: LeaderboardPeriod,
  tz: string,
  filters: LeaderboardFilters = NO_FILTERS,
  kind: BoardKind = 'all',
  challenge: ChallengeId = DEFAULT_CHALLENGE,
  scope: BoardScope = EVERYONE,
) =>
  queryOptions({
    queryKey: queryKeys.board(challenge, period, tz, {
      ageGroup: filters.ageGroup,
      gender: filters.gender,
      kind,
      scope: scopeKey(scope),
    }),
    queryFn: ({ signal }) => getLeaderboard(period, tz, filters, kind, challenge, scope, signal),
  });

export function useLeaderboard(
  period: LeaderboardPeriod,
  tz: string,
  filters: LeaderboardFilters = NO_FILTERS,
  {
    enabled = true,
    kind = 'all',
    challenge = DEFAULT_CHALLENGE,
    scope = EVERYONE,
  }: { enabled?: boolean; kind?: BoardKind; challenge?: ChallengeId; scope?: BoardScope } = {},
) {
  return useQuery({
    ...leaderboardQueryOptions(period, tz, filters, kind, challenge, scope),
    enabled,
  });
}
