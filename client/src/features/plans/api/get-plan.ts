import { useQuery } from '@tanstack/react-query';
import type { Plan } from '@common/schemas/plans';
import { api, ApiError } from '@/lib/api-client';
import { planKeys } from './plan-keys';

/** GET /api/plans/:id: the plan with its calendar. */
export const getPlan = (id: number, signal?: AbortSignal) =>
  api<Plan>(`/api/plans/${id}`, { signal });

export function usePlan(id: number) {
  return useQuery({
    queryKey: planKeys.one(id),
    queryFn: ({ signal }) => getPlan(id, signal),
    // A 404 is an answer (no such plan of mine), not a failure to retry.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}
