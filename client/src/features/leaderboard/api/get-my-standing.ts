import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeaderboardMe, LeaderboardPeriod } from '@common/schemas/leaderboard';
import { api } from '@/lib/api-client';
import type { BoardKind } from './get-leaderboard';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in user's overall rank and best in the period (null: no workout in it). */
export const getMyStanding = (
  period: LeaderboardPeriod,
  tz: string,
  kind: BoardKind = 'all',
  signal?: AbortSignal,
) => {
  const params = new URLSearchParams({ tz });
  if (kind === 'verified') params.set('verified', 'true');
  return api<LeaderboardMe>(`/api/leaderboard/${period}/me?${params}`, { signal });
};

export const myStandingQueryOptions = (period: LeaderboardPeriod, tz: string, kind: BoardKind = 'all') =>
  queryOptions({
    queryKey: queryKeys.myStanding(period, tz, kind),
    queryFn: ({ signal }) => getMyStanding(period, tz, kind, signal),
  });

/** Only for a signed-in viewer: the endpoint is personal (docs/product.md#public-and-personal-data). */
export function useMyStanding(
  period: LeaderboardPeriod,
  tz: string,
  { enabled, kind = 'all' }: { enabled: boolean; kind?: BoardKind },
) {
  return useQuery({ ...myStandingQueryOptions(period, tz, kind), enabled });
}
