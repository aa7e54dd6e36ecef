import { useQuery } from '@tanstack/react-query';
import type { Achievements } from '@common/schemas/badges';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/profile/achievements: my badges and streaks, in my stored zone. */
export const getMyAchievements = (signal?: AbortSignal) =>
  api<Achievements>('/api/profile/achievements', { signal });

export function useMyAchievements() {
  return useQuery({
    queryKey: queryKeys.myAchievements,
    queryFn: ({ signal }) => getMyAchievements(signal),
  });
}
