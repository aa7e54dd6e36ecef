import { useQuery } from '@tanstack/react-query';
import type { ChallengeId } from '@common/challenges';
import type { Standing } from '@common/schemas/standing';
import { api } from '@/lib/api-client';

/** A score to place instead of the member's best: the set just saved. */
export interface PlacedScore {
  score: number;
  capped?: boolean;
}

export const standingQueryKey = (challenge: ChallengeId, placed?: PlacedScore) =>
  ['standing', challenge, placed?.score ?? null, placed?.capped ?? false] as const;

export const getStanding = (challenge: ChallengeId, placed?: PlacedScore, signal?: AbortSignal) => {
  const query = placed ? `?score=${placed.score}${placed.capped ? '&capped=true' : ''}` : '';
  return api<Standing>(`/api/challenges/${encodeURIComponent(challenge)}/standing${query}`, {
    signal,
  });
};

/** Where the signed-in member stands (personal: only asked for a member). */
export function useStanding(challenge: ChallengeId, placed?: PlacedScore) {
  return useQuery({
    queryKey: standingQueryKey(challenge, placed),
    queryFn: ({ signal }) => getStanding(challenge, placed, signal),
  });
}
