import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Stats } from '@common/schemas/workouts';
import { api } from '@/lib/api-client';

export const statsQueryKey = ['stats'] as const;

export const getStats = () => api<Stats>('/api/stats');

export const statsQueryOptions = () => queryOptions({ queryKey: statsQueryKey, queryFn: getStats });

export function useStats({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...statsQueryOptions(), enabled });
}
