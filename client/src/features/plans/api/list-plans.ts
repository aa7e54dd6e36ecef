import { useQuery } from '@tanstack/react-query';
import type { PlanSummary } from '@common/schemas/plans';
import { api } from '@/lib/api-client';
import { planKeys } from './plan-keys';

/** GET /api/plans: my plans, newest first. */
export const listPlans = (signal?: AbortSignal) => api<PlanSummary[]>('/api/plans', { signal });

export function usePlans({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: planKeys.list, queryFn: ({ signal }) => listPlans(signal), enabled });
}
