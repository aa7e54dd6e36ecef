import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Plan, StartPlanInput } from '@common/schemas/plans';
import { api } from '@/lib/api-client';
import { planKeys } from './plan-keys';

/** POST /api/plans: a plan placed by a test set (or the latest set of a challenge). */
export const startPlan = (body: StartPlanInput) =>
  api<Plan>('/api/plans', { method: 'POST', body });

export function useStartPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startPlan,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}
