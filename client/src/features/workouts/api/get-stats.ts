import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyStats } from '@common/schemas/workouts';
import { api } from '@/lib/api-client';
import { viewerTimeZone } from '@/lib/time-zone';
import { queryKeys } from '@/lib/query-keys';

export const statsQueryKey = queryKeys.stats;

/** GET /api/stats: the weekly goal's week is the viewer's calendar week in `tz`. */
export const getStats = (tz: string, signal?: AbortSignal) =>
  api<MyStats>(`/api/stats?${new URLSearchParams({ tz })}`, { signal });

// ['stats', tz]: saving or deleting a workout, or changing the goal, invalidates ['stats'].
export const statsQueryOptions = (tz: string = viewerTimeZone()) =>
  queryOptions({
    queryKey: [...statsQueryKey, tz] as const,
    queryFn: ({ signal }) => getStats(tz, signal),
  });

export function useStats({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...statsQueryOptions(), enabled });
}
