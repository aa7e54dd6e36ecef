import { useQuery } from '@tanstack/react-query';
import type { TodaySession } from '@common/schemas/plans';
import { api } from '@/lib/api-client';
import { planKeys } from './plan-keys';

/** GET /api/plans/today: the session due today of my active plans, if any. */
export const getToday = (signal?: AbortSignal) => api<TodaySession>('/api/plans/today', { signal });

export function useToday() {
  return useQuery({ queryKey: planKeys.today, queryFn: ({ signal }) => getToday(signal) });
}
