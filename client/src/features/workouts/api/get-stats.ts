import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_CHALLENGE, type ChallengeId } from '@common/challenges';
import type { MyStats } from '@common/schemas/workouts';
import { api } from '@/lib/api-client';
import { viewerTimeZone } from '@/lib/time-zone';
import { queryKeys } from '@/lib/query-keys';

export const statsQueryKey = queryKeys.stats;

/**
 * GET /api/stats of one challenge (the push-up challenge when absent); the weekly goal's week is
 * the viewer's calendar week in `tz` and counts sessions of every challenge.
 */
export const getStats = (
  tz: string,
  signal?: AbortSignal,
  challenge: ChallengeId = DEFAULT_CHALLENGE,
) => api<MyStats>(`/api/stats?${new URLSearchParams({ challenge, tz })}`, { signal });

// ['stats', challenge, tz]: saving or deleting a workout, or changing the goal, invalidates ['stats'].
export const statsQueryOptions = (
  tz: string = viewerTimeZone(),
  challenge: ChallengeId = DEFAULT_CHALLENGE,
) =>
  queryOptions({
    queryKey: [...statsQueryKey, challenge, tz] as const,
    queryFn: ({ signal }) => getStats(tz, signal, challenge),
  });

export function useStats({
  enabled = true,
  challenge = DEFAULT_CHALLENGE,
}: { enabled?: boolean; challenge?: ChallengeId } = {}) {
  return useQuery({ ...statsQueryOptions(undefined, challenge), enabled });
}
