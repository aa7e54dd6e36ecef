import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Plan, PlanDaysChange } from '@common/schemas/plans';
import { api } from '@/lib/api-client';
import { planKeys } from './plan-keys';

/**
 * PUT /api/plans/:id/days: new days; the sessions not done move onto them from today (a paused plan
 * keeps them for its resume). A plan that ended answers 400 with the reason under `days`.
 */
export const changeDays = ({ planId, days }: { planId: number } & PlanDaysChange) =>
  api<Plan>(`/api/plans/${planId}/days`, { method: 'PUT', body: { days } });

export function useChangeDays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeDays,
    onSuccess: (plan) => {
      // The new calendar at once; the list and today's session follow.
      queryClient.setQueryData(planKeys.one(plan.id), plan);
      void queryClient.invalidateQueries({ queryKey: planKeys.all });
    },
  });
}
