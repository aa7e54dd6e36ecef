import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_CHALLENGE, type ChallengeId } from '@common/challenges';
import type { LeaderboardMe, LeaderboardPeriod } from '@common/schemas/leaderboard';
import { api } from '@/lib/api-client';
import type { BoardKind } from './get-leaderboard';
import { boardBase, EVERYONE, scopeKey, standingParams, type BoardScope } from './leaderboard-path';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in user's overall rank and best in the period (null: no workout in it). */
export const getMyStanding = (
  period: LeaderboardPeriod,
  tz: string,
  kind: BoardKind = 'all',
  challenge: ChallengeId = DEFAULT_CHALLENGE,
  scope: BoardScope = EVERYONE,
  signal?: AbortSignal,
) => {
  const params = standingParams(tz, kind, challenge, scope);
  return api<LeaderboardMe>(`${boardBase(scope)}/${period}/me?${params}`, { signal });
};

export const myStandingQueryOptions = (
  period: LeaderboardPeriod,
  tz: string,
  kind: BoardKind = 'all',
  challenge: ChallengeId = DEFAULT_CHALLENGE,
  scope: BoardScope = EVERYONE,
) =>
  queryOptions({
    queryKey: [...queryKeys.myStanding(challenge, period, tz, kind), scopeKey(scope)],
    queryFn: ({ signal }) => getMyStanding(period, tz, kind, challenge, scope, signal),
  });

/** Only for a signed-in viewer: the endpoint is personal (docs/product.md#public-and-personal-data). */
export function useMyStanding(
  period: LeaderboardPeriod,
  tz: string,
  {
    enabled,
    kind = 'all',
    challenge = DEFAULT_CHALLENGE,
    scope = EVERYONE,
  }: { enabled: boolean; kind?: BoardKind; challenge?: ChallengeId; scope?: BoardScope },
) {
  return useQuery({ ...myStandingQueryOptions(period, tz, kind, challenge, scope), enabled });
}
