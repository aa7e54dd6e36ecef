import { useQuery } from '@tanstack/react-query';
import type { ClubChallengeList } from '@common/schemas/club-challenges';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/clubs/:slug/challenges: current, upcoming and ended. */
export const listClubChallenges = (slug: string, signal?: AbortSignal) =>
  api<ClubChallengeList>(`/api/clubs/${encodeURIComponent(slug)}/challenges`, { signal });

export function useClubChallenges(slug: string) {
  return useQuery({
    queryKey: queryKeys.clubChallenges(slug),
    queryFn: ({ signal }) => listClubChallenges(slug, signal),
  });
}
