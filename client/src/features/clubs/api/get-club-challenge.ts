import { useQuery } from '@tanstack/react-query';
import type { ClubChallengeDetail } from '@common/schemas/club-challenges';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/clubs/:slug/challenges/:id: the challenge, its board, its result card once ended. */
export const getClubChallenge = (slug: string, id: number, signal?: AbortSignal) =>
  api<ClubChallengeDetail>(`/api/clubs/${encodeURIComponent(slug)}/challenges/${id}`, { signal });

export function useClubChallenge(slug: string, id: number) {
  return useQuery({
    queryKey: queryKeys.clubChallenge(slug, id),
    queryFn: ({ signal }) => getClubChallenge(slug, id, signal),
  });
}
