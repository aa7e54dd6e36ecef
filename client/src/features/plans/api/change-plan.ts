import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Plan, PlanAction } from '@common/schemas/plans';
import { api } from '@/lib/api-client';
import { planKeys } from './plan-keys';

/** POST /api/plans/:id/status: pause, resume, restart or stop. */
export const changePlan = ({ planId, action }: { planId: number; action: PlanAction }) =>
  api<Plan>(`/api/plans/${planId}/status`, { method: 'POST', body: { action } });

export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}
