import { useQuery } from '@tanstack/react-query';
import type { Achievements } from '@common/schemas/badges';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/users/:username/achievements: a member's badges and streaks (404 for a private member). */
export const getPublicAchievements = (username: string, signal?: AbortSignal) =>
  api<Achievements>(`/api/users/${encodeURIComponent(username)}/achievements`, { signal });

export function usePublicAchievements(username: string) {
  return useQuery({
    queryKey: queryKeys.publicAchievements(username),
    queryFn: ({ signal }) => getPublicAchievements(username, signal),
  });
}
