import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeaderboardMe, LeaderboardPeriod } from '@common/schemas/leaderboard';
import { api } from '@/lib/api-client';

/** The signed-in user's overall rank and best in the period (null: no workout in it). */
export const getMyStanding = (period: LeaderboardPeriod, tz: string, signal?: AbortSignal) =>
  api<LeaderboardMe>(`/api/leaderboard/${period}/me?${new URLSearchParams({ tz })}`, { signal });

export const myStandingQueryOptions = (period: LeaderboardPeriod, tz: string) =>
  queryOptions({
    queryKey: ['leaderboard', period, tz, 'me'] as const,
    queryFn: ({ signal }) => getMyStanding(period, tz, signal),
  });

/** Only for a signed-in viewer: the endpoint is personal (docs/product.md#public-and-personal-data). */
export function useMyStanding(
  period: LeaderboardPeriod,
  tz: string,
  { enabled }: { enabled: boolean },
) {
  return useQuery({ ...myStandingQueryOptions(period, tz), enabled });
}
