import { useQuery } from '@tanstack/react-query';
import { isDefaultId } from '@common/challenges';
import { LEADERBOARD_LIMIT_DEFAULT } from '@common/constants';
import type { LeaderboardPeriod } from '@common/leaderboard';
import type { LeaderboardEntry, LeaderboardQuery } from '@common/schemas/leaderboard';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ClubBoardFilters = Pick<LeaderboardQuery, 'ageGroup' | 'gender'> & {
  verified: boolean;
};

/** GET /api/clubs/:slug/leaderboard/:period: the club's members only. */
export function clubBoardPath(
  slug: string,
  period: LeaderboardPeriod,
  tz: string,
  challenge: string,
  f: ClubBoardFilters,
) {
  const params = new URLSearchParams({ tz, limit: String(LEADERBOARD_LIMIT_DEFAULT) });
  // The default challenge's board is the server's default: its address stays the first one.
  if (!isDefaultId(challenge)) params.set('challenge', challenge);
  if (f.verified) params.set('verified', 'true');
  if (f.ageGroup !== 'all') params.set('ageGroup', f.ageGroup);
  if (f.gender !== 'all') params.set('gender', f.gender);
  return `/api/clubs/${encodeURIComponent(slug)}/leaderboard/${period}?${params}`;
}

export function useClubBoard(
  slug: string,
  period: LeaderboardPeriod,
  tz: string,
  challenge: string,
  filters: ClubBoardFilters,
) {
  return useQuery({
    queryKey: queryKeys.clubBoard(slug, challenge, period, tz, filters),
    queryFn: ({ signal }) =>
      api<LeaderboardEntry[]>(clubBoardPath(slug, period, tz, challenge, filters), { signal }),
  });
}
